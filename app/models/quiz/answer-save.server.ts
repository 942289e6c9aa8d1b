import { sql, type InsertQueryBuilder, type InsertResult, type Kysely } from 'kysely'
import { forShare } from '#db/dialect'
import { prepared } from '#db/prepared'
import { CallFailed, turnBatched } from '#db/turn-batch'
import type { Database } from '#db/schema'
import { db } from '~/utils/db.server'

// Storing a checked answer (./answers.server.ts checks them): the columns a save writes, and the one-answer save of
// the enhanced test page, one statement per turn on PostgreSQL (#db/turn-batch, docs/decisions/038-turn-batches.md)
// that locks the attempts it stores into in the order the server's close locks them
// (docs/decisions/041-live-mock-close-and-mail.md).

/** An answer checked against its question's type: the stored columns. */
export type CheckedAnswer = {
  questionId: string
  selected_option: number | null
  selected_options: string | null
  numeric_answer: string | null
  markedForReview?: boolean
  timeSpentMs: number
}

export type AnswerValues = {
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

export const answerValues = (attemptId: string, a: CheckedAnswer, savedAt: string): AnswerValues => ({
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

export const upsertRows = <Q extends InsertQueryBuilder<Database, 'attempt_answers', InsertResult>>(
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
 * Attempt ids in one order, the order the server's close locks attempts in (./submit-batch.server.ts submitBatch):
 * ids are fixed-length lowercase hex (~/lib/ids.ts), which every collation orders as this comparison does.
 */
export const byAttemptId = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)

type Entry = { row: AnswerValues; i: number }

/**
 * The batched save of `one` and `many`. Each statement's rows go in attempt id order (a stable sort: one attempt's
 * saves keep theirs): each row's check locks its attempt `for share` as the statement reaches it, so the statement
 * takes its attempts' locks in the close's order, and the two cannot deadlock, each holding a row the other waits
 * for. One statement may not update a row twice, so saves of the same question of the same attempt in one turn go in
 * rounds, in their order, as they would one after another. The first round failing stored nothing, and the batcher
 * settles it (#db/turn-batch: every call fails, or each runs again alone); a later round failing leaves the earlier
 * ones stored, and the saves left run one at a time, each answered by its own statement.
 */
const batchedSave = (one: typeof saveIfOpen, many: typeof saveManyIfOpen) =>
  turnBatched({
    one: async (conn, row: AnswerValues) => (await one.run(conn, row)) === 1,
    many: async (conn, rows: AnswerValues[]) => {
      const answers: (boolean | CallFailed)[] = rows.map(() => false)
      const sorted = rows.map((row, i) => ({ row, i })).sort((a, b) => byAttemptId(a.row.attempt_id, b.row.attempt_id))
      const rounds = saveRounds(sorted)
      for (const [k, round] of rounds.entries()) {
        try {
          const done = new Set((await many.all(conn, columnsOf(round))).map(saveKey))
          for (const { row, i } of round) answers[i] = done.has(saveKey(row))
        } catch (error) {
          if (k === 0) throw error
          for (const { row, i } of rounds.slice(k).flat())
            answers[i] = await one.run(conn, row).then(
              (n) => n === 1,
              (e: unknown) => new CallFailed(e),
            )
          break
        }
      }
      return answers
    },
  })
const saveKeepingMark = batchedSave(saveIfOpen, saveManyIfOpen)
const saveWithMark = batchedSave(saveIfOpenWithMark, saveManyIfOpenWithMark)

const saveKey = (r: { attempt_id: string; question_id: string }) => `${r.attempt_id} ${r.question_id}`

/** The saves split into rounds: each question's first save in the first, any later one in the next, in order. */
function saveRounds(entries: Entry[]): Entry[][] {
  const rounds: Entry[][] = []
  let left = entries
  while (left.length) {
    const seen = new Set<string>()
    const round: Entry[] = []
    const later: Entry[] = []
    for (const entry of left) {
      const k = saveKey(entry.row)
      if (seen.has(k)) later.push(entry)
      else {
        seen.add(k)
        round.push(entry)
      }
    }
    rounds.push(round)
    left = later
  }
  return rounds
}

const columnsOf = (round: Entry[]): AnswerColumns => ({
  attemptIds: round.map(({ row }) => row.attempt_id),
  questionIds: round.map(({ row }) => row.question_id),
  selectedOptions: round.map(({ row }) => row.selected_option),
  selectedOptionLists: round.map(({ row }) => row.selected_options),
  numericAnswers: round.map(({ row }) => row.numeric_answer),
  marks: round.map(({ row }) => row.marked_for_review),
  savedAts: round.map(({ row }) => row.saved_at),
  timesSpent: round.map(({ row }) => row.time_spent_ms),
})
