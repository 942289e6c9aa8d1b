import type { Kysely } from 'kysely'
import type { Database, QuestionType } from '#db/schema'
import { BANK_QUIZ_ID, type Difficulty } from '~/lib/bank/bank'
import { keyedQuestionsById, type KeyedQuestion } from '~/models/quiz/paper.server'
import { db } from '~/utils/db.server'
import { bankQuestionsMatching, examsOf, type BankFilters } from './filters.server'
import { bankStats, type BankQuestionStats } from './stats.server'

// The staff list of the question bank and one question of it, for /admin/questions and its API twin. Every list
// and count goes through bankQuestionsMatching (./filters.server.ts), the one filter query; exams, papers and
// statistics are read for the listed page only, each in one query for the whole page.

export const BANK_PAGE_SIZE = 20

/** A paper (an ordinary quiz) that holds the question now. */
export type PaperRef = { id: string; title: string }

export type BankListRow = {
  id: string
  /** The bank's current version (a row of the bank's own quiz). */
  headId: string
  /** The current version's stored HTML and source text. */
  html: string
  text: string
  type: QuestionType
  subject: string
  topic: string
  subtopic: string | null
  exams: string[]
  year: number | null
  difficulty: Difficulty
  source: string | null
  retired: boolean
  createdAt: string
  papers: PaperRef[]
  stats: BankQuestionStats
  /** The current version with its key (staff pages and the API only; read when asked for). */
  key?: KeyedQuestion
}

type ListOptions = { withKey?: boolean; conn?: Kysely<Database> }

/** One page (20) of the bank questions matching `filters`, newest first, with the number matching. */
export async function searchBank(
  { filters, page }: { filters: BankFilters; page: number },
  { withKey = false, conn = db }: ListOptions = {},
): Promise<{ total: number; page: number; rows: BankListRow[] }> {
  const rows = await bankPageQuery(filters, page, conn).execute()
  // Past the end: counted on its own.
  const total = rows.length
    ? Number(rows[0].matching)
    : page > 1
      ? Number(
          (
            await bankQuestionsMatching(filters, conn)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        )
      : 0
  return { total, page, rows: await decorate(rows, { withKey, conn }) }
}

/**
 * One page of the matching bank questions, newest first, each row carrying the number matching: a window count
 * over every matching row before the limit, so one scan gives both. (A page past the end has no row to carry it.)
 */
export function bankPageQuery(filters: BankFilters, page: number, conn: Kysely<Database> = db) {
  return listColumns(bankQuestionsMatching(filters, conn))
    .select((eb) => eb.fn.countAll<number>().over().as('matching'))
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id')
    .limit(BANK_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * BANK_PAGE_SIZE)
}

/** One bank question, retired or not, with its current version's key; undefined when there is none. */
export async function getBankQuestion(bankId: string, conn: Kysely<Database> = db) {
  const rows = await listColumns(bankQuestionsMatching({ retired: 'include' }, conn))
    .where('b.id', '=', bankId)
    .execute()
  const [row] = await decorate(rows, { withKey: true, conn })
  return row
}

function listColumns(query: ReturnType<typeof bankQuestionsMatching>) {
  return query.select([
    'b.id',
    'b.subject',
    'b.topic',
    'b.subtopic',
    'b.year',
    'b.difficulty',
    'b.source',
    'b.retired_at',
    'b.created_at',
    'h.id as headId',
    'h.question_html',
    'h.question_text',
    'h.type',
  ])
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof listColumns>['execute']>>[number]

async function decorate(
  rows: ListedRow[],
  { withKey, conn }: { withKey: boolean; conn: Kysely<Database> },
): Promise<BankListRow[]> {
  const ids = rows.map((r) => r.id)
  const [exams, papers, stats, keys] = await Promise.all([
    examsOf(ids, conn),
    papersOf(ids, conn),
    bankStats(ids, conn),
    withKey
      ? keyedQuestionsById(
          rows.map((r) => r.headId),
          conn,
        )
      : Promise.resolve([]),
  ])
  const keyOf = new Map(keys.map((k) => [k.id, k]))
  return rows.map((r) => ({
    id: r.id,
    headId: r.headId,
    html: r.question_html,
    text: r.question_text,
    type: r.type,
    subject: r.subject,
    topic: r.topic,
    subtopic: r.subtopic,
    exams: exams.get(r.id) ?? [],
    year: r.year === null ? null : Number(r.year),
    difficulty: r.difficulty,
    source: r.source,
    retired: r.retired_at !== null,
    createdAt: r.created_at,
    papers: papers.get(r.id) ?? [],
    stats: stats.get(r.id)!,
    ...(withKey ? { key: keyOf.get(r.headId) } : {}),
  }))
}

/** The papers holding each question now (a current row of an ordinary quiz), by title. */
export async function papersOf(bankIds: readonly string[], conn: Kysely<Database> = db) {
  const out = new Map<string, PaperRef[]>()
  if (!bankIds.length) return out
  const rows = await conn
    .selectFrom('questions as q')
    .innerJoin('quizzes as z', 'z.id', 'q.quiz_id')
    .select(['q.bank_question_id', 'z.id', 'z.title'])
    .distinct()
    .where('q.bank_question_id', 'in', [...bankIds])
    .where('q.quiz_id', '!=', BANK_QUIZ_ID)
    .where('q.archived_at', 'is', null)
    .orderBy('z.title')
    .orderBy('z.id')
    .execute()
  for (const r of rows) {
    if (!r.bank_question_id) continue
    out.set(r.bank_question_id, [...(out.get(r.bank_question_id) ?? []), { id: r.id, title: r.title }])
  }
  return out
}
