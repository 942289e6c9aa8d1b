import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { StatusButton } from '~/components/forms'
import { indiaDateTime } from '~/lib/dates'
import { formatRupees } from '~/lib/pricing'
import type { PaymentRow } from '~/models/payments-admin.server'
import { buttonClass } from './ui'

// The payments page's parts (issue 15 item 2). Below `sm` each order row stacks as a card of label/value pairs
// (the <td>'s data-label shown before its value), so a 320 px phone reads it without sideways scrolling.

export const when = (iso: string | null) => (iso ? indiaDateTime.format(new Date(iso)) : '---')
export const itemLabel = (p: Pick<PaymentRow, 'itemType' | 'courseTitle'>) =>
  p.itemType === 'quiz_bundle' ? 'Quiz bundle' : (p.courseTitle ?? 'Deleted course')
export const statusLabel = (p: Pick<PaymentRow, 'status' | 'refundDue'>) =>
  p.refundDue ? 'Paid · refund due' : p.status.charAt(0).toUpperCase() + p.status.slice(1)
const gatewayLabel = { razorpay: 'Razorpay', demo: 'Demo gateway', free: 'Free (100% coupon)' } as const

const statusClass: Record<PaymentRow['status'], string> = {
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  created: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
}

function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td
      data-label={label}
      className={`px-3 py-2 align-top max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)] ${className ?? ''}`}
    >
      <div className="min-w-0 break-words">{children}</div>
    </td>
  )
}

const Ids = ({ p }: { p: PaymentRow }) => (
  <span className="font-mono text-xs break-all">
    <span className="block">{p.providerOrderId ?? '---'}</span>
    <span className="block" data-testid="payment-id">
      {p.providerPaymentId ?? '---'}
    </span>
  </span>
)

export function PaymentsTable({ payments }: { payments: PaymentRow[] }) {
  const head = ['Learner', 'Item', 'Amount', 'Coupon', 'Status', 'Gateway ids (order, payment)', 'Dates (IST)']
  return (
    // Focusable so keyboard users can scroll the table sideways on a mid-sized screen (axe scrollable-region-focusable).
    <div
      tabIndex={0}
      role="region"
      aria-label="Orders"
      className="rounded border border-slate-200 sm:overflow-x-auto dark:border-slate-700"
    >
      <table className="min-w-full text-left text-sm max-sm:block">
        <thead className="bg-slate-100 max-sm:sr-only dark:bg-slate-800">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-sm:block dark:divide-slate-700">
          {payments.length === 0 ? (
            <tr className="max-sm:block">
              <td
                colSpan={head.length}
                className="px-3 py-6 text-center text-slate-500 max-sm:block dark:text-slate-400"
              >
                No orders found
              </td>
            </tr>
          ) : (
            payments.map((p) => (
              <tr key={p.id} data-order-id={p.id} className="max-sm:block max-sm:px-3 max-sm:py-2">
                <Cell label="Learner" className="sm:min-w-48">
                  <p className="font-medium">{p.learnerName}</p>
                  <p className="text-xs break-all text-slate-600 dark:text-slate-300">{p.learnerEmail}</p>
                </Cell>
                <Cell label="Item">{itemLabel(p)}</Cell>
                <Cell label="Amount" className="whitespace-nowrap">
                  <span data-testid="amount">{formatRupees(p.amountPaise / 100)}</span>
                </Cell>
                <Cell label="Coupon">{p.couponCode ? <span className="uppercase">{p.couponCode}</span> : '---'}</Cell>
                <Cell label="Status">
                  <span
                    className={`rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClass[p.status]}`}
                  >
                    {statusLabel(p)}
                  </span>
                </Cell>
                <Cell label="Gateway ids">
                  <span className="block text-xs">{gatewayLabel[p.provider]}</span>
                  <Ids p={p} />
                  <span className="block font-mono text-xs break-all text-slate-500 dark:text-slate-400">
                    Order {p.id}
                  </span>
                </Cell>
                <Cell label="Dates (IST)" className="sm:min-w-40">
                  <span className="block">Created {when(p.createdAt)}</span>
                  <span className="block">Paid {when(p.paidAt)}</span>
                </Cell>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
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
