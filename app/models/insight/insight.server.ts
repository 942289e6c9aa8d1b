import { sql } from 'kysely'
import { dailySeries, lastDays, revenueWindows, type DayPoint } from '~/lib/insight-days'
import { COUNTED_REFUND_STATUSES } from '~/lib/refunds'
import { db } from '~/utils/db.server'

// The staff dashboard's figures: revenue from paid orders and the daily activity of the last 30
// days. Day boundaries are Indian calendar days computed in JS (app/lib/insight-days.ts); the SQL only compares
// stored ISO timestamps with them and groups by a text prefix, so it is the same on SQLite and PostgreSQL.
//
// Revenue is money actually taken: orders with status 'paid' and a positive amount. Free (₹0) enrolments, created
// (abandoned) and failed orders are not revenue, nor is a paid order marked for refund (refund_reason: the
// payment was taken but could not be fulfilled, and staff give it back). An order counts on the day it was paid.
// Net revenue takes away the refunds of those orders (pending or processed: a failed refund gave nothing back), each
// on the day it was made, so a window's net is what came in that window less what went back in it.

const num = (n: unknown) => Number(n ?? 0)

/** The orders that are revenue. */
const revenueOrders = () =>
  db
    .selectFrom('orders')
    .where('orders.status', '=', 'paid')
    .where('orders.amount_paise', '>', 0)
    .where('orders.refund_reason', 'is', null)
    .where('orders.paid_at', 'is not', null)

/** A sum of amount_paise over the revenue orders paid in [from, to). */
const windowSum = (from: string, to: string) =>
  sql<number>`coalesce(sum(case when ${sql.ref('orders.paid_at')} >= ${from} and ${sql.ref('orders.paid_at')} < ${to} then ${sql.ref('orders.amount_paise')} else 0 end), 0)`

export type RevenueSummary = {
  /** Paise. */
  todayPaise: number
  last7Paise: number
  last30Paise: number
  allTimePaise: number
  allTimeOrders: number
}

export async function revenueSummary(now = new Date()): Promise<RevenueSummary> {
  const w = revenueWindows(now)
  const row = await revenueOrders()
    .select([
      windowSum(w.today, w.end).as('today'),
      windowSum(w.last7, w.end).as('last7'),
      windowSum(w.last30, w.end).as('last30'),
      sql<number>`coalesce(sum(${sql.ref('orders.amount_paise')}), 0)`.as('all_time'),
      (eb) => eb.fn.countAll().as('orders'),
    ])
    .executeTakeFirstOrThrow()
  return {
    todayPaise: num(row.today),
    last7Paise: num(row.last7),
    last30Paise: num(row.last30),
    allTimePaise: num(row.all_time),
    allTimeOrders: num(row.orders),
  }
}

/** Refunds of revenue orders, by the day they were made (the windows of `revenueSummary`). Paise. */
export type RefundSummary = { todayPaise: number; last7Paise: number; last30Paise: number; allTimePaise: number }

const revenueRefunds = () =>
  db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .where('refunds.status', 'in', COUNTED_REFUND_STATUSES)
    .where('orders.status', '=', 'paid')
    .where('orders.amount_paise', '>', 0)
    .where('orders.refund_reason', 'is', null)

const refundWindowSum = (from: string, to: string) =>
  sql<number>`coalesce(sum(case when ${sql.ref('refunds.created_at')} >= ${from} and ${sql.ref('refunds.created_at')} < ${to} then ${sql.ref('refunds.amount_paise')} else 0 end), 0)`

export async function refundSummary(now = new Date()): Promise<RefundSummary> {
  const w = revenueWindows(now)
  const row = await revenueRefunds()
    .select([
      refundWindowSum(w.today, w.end).as('today'),
      refundWindowSum(w.last7, w.end).as('last7'),
      refundWindowSum(w.last30, w.end).as('last30'),
      sql<number>`coalesce(sum(${sql.ref('refunds.amount_paise')}), 0)`.as('all_time'),
    ])
    .executeTakeFirstOrThrow()
  return {
    todayPaise: num(row.today),
    last7Paise: num(row.last7),
    last30Paise: num(row.last30),
    allTimePaise: num(row.all_time),
  }
}

/** Gross revenue less refunds, window by window. */
export const netRevenue = (gross: RevenueSummary, refunds: RefundSummary): RefundSummary => ({
  todayPaise: gross.todayPaise - refunds.todayPaise,
  last7Paise: gross.last7Paise - refunds.last7Paise,
  last30Paise: gross.last30Paise - refunds.last30Paise,
  allTimePaise: gross.allTimePaise - refunds.allTimePaise,
})

/** All-time refunds of revenue orders per item (course id, or 'quiz_bundle'), for the net beside each item. */
export async function refundsByItem(): Promise<Record<string, number>> {
  const rows = await revenueRefunds()
    .select([
      'orders.item_type as itemType',
      'orders.course_id as courseId',
      sql<number>`sum(${sql.ref('refunds.amount_paise')})`.as('paise'),
    ])
    .groupBy(['orders.item_type', 'orders.course_id'])
    .execute()
  return Object.fromEntries(
    rows.map((r) => [r.itemType === 'quiz_bundle' ? 'quiz_bundle' : (r.courseId ?? 'unknown'), num(r.paise)]),
  )
}

export type ItemRevenue = {
  /** Course id, or 'quiz_bundle'. */
  key: string
  itemType: 'course' | 'quiz_bundle'
  /** The course title ('Quiz bundle' for the bundle; 'Deleted course' when the course row is gone). */
  title: string
  orders: number
  last30Paise: number
  allTimePaise: number
}

/** Revenue per course and for the quiz bundle, all time and last 30 days, largest first. */
export async function revenueByItem(now = new Date()): Promise<ItemRevenue[]> {
  const w = revenueWindows(now)
  const rows = await revenueOrders()
    .leftJoin('courses', 'courses.id', 'orders.course_id')
    .select([
      'orders.item_type as itemType',
      'orders.course_id as courseId',
      'courses.course_title as courseTitle',
      (eb) => eb.fn.countAll().as('orders'),
      windowSum(w.last30, w.end).as('last30'),
      sql<number>`sum(${sql.ref('orders.amount_paise')})`.as('all_time'),
    ])
    .groupBy(['orders.item_type', 'orders.course_id', 'courses.course_title'])
    .execute()
  return rows
    .map((r) => ({
      key: r.itemType === 'quiz_bundle' ? 'quiz_bundle' : (r.courseId ?? 'unknown'),
      itemType: r.itemType,
      title: r.itemType === 'quiz_bundle' ? 'Quiz bundle' : (r.courseTitle ?? 'Deleted course'),
      orders: num(r.orders),
      last30Paise: num(r.last30),
      allTimePaise: num(r.all_time),
    }))
    .sort((a, b) => b.allTimePaise - a.allTimePaise || a.title.localeCompare(b.title))
}

export type LatestPayment = {
  id: string
  learnerName: string
  learnerEmail: string
  item: string
  amountPaise: number
  paidAt: string
  provider: string
}

/** The latest paid orders that are revenue, newest first (paid_at is set on all of them: no NULL sort trap). */
export async function latestPayments(limit = 10): Promise<LatestPayment[]> {
  const rows = await revenueOrders()
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('courses', 'courses.id', 'orders.course_id')
    .select([
      'orders.id',
      'orders.item_type as itemType',
      'orders.amount_paise as amountPaise',
      'orders.paid_at as paidAt',
      'orders.provider',
      'users.name as learnerName',
      'users.email as learnerEmail',
      'courses.course_title as courseTitle',
    ])
    .orderBy('orders.paid_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    learnerName: r.learnerName,
    learnerEmail: r.learnerEmail,
    item: r.itemType === 'quiz_bundle' ? 'Quiz bundle' : (r.courseTitle ?? 'Deleted course'),
    amountPaise: num(r.amountPaise),
    paidAt: r.paidAt!,
    provider: r.provider,
  }))
}

export type ActivitySeries = { signups: DayPoint[]; enrolments: DayPoint[]; attempts: DayPoint[] }

/**
 * Counts per 10-minute prefix of a timestamp column ('YYYY-MM-DDTHH:M') in [from, to). Grouping by that prefix
 * keeps the result small (at most 144 rows a day) while never mixing two Indian days: IST midnight is 18:30 UTC,
 * on a 10-minute boundary. `substr` is the same function on both databases.
 */
async function countsByTenMinutes(
  table: 'users' | 'enrollments' | 'attempts',
  column: 'created_at' | 'submitted_at',
  from: string,
  to: string,
) {
  const prefix = sql<string>`substr(${sql.ref(column)}, 1, 15)`
  const rows = await db
    .selectFrom(table)
    .select([prefix.as('prefix'), (eb) => eb.fn.countAll().as('n')])
    .where(sql.ref(column), '>=', from)
    .where(sql.ref(column), '<', to)
    // A practice set's attempt is a learner's own revision, not an attempt of a quiz (migrations/0015).
    .$if(table === 'attempts', (q) => q.where(sql.ref('practice_set_id'), 'is', null))
    .groupBy(prefix)
    .execute()
  return rows.map((r) => ({ prefix: String(r.prefix), n: num(r.n) }))
}

/**
 * New sign-ups (accounts created), enrolments (course access granted, by any source) and quiz attempts (submitted)
 * per Indian calendar day for the last `days` days, today included: exactly `days` points each, zeros included.
 */
export async function dailyActivity(now = new Date(), days = 30): Promise<ActivitySeries> {
  const keys = lastDays(now, days)
  const w = revenueWindows(now)
  const from = new Date(Date.parse(w.end) - days * 86_400_000).toISOString()
  const [signups, enrolments, attempts] = await Promise.all([
    countsByTenMinutes('users', 'created_at', from, w.end),
    countsByTenMinutes('enrollments', 'created_at', from, w.end),
    countsByTenMinutes('attempts', 'submitted_at', from, w.end),
  ])
  return {
    signups: dailySeries(keys, signups),
    enrolments: dailySeries(keys, enrolments),
    attempts: dailySeries(keys, attempts),
  }
}
