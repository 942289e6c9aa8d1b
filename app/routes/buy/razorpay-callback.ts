import { redirect } from 'react-router'
import { getCourseById } from '~/models/catalogue/course.server'
import { returnPathForProviderOrder } from '~/models/money/order.server'
import { verifyCheckoutPayment } from '~/models/money/payment-callbacks.server'
import { parseForm } from '~/utils/body.server'
import { appOrigin } from '~/utils/origin.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/razorpay-callback'

// POST /payments/razorpay/callback: what Razorpay's hosted checkout posts, and what our widget
// handler and the demo gateway post too. No session is needed (it arrives cross-site): the stored order and the
// signature identify the buyer. server.js exempts this path from the cross-site check.

export function loader() {
  return redirect('/')
}

async function backTo(courseId: string | null | undefined) {
  if (!courseId) return '/quizzes/unlock'
  const course = await getCourseById(courseId, 'public')
  return course ? `/checkout/${encodeURIComponent(course.link_address)}` : '/courses'
}

export async function action({ request }: Route.ActionArgs) {
  const body = await parseForm(request)
  if (!body.ok)
    throw await redirectWithError('/', 'Payment verification failed. If money was deducted, contact support.')
  const form = body.form
  const paymentId = form.get('razorpay_payment_id')
  if (paymentId === null) {
    // Razorpay posts error[...] fields when the payment itself failed.
    const description = form.get('error[description]')
    const message =
      typeof description === 'string' && description.length < 200
        ? `Payment failed: ${description}`
        : 'Payment failed. Please try again.'
    let orderId: unknown = null
    try {
      orderId = JSON.parse(String(form.get('error[metadata]') ?? '{}'))?.order_id
    } catch {}
    throw await redirectWithError(await returnPathForProviderOrder(orderId), message)
  }
  const result = await verifyCheckoutPayment({
    providerOrderId: form.get('razorpay_order_id'),
    paymentId,
    signature: form.get('razorpay_signature'),
    source: 'callback',
    origin: appOrigin(request),
  })
  if (!result.ok) throw await redirectWithError(await backTo(result.courseId), result.message)
  throw await redirectWithSuccess(
    `/payment-success?${new URLSearchParams({ paymentId: result.paymentId })}`,
    'Payment successful',
  )
}
