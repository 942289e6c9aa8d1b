import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { pageCount, Pagination } from '~/components/admin/ui'
import { formatAccessDate } from '~/lib/access'
import { formatIndiaDateTime } from '~/lib/dates'
import { formatPaise, MONEY_STATUS_LABELS, type MoneyStatus } from '~/lib/refunds'
import { listPurchases } from '~/models/money/receipts.server'
import { readListParams } from '~/schemas/admin'
import { requireUser } from '~/auth/guard.server'
import type { Route } from './+types/purchases'

// The learner's orders, newest first, ten a page (?page=): what, how much, coupon, status (refunds included), when,
// the payment id, the access end a course order gave, and for each paid order its receipt (a page and a PDF).

const PAGE_SIZE = 10

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const { page } = readListParams(request)
  const { total, purchases } = await listPurchases({ userId: user.id, page, pageSize: PAGE_SIZE })
  return { total, page, pages: pageCount(total, PAGE_SIZE), purchases }
}

export const meta: Route.MetaFunction = () => [{ title: 'Purchases | BioCoach' }]

const badge: Record<MoneyStatus, string> = {
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  'refund-due': 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  'partly-refunded': 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  refunded: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  created: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </div>
  )
}

export default function Purchases({ loaderData }: Route.ComponentProps) {
  const { purchases, total } = loaderData
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/profile" className="text-sm text-emerald-700 underline dark:text-emerald-400">
        ← Back to Profile
      </Link>
      <h1 className="mt-3 mb-2 text-2xl font-bold">Purchases</h1>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-300">
        {total === 0
          ? 'You have not bought anything yet.'
          : `${total === 1 ? '1 order' : `${total} orders`}, newest first. Each paid order has its receipt.`}
      </p>
      <ol className="flex flex-col gap-4">
        {purchases.map((p) => (
          <li key={p.id} data-order-id={p.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h2 className="font-semibold break-words">{p.title}</h2>
              <p className="flex items-baseline gap-2">
                <span className="font-semibold tabular-nums" data-testid="amount">
                  {formatPaise(p.amountPaise)}
                </span>
                <span className={`rounded px-2 py-0.5 text-xs font-semibold ${badge[p.status]}`} data-testid="status">
                  {MONEY_STATUS_LABELS[p.status]}
                </span>
              </p>
            </div>
            <dl className="mt-2 grid gap-1 text-sm">
              <Line label="Ordered">{formatIndiaDateTime(p.createdAt)}</Line>
              {p.paidAt ? <Line label="Paid">{formatIndiaDateTime(p.paidAt)}</Line> : null}
              {p.paymentId ? (
                <Line label="Payment id">
                  <span className="font-mono text-xs">{p.paymentId}</span>
                </Line>
              ) : null}
              {p.couponCode ? <Line label="Coupon">{p.couponCode.toUpperCase()}</Line> : null}
              {p.refundedPaise > 0 ? <Line label="Refunded">{formatPaise(p.refundedPaise)}</Line> : null}
              {p.accessUntil && p.status !== 'refunded' ? (
                <Line label="Access until">{formatAccessDate(p.accessUntil)}</Line>
              ) : null}
              {p.invoiceNumber ? <Line label="Tax invoice">{p.invoiceNumber}</Line> : null}
            </dl>
            {p.hasReceipt ? (
              <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
                <Link
                  to={`/profile/purchases/${p.id}/receipt`}
                  className="text-emerald-700 underline dark:text-emerald-400"
                >
                  Receipt<span className="sr-only"> for {p.title}</span>
                </Link>
                <a
                  href={`/profile/purchases/${p.id}/receipt.pdf`}
                  className="text-emerald-700 underline dark:text-emerald-400"
                >
                  PDF<span className="sr-only"> receipt for {p.title}</span>
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <Pagination page={loaderData.page} pageCount={loaderData.pages} />
    </main>
  )
}
