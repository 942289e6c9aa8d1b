import type { ExpressionBuilder, Kysely } from 'kysely'
import { COUNTED_REFUND_STATUSES } from '~/lib/refunds'
import type { Database } from '#db/schema'

// "Refunded so far" in SQL: the form of app/lib/refunds.ts `refundedSoFar` for queries over orders (the payments
// page, the learner's purchases, the refund model's "never more than the payment"). Both count the same statuses.

/** The refunded total of `orders.id` in a query over orders (paise; 0 when none). */
export const refundedPaiseOf = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb
    .selectFrom('refunds')
    .select((r) => r.fn.coalesce(r.fn.sum<number>('refunds.amount_paise'), r.val(0)).as('paise'))
    .whereRef('refunds.order_id', '=', 'orders.id')
    .where('refunds.status', 'in', COUNTED_REFUND_STATUSES)

/** What has been refunded of one order so far (paise). `conn` may be the caller's transaction. */
export async function refundedPaise(conn: Kysely<Database>, orderId: string): Promise<number> {
  const row = await conn
    .selectFrom('orders')
    .select((eb) => refundedPaiseOf(eb).as('paise'))
    .where('orders.id', '=', orderId)
    .executeTakeFirst()
  return Number(row?.paise ?? 0)
}

/**
 * An order that still pays for what it bought: paid, not held for a refund (`refund_reason`), and not refunded in
 * full (a free order, bought with a 100% coupon, cannot be refunded and always holds).
 */
export const stillPaid = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.and([
    eb('orders.status', '=', 'paid'),
    eb('orders.refund_reason', 'is', null),
    eb.or([eb('orders.amount_paise', '=', 0), eb('orders.amount_paise', '>', refundedPaiseOf(eb))]),
  ])
