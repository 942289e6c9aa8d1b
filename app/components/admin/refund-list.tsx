import { formatPaise } from '~/lib/refunds'
import type { RefundRow } from '~/models/money/refund-list.server'
import { when } from './payments-table'

// An order's refunds on the admin's refund page: when, how much, where it stands, why, who, the gateway's id and
// the credit note. A list of label/value lines, readable at 320 px.

const STATUS = { pending: 'Pending at Razorpay', processed: 'Processed', failed: 'Failed' } as const

export function RefundList({ refunds }: { refunds: RefundRow[] }) {
  if (refunds.length === 0) return null
  return (
    <section aria-labelledby="refunds-heading" className="mb-6">
      <h2 id="refunds-heading" className="mb-2 text-lg font-semibold">
        Refunds
      </h2>
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {refunds.map((r) => (
          <li key={r.id} className="p-3 text-sm" data-refund-id={r.id}>
            <p className="font-semibold">
              {formatPaise(r.amountPaise)} · {STATUS[r.status]}
              {r.failure ? <span className="font-normal text-red-700 dark:text-red-300"> ({r.failure})</span> : null}
            </p>
            <p>
              {when(r.createdAt)} by {r.actorName ?? 'Razorpay (made in its dashboard)'}
            </p>
            <p className="break-words">Reason: {r.reason}</p>
            {r.providerRefundId || r.creditNoteNumber ? (
              <p className="font-mono text-xs break-all">
                {[r.providerRefundId, r.creditNoteNumber ? `Credit note ${r.creditNoteNumber}` : null]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
