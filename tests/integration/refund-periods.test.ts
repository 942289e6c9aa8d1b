// What a full refund of a course order takes back: the period that order bought, not the access other paid orders
// (or a hand enrolment) gave. A refunded renewal leaves the period paid before it; refunding the first of two
// leaves the renewal's days; the last paid order refunded ends access now, recording why; a course for good ends
// now. The demo gateway refunds locally, so each refund is accepted at once; the clock is the models' `now`.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createUser } from '../../db/factories'
import { enrolByHand } from '~/models/enrolment/hand-enrolment.server'
import { fulfilOrder } from '~/models/money/payment.server'
import { refundOrder } from '~/models/money/refund.server'
import { dueReminders } from '~/models/live/reminders.server'
import { db } from '~/utils/db.server'
import { signedInUser } from '../support/harness'

const DAY = 86_400_000
const day0 = new Date('2027-03-01T04:30:00.000Z')
const day = (n: number) => new Date(day0.getTime() + n * DAY)
const iso = (n: number) => day(n).toISOString()

let admin = { id: '' }
beforeAll(async () => {
  admin = await signedInUser('admin')
})

/** A demo-gateway order for the course, paid and fulfilled on `paidOn`. */
async function pay(userId: string, courseId: string, paidOn: number) {
  const id = crypto.randomBytes(12).toString('hex')
  const at = iso(paidOn)
  await db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      item_type: 'course',
      course_id: courseId,
      coupon_id: null,
      amount_paise: 99_900,
      currency: 'INR',
      status: 'created',
      provider: 'demo',
      provider_order_id: `order_demo${crypto.randomBytes(7).toString('hex')}`,
      provider_payment_id: null,
      phone: null,
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .execute()
  const paid = await fulfilOrder({
    orderId: id,
    source: 'demo',
    paymentId: `pay_demo${id.slice(0, 10)}`,
    now: day(paidOn),
  })
  expect(paid.fulfilled).toBe(true)
  return id
}

const refund = async (orderId: string, on: number) => {
  const out = await refundOrder({ orderId, reason: 'Asked for it', actorId: admin.id, now: day(on) })
  expect(out).toMatchObject({ kind: 'refunded', full: true })
}

const enrolment = (userId: string, courseId: string) =>
  db
    .selectFrom('enrollments')
    .select(['access_until', 'access_ended_by'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow()

const monthly = () => createCourse(db, { mode: 'live', accessDays: 30, discountedPrice: 999 })

describe('a full refund takes back the period its order bought', () => {
  test('a refunded renewal leaves the first period: the end goes back to day 30, not to now', async () => {
    const learner = await createUser(db)
    const course = await monthly()
    await pay(learner.id, course.id, 0)
    const renewal = await pay(learner.id, course.id, 20)
    expect(await enrolment(learner.id, course.id)).toEqual({ access_until: iso(60), access_ended_by: null })
    await refund(renewal, 22)
    expect(await enrolment(learner.id, course.id)).toEqual({ access_until: iso(30), access_ended_by: null })
  })

  test("the first of two refunded keeps the renewal's days; the last one refunded ends access now, by refund", async () => {
    const learner = await createUser(db)
    const course = await monthly()
    const first = await pay(learner.id, course.id, 0)
    const renewal = await pay(learner.id, course.id, 20)
    await refund(first, 25)
    expect(await enrolment(learner.id, course.id)).toEqual({ access_until: iso(30), access_ended_by: null })
    await refund(renewal, 26)
    expect(await enrolment(learner.id, course.id)).toEqual({ access_until: iso(26), access_ended_by: 'refund' })
    // A refunded learner is not asked to renew: no reminder is due on the day the refund ended their access, nor
    // over the days after.
    for (const on of [26, 27, 29]) {
      const jobs = await dueReminders({ conn: db, now: new Date(day(on).getTime() + 60_000), origin: 'https://x.test' })
      expect(jobs.filter((j) => j.mail.to === learner.email)).toEqual([])
    }
  })

  test('a period paid after access had lapsed is taken back from its own start, never below now', async () => {
    const learner = await createUser(db)
    const course = await monthly()
    await pay(learner.id, course.id, 0)
    const late = await pay(learner.id, course.id, 40) // access ran out on day 30: this one runs to day 70
    expect((await enrolment(learner.id, course.id)).access_until).toBe(iso(70))
    await refund(late, 45)
    expect(await enrolment(learner.id, course.id)).toEqual({ access_until: iso(45), access_ended_by: 'refund' })
  })

  test('a renewal of a hand enrolment refunded leaves the period staff gave', async () => {
    const learner = await createUser(db)
    const course = await monthly()
    const hand = await enrolByHand({
      actorId: admin.id,
      email: learner.email,
      courseId: course.id,
      note: 'cash',
      now: day(0),
    })
    expect(hand.ok).toBe(true)
    const renewal = await pay(learner.id, course.id, 10)
    expect((await enrolment(learner.id, course.id)).access_until).toBe(iso(60))
    await refund(renewal, 12)
    expect(await enrolment(learner.id, course.id)).toEqual({ access_until: iso(30), access_ended_by: null })
  })

  test('an order for good: its refund ends access now', async () => {
    const learner = await createUser(db)
    const course = await createCourse(db, { accessDays: null })
    const order = await pay(learner.id, course.id, 0)
    expect((await enrolment(learner.id, course.id)).access_until).toBeNull()
    await refund(order, 3)
    expect(await enrolment(learner.id, course.id)).toEqual({ access_until: iso(3), access_ended_by: 'refund' })
  })
})
