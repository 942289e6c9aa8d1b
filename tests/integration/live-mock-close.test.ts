import { describe, expect, test, vi } from 'vitest'
import type { Kysely } from 'kysely'
import { openPostgres } from '../../db/client'
import type { Database } from '#db/schema'
import {
  LIVE_CLOSE_POLL_MS,
  runSweep,
  scheduledWorkIdle,
  startScheduledWork,
  stopScheduledWork,
} from '~/models/sweep/sweep.server'
import { register } from '~/models/quiz/live-mock.server'
import type { Mail } from '~/services/mail.server'
import { db } from '~/utils/db.server'
import { learner, seedLiveMock, sit } from '../support/live-mock'

// The close of a live mock by the scheduled sweep with an injected clock (app/models/quiz/live-close.server.ts,
// app/models/quiz/live-mails.server.ts): open attempts past their time are submitted once with what was saved;
// results are published once, when every window (overrides included) has closed and not held; one rank e-mail per
// learner; the two reminders to registered learners, each once. On PostgreSQL the sweeps run on two connection
// pools, as two app instances do.

const OPENS = new Date('2031-05-01T04:30:00.000Z') // 10:00 India time
const CLOSES = new Date('2031-05-01T06:30:00.000Z') // 12:00
const at = (minutes: number, from = OPENS) => new Date(from.getTime() + minutes * 60_000)
const ORIGIN = 'https://live.example'

/** A second app instance: its own pool on PostgreSQL; on SQLite the one database file. */
async function withInstances(fn: (conns: Kysely<Database>[]) => Promise<void>) {
  const onPg = (process.env.DATABASE_URL ?? '').startsWith('postgres')
  const other = onPg ? openPostgres(process.env.DATABASE_URL!, { max: 3 }).db : null
  try {
    await fn(other ? [db, other, db, other] : [db, db, db])
  } finally {
    await other?.destroy()
  }
}

const sweepAll = (conns: Kysely<Database>[], now: Date, mails: Mail[]) =>
  Promise.all(conns.map((conn) => runSweep({ db: conn, now, origin: ORIGIN, send: async (m) => void mails.push(m) })))

describe('the close', () => {
  test('runs within seconds of the close between sweeps, not at the next sweep', async () => {
    // The clock and the intervals are the test's; the database's own timers are not touched.
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'], now: at(-10) })
    try {
      const quiz = await seedLiveMock({ opensAt: OPENS, closesAt: CLOSES, timeLimit: 60 })
      const open = await sit(quiz, [0, 1, 2, 3], { startAt: at(90), submitAt: null })
      const state = () =>
        db
          .selectFrom('attempts as a')
          .innerJoin('quizzes as q', 'q.id', 'a.quiz_id')
          .select(['a.submitted_at', 'q.results_published_at'])
          .where('a.id', '=', open.attemptId)
          .executeTakeFirstOrThrow()
      // The sweep runs at start (nothing due: the mock has not opened) and then only every hour.
      startScheduledWork(3600)
      await scheduledWorkIdle()
      expect(await state()).toEqual({ submitted_at: null, results_published_at: null })

      // The close and its grace pass; within one poll the attempt is submitted and the results published.
      vi.setSystemTime(at(61, CLOSES))
      await vi.advanceTimersByTimeAsync(LIVE_CLOSE_POLL_MS)
      await scheduledWorkIdle()
      const after = await state()
      expect(after.submitted_at).not.toBeNull()
      expect(after.results_published_at).not.toBeNull()
    } finally {
      await stopScheduledWork()
      vi.useRealTimers()
    }
  })

  test('open attempts past deadline + grace are submitted once with what was saved; publication once', async () => {
    await withInstances(async (conns) => {
      const quiz = await seedLiveMock({ opensAt: OPENS, closesAt: CLOSES, timeLimit: 60 })
      // Two left open (their tabs closed), one submitted by the learner.
      const open1 = await sit(quiz, [0, 1, 2, 3], { startAt: at(0), submitAt: null })
      const open2 = await sit(quiz, [0, null, null, null], { startAt: at(90), submitAt: null })
      const done = await sit(quiz, [1, 1, 2, 3], { startAt: at(5), submitAt: at(30) })
      const mails: Mail[] = []

      // 61 minutes in: open1's deadline (60 min) + grace has passed, open2's has not.
      const first = await sweepAll(conns, at(62), mails)
      expect(first.reduce((t, r) => t + r.closed, 0)).toBe(1)
      const a1 = await db.selectFrom('attempts').selectAll().where('id', '=', open1.attemptId).executeTakeFirstOrThrow()
      expect(a1.submitted_at).toBe(a1.deadline_at)
      expect(a1.score_units).toBe(4 * 30000)
      // Not published while a window is open.
      expect(first.flatMap((r) => r.published)).toEqual([])

      // After the close: open2 (deadline = the close) is submitted; results published by exactly one sweep.
      const second = await sweepAll(conns, at(3, CLOSES), mails)
      expect(second.reduce((t, r) => t + r.closed, 0)).toBe(1)
      expect(second.flatMap((r) => r.published)).toEqual([quiz.id])
      const a2 = await db.selectFrom('attempts').selectAll().where('id', '=', open2.attemptId).executeTakeFirstOrThrow()
      expect(a2.score_units).toBe(30000)
      const q = await db.selectFrom('quizzes').selectAll().where('id', '=', quiz.id).executeTakeFirstOrThrow()
      expect(q.results_published_at).toBe(at(3, CLOSES).toISOString())

      // One rank e-mail per learner who sat it, once, even with a later sweep.
      await sweepAll(conns, at(10, CLOSES), mails)
      const rankMails = mails.filter((m) => m.subject.includes('All-India rank'))
      expect(rankMails).toHaveLength(3)
      for (const u of [open1.user, open2.user, done.user])
        expect(rankMails.filter((m) => m.to === u.email)).toHaveLength(1)
      expect(rankMails.find((m) => m.to === open1.user.email)?.subject).toContain('Your All-India rank: 1 of 3')
      expect(rankMails.find((m) => m.to === done.user.email)?.text).toContain('Your All-India rank: 2 of 3')
    })
  })

  test('a held mock is not published; an override keeps the publication until its own close', async () => {
    await withInstances(async (conns) => {
      const held = await seedLiveMock({ opensAt: OPENS, closesAt: CLOSES })
      await db.updateTable('quizzes').set({ results_held: 1 }).where('id', '=', held.id).execute()
      const late = await seedLiveMock({ opensAt: OPENS, closesAt: CLOSES })
      const extra = await learner()
      await db
        .insertInto('live_mock_overrides')
        .values({
          quiz_id: late.id,
          user_id: extra.id,
          extra_minutes: 30,
          opens_at: null,
          closes_at: null,
          set_by: null,
          set_at: OPENS.toISOString(),
        })
        .execute()
      const mails: Mail[] = []
      const r1 = await sweepAll(conns, at(10, CLOSES), mails)
      expect(r1.flatMap((r) => r.published)).toEqual([])
      const r2 = await sweepAll(conns, at(32, CLOSES), mails)
      expect(r2.flatMap((r) => r.published)).toEqual([late.id])
      const q = await db
        .selectFrom('quizzes')
        .select('results_published_at')
        .where('id', '=', held.id)
        .executeTakeFirstOrThrow()
      expect(q.results_published_at).toBeNull()
    })
  })
})

describe('reminders to registered learners', () => {
  test('the day before and 15 minutes before, each once, with the India time and the link', async () => {
    await withInstances(async (conns) => {
      const quiz = await seedLiveMock({ opensAt: OPENS, closesAt: CLOSES })
      const reg = await learner()
      const notReg = await learner()
      await register({ quizId: quiz.id, userId: reg.id, now: at(-3 * 24 * 60) })
      const mails: Mail[] = []
      await sweepAll(conns, at(-25 * 60), mails) // 25 h before: nothing
      expect(mails).toHaveLength(0)
      await sweepAll(conns, at(-23 * 60), mails)
      await sweepAll(conns, at(-20 * 60), mails)
      await sweepAll(conns, at(-14), mails)
      await sweepAll(conns, at(-5), mails)
      await sweepAll(conns, at(1), mails)
      expect(mails.map((m) => m.to)).toEqual([reg.email, reg.email])
      expect(mails.some((m) => m.to === notReg.email)).toBe(false)
      expect(mails[0]!.subject).toContain('Tomorrow')
      expect(mails[0]!.text).toContain('10:00 am IST')
      expect(mails[0]!.text).toContain(`${ORIGIN}/quiz/${quiz.id}`)
      expect(mails[1]!.subject).toContain('opens in 15 minutes')
    })
  })
})
