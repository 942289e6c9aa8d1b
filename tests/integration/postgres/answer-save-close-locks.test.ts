// A turn's batched answer save (app/models/quiz/answer-save.server.ts, db/turn-batch.ts) beside the server's close of
// a live mock (app/models/quiz/submit-batch.server.ts), on PostgreSQL: each row of the save locks its attempt `for
// share`, the close locks the attempts it submits. Interleavings built with a third transaction holding one row:
// - both lock in attempt id order, so a save of three learners that arrive in the reverse order and a close of the
//   same three attempts, started while the save waits, do not deadlock: every save is stored, then counted;
// - when a batch does lose a deadlock to a transaction that takes rows in another order, its saves run again one at
//   a time: each learner's save is stored, none fails for another's row.
// The close runs on a pool of its own (another app instance), whose deadlock check waits longer than the app's, so a
// deadlock, if there is one, is found by the save's side. Runs only in the PostgreSQL run (vitest.config.ts).
import pg from 'pg'
import { sql, type Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openPostgres } from '../../../db/client'
import type { Database } from '#db/schema'
import { closeLiveAttempts } from '~/models/quiz/live-close.server'
import { saveOneIfOpen } from '~/models/quiz/answers.server'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import { learner, seedLiveMock } from '../../support/live-mock'
import { lockWaiters } from '../../support/pg-locks'

const OPENS = new Date('2031-05-01T04:30:00.000Z')
const CLOSES = new Date('2031-05-01T05:30:00.000Z')
const SAVED = new Date(OPENS.getTime() + 20 * 60_000).toISOString()
const AFTER = new Date(CLOSES.getTime() + 5 * 60_000) // past every deadline and its grace

let closer: Kysely<Database>
let blocker: pg.Client

beforeAll(async () => {
  closer = openPostgres(process.env.DATABASE_URL!, { max: 1 }).db
  // The other instance's session waits 20 s before it checks for a deadlock; the app's waits 1 s (the default).
  await sql`set deadlock_timeout = '20s'`.execute(closer)
  blocker = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await blocker.connect()
})
afterAll(async () => {
  await closer.destroy()
  await blocker.end()
})

/** Three learners' open ranked attempts with ids ascending (and stored, and due, in that order): [A, M, B]. */
async function threeOpenAttempts() {
  const quiz = await seedLiveMock({ opensAt: OPENS, closesAt: CLOSES, timeLimit: 60 })
  const users = [await learner(), await learner(), await learner()]
  const ids = [newId(), newId(), newId()].sort()
  await db
    .insertInto('attempts')
    .values(
      ids.map((id, k) => ({
        id,
        user_id: users[k]!.id,
        quiz_id: quiz.id,
        started_at: new Date(OPENS.getTime() + k * 1000).toISOString(),
        deadline_at: new Date(CLOSES.getTime() - (3 - k) * 1000).toISOString(),
        total: 4,
        mode: 'ranked' as const,
      })),
    )
    .execute()
  return { quiz, ids }
}

/** Each learner's answer to Q1 (key A): right, so their score counts it (+1 mark = 30,000 units). */
const saveQ1 = (questionId: string, attemptIds: string[]) =>
  attemptIds.map((id) =>
    saveOneIfOpen(
      id,
      { questionId, selected_option: 0, selected_options: null, numeric_answer: null, timeSpentMs: 0 },
      SAVED,
    ),
  )

describe('a batched save and the close', () => {
  test('a save arriving in the reverse order and a close of the same attempts: every save stored, then counted', async () => {
    const { quiz, ids } = await threeOpenAttempts()
    const [a, m, b] = ids as [string, string, string]
    // The middle attempt is held for a moment (another transaction), so both the save and the close stop on it.
    await blocker.query('begin')
    await blocker.query('select id from attempts where id = $1 for update', [m])

    // One turn: three learners' saves, arriving B, M, A: one statement (db/turn-batch.ts).
    const saves = Promise.allSettled(saveQ1(quiz.questionIds[0]!, [b, m, a]))
    await lockWaiters(db, 1)
    const close = closeLiveAttempts({ conn: closer, now: AFTER })
    await lockWaiters(db, 2)
    await blocker.query('rollback')

    const settled = await saves
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)))).toEqual([true, true, true])
    expect(await close).toBe(3)
    const rows = await db
      .selectFrom('attempts')
      .select(['id', 'submitted_at', 'score_units'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.submitted_at !== null, Number(r.score_units)])).toEqual([
      [true, 30000],
      [true, 30000],
      [true, 30000],
    ])
  })

  test('a batch that loses a deadlock runs its saves again one at a time: none fails for another learner', async () => {
    const { quiz, ids } = await threeOpenAttempts()
    const [a, m, b] = ids as [string, string, string]
    // A transaction that takes rows in the other order: B first (on a session that checks for deadlocks late).
    const other = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await other.connect()
    try {
      await other.query(`set deadlock_timeout = '20s'`)
      await other.query('begin')
      await other.query('select id from attempts where id = $1 for update', [b])
      // The batch locks A and M, then waits for B.
      const saves = Promise.allSettled(saveQ1(quiz.questionIds[0]!, [a, m, b]))
      await lockWaiters(db, 1)
      // Now the other transaction wants A: a deadlock, which the batch's side finds and loses.
      const wantsA = other.query('select id from attempts where id = $1 for update', [a])
      await wantsA
      // The batch's saves run again alone; A's and B's wait for the other transaction, which ends.
      await other.query('commit')
      const settled = await saves
      expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)))).toEqual([true, true, true])
      const stored = await db
        .selectFrom('attempt_answers')
        .select('attempt_id')
        .where('attempt_id', 'in', ids)
        .execute()
      expect(stored.map((r) => r.attempt_id).sort()).toEqual([a, m, b])
    } finally {
      await other.end()
    }
  })
})
