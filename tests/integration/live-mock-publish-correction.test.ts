// A live mock's publication against a key correction saved at the same time (app/models/quiz/live-close.server.ts
// publishResults and lockForPublication, app/models/quiz/live-rescore.server.ts publishWithRescore): one transaction
// decides, so a correction committed at any moment of the publication is either seen by it (the sweep then leaves
// the mock to staff, staff's 'Publish results' re-scores everyone first) or saved after it; never published with the
// scores it corrects. The correction is the editor's own save (app/models/quiz/editing.server.ts updateQuiz).
// - Both databases: the correction committed after each statement the publication runs outside its transaction.
// - PostgreSQL: a correction already being saved (its transaction holds the quiz's row, as the editor's save does
//   first) when the publication begins, committed while the publication waits.
import { describe, expect, test } from 'vitest'
import type { CompiledQuery, Kysely, QueryResult } from 'kysely'
import { openPostgres } from '../../db/client'
import { createUser } from '../../db/factories'
import type { Database } from '#db/schema'
import { publishDueResults } from '~/models/quiz/live-close.server'
import { hasUncarriedCorrection } from '~/models/quiz/live-rescore.server'
import { publishNow } from '~/models/quiz/live-staff.server'
import { resaveQuiz } from '../support/quiz-edit'
import { db, dialect } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import { seedLiveMock, sit } from '../support/live-mock'
import { lockWaiters } from '../support/pg-locks'

// In the past: the editor stamps its versions with the real clock, after the learner's start.
const OPENS = new Date('2025-05-01T04:30:00.000Z')
const CLOSES = new Date('2025-05-01T06:30:00.000Z')
const AFTER = new Date(CLOSES.getTime() + 10 * 60_000)
const at = (minutes: number) => new Date(OPENS.getTime() + minutes * 60_000)

// The learner answers b to Q1 (key a: -0.25) and the other three right: 2.75 marks. With Q1's key corrected to b: 4.
const STALE_UNITS = 2.75 * 30000
const CORRECTED_UNITS = 4 * 30000

/** A closed live mock one learner sat, due to publish; and the editor's save that corrects Q1's key to b. */
async function closedMock() {
  const quiz = await seedLiveMock({ opensAt: OPENS, closesAt: CLOSES })
  const sat = await sit(quiz, [1, 1, 2, 3], { startAt: at(0), submitAt: at(30) })
  const staff = await createUser(db, { role: 'admin' })
  const correct = async () => {
    const saved = await resaveQuiz(staff.id, quiz.id, ([first, ...rest]) => [{ ...first!, correctOption: 1 }, ...rest])
    expect(saved?.ok).toBe(true)
  }
  const state = async () => {
    const q = await db
      .selectFrom('quizzes')
      .select('results_published_at')
      .where('id', '=', quiz.id)
      .executeTakeFirstOrThrow()
    const a = await db
      .selectFrom('attempts')
      .select('score_units')
      .where('id', '=', sat.attemptId)
      .executeTakeFirstOrThrow()
    return {
      published: q.results_published_at !== null,
      units: Number(a.score_units),
      pending: await hasUncarriedCorrection(quiz.id),
    }
  }
  return { quiz, staff, correct, state }
}

/**
 * Runs `publication` with `correct` run (and committed) once, right after the `k`-th statement the publication sends
 * outside a transaction (statements inside one stay on its connection: nothing can come between them but another
 * connection's, below). Whether the correction ran, and whether it came before the publication committed.
 */
async function correctedAfterStatement(
  k: number,
  publication: () => Promise<unknown>,
  correct: () => Promise<void>,
  published: () => Promise<boolean>,
) {
  const executor = db.getExecutor() as unknown as {
    executeQuery: <R>(q: CompiledQuery<R>) => Promise<QueryResult<R>>
  }
  const own = executor.executeQuery
  let n = 0
  let correcting = false
  let outcome: 'none' | 'before' | 'after' = 'none'
  executor.executeQuery = async function <R>(q: CompiledQuery<R>) {
    const result = await own.call(this, q)
    if (!correcting && ++n === k) {
      correcting = true
      await correct()
      outcome = (await published()) ? 'after' : 'before'
    }
    return result as QueryResult<R>
  }
  try {
    await publication()
  } finally {
    executor.executeQuery = own
  }
  return outcome
}

describe('a key correction saved during the publication', () => {
  test('the sweep: a correction committed before it publishes keeps the results unpublished, whatever the moment', async () => {
    let before = 0
    for (let k = 1; ; k++) {
      const mock = await closedMock()
      expect(await mock.state()).toEqual({ published: false, units: STALE_UNITS, pending: false })
      const outcome = await correctedAfterStatement(
        k,
        () => publishDueResults({ now: AFTER }),
        mock.correct,
        async () => (await mock.state()).published,
      )
      const end = await mock.state()
      if (outcome === 'none') {
        // The publication ran fewer statements than k: it published with nothing pending.
        expect(end).toEqual({ published: true, units: STALE_UNITS, pending: false })
        break
      }
      expect(end.pending, `k=${k}`).toBe(true)
      // Corrected first: not published (staff publish it, re-scoring everyone); corrected after: a later correction.
      expect(end.published, `k=${k} (${outcome})`).toBe(outcome === 'after')
      if (outcome === 'before') before += 1
      // The next sweep leaves it too; then it is held, so the next round's sweep has only its own mock to publish.
      if (outcome === 'before') expect(await publishDueResults({ now: AFTER })).not.toContain(mock.quiz.id)
      await db.updateTable('quizzes').set({ results_held: 1 }).where('id', '=', mock.quiz.id).execute()
    }
    expect(before).toBeGreaterThanOrEqual(2)
  })

  test('staff’s Publish results: a correction committed before it publishes is carried, everyone re-scored', async () => {
    let before = 0
    for (let k = 1; ; k++) {
      const mock = await closedMock()
      let rescore: unknown
      const outcome = await correctedAfterStatement(
        k,
        async () => {
          const r = await publishNow({ quizId: mock.quiz.id, actorId: mock.staff.id, now: AFTER })
          expect(r.ok).toBe(true)
          rescore = r.ok ? r.rescore : undefined
        },
        mock.correct,
        async () => (await mock.state()).published,
      )
      const end = await mock.state()
      if (outcome === 'none') {
        expect(end).toEqual({ published: true, units: STALE_UNITS, pending: false })
        expect(rescore).toBeNull()
        break
      }
      if (outcome === 'before') {
        before += 1
        expect(end, `k=${k}`).toEqual({ published: true, units: CORRECTED_UNITS, pending: false })
        expect(rescore).toEqual({ corrected: 1, rescored: 1 })
      } else {
        expect(end, `k=${k}`).toEqual({ published: true, units: STALE_UNITS, pending: true })
      }
    }
    expect(before).toBeGreaterThanOrEqual(1)
  })

  test.skipIf(dialect !== 'postgres')(
    'PostgreSQL: a correction being saved when the publication begins is waited for, then seen',
    async () => {
      const other = openPostgres(process.env.DATABASE_URL!, { max: 2 }).db
      try {
        for (const who of ['sweep', 'staff'] as const) {
          const mock = await closedMock()
          let release!: () => void
          const released = new Promise<void>((r) => (release = r))
          let ready!: () => void
          const holding = new Promise<void>((r) => (ready = r))
          // The editor's save, in its order (app/models/quiz/editing.server.ts updateQuiz): the quiz's row first, then
          // the old version archived and the corrected one added; committed when the test says.
          const correction = other.transaction().execute(async (trx) => {
            await correctInTransaction(trx, mock.quiz.id)
            ready()
            await released
          })
          await holding
          const publication =
            who === 'sweep'
              ? publishDueResults({ now: AFTER })
              : publishNow({ quizId: mock.quiz.id, actorId: mock.staff.id, now: AFTER })
          await lockWaiters(db, 1)
          release()
          await correction
          const outcome = await publication
          const end = await mock.state()
          if (who === 'sweep') {
            expect(outcome).toEqual([])
            expect(end).toEqual({ published: false, units: STALE_UNITS, pending: true })
          } else {
            expect(outcome).toMatchObject({ ok: true, rescore: { corrected: 1, rescored: 1 } })
            expect(end).toEqual({ published: true, units: CORRECTED_UNITS, pending: false })
          }
        }
      } finally {
        await other.destroy()
      }
    },
  )
})

/** Q1's key corrected to b as the editor's save writes it, inside `trx`. */
async function correctInTransaction(trx: Kysely<Database>, quizId: string) {
  const now = new Date(AFTER.getTime() - 60_000).toISOString()
  await trx.updateTable('quizzes').set({ updated_at: now }).where('id', '=', quizId).execute()
  const q1 = await trx
    .selectFrom('questions')
    .selectAll()
    .where('quiz_id', '=', quizId)
    .where('archived_at', 'is', null)
    .where('position', '=', 0)
    .executeTakeFirstOrThrow()
  await trx.updateTable('questions').set({ archived_at: now }).where('id', '=', q1.id).execute()
  await trx
    .insertInto('questions')
    .values({ ...q1, id: newId(), correct_option: 1, created_at: now, archived_at: null })
    .execute()
}
