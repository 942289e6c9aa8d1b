import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { db } from '~/utils/db.server'
import { scoringColumns } from './paper.server'
import { markAttempts } from './submit-batch.server'

// The key columns of a live mock's whole paper, beside ./paper.server.ts (which scores one attempt): every ranked
// attempt marked in one pass (section ranks, the re-score) and a key correction carried to the versions the
// attempts were shown (app/models/quiz/live-rescore.server.ts).

/**
 * The total and marks per section (units) of every submitted ranked attempt of a quiz, each against the paper it was
 * shown (decision 002) with the answers saved by deadline + grace, as its submit scored it: ./submit-batch.server.ts
 * markAttempts, a few reads for the whole quiz and one per 500 attempts, so a live mock's section ranks over thousands
 * of attempts take seconds (app/models/quiz/live-results.server.ts). Yielded one attempt at a time.
 */
export async function* rankedMarks(quizId: string, conn: Kysely<Database> = db) {
  const attempts = await conn
    .selectFrom('attempts')
    .select(['id', 'quiz_id', 'started_at', 'deadline_at', 'practice_set_id'])
    .where('quiz_id', '=', quizId)
    .where('mode', '=', 'ranked')
    .where('submitted_at', 'is not', null)
    .orderBy('id')
    .execute()
  yield* markAttempts(conn, attempts)
}

/**
 * A live mock's key correction carried to the versions its attempts were shown (app/models/quiz/live-rescore.server.ts):
 * a question corrected in the editor is a new version (decision 002), so the attempts of the window still read
 * the old key. For a live mock the correction is meant for everyone who sat it: the key and marking columns of
 * each older version of the paper are set to those of its current version (the same bank question, the same
 * type); the text and HTML stay as shown. Returns how many versions changed (0 when nothing was corrected since).
 */
export async function carryCorrectedKeys(trx: Kysely<Database>, quizId: string): Promise<number> {
  const keyOf = (q: {
    correct_option: number
    correct_options: string | null
    answer_min: string | null
    answer_max: string | null
    marks: number
    negative_marks: number
  }) =>
    JSON.stringify([
      q.correct_option,
      q.correct_options,
      q.answer_min,
      q.answer_max,
      Number(q.marks),
      Number(q.negative_marks),
    ])
  const rows = await trx
    .selectFrom('questions')
    .select([...scoringColumns, 'archived_at', 'bank_question_id'])
    .where('quiz_id', '=', quizId)
    .where('bank_question_id', 'is not', null)
    .execute()
  const current = new Map(rows.filter((r) => r.archived_at === null).map((r) => [r.bank_question_id!, r]))
  let changed = 0
  for (const old of rows) {
    const now = old.archived_at === null ? undefined : current.get(old.bank_question_id!)
    if (!now || now.type !== old.type || keyOf(now) === keyOf(old)) continue
    await trx
      .updateTable('questions')
      .set({
        correct_option: now.correct_option,
        correct_options: now.correct_options,
        answer_min: now.answer_min,
        answer_max: now.answer_max,
        marks: now.marks,
        negative_marks: now.negative_marks,
      })
      .where('id', '=', old.id)
      .execute()
    changed += 1
  }
  return changed
}

/** Whether a live mock has a key correction not yet carried to the versions its attempts were shown. */
export async function hasUncarriedCorrection(quizId: string, conn: Kysely<Database> = db): Promise<boolean> {
  return (await uncarriedCorrections(conn, quizId).limit(1).execute()).length > 0
}

/**
 * The older versions of a live mock's questions whose key or marks differ from their current version's: a correction
 * not yet carried (carryCorrectedKeys). A query, so a statement can take `not exists` of it as its condition.
 */
export function uncarriedCorrections(conn: Kysely<Database>, quizId: string) {
  return conn
    .selectFrom('questions as old')
    .innerJoin('questions as cur', (j) =>
      j
        .onRef('cur.bank_question_id', '=', 'old.bank_question_id')
        .onRef('cur.quiz_id', '=', 'old.quiz_id')
        .onRef('cur.type', '=', 'old.type'),
    )
    .select('old.id')
    .where('old.quiz_id', '=', quizId)
    .where('old.archived_at', 'is not', null)
    .where('cur.archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('cur.correct_option', '!=', eb.ref('old.correct_option')),
        eb(eb.fn.coalesce('cur.correct_options', eb.val('')), '!=', eb.fn.coalesce('old.correct_options', eb.val(''))),
        eb(eb.fn.coalesce('cur.answer_min', eb.val('')), '!=', eb.fn.coalesce('old.answer_min', eb.val(''))),
        eb(eb.fn.coalesce('cur.answer_max', eb.val('')), '!=', eb.fn.coalesce('old.answer_max', eb.val(''))),
        eb('cur.marks', '!=', eb.ref('old.marks')),
        eb('cur.negative_marks', '!=', eb.ref('old.negative_marks')),
      ]),
    )
}
