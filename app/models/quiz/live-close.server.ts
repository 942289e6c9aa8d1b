import { sql, type Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { answersCloseAt, pastGraceDeadlineBound } from '~/lib/quiz/clock'
import { learnerWindow } from '~/lib/quiz/window'
import { db } from '~/utils/db.server'
import { forNoKeyUpdate, lockNamed } from '#db/dialect'
import { uncarriedCorrections } from './live-paper.server'
import { closeExpiredAttempts } from './submit-batch.server'

// The close of a live mock, the close lane of the scheduled work (app/models/sweep/sweep.server.ts, decision 041):
// 1. every open ranked attempt of a live mock past its own deadline + grace is submitted by the server with what
//    was saved, in batches, each attempt exactly once however many instances close at the same time;
// 2. once every learner's window has closed (the paper's close, and each override's close + extra minutes), results
//    are published by ONE conditional update (publishResults): not yet published, not held, no ranked attempt open
//    and no key correction pending, so of several instances exactly one publishes, and a mock with a correction is
//    left to staff's 'Publish results' (app/models/quiz/live-rescore.server.ts), which re-scores first.
// Both ask what is due now, not what happened since the last sweep, so a stopped app catches up when it starts. The
// rank e-mails go after, from the rank mail step (app/models/sweep/sweep.server.ts), never inside this one.

/**
 * The latest close any learner of the paper has: the paper's, or an override's. Each learner's close is their
 * window's (app/lib/quiz/window.ts learnerWindow: an override's own close, or the paper's, plus extra minutes).
 */
export async function latestClose(
  quiz: { id: string; opens_at: string | null; closes_at: string | null },
  conn: Kysely<Database> = db,
): Promise<Date | null> {
  const paper = learnerWindow(quiz)
  if (!paper) return null
  const overrides = await conn
    .selectFrom('live_mock_overrides')
    .select(['extra_minutes', 'opens_at', 'closes_at'])
    .where('quiz_id', '=', quiz.id)
    .execute()
  const closes = overrides.map((o) => learnerWindow(quiz, o)!.closesAt.getTime())
  return new Date(Math.max(paper.closesAt.getTime(), ...closes))
}

/**
 * Submits every open ranked attempt of a live mock past deadline + grace; returns how many this call submitted.
 * The rule is every expired attempt's (./submit-batch.server.ts closeExpiredAttempts): a few hundred attempts per
 * transaction on `conn`, each scored by the scorer a learner's own submit uses and written only if still open, so
 * two instances closing at once submit each attempt once.
 */
export async function closeLiveAttempts({ conn = db, now }: { conn?: Kysely<Database>; now: Date }) {
  return closeExpiredAttempts({ conn, now, liveRanked: true })
}

/** Live mocks whose every window has closed (grace included), not published and not held: candidates to publish. */
async function closedUnpublished(conn: Kysely<Database>, now: Date) {
  return conn
    .selectFrom('quizzes')
    .select(['id', 'opens_at', 'closes_at'])
    .where('opens_at', 'is not', null)
    .where('closes_at', 'is not', null)
    .where('closes_at', '<', pastGraceDeadlineBound(now).toISOString())
    .where('results_published_at', 'is', null)
    .where('results_held', '=', 0)
    .execute()
}

/**
 * Publishes the results of every live mock that is due (see the note at the top); returns the ids THIS call
 * published. A mock with an open ranked attempt or a correction pending waits (publishResults decides).
 */
export async function publishDueResults({ conn = db, now }: { conn?: Kysely<Database>; now: Date }) {
  const published: string[] = []
  for (const quiz of await closedUnpublished(conn, now)) {
    const close = await latestClose(quiz, conn)
    const answersClose = close && answersCloseAt(close)
    if (!answersClose || answersClose.getTime() >= now.getTime()) continue
    if (await publishResults(quiz.id, now, conn)) published.push(quiz.id)
  }
  return published
}

/**
 * Sets results_published_at once: true when this call published. One transaction decides: it locks the quiz
 * (lockForPublication), then publishes in one conditional update, only if not yet published, not held (a hold set
 * since the sweep's read wins), no ranked attempt is open and no key correction is pending (./live-paper.server.ts
 * uncarriedCorrections). Staff's 'Publish results' (held or not) is ./live-rescore.server.ts publishWithRescore.
 */
export async function publishResults(quizId: string, now: Date, conn: Kysely<Database> = db): Promise<boolean> {
  return conn.transaction().execute(async (trx) => {
    await lockForPublication(trx, quizId)
    const r = await trx
      .updateTable('quizzes')
      .set({ results_published_at: now.toISOString() })
      .where('id', '=', quizId)
      .where('results_published_at', 'is', null)
      .where('results_held', '=', 0)
      .where((eb) =>
        eb.not(
          eb.or([
            eb.exists(
              trx
                .selectFrom('attempts')
                .select('id')
                .where('quiz_id', '=', quizId)
                .where('mode', '=', 'ranked')
                .where('submitted_at', 'is', null),
            ),
            eb.exists(uncarriedCorrections(trx, quizId)),
          ]),
        ),
      )
      .executeTakeFirst()
    return Number(r.numUpdatedRows) === 1
  })
}

/**
 * The first step of a transaction that publishes a live mock: it orders the publication against an editor's save,
 * which updates the quiz's row first in its own transaction (./editing.server.ts updateQuiz), so a key correction
 * being saved is waited for and then seen by the statements that follow, and one saved later waits for the
 * publication to commit. On PostgreSQL the quiz's row is locked (each later statement reads what was committed
 * before it began); a single conditional update alone would not do: started before the correction committed, it
 * waits for the row, re-checks the row and still reads the questions as they were, publishing stale scores. On
 * SQLite the database's write lock, taken first (db/dialect.ts lockRow says why) by a write that touches no row (a
 * write to the quiz's row would count as a content change, migrations/0009).
 */
export async function lockForPublication(trx: Kysely<Database>, quizId: string): Promise<void> {
  await lockNamed(trx, `publish-results:${quizId}`)
  await forNoKeyUpdate(trx, trx.selectFrom('quizzes').select('id').where('id', '=', quizId)).execute()
}

/** Open ranked attempts of the paper (staff see it beside 'Publish results'). */
export async function openRankedCount(quizId: string, conn: Kysely<Database> = db): Promise<number> {
  const row = await conn
    .selectFrom('attempts')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('quiz_id', '=', quizId)
    .where('mode', '=', 'ranked')
    .where('submitted_at', 'is', null)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
