import { sql, type InsertQueryBuilder, type InsertResult, type Kysely, type Transaction } from 'kysely'
import { forShare } from '#db/dialect'
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
    const rows = [...first.values()]
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

/** An answer checked against its question's type: the stored columns. */
export type CheckedAnswer = {
  questionId: string
  selected_option: number | null
  selected_options: string | null
  numeric_answer: string | null
  markedForReview?: boolean
  timeSpentMs: number
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

type AnswerValues = {
  attempt_id: string
  question_id: string
  selected_option: number | null
  selected_options: string | null
  numeric_answer: string | null
  marked_for_review: number
  saved_at: string
  visited_at: string
  time_spent_ms: number
}

const answerValues = (attemptId: string, a: CheckedAnswer, savedAt: string): AnswerValues => ({
  attempt_id: attemptId,
  question_id: a.questionId,
  selected_option: a.selected_option,
  selected_options: a.selected_options,
  numeric_answer: a.numeric_answer,
  marked_for_review: a.markedForReview ? 1 : 0,
  saved_at: savedAt,
  visited_at: savedAt,
  time_spent_ms: a.timeSpentMs,
})

const upsertRows = <Q extends InsertQueryBuilder<Database, 'attempt_answers', InsertResult>>(
  insert: Q,
  setMark: boolean,
) =>
  insert.onConflict((oc) =>
    oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({
      selected_option: eb.ref('excluded.selected_option'),
      selected_options: eb.ref('excluded.selected_options'),
      numeric_answer: eb.ref('excluded.numeric_answer'),
      ...(setMark ? { marked_for_review: eb.ref('excluded.marked_for_review') } : {}),
      saved_at: eb.ref('excluded.saved_at'),
      visited_at: eb.fn.coalesce('attempt_answers.visited_at', eb.ref('excluded.visited_at')),
      time_spent_ms: sql<number>`attempt_answers.time_spent_ms + excluded.time_spent_ms`,
    })),
  )
/**
 * Stores one answer if the attempt is still open, in one statement (no transaction around it): `insert ... select ...
 * where exists (the open attempt)`, the attempt's row read `for share` on PostgreSQL so a submission that locked it
 * first is waited for (db/dialect.ts `forShare`). Whether it was stored: false once the attempt is submitted. Every
 * save of the enhanced test page is one answer; on a live mock's day they are ~1,100 a second.
 */
export async function saveOneIfOpen(attemptId: string, answer: CheckedAnswer, savedAt: string): Promise<boolean> {
  const save = answer.markedForReview === undefined ? saveKeepingMark : saveWithMark
  return save(db, answerValues(attemptId, answer, savedAt))
}

// The columns a save writes, in the order its select lists them (one row's and a turn's alike).
const SAVED_COLUMNS = [
  'attempt_id',
  'question_id',
  'selected_option',
  'selected_options',
  'numeric_answer',
  'marked_for_review',
  'saved_at',
  'visited_at',
  'time_spent_ms',
] as const

const ifOpen = (conn: Kysely<Database>, p: AnswerValues, setMark: boolean) =>
  upsertRows(
    conn
      .insertInto('attempt_answers')
      .columns(SAVED_COLUMNS)
      .expression(
        // Typed casts: PostgreSQL would otherwise read the selected parameters as text.
        conn
          .selectNoFrom((eb) => [
            eb.cast<string>(eb.val(p.attempt_id), 'text').as('attempt_id'),
            eb.cast<string>(eb.val(p.question_id), 'text').as('question_id'),
            eb.cast<number | null>(eb.val(p.selected_option), 'integer').as('selected_option'),
            eb.cast<string | null>(eb.val(p.selected_options), 'text').as('selected_options'),
            eb.cast<string | null>(eb.val(p.numeric_answer), 'text').as('numeric_answer'),
            eb.cast<number>(eb.val(p.marked_for_review), 'integer').as('marked_for_review'),
            eb.cast<string>(eb.val(p.saved_at), 'text').as('saved_at'),
            eb.cast<string>(eb.val(p.visited_at), 'text').as('visited_at'),
            eb.cast<number>(eb.val(p.time_spent_ms), 'integer').as('time_spent_ms'),
          ])
          .where((eb) =>
            eb.exists(
              forShare(
                conn,
                eb
                  .selectFrom('attempts')
                  .select('attempts.id')
                  .where('attempts.id', '=', p.attempt_id)
                  .where('attempts.submitted_at', 'is', null),
              ),
            ),
          ),
      ),
    setMark,
  )
const saveIfOpen = prepared((conn, p: AnswerValues) => ifOpen(conn, p, false))
const saveIfOpenWithMark = prepared((conn, p: AnswerValues) => ifOpen(conn, p, true))

type AnswerColumns = {
  attemptIds: readonly string[]
  questionIds: readonly string[]
  selectedOptions: readonly (number | null)[]
  selectedOptionLists: readonly (string | null)[]
  numericAnswers: readonly (string | null)[]
  marks: readonly number[]
  savedAts: readonly string[]
  timesSpent: readonly number[]
}
// The one-answer saves of one turn on PostgreSQL in one statement (#db/turn-batch), each row stored only into its
// open attempt as above; the rows stored come back, so each save learns whether it was.
const ifOpenMany = (conn: Kysely<Database>, p: AnswerColumns, setMark: boolean) =>
  upsertRows(
    conn
      .insertInto('attempt_answers')
      .columns(SAVED_COLUMNS)
      .expression(
        sql`select v.attempt_id, v.question_id, v.selected_option, v.selected_options, v.numeric_answer, v.marked_for_review, v.saved_at, v.saved_at, v.time_spent_ms
          from unnest(${p.attemptIds}::text[], ${p.questionIds}::text[], ${p.selectedOptions}::integer[], ${p.selectedOptionLists}::text[], ${p.numericAnswers}::text[], ${p.marks}::integer[], ${p.savedAts}::text[], ${p.timesSpent}::integer[])
            as v(attempt_id, question_id, selected_option, selected_options, numeric_answer, marked_for_review, saved_at, time_spent_ms)
          where exists (select 1 from attempts where attempts.id = v.attempt_id and attempts.submitted_at is null for share)`,
      ),
    setMark,
  ).returning(['attempt_answers.attempt_id', 'attempt_answers.question_id'])
const saveManyIfOpen = prepared((conn, p: AnswerColumns) => ifOpenMany(conn, p, false))
const saveManyIfOpenWithMark = prepared((conn, p: AnswerColumns) => ifOpenMany(conn, p, true))

/**
 * The batched save of `one` and `many`: one statement may not update a row twice, so saves of the same question of
 * the same attempt in one turn go in rounds, in their order, as they would one after another.
 */
const batchedSave = (one: typeof saveIfOpen, many: typeof saveManyIfOpen) =>
  turnBatched({
    one: async (conn, row: AnswerValues) => (await one.run(conn, row)) === 1,
    many: async (conn, rows: AnswerValues[]) => {
      const stored = rows.map(() => false)
      const key = (r: { attempt_id: string; question_id: string }) => `${r.attempt_id} ${r.question_id}`
      let left = rows.map((row, i) => ({ row, i }))
      while (left.length) {
        // Each question's first save left goes in this round, any later one in the next.
        const seen = new Set<string>()
        const round: typeof left = []
        const later: typeof left = []
        for (const entry of left) {
          const k = key(entry.row)
          if (seen.has(k)) {
            later.push(entry)
          } else {
            seen.add(k)
            round.push(entry)
          }
        }
        left = later
        const inserted = await many.all(conn, {
          attemptIds: round.map(({ row }) => row.attempt_id),
          questionIds: round.map(({ row }) => row.question_id),
          selectedOptions: round.map(({ row }) => row.selected_option),
          selectedOptionLists: round.map(({ row }) => row.selected_options),
          numericAnswers: round.map(({ row }) => row.numeric_answer),
          marks: round.map(({ row }) => row.marked_for_review),
          savedAts: round.map(({ row }) => row.saved_at),
          timesSpent: round.map(({ row }) => row.time_spent_ms),
        })
        const done = new Set(inserted.map(key))
        for (const { row, i } of round) stored[i] = done.has(key(row))
      }
      return stored
    },
  })
const saveKeepingMark = batchedSave(saveIfOpen, saveManyIfOpen)
const saveWithMark = batchedSave(saveIfOpenWithMark, saveManyIfOpenWithMark)

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
