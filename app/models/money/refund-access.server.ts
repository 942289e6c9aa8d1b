import type { Transaction } from 'kysely'
import { ENROLMENT_SOURCES } from '~/lib/enrolment'
import { lockRow } from '#db/dialect'
import type { Database } from '#db/schema'
import { recordAudit } from '../audit/audit.server'
import { stillPaid } from './refunded.server'
import type { LockedOrder } from './locked-order.server'

// What a refund of the whole payment takes back: exactly what that order bought, nothing the learner holds by
// another order or by a hand enrolment.
// - A course order bought one period: the enrolment's end moves back by that period, not below now (a renewal
//   refunded leaves the period paid before it). Access ends now when the order was for good, or when nothing paid
//   is left behind it: no other order of the learner for the course still paid, and an enrolment that came from a
//   purchase (a hand enrolment keeps the period staff gave). An end set to now records why
//   (`enrollments.access_ended_by = 'refund'`), so no reminder asks the learner to renew it.
// - Quiz access the course gave is not stored on the learner (it is worked out from the open course when read),
//   so moving the course's end is all a course refund does to it.
// - A quiz bundle order: the learner's quiz access flag goes, unless another bundle order still pays for it.

const DAY_MS = 24 * 60 * 60 * 1000

/** Takes back what a fully refunded, fulfilled order bought; audited. Runs with the order's row locked. */
export async function takeBackAccess(
  trx: Transaction<Database>,
  order: LockedOrder,
  now: string,
  actorId: string | null,
): Promise<void> {
  if (order.item_type === 'quiz_bundle') return takeBackQuizBundle(trx, order, now, actorId)
  if (!order.course_id) return
  const find = () =>
    trx
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select(['enrollments.id', 'enrollments.access_until', 'enrollments.source', 'courses.access_days'])
      .where('enrollments.user_id', '=', order.user_id)
      .where('enrollments.course_id', '=', order.course_id!)
      .executeTakeFirst()
  const found = await find()
  if (!found) return
  // Fulfilling another order of this course moves the same end (app/models/enrolment/grant.server.ts
  // `grantCourse` locks the row too): one at a time.
  await lockRow(trx, 'enrollments', found.id)
  const enrolment = (await find())!
  const from = enrolment.access_until
  if (from !== null && Date.parse(from) <= Date.parse(now)) return // already ended: nothing left to take

  const period = await periodOf(trx, order, enrolment.access_days)
  const paidFor = await otherPaidOrder(trx, order)
  const handGiven = enrolment.source !== ENROLMENT_SOURCES.purchase
  let to: string | null
  if (period === null || (!paidFor && !handGiven)) to = now
  else if (from === null)
    return // for good by another grant (staff, a hand enrolment): it stays
  else to = new Date(Math.max(Date.parse(now), Date.parse(from) - period)).toISOString()
  if (to === from) return
  const ended = to === now
  await trx
    .updateTable('enrollments')
    .set({ access_until: to, updated_at: now, ...(ended ? { access_ended_by: 'refund' as const } : {}) })
    .where('id', '=', enrolment.id)
    .execute()
  await recordAudit(
    {
      actorId,
      action: 'access.refund_end',
      targetType: 'enrollment',
      targetId: enrolment.id,
      details: { orderId: order.id, userId: order.user_id, courseId: order.course_id, from, to },
    },
    trx,
  )
}

/**
 * The length of the period a course order bought (ms), or null when it bought access for good (no end remembered:
 * a course for good, or an order fulfilled before periods were remembered, which is read as for good as before).
 *
 * The order remembers only the end it produced (`orders.access_until`), so its period is that end less the end it
 * extended (app/lib/access.ts `extendedEnd`: a period runs from the later of the payment and the end before it).
 * The end before it is not stored; it is taken as the latest end produced by an earlier order of the learner for
 * the course that still pays (a fully refunded one gave its period back), or the payment's time when there is none
 * or the order was not a renewal. Since staff may have moved the end, or a hand enrolment given one, in between,
 * the result is capped at the course's period: a refund never takes back more than one period of the course.
 */
async function periodOf(
  trx: Transaction<Database>,
  order: LockedOrder,
  accessDays: number | null,
): Promise<number | null> {
  if (order.access_until === null) return null
  const end = Date.parse(order.access_until)
  let start = Date.parse(order.paid_at ?? order.access_until)
  if (order.renewal === 1 && order.paid_at) {
    const before = await paidCourseOrders(trx, order)
      .where('orders.paid_at', '<=', order.paid_at)
      .where('orders.access_until', 'is not', null)
      .select((eb) => eb.fn.max('orders.access_until').as('end'))
      .executeTakeFirst()
    if (before?.end) start = Math.max(start, Date.parse(before.end))
  }
  const period = Math.max(0, end - start)
  return accessDays === null ? period : Math.min(period, accessDays * DAY_MS)
}

/** The learner's other orders for the course that still pay for it. */
const paidCourseOrders = (trx: Transaction<Database>, order: LockedOrder) =>
  trx
    .selectFrom('orders')
    .where('orders.user_id', '=', order.user_id)
    .where('orders.item_type', '=', 'course')
    .where('orders.course_id', '=', order.course_id!)
    .where('orders.id', '!=', order.id)
    .where(stillPaid)

async function otherPaidOrder(trx: Transaction<Database>, order: LockedOrder): Promise<boolean> {
  return Boolean(await paidCourseOrders(trx, order).select('orders.id').executeTakeFirst())
}

async function takeBackQuizBundle(trx: Transaction<Database>, order: LockedOrder, now: string, actorId: string | null) {
  const another = await trx
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.user_id', '=', order.user_id)
    .where('orders.item_type', '=', 'quiz_bundle')
    .where('orders.id', '!=', order.id)
    .where(stillPaid)
    .executeTakeFirst()
  if (another) return
  const taken = await trx
    .updateTable('users')
    .set({ has_access_to_quizzes: 0, updated_at: now })
    .where('id', '=', order.user_id)
    .where('has_access_to_quizzes', '=', 1)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 1)
    await recordAudit(
      {
        actorId,
        action: 'access.refund_end',
        targetType: 'user',
        targetId: order.user_id,
        details: { orderId: order.id, quizAccess: false },
      },
      trx,
    )
}
