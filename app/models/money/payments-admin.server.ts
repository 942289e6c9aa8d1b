import type { ExpressionBuilder } from 'kysely'
import type { PaymentFilters } from '~/lib/payment-filters'
import { moneyStatus, refundDueLabel, type MoneyStatus } from '~/lib/refunds'
import { refundedPaiseOf } from '~/models/money/refunded.server'
import { nameContains } from '~/utils/page.server'
import { db } from '~/utils/db.server'
import type { Database, OrderStatus } from '#db/schema'
import { onePage } from '~/utils/page.server'

// The admin payments page, its CSV export and the "paid but not fulfilled" check. Plain Kysely
// on both databases (decision 009): dates are ISO strings compared as strings, the day boundaries come from
// app/lib/payment-filters.ts, and every ORDER BY is on non-null columns (created_at, id).

/** An order as the payments page and its export show it. */
export type PaymentRow = {
  id: string
  createdAt: string
  paidAt: string | null
  status: OrderStatus
  /** Paid, but held for a refund (decision 004): never fulfilled. */
  refundDue: boolean
  /** Why it was held, as staff read it (app/lib/refunds.ts `REFUND_DUE_REASONS`); null when not held. */
  refundReason: string | null
  /** Refunded so far (refunds pending or processed), and what the order's money came to with them. */
  refundedPaise: number
  moneyStatus: MoneyStatus
  userId: string
  learnerName: string
  learnerEmail: string
  itemType: 'course' | 'quiz_bundle'
  courseId: string | null
  courseTitle: string | null
  amountPaise: number
  currency: string
  couponCode: string | null
  provider: 'razorpay' | 'demo' | 'free'
  providerOrderId: string | null
  providerPaymentId: string | null
}

const columns = [
  'orders.id',
  'orders.created_at',
  'orders.paid_at',
  'orders.status',
  'orders.refund_reason',
  'orders.user_id',
  'users.name as learner_name',
  'users.email as learner_email',
  'orders.item_type',
  'orders.course_id',
  'courses.course_title',
  'orders.amount_paise',
  'orders.currency',
  'coupons.code as coupon_code',
  'orders.provider',
  'orders.provider_order_id',
  'orders.provider_payment_id',
  (eb: ExpressionBuilder<Database, 'orders'>) => refundedPaiseOf(eb).as('refunded_paise'),
] as const

const ordersWithNames = () =>
  db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('courses', 'courses.id', 'orders.course_id')
    .leftJoin('coupons', 'coupons.id', 'orders.coupon_id')

type Joined = ExpressionBuilder<Database & { users: Database['users'] }, 'orders' | 'users'>

/** q: part of the learner's e-mail (case-insensitive), or exactly our order id, the gateway's order or payment id. */
function matches(filters: PaymentFilters) {
  return (eb: Joined) => {
    const conditions = []
    if (filters.q)
      conditions.push(
        eb.or([
          nameContains('users.email', filters.q),
          eb('orders.id', '=', filters.q),
          eb('orders.provider_order_id', '=', filters.q),
          eb('orders.provider_payment_id', '=', filters.q),
        ]),
      )
    if (filters.status) conditions.push(eb('orders.status', '=', filters.status))
    if (filters.fromIso) conditions.push(eb('orders.created_at', '>=', filters.fromIso))
    if (filters.toIso) conditions.push(eb('orders.created_at', '<', filters.toIso))
    return eb.and(conditions)
  }
}

type Raw = {
  id: string
  created_at: string
  paid_at: string | null
  status: OrderStatus
  refund_reason: string | null
  user_id: string
  learner_name: string
  learner_email: string
  item_type: 'course' | 'quiz_bundle'
  course_id: string | null
  course_title: string | null
  amount_paise: number
  currency: string
  coupon_code: string | null
  provider: 'razorpay' | 'demo' | 'free'
  provider_order_id: string | null
  provider_payment_id: string | null
  refunded_paise: number | null
}

function toRow(r: Raw): PaymentRow {
  const refundDue = r.status === 'paid' && Boolean(r.refund_reason)
  const refundedPaise = Number(r.refunded_paise ?? 0)
  return {
    id: r.id,
    createdAt: r.created_at,
    paidAt: r.paid_at,
    status: r.status,
    refundDue,
    refundReason: r.refund_reason === null ? null : refundDueLabel(r.refund_reason),
    refundedPaise,
    moneyStatus: moneyStatus({ status: r.status, refundDue, amountPaise: Number(r.amount_paise), refundedPaise }),
    userId: r.user_id,
    learnerName: r.learner_name,
    learnerEmail: r.learner_email,
    itemType: r.item_type,
    courseId: r.course_id,
    courseTitle: r.course_title,
    amountPaise: Number(r.amount_paise),
    currency: r.currency,
    couponCode: r.coupon_code,
    provider: r.provider,
    providerOrderId: r.provider_order_id,
    providerPaymentId: r.provider_payment_id,
  }
}

/** One page of orders, newest first, and how many match. */
export async function listPayments(input: { filters: PaymentFilters; page: number; pageSize: number }) {
  const where = matches(input.filters)
  const total = Number(
    (
      await ordersWithNames()
        .where(where)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n ?? 0,
  )
  const rows = await onePage(
    ordersWithNames().where(where).select(columns).orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc'),
    input,
  ).execute()
  return { total, payments: rows.map(toRow) }
}

/**
 * Every matching order, newest first, read `batch` rows at a time (keyset paging on created_at, id: stable while
 * orders arrive, and never the whole table in memory) for the streamed CSV export.
 */
export async function* eachPayment(filters: PaymentFilters, batch = 500): AsyncGenerator<PaymentRow> {
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    let query = ordersWithNames().where(matches(filters))
    if (after) {
      const { createdAt, id } = after
      query = query.where((eb) =>
        eb.or([
          eb('orders.created_at', '<', createdAt),
          eb.and([eb('orders.created_at', '=', createdAt), eb('orders.id', '<', id)]),
        ]),
      )
    }
    const rows = await query
      .select(columns)
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(batch)
      .execute()
    for (const r of rows) yield toRow(r)
    if (rows.length < batch) return
    const last = rows[rows.length - 1]
    after = { createdAt: last.created_at, id: last.id }
  }
}

export const UNFULFILLED_LIMIT = 100

/**
 * "Paid but not fulfilled": paid orders (not held for a refund) whose grant is missing: a course order with no
 * enrolment row for its buyer and course (an inactive row is an admin's revocation, decision 004, not a gap), a
 * bundle order whose buyer has no quiz access. The same rule as `regrantPaidOrder` in payment.server.ts, which
 * re-checks it under a lock before granting. Such orders are rare; the first UNFULFILLED_LIMIT are listed.
 */
export async function listUnfulfilled(limit = UNFULFILLED_LIMIT) {
  const base = ordersWithNames()
    .where('orders.status', '=', 'paid')
    .where('orders.refund_reason', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('orders.item_type', '=', 'course'),
          eb('orders.course_id', 'is not', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('enrollments')
                .select('enrollments.id')
                .whereRef('enrollments.user_id', '=', 'orders.user_id')
                .whereRef('enrollments.course_id', '=', 'orders.course_id'),
            ),
          ),
        ]),
        eb.and([eb('orders.item_type', '=', 'quiz_bundle'), eb('users.has_access_to_quizzes', '=', 0)]),
      ]),
    )
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n ?? 0)
  const rows = await base
    .select(columns)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute()
  return { total, orders: rows.map(toRow) }
}

/** One order as the payments page shows it (the refund page's summary). */
export async function getPayment(orderId: string): Promise<PaymentRow | undefined> {
  const row = await ordersWithNames().select(columns).where('orders.id', '=', orderId).executeTakeFirst()
  return row && toRow(row)
}

/**
 * "Payments to refund": paid orders held for a refund (taken but not fulfilled, decision 004) with money still to
 * give back, oldest first: each gets a one-click full refund. Rare; the first UNFULFILLED_LIMIT are listed.
 */
export async function listRefundDue(limit = UNFULFILLED_LIMIT) {
  const base = ordersWithNames()
    .where('orders.status', '=', 'paid')
    .where('orders.refund_reason', 'is not', null)
    .where((eb) => eb('orders.amount_paise', '>', refundedPaiseOf(eb)))
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n ?? 0)
  const rows = await base.select(columns).orderBy('orders.paid_at').orderBy('orders.id').limit(limit).execute()
  return { total, orders: rows.map(toRow) }
}
