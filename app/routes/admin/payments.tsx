import { Form } from 'react-router'
import { PaymentsTable, RefundDue, Unfulfilled } from '~/components/admin/payments-table'
import { buttonClass, PageTitle, pageCount, Pagination, secondaryButtonClass } from '~/components/admin/ui'
import { inputClass } from '~/components/forms'
import { isId } from '~/lib/ids'
import { ORDER_STATUSES, parsePaymentFilters, paymentFilterQuery } from '~/lib/payment-filters'
import { formatPaise, refundDueLabel } from '~/lib/refunds'
import { refundDueReason, regrantPaidOrder } from '~/models/money/payment.server'
import { listPayments, listRefundDue, listUnfulfilled } from '~/models/money/payments-admin.server'
import { refundOrder } from '~/models/money/refund.server'
import { requireRole } from '~/auth/guard.server'
import { readForm } from '~/utils/body.server'
import { redirectWithError, redirectWithInfo, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/payments'

// Payments (admin only): every order, searchable and filtered on the server through a GET form (works
// without JS), paged, each paid one with its Refund page (./refund.tsx); the "paid but not fulfilled" check with a
// Fulfil button (a POST form) that re-grants through payment.server.ts (`regrantPaidOrder`, exactly once, audited);
// the payments held for a refund (taken but never fulfilled, each with its reason) with a one-click full refund; a
// CSV link carrying the same filters.
const PAGE_SIZE = 20

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const { filters, page, errors } = parsePaymentFilters(new URL(request.url).searchParams)
  const [{ total, payments }, unfulfilled, refundDue] = await Promise.all([
    listPayments({ filters, page, pageSize: PAGE_SIZE }),
    listUnfulfilled(),
    listRefundDue(),
  ])
  return {
    form: { q: filters.q, status: filters.status ?? '', from: filters.from ?? '', to: filters.to ?? '' },
    errors,
    page,
    pages: pageCount(total, PAGE_SIZE),
    total,
    payments,
    unfulfilled,
    refundDue,
    exportHref: `/admin/export/payments.csv${paymentFilterQuery(filters)}`,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRole(request, 'admin')
  const form = await readForm(request)
  const url = new URL(request.url)
  const back = url.pathname + url.search
  const orderId = form.get('orderId')
  if (form.get('intent') === 'refund-due') {
    // The one-click refund is only for payments held for a refund; any other refund has its own page.
    const held = isId(orderId) ? await refundDueReason(orderId) : null
    if (!isId(orderId) || !held)
      throw await redirectWithError(back, 'Only a payment held for a refund (never fulfilled) is refunded here')
    const refund = await refundOrder({
      orderId,
      reason: `${refundDueLabel(held)}, so the payment was not fulfilled`,
      actorId: admin.id,
    })
    if (refund.kind === 'refunded')
      throw await redirectWithSuccess(back, `Refunded ${formatPaise(refund.amountPaise)} of order ${orderId}`)
    throw await redirectWithError(back, refund.message)
  }
  if (!isId(orderId)) throw await redirectWithError(back, 'Choose an order to fulfil')
  const outcome = await regrantPaidOrder({ orderId, actorId: admin.id })
  if (outcome.kind === 'regranted') throw await redirectWithSuccess(back, `Order ${orderId} fulfilled`)
  if (outcome.kind === 'not-needed')
    throw await redirectWithInfo(back, `Order ${orderId} already has its enrolment or quiz access: nothing to do`)
  const reasons = {
    'not-found': 'Order not found',
    'not-paid': `Order ${orderId} is not paid: nothing to fulfil`,
    'refund-due': `Order ${orderId} is held for a refund (it could not be fulfilled when paid): not fulfilled`,
    'no-course': `Order ${orderId}: its course was deleted, grant access by hand`,
  } as const
  throw await redirectWithError(back, reasons[outcome.reason])
}

export const meta: Route.MetaFunction = () => [{ title: 'Payments | Admin' }]

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { form } = loaderData
  return (
    <>
      <PageTitle
        actions={
          // A plain link (not client navigation): the browser downloads the streamed file.
          <a href={loaderData.exportHref} className={secondaryButtonClass} download>
            Download CSV
          </a>
        }
      >
        Payments
      </PageTitle>
      <RefundDue orders={loaderData.refundDue.orders} total={loaderData.refundDue.total} />
      <Unfulfilled orders={loaderData.unfulfilled.orders} total={loaderData.unfulfilled.total} />
      <Form method="get" role="search" aria-label="Filter orders" className="mb-4 grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm font-medium sm:col-span-2">
          E-mail, order id or payment id
          <input type="search" name="q" defaultValue={form.q} className={inputClass} maxLength={100} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select name="status" defaultValue={form.status} className={inputClass}>
            <option value="">Any status</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.charAt(0).toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <div className="grid grid-cols-2 gap-2">
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
            From (IST)
            <input type="date" name="from" defaultValue={form.from} className={`${inputClass} min-w-0`} />
          </label>
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
            To (IST)
            <input type="date" name="to" defaultValue={form.to} className={`${inputClass} min-w-0`} />
          </label>
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" className={buttonClass}>
            Apply filters
          </button>
          <a href="/admin/payments" className={secondaryButtonClass}>
            Clear
          </a>
        </div>
      </Form>
      {loaderData.errors.length ? (
        <ul
          role="alert"
          className="mb-4 rounded border border-red-300 p-3 text-sm text-red-700 dark:border-red-700 dark:text-red-300"
        >
          {loaderData.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <p className="mb-2 text-sm" data-testid="orders-total">
        {loaderData.total === 1 ? '1 order' : `${loaderData.total} orders`}
      </p>
      <PaymentsTable payments={loaderData.payments} />
      <Pagination page={loaderData.page} pageCount={loaderData.pages} />
    </>
  )
}
