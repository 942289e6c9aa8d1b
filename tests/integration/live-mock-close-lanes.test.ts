// The close of live mocks does not wait for the mail (app/models/sweep/sweep.server.ts, its lanes): with a slow mail
// server sending a reminder, a mock due meanwhile is closed and published on time, and its rank e-mails go out right
// after, before the slow reminder is through. Rank e-mails go once each, across two instances (two connection pools
// on PostgreSQL) and a retry after a refused send. The mail goes over SMTP to a local stand-in (smtp-server), through
// the app's own sender; the scheduled work runs on the real clock.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

const { SMTP_PORT } = vi.hoisted(() => {
  const SMTP_PORT = 21000 + (process.pid % 20000)
  process.env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`
  return { SMTP_PORT }
})

import type { Kysely } from 'kysely'
import { openPostgres } from '../../db/client'
import type { Database } from '#db/schema'
import { QUIZ_GRACE_SECONDS } from '~/lib/constants'
import { CLAIM_RETRY_MINUTES } from '~/models/jobs/claims.server'
import { register } from '~/models/quiz/live-mock.server'
import { runLiveClose, runRankMails, startScheduledWork, stopScheduledWork } from '~/models/sweep/sweep.server'
import { db } from '~/utils/db.server'
import { learner, seedLiveMock, sit } from '../support/live-mock'

/** Every message the stand-in accepted: its recipients, subject and when. */
type Received = { to: string; subject: string; at: number }
const received: Received[] = []
/** How long the stand-in takes to accept a message to an address (a slow mail server), and addresses it refuses once. */
const slowFor = new Map<string, number>()
const refuseOnce = new Set<string>()
let server: SMTPServer

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase()
      if (refuseOnce.delete(to)) return callback(Object.assign(new Error('try again later'), { responseCode: 451 }))
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? ''
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
        const wait = Math.max(0, ...to.map((t) => slowFor.get(t) ?? 0))
        setTimeout(() => {
          for (const t of to) received.push({ to: t, subject, at: Date.now() })
          callback()
        }, wait)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve))
  expect((server.server.address() as AddressInfo).port).toBe(SMTP_PORT)
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const GRACE_MS = QUIZ_GRACE_SECONDS * 1000
const SLOW_MS = 5000
const to = (email: string) => received.filter((m) => m.to === email.toLowerCase())

/** A live mock three learners sat, closing (with its grace) at `dueAt`: published from then on. */
async function sat(dueAt: number) {
  const closesAt = new Date(dueAt - GRACE_MS)
  const opensAt = new Date(closesAt.getTime() - 2 * 3600_000)
  const quiz = await seedLiveMock({ opensAt, closesAt, timeLimit: 60 })
  const learners = []
  for (const picks of [
    [0, 1, 2, 3],
    [0, 1, null, null],
    [1, null, null, null],
  ])
    learners.push(
      (
        await sit(quiz, picks, {
          startAt: new Date(opensAt.getTime() + 5 * 60_000),
          submitAt: new Date(opensAt.getTime() + 40 * 60_000),
        })
      ).user,
    )
  return { quiz, learners }
}

const publishedAt = async (quizId: string) =>
  (await db.selectFrom('quizzes').select('results_published_at').where('id', '=', quizId).executeTakeFirstOrThrow())
    .results_published_at

describe('the close beside the mail', () => {
  test('a slow mail server: the mock due meanwhile is published on time and its rank e-mails go out at once', async () => {
    // A reminder due now to a registered learner, which the mail server takes 5 s to accept.
    const start = Date.now()
    const reminded = await seedLiveMock({
      opensAt: new Date(start + 10 * 60_000),
      closesAt: new Date(start + 3 * 3600_000),
    })
    const reg = await learner()
    await register({ quizId: reminded.id, userId: reg.id, now: new Date(start - 86_400_000) })
    slowFor.set(reg.email.toLowerCase(), SLOW_MS)
    // A mock whose window (and grace) closes 1.5 s after the work starts.
    const mock = await sat(Date.now() + 60 * 60_000)
    const dueAt = Date.now() + 1500
    await db
      .updateTable('quizzes')
      .set({
        closes_at: new Date(dueAt - GRACE_MS).toISOString(),
        opens_at: new Date(dueAt - GRACE_MS - 2 * 3600_000).toISOString(),
      })
      .where('id', '=', mock.quiz.id)
      .execute()

    startScheduledWork(3600, { livePollMs: 100 })
    try {
      let published: number | null = null
      while (published === null && Date.now() < dueAt + 15_000) {
        if (await publishedAt(mock.quiz.id)) published = Date.now()
        else await new Promise((r) => setTimeout(r, 25))
      }
      expect(published, 'published').not.toBeNull()
      // On time: within a second of its moment, while the reminder is still on its way.
      expect(published! - dueAt).toBeLessThan(1000)
      expect(to(reg.email)).toHaveLength(0)
      // The rank e-mails right after, before the slow reminder is through.
      while (mock.learners.some((l) => to(l.email).length === 0) && Date.now() < published! + 10_000)
        await new Promise((r) => setTimeout(r, 25))
      for (const l of mock.learners) {
        expect(to(l.email).map((m) => m.subject)).toEqual([expect.stringContaining('Your All-India rank')])
        expect(to(l.email)[0]!.at - published!).toBeLessThan(1500)
      }
      expect(to(reg.email)).toHaveLength(0)
    } finally {
      await stopScheduledWork()
    }
    // The reminder went too, once; nothing more to anyone.
    expect(to(reg.email).map((m) => m.subject)).toEqual([expect.stringContaining('opens in 15 minutes')])
    for (const l of mock.learners) expect(to(l.email)).toHaveLength(1)
  }, 30_000)

  test('rank e-mails go once each across two instances, a refused one again after the retry time, once', async () => {
    const onPg = (process.env.DATABASE_URL ?? '').startsWith('postgres')
    const other = onPg ? openPostgres(process.env.DATABASE_URL!, { max: 3 }).db : null
    const conns: Kysely<Database>[] = other ? [db, other, db, other] : [db, db]
    try {
      const due = Date.now() - 3600_000
      const mock = await sat(due)
      const [first, refused] = mock.learners
      // Each message takes a moment (a wider window for a second sender); one learner's is refused the first time.
      for (const l of mock.learners) slowFor.set(l.email.toLowerCase(), 50)
      refuseOnce.add(refused!.email.toLowerCase())
      expect((await runLiveClose({ now: new Date(due + 1000) })).published).toEqual([mock.quiz.id])
      let t = due + 60_000
      const clock = () => new Date(t)
      const sendAll = () =>
        Promise.all(conns.map((conn) => runRankMails({ db: conn, now: clock(), clock, origin: 'https://x.example' })))

      const one = await sendAll()
      expect(one.flatMap((r) => r.failed)).toEqual([`live-rank:${mock.quiz.id}:${refused!.id}`])
      expect(to(first!.email)).toHaveLength(1)
      expect(to(refused!.email)).toHaveLength(0)
      // Before the retry time nothing is sent again; after it, the refused one, once.
      t += 5 * 60_000
      expect((await sendAll()).flatMap((r) => r.sent)).toEqual([])
      t += CLAIM_RETRY_MINUTES * 60_000
      expect((await sendAll()).flatMap((r) => r.sent)).toEqual([`live-rank:${mock.quiz.id}:${refused!.id}`])
      t += CLAIM_RETRY_MINUTES * 60_000
      expect((await sendAll()).flatMap((r) => [...r.sent, ...r.failed])).toEqual([])
      for (const l of mock.learners) expect(to(l.email), l.email).toHaveLength(1)
    } finally {
      await other?.destroy()
    }
  })
})
