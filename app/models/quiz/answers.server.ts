import { sql, type Transaction } from 'kysely'
import { prepared } from '#db/prepared'
import { turnBatched } from '#db/turn-batch'
import type { Database, QuestionType } from '#db/schema'
import { isPastGrace, MAX_TIME_PER_VIEW_MS } from '~/lib/quiz/clock'
import { parseNumericAnswer } from '~/lib/quiz/numeric'
import type { AnswerInput } from '~/schemas/quiz-attempt'
import { db } from '~/utils/db.server'
import { QuizError } from './access.server'
import type { AttemptRow } from './rows'
import { parseOptionIndexes } from '~/models/quiz/catalog.server'
import { attemptTypes, type PaperVersion } from './paper-memo.server'
import { answerValues, byAttemptId, upsertRows, type CheckedAnswer } from './answer-save.server'

export { saveOneIfOpen, type CheckedAnswer } from './answer-save.server'

// A learner's stored answers: reading them for the test view, recording visits and time, checking and storing a
// batch. The attempt model (attempt.server.ts) decides when a batch may be stored.

export type SavedAnswer = {
  selectedOption: number | null
  selectedOptions: number[]
  numericAnswer: string | null
  markedForReview: boolean
  visited: boolean
}

// Every test page and Start reads them: compiled once (#db/prepared), as are the visit and a one-answer save below.
const answersQuery = prepared((conn, p: { attemptId: string }) =>
  conn
    .selectFrom('attempt_answers')
    .select(['question_id', 'selected_option', 'selected_options', 'numeric_answer', 'marked_for_review', 'visited_at'])
    .where('attempt_id', '=', p.attemptId),
)

/** A question shown and not answered, as `getAnswers` reads it after `recordVisit`. */
export const visitedOnly = (): SavedAnswer => ({
  selectedOption: null,
  selectedOptions: [],
  numericAnswer: null,
  markedForReview: false,
  visited: true,
})

export async function getAnswers(attemptId: string): Promise<Record<string, SavedAnswer>> {
  const rows = await answersQuery.all(db, { attemptId })
  return Object.fromEntries(
    rows.map((r) => [
      r.question_id,
      {
        selectedOption: r.selected_option,
        selectedOptions: parseOptionIndexes(r.selected_options),
        numericAnswer: r.numeric_answer,
        markedForReview: r.marked_for_review === 1,
        // A row exists only once the question was shown or answered.
        visited: true,
      },
    ]),
  )
}

/**
 * Records that a question was shown (first time only: visited_at is kept) - the palette's Not Visited vs Not
 * Answered, kept on the server so the page without JS has it too. Open attempts only.
 */
export async function recordVisit({
  attempt,
  questionId,
  now = new Date(),
}: {
  attempt: AttemptRow
  questionId: string
  now?: Date
}) {
  if (attempt.submitted_at) return
  await recordVisitOf(db, { attemptId: attempt.id, questionId, at: now.toISOString() })
}

type Visit = { attemptId: string; questionId: string; at: string }

const visitQuery = prepared((conn, p: Visit) =>
  conn
    .insertInto('attempt_answers')
    .values({
      attempt_id: p.attemptId,
      question_id: p.questionId,
      selected_option: null,
      saved_at: p.at,
      visited_at: p.at,
    })
    .onConflict((oc) =>
      oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({
        visited_at: eb.fn.coalesce('attempt_answers.visited_at', eb.ref('excluded.visited_at')),
      })),
    ),
)

// The visits of one turn on PostgreSQL in one statement (#db/turn-batch): every Start marks its first question. One
// statement may not update a row twice, so a question shown twice in the turn goes once, at the earlier moment.
const visitManyQuery = prepared(
  (conn, p: { attemptIds: readonly string[]; questionIds: readonly string[]; ats: readonly string[] }) =>
    conn
      .insertInto('attempt_answers')
      .columns(['attempt_id', 'question_id', 'saved_at', 'visited_at'])
      .expression(
        sql`select attempt_id, question_id, at, at from unnest(${p.attemptIds}::text[], ${p.questionIds}::text[], ${p.ats}::text[]) as v(attempt_id, question_id, at)`,
      )
      .onConflict((oc) =>
        oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({
          visited_at: eb.fn.coalesce('attempt_answers.visited_at', eb.ref('excluded.visited_at')),
        })),
      ),
)
const recordVisitOf = turnBatched({
  one: async (conn, visit: Visit) => {
    await visitQuery.run(conn, visit)
  },
  many: async (conn, visits: Visit[]) => {
    const first = new Map<string, Visit>()
    for (const visit of visits) {
      const key = `${visit.attemptId} ${visit.questionId}`
      const seen = first.get(key)
      if (!seen || visit.at < seen.at) first.set(key, visit)
    }
    // In attempt id order, as the saves (./answer-save.server.ts): the statement's foreign-key checks lock them so.
    const rows = [...first.values()].sort((a, b) => byAttemptId(a.attemptId, b.attemptId))
    await visitManyQuery.run(conn, {
      attemptIds: rows.map((v) => v.attemptId),
      questionIds: rows.map((v) => v.questionId),
      ats: rows.map((v) => v.at),
    })
    return visits.map(() => undefined)
  },
})

/**
 * Adds time spent on a question of an open attempt without touching its answer (no JS: leaving a question
 * through a palette link, which is a plain GET). Nothing is stored past deadline + grace.
 */
export async function addTimeSpent({
  attempt,
  questionId,
  ms,
  now = new Date(),
}: {
  attempt: AttemptRow
  questionId: string
  ms: number
  now?: Date
}) {
  if (attempt.submitted_at || ms <= 0 || isPastGrace(attempt.deadline_at, now)) return
  const at = now.toISOString()
  await db
    .insertInto('attempt_answers')
    .values({
      attempt_id: attempt.id,
      question_id: questionId,
      selected_option: null,
      saved_at: at,
      visited_at: at,
      time_spent_ms: Math.min(Math.round(ms), MAX_TIME_PER_VIEW_MS),
    })
    .onConflict((oc) =>
      oc.columns(['attempt_id', 'question_id']).doUpdateSet({
        time_spent_ms: sql<number>`attempt_answers.time_spent_ms + excluded.time_spent_ms`,
      }),
    )
    .execute()
}

/**
 * Stores answers in at most two statements (one round trip each, which counts on PostgreSQL): answers that name
 * their review mark set it; the others keep the mark already saved (the saver's events send only the answer).
 * Time spent is added to what is stored; a save is also a visit.
 */
export async function upsertAnswers(
  trx: Transaction<Database>,
  attemptId: string,
  answers: CheckedAnswer[],
  savedAt: string,
) {
  const rows = (list: CheckedAnswer[]) => list.map((a) => answerValues(attemptId, a, savedAt))
  for (const [list, setMark] of [
    [answers.filter((a) => a.markedForReview !== undefined), true],
    [answers.filter((a) => a.markedForReview === undefined), false],
  ] as const) {
    if (list.length) await upsertRows(trx.insertInto('attempt_answers').values(rows(list)), setMark).execute()
  }
}

/**
 * Checks every answer against its question (it must be one of the attempt's questions; the first answer per
 * question wins) and its type: MSQ options distinct 0-3; a NAT answer a number parseNumericAnswer accepts (its
 * message otherwise, as a QuizError). Each type keeps only its own field.
 */
export async function validAnswers(
  attempt: AttemptRow,
  answers: AnswerInput[],
  paper?: PaperVersion,
): Promise<CheckedAnswer[]> {
  if (answers.length === 0) return []
  const types = new Map((await attemptTypes(attempt, paper)).map((q) => [q.id, q.type] as [string, QuestionType]))
  const seen = new Set<string>()
  const out: CheckedAnswer[] = []
  for (const a of answers) {
    const type = types.get(a.questionId)
    if (!type) throw new QuizError('Invalid answers: a question does not belong to this quiz.')
    if (seen.has(a.questionId)) continue
    seen.add(a.questionId)
    out.push(checkAnswer(type, a))
  }
  return out
}

export function checkAnswer(type: QuestionType, a: AnswerInput): CheckedAnswer {
  const base = {
    questionId: a.questionId,
    markedForReview: a.markedForReview,
    timeSpentMs: Math.min(a.timeSpentMs ?? 0, MAX_TIME_PER_VIEW_MS),
  }
  if (type === 'msq') {
    const list = a.selectedOptions ?? []
    if (new Set(list).size !== list.length) throw new QuizError('Choose each option at most once.')
    const sorted = [...list].sort((x, y) => x - y)
    return {
      ...base,
      selected_option: null,
      selected_options: sorted.length ? JSON.stringify(sorted) : null,
      numeric_answer: null,
    }
  }
  if (type === 'nat') {
    const text = (a.numericAnswer ?? '').trim()
    if (text !== '') {
      const parsed = parseNumericAnswer(text)
      if (!parsed.ok) throw new QuizError(parsed.message)
    }
    return { ...base, selected_option: null, selected_options: null, numeric_answer: text === '' ? null : text }
  }
  return { ...base, selected_option: a.selectedOption, selected_options: null, numeric_answer: null }
}
