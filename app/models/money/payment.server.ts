import { BRAND_NAME } from '~/lib/constants'
import { sendMailQuietly } from '~/services/mail.server'
import type { Kysely, Transaction } from 'kysely'
import { formatRupees } from '~/lib/pricing'
import type { RefundDueReason } from '~/lib/refunds'
import { ENROLMENT_SOURCES } from '~/lib/enrolment'
import { recordAudit } from '~/models/audit/audit.server'
import { paidUses, usedByLearner } from '~/models/money/coupon.server'
import { issueInvoice } from '~/models/money/documents.server'
import { grantCourse } from '~/models/enrolment/grant.server'
import { deliver } from '~/models/jobs/claims.server'
import { purchaseMailJob } from '~/models/money/purchase-mail.server'
import { db } from '~/utils/db.server'
import { lockRow } from '#db/dialect'
import type { Database } from '#db/schema'
import { appOrigin } from '~/utils/origin.server'
import { newId, nowIso } from '~/utils/ids.server'

// Fulfilment: only after a verified checkout signature or a verified webhook (./payment-callbacks.server.ts);
// exactly once, whatever arrives and however often (a conditional created->paid update in one transaction,
// enrolments unique per (user, course), webhook event ids unique). Every verified event is recorded in
// payment_events. The transition also issues the order's receipt or numbered tax invoice (./documents.server.ts), and
// its winner sends the purchase mail with it after the commit (./purchase-mail.server.ts). Decisions:
// docs/decisions/004-payments.md.

export type PaymentSource = 'callback' | 'webhook' | 'free' | 'demo'

/**
 * refundDue: the payment arrived but was not fulfilled (`reason`: its coupon was over its usage limit, or already
 * used by this learner, or an admin had revoked the learner's access to the course); a free order is failed instead.
 */
type FulfilOutcome = { fulfilled: boolean; duplicate: boolean; refundDue: boolean; reason: RefundDueReason | null }

export const COUPON_LIMIT_REFUND =
  'This coupon reached its usage limit before your payment completed, so you have not been enrolled. Your payment will be refunded in 5-7 working days.'

/** What the learner is told (the payment's return page) when their payment is held for a refund. */
export const REFUND_DUE_MESSAGES: Record<RefundDueReason, string> = {
  coupon_limit: COUPON_LIMIT_REFUND,
  coupon_used:
    'You had already used this coupon, so you have not been enrolled. Your payment will be refunded in 5-7 working days.',
  revoked:
    'Your access to this course was revoked by the admin, so you have not been enrolled. Your payment will be refunded in 5-7 working days.',
}

export async function fulfilOrder(input: {
  orderId: string
  source: PaymentSource
  paymentId: string | null
  eventId?: string | null
  origin?: string
  /** The clock: tests step through access periods with it. */
  now?: Date
  /** The database connection (tests run several, as several app instances have). */
  db?: Kysely<Database>
}): Promise<FulfilOutcome> {
  const at = input.now ?? new Date()
  const now = at.toISOString()
  const conn = input.db ?? db
  const outcome = await conn.transaction().execute(async (trx) => {
    const eventRowId = newId()
    const inserted = await trx
      .insertInto('payment_events')
      .values({
        id: eventRowId,
        order_id: input.orderId,
        source: input.source,
        event_id: input.eventId ?? null,
        payment_id: input.paymentId,
        fulfilled: 0,
        created_at: now,
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0)
      return { fulfilled: false, duplicate: true, refundDue: false, reason: null, order: null }

    // The one transition that grants anything: created -> paid, conditional, so a second arrival changes nothing.
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'paid', provider_payment_id: input.paymentId, paid_at: now, updated_at: now })
      .where('id', '=', input.orderId)
      .where('status', '=', 'created')
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1)
      return { fulfilled: false, duplicate: false, refundDue: false, reason: null, order: null }

    const order = await trx
      .selectFrom('orders')
      .select(['id', 'user_id', 'item_type', 'course_id', 'coupon_id', 'amount_paise'])
      .where('id', '=', input.orderId)
      .executeTakeFirstOrThrow()
    // The coupon's rules hold at payment, counted in this transaction under a lock on the coupon row (decision 009),
    // so two payments cannot both see room for one last use, or one learner's two orders both count as a first use.
    const refused = await couponRefusal(trx, order)
    if (refused) return hold(trx, order, refused, { paymentId: input.paymentId, now })
    if ((await grantOrder(trx, order, now)) === 'revoked')
      return hold(trx, order, 'revoked', { paymentId: input.paymentId, now })
    await trx.updateTable('payment_events').set({ fulfilled: 1 }).where('id', '=', eventRowId).execute()
    // Last: the invoice number's counter row stays locked until this transaction ends.
    await issueInvoice(trx, { orderId: order.id, now })
    return { fulfilled: true, duplicate: false, refundDue: false, reason: null, order }
  })

  if (outcome.fulfilled && outcome.order) {
    const job = await purchaseMailJob({ conn, orderId: outcome.order.id, origin: input.origin ?? appOrigin() })
    // A failed send stays claimed and unsent: the scheduled sweep sends it later (app/models/sweep/sweep.server.ts).
    if (job) await deliver(conn, job, at)
  }
  if (outcome.refundDue && outcome.reason && outcome.order && outcome.order.amount_paise > 0)
    await sendRefundMail(outcome.order, outcome.reason, conn)
  const { fulfilled, duplicate, refundDue, reason } = outcome
  return { fulfilled, duplicate, refundDue, reason }
}

type PaidOrder = {
  id: string
  user_id: string
  item_type: 'course' | 'quiz_bundle'
  course_id: string | null
  coupon_id: string | null
  amount_paise: number
}

/**
 * A payment that cannot be fulfilled, for `reason`: a free order (nothing was taken) simply fails and the learner is
 * told at once; a paid one is kept, marked for a refund (`refund_reason`, on the admin's "Payments to refund") and
 * audited, with no invoice and nothing granted. The caller's transaction.
 */
async function hold(
  trx: Transaction<Database>,
  order: PaidOrder,
  reason: RefundDueReason,
  input: { paymentId: string | null; now: string },
) {
  const { now } = input
  if (order.amount_paise === 0) {
    await trx
      .updateTable('orders')
      .set({ status: 'failed', paid_at: null, updated_at: now })
      .where('id', '=', order.id)
      .execute()
  } else {
    await trx.updateTable('orders').set({ refund_reason: reason, updated_at: now }).where('id', '=', order.id).execute()
    await recordAudit(
      {
        actorId: null,
        action: 'payment.refund_due',
        targetType: 'order',
        targetId: order.id,
        details: {
          reason,
          couponId: order.coupon_id,
          courseId: order.course_id,
          amountPaise: order.amount_paise,
          paymentId: input.paymentId,
        },
      },
      trx,
    )
  }
  return { fulfilled: false, duplicate: false, refundDue: true, reason, order }
}

/** What an admin's Fulfil on a "paid but not fulfilled" order came to. */
export type RegrantOutcome =
  | { kind: 'regranted'; orderId: string }
  /** Nothing was missing (any longer): another admin, or an earlier press, already restored it. */
  | { kind: 'not-needed'; orderId: string }
  /** Not paid, or paid but held for a refund (coupon over its limit, decision 004): nothing to fulfil. */
  | { kind: 'refused'; orderId: string; reason: 'not-found' | 'not-paid' | 'refund-due' | 'no-course' }

/**
 * Reconciliation: a PAID order whose enrolment (course) or quiz access (bundle) is missing, e.g.
 * the enrolment row was removed by hand, is granted again, exactly once, by an admin.
 *
 * Why not `fulfilOrder`: its only door to granting is the conditional `created -> paid` update, and this order
 * is already `paid` with its `fulfilled=1` payment event, so it would (rightly) grant nothing. Resetting the order
 * to `created` to go through that door would rewrite the payment's bookkeeping (paid_at, the event log, the
 * coupon-limit count) and mail the learner again. Instead this runs the same grant step (`grantOrder`) behind its
 * own exactly-once guard, in one transaction:
 *   1. lock the order row (decision 009 `lockRow`): a second Fulfil, another admin, or `fulfilOrder` for the same
 *      order (whose conditional update needs the same row) waits here until this transaction ends;
 *   2. re-check under the lock that the order is paid, not held for a refund, and that the grant is still missing;
 *      the waiter then finds it present and answers `not-needed`;
 *   3. grant (the enrolment insert is also `on conflict do nothing` on the unique (user, course) index) and write
 *      the audit entry in the same transaction, so there is an audit entry if and only if something was granted.
 * No payment event is added (payment_events records gateway arrivals; exactly one per order stays fulfilled=1)
 * and no purchase mail is sent again; the audit log is the record of the repair.
 */
export async function regrantPaidOrder(input: { orderId: string; actorId: string }): Promise<RegrantOutcome> {
  const { orderId } = input
  return db.transaction().execute(async (trx): Promise<RegrantOutcome> => {
    await lockRow(trx, 'orders', orderId)
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'user_id', 'item_type', 'course_id', 'status', 'refund_reason', 'amount_paise', 'access_until'])
      .where('id', '=', orderId)
      .executeTakeFirst()
    if (!order) return { kind: 'refused', orderId, reason: 'not-found' }
    if (order.status !== 'paid') return { kind: 'refused', orderId, reason: 'not-paid' }
    if (order.refund_reason) return { kind: 'refused', orderId, reason: 'refund-due' }
    if (order.item_type === 'course' && !order.course_id) return { kind: 'refused', orderId, reason: 'no-course' }
    if (!(await grantMissing(trx, order))) return { kind: 'not-needed', orderId }
    const now = nowIso()
    await grantOrder(trx, order, now)
    // The order's period was granted when it was fulfilled (remembered on the order): restoring the missing
    // enrolment gives that end back rather than a second period. An order with none remembered granted for good
    // or was fulfilled before periods existed: it has just given the course's period from now, once.
    if (order.item_type === 'course' && order.access_until !== null) {
      await trx
        .updateTable('enrollments')
        .set({ access_until: order.access_until, updated_at: now })
        .where('user_id', '=', order.user_id)
        .where('course_id', '=', order.course_id!)
        .execute()
    }
    await recordAudit(
      {
        actorId: input.actorId,
        action: 'payment.regrant',
        targetType: 'order',
        targetId: order.id,
        details: {
          userId: order.user_id,
          itemType: order.item_type,
          courseId: order.course_id,
          amountPaise: order.amount_paise,
        },
      },
      trx,
    )
    return { kind: 'regranted', orderId }
  })
}

/**
 * Whether a paid order's grant is missing: a course order with no enrolment row at all (an inactive row is an
 * admin's revocation, decision 004, and is not "missing"), a bundle order whose buyer lacks quiz access. The same
 * rule as the payments page's list (app/models/money/payments-admin.server.ts `listUnfulfilled`).
 */
async function grantMissing(
  trx: Transaction<Database>,
  order: { user_id: string; item_type: 'course' | 'quiz_bundle'; course_id: string | null },
): Promise<boolean> {
  if (order.item_type === 'course') {
    const enrolment = await trx
      .selectFrom('enrollments')
      .select('id')
      .where('user_id', '=', order.user_id)
      .where('course_id', '=', order.course_id!)
      .executeTakeFirst()
    return !enrolment
  }
  const user = await trx
    .selectFrom('users')
    .select('has_access_to_quizzes')
    .where('id', '=', order.user_id)
    .executeTakeFirst()
  return user?.has_access_to_quizzes === 0
}

/**
 * What a paid order grants (decision 004): a course order what enrolling in the course grants (`grantCourse`, the
 * step a hand enrolment shares: the enrolment, unique per user and course so a second grant adds nothing, one
 * access period, the premium flag and, per course, quiz access), a bundle order quiz access. A course order
 * remembers the end it produced and whether the buyer already had the course (a renewal) when it first grants;
 * the caller's exactly-once guard is what makes that once per order. Runs inside the caller's transaction, after
 * the caller has won the right to grant: `fulfilOrder`'s conditional created->paid update, or `regrantPaidOrder`'s
 * locked "enrolment missing" check. 'revoked': an existing but inactive enrolment (an admin revoked it) is left
 * alone and nothing is granted; 'no-course': a course order whose course is gone grants nothing either.
 */
async function grantOrder(
  trx: Transaction<Database>,
  order: { id: string; user_id: string; item_type: 'course' | 'quiz_bundle'; course_id: string | null },
  now: string,
): Promise<'granted' | 'revoked' | 'no-course'> {
  if (order.item_type === 'course') {
    if (!order.course_id) return 'no-course'
    const grant = await grantCourse(trx, {
      userId: order.user_id,
      courseId: order.course_id,
      source: ENROLMENT_SOURCES.purchase,
      now,
    })
    // 004-payments.md: an admin revoked this learner after the order was made; a payment does not re-grant.
    if (!grant.active) return 'revoked'
    await trx
      .updateTable('orders')
      .set({ access_until: grant.accessUntil, renewal: grant.renewal ? 1 : 0 })
      .where('id', '=', order.id)
      .where('access_until', 'is', null)
      .execute()
    return 'granted'
  }
  await trx
    .updateTable('users')
    .set({ has_access_to_quizzes: 1, updated_at: now })
    .where('id', '=', order.user_id)
    .execute()
  return 'granted'
}

/**
 * Why the order's coupon refuses this payment, if it does: the learner used it already (another order of theirs
 * paid with it), or it is over its usage limit. Payments with this coupon queue on the coupon row's lock until the
 * one before commits; then the counts below include it. This order is already counted: it was just marked paid.
 */
async function couponRefusal(trx: Transaction<Database>, order: PaidOrder): Promise<RefundDueReason | null> {
  if (!order.coupon_id) return null
  await lockRow(trx, 'coupons', order.coupon_id)
  if (await usedByLearner(order.coupon_id, order.user_id, trx, order.id)) return 'coupon_used'
  const coupon = await trx
    .selectFrom('coupons')
    .select(['usage_limit'])
    .where('id', '=', order.coupon_id)
    .executeTakeFirst()
  if (coupon?.usage_limit == null) return null
  return (await paidUses(order.coupon_id, trx)) > coupon.usage_limit ? 'coupon_limit' : null
}

/** Why a paid order is held for a refund (`orders.refund_reason`), or null when it is not. */
export async function refundDueReason(orderId: string): Promise<string | null> {
  const row = await db.selectFrom('orders').select('refund_reason').where('id', '=', orderId).executeTakeFirst()
  return row?.refund_reason ?? null
}

/** What the learner is told of a payment held for `reason` (a repeated callback shows the same news). */
export const refundDueMessage = (reason: string) =>
  Object.hasOwn(REFUND_DUE_MESSAGES, reason)
    ? REFUND_DUE_MESSAGES[reason as RefundDueReason]
    : 'Your payment could not be fulfilled, so you have not been enrolled. It will be refunded in 5-7 working days.'

async function sendRefundMail(
  order: { user_id: string; amount_paise: number; course_id: string | null },
  reason: RefundDueReason,
  conn: Kysely<Database>,
) {
  const user = await conn
    .selectFrom('users')
    .select(['email', 'name'])
    .where('id', '=', order.user_id)
    .executeTakeFirst()
  if (!user) return
  const course = order.course_id
    ? await conn.selectFrom('courses').select('course_title').where('id', '=', order.course_id).executeTakeFirst()
    : undefined
  const onOrder = `on your order${course ? ` for ${course.course_title}` : ''}`
  const why = {
    coupon_limit: `The coupon ${onOrder} reached its usage limit before your payment completed, so you have not been enrolled.`,
    coupon_used: `You had already used the coupon ${onOrder} (a coupon counts once per learner), so you have not been enrolled.`,
    revoked: `Your access${course ? ` to ${course.course_title}` : ''} was revoked by the admin, so your payment has not enrolled you. Please contact us if you think this is a mistake.`,
  }[reason]
  const again = reason === 'revoked' ? '' : ' You can buy the course again at its current price.'
  await sendMailQuietly({
    to: user.email,
    subject: `${BRAND_NAME}: your payment will be refunded`,
    text: `Hi ${user.name},\n\n${why} We will refund ${formatRupees(order.amount_paise / 100)} to you in 5-7 working days.${again}\n\nTeam ${BRAND_NAME}`,
  })
}
