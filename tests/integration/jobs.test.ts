// Scheduled work with an injected clock: access reminders 3 days before the end and on the day it ends, each
// exactly once per period, never for a period a renewal replaced, caught up by an app that was stopped; class
// notices once each; sweeps racing send every message once (two instances on PostgreSQL:
// tests/integration/postgres/jobs-two-instances.test.ts), even when one sweep outlasts the claim's retry time; a
// send that failed is retried after the claim times out.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { createCourse, createUser } from '../../db/factories'
import { ENROLMENT_SOURCES } from '~/lib/enrolment'
import { indiaDay } from '~/lib/dates'
import { grantCourse } from '~/models/enrolment/grant.server'
import { CLAIM_RETRY_MINUTES } from '~/models/jobs/claims.server'
import { runSweep } from '~/models/sweep/sweep.server'
import type { Mail } from '~/services/mail.server'
import { db } from '~/utils/db.server'
import { raceALongSweep } from '../support/long-sweep'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
// Day 0 is 1 March 2026, 10:00 in India (04:30 UTC).
const DAY0 = Date.parse('2026-03-01T04:30:00.000Z')
const day = (n: number) => new Date(DAY0 + n * DAY)

const ORIGIN = 'https://biocoach.example'

/** Collects what sweeps send, with the clock each was sent at. */
function catcher() {
  const mails: Array<Mail & { at: Date }> = []
  let clock = new Date(0)
  return {
    mails,
    sweep: (now: Date, conn = db) => {
      clock = now
      return runSweep({ db: conn, now, origin: ORIGIN, send: async (m) => void mails.push({ ...m, at: clock }) })
    },
    to: (email: string) => mails.filter((m) => m.to === email),
  }
}

async function liveCourse() {
  return createCourse(db, { courseTitle: 'Biology Live Batch' }).then(async (c) => {
    await db.updateTable('courses').set({ access_days: 30 }).where('id', '=', c.id).execute()
    const row = await db.selectFrom('courses').select('link_address').where('id', '=', c.id).executeTakeFirstOrThrow()
    return { ...c, linkAddress: row.link_address }
  })
}

/** A payment (or renewal) at `at`: one period, as checkout's fulfilment grants it. */
const pay = (userId: string, courseId: string, at: Date) =>
  db
    .transaction()
    .execute((trx) => grantCourse(trx, { userId, courseId, source: ENROLMENT_SOURCES.purchase, now: at.toISOString() }))

/** Sweeps every `stepHours` from day `from` to day `to`. */
async function sweepEvery(c: ReturnType<typeof catcher>, from: number, to: number, stepHours = 3) {
  for (let t = DAY0 + from * DAY; t <= DAY0 + to * DAY; t += stepHours * HOUR) await c.sweep(new Date(t))
}

describe('access reminders', () => {
  test('a 30-day period bought on day 0: one reminder on day 27 and one on day 30, with the renewal link', async () => {
    const course = await liveCourse()
    const learner = await createUser(db)
    await pay(learner.id, course.id, day(0))
    const c = catcher()
    await sweepEvery(c, 0, 33)
    const mails = c.to(learner.email)
    expect(mails).toHaveLength(2)
    const [three, end] = mails
    expect(three.at.getTime()).toBe(day(27).getTime())
    expect(three.subject).toBe('Your access to Biology Live Batch ends on 31 Mar 2026')
    expect(three.text).toContain(`${ORIGIN}/checkout/${course.linkAddress}`)
    expect(indiaDay(end.at)).toBe(indiaDay(day(30)))
    expect(end.subject).toBe('Your access to Biology Live Batch ends today')
    expect(end.text).toContain(`${ORIGIN}/checkout/${course.linkAddress}`)
  })

  test('renewed on day 20: nothing for the old end; day 57 and day 60 instead (the period ends on day 60)', async () => {
    const course = await liveCourse()
    const learner = await createUser(db)
    await pay(learner.id, course.id, day(0))
    const c = catcher()
    await sweepEvery(c, 0, 20)
    await pay(learner.id, course.id, day(20))
    const end = await db
      .selectFrom('enrollments')
      .select('access_until')
      .where('user_id', '=', learner.id)
      .executeTakeFirstOrThrow()
    expect(end.access_until).toBe(day(60).toISOString())
    await sweepEvery(c, 20, 63, 6)
    const mails = c.to(learner.email)
    expect(mails.map((m) => indiaDay(m.at))).toEqual([indiaDay(day(57)), indiaDay(day(60))])
  })

  test('renewed after the 3-day reminder: the old end-day reminder never goes', async () => {
    const course = await liveCourse()
    const learner = await createUser(db)
    await pay(learner.id, course.id, day(0))
    const c = catcher()
    await sweepEvery(c, 26, 28)
    expect(c.to(learner.email)).toHaveLength(1)
    await pay(learner.id, course.id, day(28))
    await sweepEvery(c, 28, 40)
    expect(c.to(learner.email)).toHaveLength(1)
  })

  test('an app stopped from day 25 catches up when it starts: on day 30 only the end-day reminder; after the end, it says so', async () => {
    const course = await liveCourse()
    const early = await createUser(db)
    const late = await createUser(db)
    await pay(early.id, course.id, day(0))
    await pay(late.id, course.id, day(50))
    const c = catcher()
    await sweepEvery(c, 20, 25)
    await c.sweep(new Date(day(30).getTime() - 2 * HOUR))
    expect(c.to(early.email).map((m) => m.subject)).toEqual(['Your access to Biology Live Batch ends today'])
    // A learner whose end passed while the app was stopped: told within a day after the end, once.
    await c.sweep(new Date(day(80).getTime() + 5 * HOUR))
    await c.sweep(new Date(day(80).getTime() + 10 * HOUR))
    await c.sweep(new Date(day(81).getTime() + HOUR))
    expect(c.to(late.email).map((m) => m.subject)).toEqual(['Your access to Biology Live Batch has ended'])
  })

  test('a renewal landing while a sweep runs stops the reminders it had read as due', async () => {
    const course = await liveCourse()
    const a = await createUser(db)
    const b = await createUser(db)
    await pay(a.id, course.id, day(0))
    await pay(b.id, course.id, day(0))
    const mails: Mail[] = []
    await runSweep({
      now: day(27),
      origin: ORIGIN,
      // Both renew during the first send, after the sweep read both reminders as due.
      send: async (m) => {
        if (m.to !== a.email && m.to !== b.email) return
        if (mails.length === 0) for (const l of [a, b]) await pay(l.id, course.id, day(27))
        mails.push(m)
      },
    })
    expect(mails).toHaveLength(1)
    const c = catcher()
    await sweepEvery(c, 27, 31, 6)
    expect(c.mails.filter((m) => m.to === a.email || m.to === b.email)).toHaveLength(0)
  })

  test('revoked, for good, and staff get no reminders', async () => {
    const course = await liveCourse()
    const revoked = await createUser(db)
    await pay(revoked.id, course.id, day(0))
    await db.updateTable('enrollments').set({ is_active: 0 }).where('user_id', '=', revoked.id).execute()
    const forever = await createUser(db)
    const recorded = await createCourse(db)
    await pay(forever.id, recorded.id, day(0))
    const c = catcher()
    await sweepEvery(c, 26, 31, 6)
    expect(c.to(revoked.email)).toHaveLength(0)
    expect(c.to(forever.email)).toHaveLength(0)
  })

  test('an end brought forward by a refund, a revoke or staff gets no reminder; an end staff moved ahead does', async () => {
    const course = await liveCourse()
    const [refunded, revoked, cutByStaff, movedAhead, inactive] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createUser(db)),
    )
    for (const l of [refunded, revoked, cutByStaff, movedAhead, inactive]) await pay(l.id, course.id, day(500))
    // On day 510 each end is set to that moment, with the reason the early end records; staff move one end to
    // day 520 instead (an end that runs out in time, so no reason), and one enrolment is switched off.
    const endAt = (userId: string, end: Date, by: 'refund' | 'revoke' | 'staff' | null) =>
      db
        .updateTable('enrollments')
        .set({ access_until: end.toISOString(), access_ended_by: by })
        .where('user_id', '=', userId)
        .execute()
    await endAt(refunded.id, day(510), 'refund')
    await endAt(revoked.id, day(510), 'revoke')
    await endAt(cutByStaff.id, day(510), 'staff')
    await endAt(movedAhead.id, day(520), null)
    await db.updateTable('enrollments').set({ is_active: 0 }).where('user_id', '=', inactive.id).execute()
    const c = catcher()
    await sweepEvery(c, 510, 533, 6)
    for (const l of [refunded, revoked, cutByStaff, inactive]) expect(c.to(l.email)).toEqual([])
    expect(c.to(movedAhead.email).map((m) => indiaDay(m.at))).toEqual([indiaDay(day(517)), indiaDay(day(520))])
  })
})

describe('class notices', () => {
  test('with notify: one e-mail when scheduled and one an hour before, to learners with access only, without the join link', async () => {
    const course = await liveCourse()
    const learner = await createUser(db)
    const outsider = await createUser(db)
    await pay(learner.id, course.id, day(0))
    const now = day(1)
    const startsAt = new Date(now.getTime() + 5 * HOUR).toISOString()
    const id = `cls${Date.now()}`
    const stamp = now.toISOString()
    await db
      .insertInto('live_classes')
      .values({
        id,
        course_id: course.id,
        title: 'Genetics live',
        starts_at: startsAt,
        duration_minutes: 60,
        join_url: 'https://meet.google.com/secret-join',
        notify: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute()
    // A class without notify is not announced.
    await db
      .insertInto('live_classes')
      .values({
        id: `${id}q`,
        course_id: course.id,
        title: 'Quiet class',
        starts_at: startsAt,
        duration_minutes: 60,
        join_url: 'https://meet.google.com/quiet',
        notify: 0,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute()
    const c = catcher()
    for (let t = now.getTime(); t <= now.getTime() + 6 * HOUR; t += 15 * 60_000) await c.sweep(new Date(t))
    const mails = c.to(learner.email)
    expect(mails.map((m) => m.subject)).toEqual([
      'Live class scheduled: Genetics live',
      'Starting in an hour: Genetics live',
    ])
    expect(mails[1].at.getTime()).toBe(Date.parse(startsAt) - HOUR)
    for (const m of mails) {
      expect(m.text).not.toContain('secret-join')
      expect(m.text).toContain(`${ORIGIN}/my-courses/${course.id}`)
    }
    expect(c.to(outsider.email)).toHaveLength(0)
  })
})

describe('claims', () => {
  test('five sweeps racing at the same moment send each message once', async () => {
    const course = await liveCourse()
    const learners = await Promise.all([1, 2, 3].map(() => createUser(db)))
    for (const l of learners) await pay(l.id, course.id, day(100))
    const c = catcher()
    await Promise.all([1, 2, 3, 4, 5].map(() => c.sweep(day(127))))
    for (const l of learners) expect(c.to(l.email)).toHaveLength(1)
  })

  test('a claim is stamped when it is made: a sweep slowed past the retry time is not doubled by another', async () => {
    const { learners, mails } = await raceALongSweep(db, db, day(700))
    for (const l of learners) expect(mails.filter((m) => m.to === l.email)).toHaveLength(1)
    expect(mails.map((m) => m.by)).toEqual(['first', 'first'])
  })

  test('a failed send is retried after the claim times out, and then not again', async () => {
    const course = await liveCourse()
    const learner = await createUser(db)
    await pay(learner.id, course.id, day(300))
    const first = await runSweep({
      now: day(327),
      origin: ORIGIN,
      send: async () => {
        throw new Error('SMTP down')
      },
    })
    expect(first.failed).toHaveLength(1)
    const c = catcher()
    await c.sweep(new Date(day(327).getTime() + (CLAIM_RETRY_MINUTES - 1) * 60_000))
    expect(c.to(learner.email)).toHaveLength(0)
    await c.sweep(new Date(day(327).getTime() + CLAIM_RETRY_MINUTES * 60_000))
    await c.sweep(new Date(day(327).getTime() + 3 * CLAIM_RETRY_MINUTES * 60_000))
    expect(c.to(learner.email)).toHaveLength(1)
  })

  test('by default the sweep sends through the app mailer', async () => {
    const course = await liveCourse()
    const learner = await createUser(db)
    await pay(learner.id, course.id, day(400))
    await runSweep({ now: day(427), origin: ORIGIN })
    await runSweep({ now: day(427), origin: ORIGIN })
    const dir = process.env.OUTBOX_DIR!
    const mine = fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((m) => m.includes(`To: ${learner.email}`))
    expect(mine).toHaveLength(1)
    expect(mine[0]).toContain(`${ORIGIN}/checkout/${course.linkAddress}`)
  })
})
