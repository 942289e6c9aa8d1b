import { data, Form, redirect } from 'react-router'
import { StatusButton } from '~/components/forms'
import { formatRupees } from '~/lib/pricing'
import { getCourseById, getCourseName } from '~/models/catalogue/course.server'
import { getOrderForBuyer } from '~/models/money/order.server'
import { verifyCheckoutPayment } from '~/models/money/payment-callbacks.server'
import { readForm } from '~/utils/body.server'
import { appOrigin } from '~/utils/origin.server'
import { demoPayment } from '~/services/payments.server'
import { requireUser } from '~/auth/guard.server'
import { isProduction } from '~/utils/env.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/demo-gateway'

// The demo gateway: used only when no Razorpay keys are configured, never in production.
// Paying here signs the answer with a local secret and runs the very same verification as Razorpay's callback.

async function loadOrder(request: Request, orderId: string) {
  const user = await requireUser(request)
  if (isProduction()) throw data('Not found', { status: 404 })
  const order = await getOrderForBuyer(orderId, user.id)
  if (!order || order.provider !== 'demo' || !order.provider_order_id) throw data('Not found', { status: 404 })
  return order
}

async function backTo(courseId: string | null) {
  if (!courseId) return '/quizzes/unlock'
  const course = await getCourseById(courseId, 'public')
  return course ? `/checkout/${encodeURIComponent(course.link_address)}` : '/courses'
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const order = await loadOrder(request, params.orderId)
  if (order.status === 'paid') throw redirect('/payment-success')
  // The order's own amount and its course's name, draft or not: an open order is paid as it was made.
  const course = order.course_id ? await getCourseName(order.course_id) : null
  return {
    amount: order.amount_paise / 100,
    item: course ? course.course_title : 'Premium mock test series',
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const order = await loadOrder(request, params.orderId)
  const form = await readForm(request)
  if (form.get('intent') !== 'pay')
    throw await redirectWithError(await backTo(order.course_id), 'Payment cancelled by user')
  const payment = demoPayment(order.provider_order_id!)
  const result = await verifyCheckoutPayment({
    providerOrderId: order.provider_order_id,
    paymentId: payment.paymentId,
    signature: payment.signature,
    source: 'demo',
    origin: appOrigin(request),
  })
  if (!result.ok) throw await redirectWithError(await backTo(order.course_id), result.message)
  throw await redirectWithSuccess(
    `/payment-success?${new URLSearchParams({ paymentId: result.paymentId })}`,
    'Payment successful',
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Demo payment gateway' }]

export default function DemoGateway({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-lg border-2 border-dashed border-amber-500 p-6 dark:border-amber-400">
        <p className="mb-2 text-xs font-bold tracking-wide text-amber-700 uppercase dark:text-amber-300">
          Demo payment gateway
        </p>
        <h1 className="text-2xl font-bold">Demo payment</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          This server has no Razorpay keys, so no real money moves. Paying here signs the answer the way Razorpay would.
        </p>
        <dl className="mt-4 space-y-1">
          <div className="flex justify-between gap-4">
            <dt className="text-slate-500 dark:text-slate-400">Item</dt>
            <dd className="font-medium">{loaderData.item}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-500 dark:text-slate-400">Amount</dt>
            <dd className="font-medium">{formatRupees(loaderData.amount)}</dd>
          </div>
        </dl>
        <Form method="post" className="mt-6 flex gap-3">
          <StatusButton name="intent" value="pay">
            Pay {formatRupees(loaderData.amount)}
          </StatusButton>
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="rounded border border-slate-300 px-4 py-2 dark:border-slate-600"
          >
            Cancel
          </button>
        </Form>
      </div>
    </main>
  )
}
