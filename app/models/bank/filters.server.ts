import type { ExpressionBuilder, Kysely, QueryCreator } from 'kysely'
import type { Database, QuestionType } from '#db/schema'
import { BANK_QUIZ_ID, type Difficulty } from '~/lib/bank/bank'
import { db } from '~/utils/db.server'
import { nameContains } from '~/utils/page.server'

// The one query every reader of the bank narrows with: the staff search and its API twin, a blueprint's lines and
// the learners' practice draw. Joined with each question's current bank version (`h`, a row of the bank's own quiz,
// docs/decisions/027-question-bank.md), so a text search reads what the question says now.

export type BankFilters = {
  /** Words the question text contains (case-insensitive). */
  q?: string
  subject?: string
  /** One topic or any of several. */
  topics?: readonly string[]
  /** Tagged with any of these exams (names). */
  exams?: readonly string[]
  /** Any of these years. */
  years?: readonly number[]
  difficulty?: Difficulty
  type?: QuestionType
  /** 'yes': in some paper now; 'no': in none. */
  used?: 'yes' | 'no'
  /** Retired questions are left out unless asked for ('only' lists just them). */
  retired?: 'include' | 'only'
}

type Bank = ExpressionBuilder<Database & { b: Database['bank_questions']; h: Database['questions'] }, 'b' | 'h'>

/**
 * Bank questions matching `f`, with their current bank version as `h`. No columns picked, no order. `conn` may be a
 * query creator with common table expressions (`db.with(...)`) that the caller then reads.
 */
export function bankQuestionsMatching(f: BankFilters, conn: QueryCreator<Database> = db) {
  let query = conn
    .selectFrom('bank_questions as b')
    .innerJoin('questions as h', (j) =>
      j.onRef('h.bank_question_id', '=', 'b.id').on('h.quiz_id', '=', BANK_QUIZ_ID).on('h.archived_at', 'is', null),
    )
  if (f.retired === 'only') query = query.where('b.retired_at', 'is not', null)
  else if (f.retired !== 'include') query = query.where('b.retired_at', 'is', null)
  if (f.subject) query = query.where('b.subject', '=', f.subject)
  if (f.topics?.length) query = query.where('b.topic', 'in', [...f.topics])
  if (f.years?.length) query = query.where('b.year', 'in', [...f.years])
  if (f.difficulty) query = query.where('b.difficulty', '=', f.difficulty)
  if (f.type) query = query.where('h.type', '=', f.type)
  if (f.q?.trim()) query = query.where(nameContains('h.question_text', f.q.trim()))
  if (f.exams?.length) {
    const names = [...f.exams]
    query = query.where((eb: Bank) =>
      eb.exists(
        eb
          .selectFrom('bank_question_exams as be')
          .innerJoin('exams as e', 'e.id', 'be.exam_id')
          .select('be.exam_id')
          .whereRef('be.bank_question_id', '=', 'b.id')
          .where('e.name', 'in', names),
      ),
    )
  }
  if (f.used) {
    query = query.where((eb: Bank) => {
      const inPaper = eb.exists(
        eb
          .selectFrom('questions as p')
          .select('p.id')
          .whereRef('p.bank_question_id', '=', 'b.id')
          .where('p.quiz_id', '!=', BANK_QUIZ_ID)
          .where('p.archived_at', 'is', null),
      )
      return f.used === 'yes' ? inPaper : eb.not(inPaper)
    })
  }
  return query
}

/** The exam list staff extend, in their order. */
export async function listExams(conn: Kysely<Database> = db): Promise<string[]> {
  const rows = await conn.selectFrom('exams').select('name').orderBy('position').orderBy('name').execute()
  return rows.map((r) => r.name)
}

/** The exams of each listed bank question, in the list's order. */
export async function examsOf(bankIds: readonly string[], conn: Kysely<Database> = db) {
  const out = new Map<string, string[]>()
  if (!bankIds.length) return out
  const rows = await conn
    .selectFrom('bank_question_exams as be')
    .innerJoin('exams as e', 'e.id', 'be.exam_id')
    .select(['be.bank_question_id', 'e.name'])
    .where('be.bank_question_id', 'in', [...bankIds])
    .orderBy('e.position')
    .execute()
  for (const r of rows) out.set(r.bank_question_id, [...(out.get(r.bank_question_id) ?? []), r.name])
  return out
}

/** The subjects, topics and years in use (not retired), for the filters' choices: one scan of the bank. */
export async function bankTagChoices(conn: Kysely<Database> = db) {
  const rows = await conn
    .selectFrom('bank_questions')
    .select(['subject', 'topic', 'year'])
    .distinct()
    .where('retired_at', 'is', null)
    .execute()
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
  const pairs = new Map<string, { subject: string; topic: string }>()
  for (const r of rows) if (r.topic) pairs.set(`${r.subject}\n${r.topic}`, { subject: r.subject, topic: r.topic })
  const topics = [...pairs.values()].sort((a, b) => byName(a.subject, b.subject) || byName(a.topic, b.topic))
  const years = new Set(rows.filter((r) => r.year !== null).map((r) => Number(r.year)))
  return {
    subjects: [...new Set(rows.map((r) => r.subject).filter(Boolean))].sort(byName),
    topics,
    years: [...years].sort((a, b) => b - a),
  }
}
