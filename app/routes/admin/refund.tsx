import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import type { z } from 'zod'
import { itemLabel, when } from '~/components/admin/payments-table'
import { RefundList } from '~/components/admin/refund-list'
import { buttonClass, dangerButtonClass, PageTitle, secondaryButtonClass } from '~/components/admin/ui'
import { ErrorList, Field, StatusButton, TextareaField } from '~/components/forms'
import { isId } from '~/lib/ids'
import { formatPaise, MONEY_STATUS_LABELS, rupeesInput } from '~/lib/refunds'
import { getPayment } from '~/models/money/payments-admin.server'
import { listRefunds } from '~/models/money/refund-list.server'
import { refundOrder } from '~/models/money/refund.server'
import { REFUND_REASON_MAX, RefundSchema } from '~/schemas/refund'
import { requireRole } from '~/auth/guard.server'
import { readForm } from '~/utils/body.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/refund'

// Refund one paid order (admin only), reached from /admin/payments: the amount (rupees; blank is the rest of the
// payment) and the reason, then a confirmation rendered by the server (so it works without JS) that says what the
// refund does, then the refund itself (app/models/money/refund.server.ts: never more than is left, even with two admins).

async function orderOr404(orderId: string) {
  const order = isId(orderId) ? await getPayment(orderId) : undefined
  if (!order) throw data('Order not found', { status: 404 })
  return order
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const order = await orderOr404(params.orderId)
  return { order, refunds: await listRefunds(order.id) }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireRole(request, 'admin')
  const order = await orderOr404(params.orderId)
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: RefundSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), confirm: null }, 400)
  const { amount, reason } = submission.value
  const leftPaise = order.amountPaise - order.refundedPaise
  if (order.status !== 'paid' || leftPaise <= 0)
    return data(
      { result: submission.reply({ formErrors: ['Nothing is left to refund on this order'] }), confirm: null },
      409,
    )
  const amountPaise = amount ?? leftPaise
  if (amountPaise > leftPaise)
    return data(
      {
        result: submission.reply({ fieldErrors: { amount: [`At most ${formatPaise(leftPaise)} is left to refund`] } }),
        confirm: null,
      },
      400,
    )
  if (formData.get('intent') !== 'refund')
    return { result: submission.reply(), confirm: { amountPaise, reason, full: amountPaise === leftPaise } }

  const outcome = await refundOrder({ orderId: order.id, amountPaise, reason, actorId: admin.id })
  if (outcome.kind === 'refunded')
    throw await redirectWithSuccess(
      `/admin/payments?q=${order.id}`,
      `Refunded ${formatPaise(outcome.amountPaise)} of order ${order.id}${outcome.status === 'pending' ? ' (Razorpay is processing it)' : ''}`,
    )
  const status =
    outcome.kind === 'gateway-error'
      ? 502
      : outcome.reason === 'too-much' || outcome.reason === 'not-positive'
        ? 400
        : 409
  return data({ result: submission.reply({ formErrors: [outcome.message] }), confirm: null }, status)
}

export const meta: Route.MetaFunction = () => [{ title: 'Refund | Admin' }]

export default function Refund({ loaderData, actionData }: Route.ComponentProps) {
  const { order, refunds } = loaderData
  const leftPaise = order.amountPaise - order.refundedPaise
  const confirm = actionData?.confirm ?? null
  const [form, fields] = useForm<z.input<typeof RefundSchema>>({
    lastResult: confirm ? undefined : actionData?.result,
    // Validated by the server only, as the payments page's other forms are.
  })
  // What a full refund takes back (app/models/money/refund-access.server.ts): the bundle's quiz access, or the period
  // this course order bought.
  const takesBack =
    order.itemType === 'quiz_bundle'
      ? 'their quiz access ends now'
      : `the period this order bought comes off their access to ${itemLabel(order)} (it ends now if nothing else paid for it)`
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/payments" className={secondaryButtonClass}>
            Back to payments
          </Link>
        }
      >
        Refund
      </PageTitle>
      <section
        aria-labelledby="order-heading"
        className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      >
        <h2 id="order-heading" className="text-lg font-semibold">
          {itemLabel(order)}
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-medium">Learner: </dt>
            <dd className="inline break-all">
              {order.learnerName} ({order.learnerEmail})
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Status: </dt>
            <dd className="inline" data-testid="money-status">
              {MONEY_STATUS_LABELS[order.moneyStatus]}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Paid: </dt>
            <dd className="inline">
              {formatPaise(order.amountPaise)} on {when(order.paidAt)}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Refunded: </dt>
            <dd className="inline">{formatPaise(order.refundedPaise)}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Left to refund: </dt>
            <dd className="inline" data-testid="left">
              {formatPaise(Math.max(0, leftPaise))}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Payment: </dt>
            <dd className="inline font-mono text-xs break-all">
              {order.provider === 'razorpay' ? (order.providerPaymentId ?? '---') : `${order.provider} (recorded here)`}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="inline font-medium">Order: </dt>
            <dd className="inline font-mono text-xs break-all">{order.id}</dd>
          </div>
        </dl>
      </section>

      <RefundList refunds={refunds} />

      {order.status !== 'paid' || leftPaise <= 0 ? (
        <p className="rounded bg-slate-100 p-3 text-sm dark:bg-slate-800">Nothing is left to refund on this order.</p>
      ) : confirm ? (
        <section aria-labelledby="confirm-heading" className="rounded-lg border border-red-300 p-4 dark:border-red-700">
          <h2 id="confirm-heading" className="text-lg font-semibold">
            Refund {formatPaise(confirm.amountPaise)}?
          </h2>
          <p className="mt-2 text-sm">
            {formatPaise(confirm.amountPaise)} goes back to {order.learnerName}
            {order.provider === 'razorpay'
              ? ' through Razorpay'
              : ' (recorded here: this payment did not go through Razorpay)'}
            .{' '}
            {confirm.full
              ? order.refundDue
                ? 'The order was never fulfilled, so no access changes.'
                : `This refunds all that is left: ${takesBack}.`
              : 'A partial refund: the learner keeps their access.'}
          </p>
          <p className="mt-1 text-sm break-words">Reason: {confirm.reason}</p>
          <Form method="post" className="mt-4 flex flex-wrap gap-2">
            <input type="hidden" name="amount" value={rupeesInput(confirm.amountPaise)} />
            <input type="hidden" name="reason" value={confirm.reason} />
            <StatusButton name="intent" value="refund" pendingText="Refunding..." className={dangerButtonClass}>
              Confirm refund
            </StatusButton>
            <Link to="." className={secondaryButtonClass}>
              Change
            </Link>
          </Form>
        </section>
      ) : (
        <Form
          method="post"
          {...getFormProps(form)}
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
        >
          <h2 className="mb-3 text-lg font-semibold">New refund</h2>
          <Field
            label="Amount (₹)"
            hint={`Leave blank to refund all that is left: ${formatPaise(leftPaise)}.`}
            inputProps={{
              ...getInputProps(fields.amount, { type: 'text' }),
              inputMode: 'decimal',
              autoComplete: 'off',
            }}
            errors={fields.amount.errors}
          />
          <TextareaField
            label="Reason"
            textareaProps={{ ...getTextareaProps(fields.reason), maxLength: REFUND_REASON_MAX, rows: 3 }}
            errors={fields.reason.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <StatusButton name="intent" value="review" pendingText="Checking..." className={buttonClass}>
            Review refund
          </StatusButton>
        </Form>
      )}
    </>
  )
}
