import { Form, Link } from 'react-router'
import { StatusButton } from '~/components/forms'
import { indiaDateTime } from '~/lib/dates'
import { formatRupees } from '~/lib/pricing'
import { formatPaise, MONEY_STATUS_LABELS, type MoneyStatus } from '~/lib/refunds'
import type { PaymentRow } from '~/models/money/payments-admin.server'
import { buttonClass, dangerButtonClass, Table, Td } from './ui'

// The payments page's parts. The orders are an admin Table: below `sm` each order row stacks
// as a card of label/value lines, so a 320 px phone reads it without sideways scrolling.

export const when = (iso: string | null) => (iso ? indiaDateTime.format(new Date(iso)) : '---')
export const itemLabel = (p: Pick<PaymentRow, 'itemType' | 'courseTitle'>) =>
  p.itemType === 'quiz_bundle' ? 'Quiz bundle' : (p.courseTitle ?? 'Deleted course')
export const statusLabel = (p: Pick<PaymentRow, 'moneyStatus'>) =>
  p.moneyStatus === 'created' ? 'Created' : MONEY_STATUS_LABELS[p.moneyStatus]
const gatewayLabel = { razorpay: 'Razorpay', demo: 'Demo gateway', free: 'Free (100% coupon)' } as const

const paidClass = 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
const refundClass = 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'
const statusClass: Record<MoneyStatus, string> = {
  paid: paidClass,
  'refund-due': paidClass,
  'partly-refunded': refundClass,
  refunded: refundClass,
  created: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
}

/** A paid order with money left to give back: its refund page. */
const refundable = (p: PaymentRow) => p.status === 'paid' && p.amountPaise > p.refundedPaise

const Ids = ({ p }: { p: PaymentRow }) => (
  <span className="font-mono text-xs break-all">
    <span className="block">{p.providerOrderId ?? '---'}</span>
    <span className="block" data-testid="payment-id">
      {p.providerPaymentId ?? '---'}
    </span>
  </span>
)

export function PaymentsTable({ payments }: { payments: PaymentRow[] }) {
  return (
    <Table
      head={['Learner', 'Item', 'Amount', 'Coupon', 'Status', 'Gateway ids (order, payment)', 'Dates (IST)']}
      label="Orders"
      empty={payments.length === 0 ? 'No orders found' : undefined}
    >
      {payments.map((p) => (
        <tr key={p.id} data-order-id={p.id}>
          <Td className="sm:min-w-48">
            {/* Left-aligned like UserCell in the other admin user tables. */}
            <div className="min-w-0 text-left">
              <p className="font-medium">{p.learnerName}</p>
              <p className="text-xs break-all text-slate-600 dark:text-slate-300">{p.learnerEmail}</p>
            </div>
          </Td>
          <Td>{itemLabel(p)}</Td>
          <Td className="whitespace-nowrap">
            <span data-testid="amount">{formatRupees(p.amountPaise / 100)}</span>
            {p.refundedPaise > 0 ? (
              <span className="block text-xs" data-testid="refunded">
                {formatPaise(p.refundedPaise)} refunded
              </span>
            ) : null}
          </Td>
          <Td>{p.couponCode ? <span className="uppercase">{p.couponCode}</span> : '---'}</Td>
          <Td>
            <span
              className={`rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClass[p.moneyStatus]}`}
            >
              {statusLabel(p)}
            </span>
            {refundable(p) ? (
              <Link
                to={`/admin/payments/${p.id}/refund`}
                className="mt-1 block text-sm font-semibold text-red-700 hover:underline dark:text-red-300"
                aria-label={`Refund order ${p.id}`}
              >
                Refund
              </Link>
            ) : null}
          </Td>
          <Td label="Gateway ids">
            <div className="min-w-0">
              <span className="block text-xs">{gatewayLabel[p.provider]}</span>
              <Ids p={p} />
              <span className="block font-mono text-xs break-all text-slate-500 dark:text-slate-400">Order {p.id}</span>
            </div>
          </Td>
          <Td className="sm:min-w-40">
            <div>
              <span className="block">Created {when(p.createdAt)}</span>
              <span className="block">Paid {when(p.paidAt)}</span>
            </div>
          </Td>
        </tr>
      ))}
    </Table>
  )
}

/** "Paid but not fulfilled": each order with a Fulfil button (a plain POST form, works without JS). */
export function Unfulfilled({ orders, total }: { orders: PaymentRow[]; total: number }) {
  return (
    <section
      aria-labelledby="unfulfilled-title"
      className="mb-8 rounded-lg border border-amber-300 p-4 dark:border-amber-700"
    >
      <h2 id="unfulfilled-title" className="text-lg font-bold">
        Paid but not fulfilled
      </h2>
      {orders.length === 0 ? (
        <p className="mt-1 text-sm">Every paid order has its enrolment or quiz access.</p>
      ) : (
        <>
          <p className="mt-1 text-sm">
            {total === 1 ? '1 paid order is' : `${total} paid orders are`} missing the enrolment or quiz access the
            payment bought{total > orders.length ? ` (the first ${orders.length} are listed)` : ''}. Fulfil grants it
            once, through the same step the payment webhook uses, and records it in the audit log.
          </p>
          <ul className="mt-3 flex flex-col gap-3">
            {orders.map((p) => (
              <li
                key={p.id}
                data-order-id={p.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded border border-slate-200 p-3 dark:border-slate-700"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-medium">
                    {p.learnerName}{' '}
                    <span className="break-all text-slate-600 dark:text-slate-300">({p.learnerEmail})</span>
                  </p>
                  <p>
                    {itemLabel(p)} · {formatRupees(p.amountPaise / 100)} · paid {when(p.paidAt)}
                  </p>
                  <p className="font-mono text-xs break-all">
                    Order {p.id}
                    {p.providerPaymentId ? ` · ${p.providerPaymentId}` : ''}
                  </p>
                  <p className="text-xs text-amber-800 dark:text-amber-300">
                    {p.itemType === 'course' ? 'Enrolment missing' : 'Quiz access missing'}
                  </p>
                </div>
                <Form method="post" preventScrollReset>
                  <StatusButton name="orderId" value={p.id} pendingText="Fulfilling..." className={buttonClass}>
                    Fulfil
                  </StatusButton>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

/**
 * "Payments to refund": paid orders held for a refund because their coupon was over its limit (decision 004), each
 * with a one-click full refund (a plain POST form, works without JS; the reason is recorded for staff).
 */
export function RefundDue({ orders, total }: { orders: PaymentRow[]; total: number }) {
  if (total === 0) return null
  return (
    <section
      aria-labelledby="refund-due-title"
      className="mb-8 rounded-lg border border-red-300 p-4 dark:border-red-700"
    >
      <h2 id="refund-due-title" className="text-lg font-bold">
        Payments to refund
      </h2>
      <p className="mt-1 text-sm">
        {total === 1 ? '1 payment was' : `${total} payments were`} taken but never fulfilled, each for the reason shown
        {total > orders.length ? ` (the first ${orders.length} are listed)` : ''}. Refund gives the rest of the payment
        back through its gateway, once.
      </p>
      <ul className="mt-3 flex flex-col gap-3">
        {orders.map((p) => (
          <li
            key={p.id}
            data-order-id={p.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded border border-slate-200 p-3 dark:border-slate-700"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {p.learnerName} <span className="break-all text-slate-600 dark:text-slate-300">({p.learnerEmail})</span>
              </p>
              <p>
                {itemLabel(p)} · {formatPaise(p.amountPaise)} · paid {when(p.paidAt)}
                {p.couponCode ? ` · coupon ${p.couponCode.toUpperCase()}` : ''}
              </p>
              <p data-testid="refund-reason">Why: {p.refundReason}</p>
              <p className="font-mono text-xs break-all">
                Order {p.id}
                {p.providerPaymentId ? ` · ${p.providerPaymentId}` : ''}
              </p>
            </div>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="refund-due" />
              <StatusButton name="orderId" value={p.id} pendingText="Refunding..." className={dangerButtonClass}>
                {`Refund ${formatPaise(p.amountPaise - p.refundedPaise)}`}
              </StatusButton>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  )
}
