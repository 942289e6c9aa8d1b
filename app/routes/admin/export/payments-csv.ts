import { csvResponse, type CsvCell } from '~/lib/csv-write'
import { parsePaymentFilters } from '~/lib/payment-filters'
import { eachPayment } from '~/models/money/payments-admin.server'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/payments-csv'

// GET /admin/export/payments.csv (admin only): the payments page's filters (?q, status, from,
// to), every matching order streamed, read from the database a batch at a time, with what was refunded of each and
// its net (the amount less refunds).

export const PAYMENTS_CSV_HEADER = [
  'order_id',
  'created_at',
  'paid_at',
  'status',
  'refund_due',
  'learner_name',
  'learner_email',
  'item',
  'course_id',
  'amount_inr',
  'currency',
  'coupon',
  'gateway',
  'gateway_order_id',
  'gateway_payment_id',
  'refunded_inr',
  'net_inr',
] as const

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin', 'file')
  const { filters, errors } = parsePaymentFilters(new URL(request.url).searchParams)
  // The page drops a bad filter with a message; a download would silently hold more rows than asked, so it says no.
  if (errors.length)
    return new Response(errors.join('\n'), { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  async function* rows(): AsyncGenerator<CsvCell[]> {
    for await (const p of eachPayment(filters))
      yield [
        p.id,
        p.createdAt,
        p.paidAt,
        p.status,
        p.refundDue,
        p.learnerName,
        p.learnerEmail,
        p.itemType === 'quiz_bundle' ? 'Quiz bundle' : (p.courseTitle ?? 'Deleted course'),
        p.courseId,
        (p.amountPaise / 100).toFixed(2),
        p.currency,
        p.couponCode,
        p.provider,
        p.providerOrderId,
        p.providerPaymentId,
        (p.refundedPaise / 100).toFixed(2),
        // What was kept, as the dashboard's net counts it: a paid order less its refunds; nothing for an unpaid
        // or failed order, or a payment held for a refund (never fulfilled, so not revenue).
        ((p.status === 'paid' && !p.refundDue ? p.amountPaise - p.refundedPaise : 0) / 100).toFixed(2),
      ]
  }
  return csvResponse(`payments-${new Date().toISOString().slice(0, 10)}.csv`, PAYMENTS_CSV_HEADER, rows())
}
