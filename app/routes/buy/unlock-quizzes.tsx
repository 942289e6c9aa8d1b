import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { HostedCheckoutForm, useRazorpayCheckout } from '~/components/razorpay-checkout'
import { cancelClass, enrollClass, UnlockOffer } from '~/components/unlock-premium'
import { formatRupees } from '~/lib/pricing'
import { createOrder, OrderError, payInstructions } from '~/models/money/order.server'
import { appOrigin } from '~/utils/origin.server'
import { getQuizPrice } from '~/models/catalogue/settings.server'
import { ownsQuizBundle } from '~/models/enrolment/access.server'
import { getUser } from '~/auth/session.server'
import { redirectWithSuccess, redirectWithWarning } from '~/utils/toast.server'
import type { Route } from './+types/unlock-quizzes'
import type { RouteHandle } from '~/hooks/use-route-handle'

// 'Unlock Premium Quizzes' as a page of its own (without JS) and the action both it and the dialog post to.
// The price is the server's bundle price; a client amount is never read.

// Needs JavaScript for Razorpay's checkout widget: this page hydrates.
export const handle: RouteHandle = { hydrate: true }
export async function loader({ request }: Route.LoaderArgs) {
  const [user, price] = await Promise.all([getUser(request), getQuizPrice()])
  return {
    price: { actualPrice: price.actualPrice, discountedPrice: price.discountedPrice },
    // What this page sells: the bundle itself (a course's quiz access ends with the course, the bundle does not).
    hasAccess: user ? await ownsQuizBundle(user.id) : false,
    cancelled: new URL(request.url).searchParams.get('cancelled') === '1',
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request)
  // 'Please login to continue!', then back to the quiz list (from the dialog or this page alike).
  if (!user)
    throw await redirectWithWarning(
      `/login?${new URLSearchParams({ redirectTo: '/quizzes' })}`,
      'Please login to continue!',
    )
  try {
    const order = await createOrder({ buyer: user, item: { type: 'quiz_bundle' } })
    if (order.kind === 'free') throw await redirectWithSuccess('/quizzes', 'Premium quizzes unlocked')
    if (order.kind === 'demo') throw redirect(`/payments/demo/${order.orderId}`)
    return { error: undefined, pay: payInstructions(order, user, appOrigin(request), '/quizzes/unlock?cancelled=1') }
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof OrderError && error.status === 409) return data({ error: error.message, pay: null }, 409)
    console.error('[unlock] order failed:', error)
    return data(
      { error: 'Something went wrong. Try again!', pay: null },
      error instanceof OrderError ? error.status : 500,
    )
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Unlock Premium Quizzes' }]

export default function UnlockQuizzes({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const pay = actionData?.pay ?? null
  const widgetBusy = useRazorpayCheckout(pay)
  const busy = widgetBusy || navigation.state === 'submitting'
  return (
    <main className="mx-auto max-w-lg px-4 py-12">
      <div className="rounded-lg border border-slate-200 p-6 shadow-sm dark:border-slate-700">
        {loaderData.hasAccess ? (
          <p className="mb-4 rounded bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
            You already have access to every premium mock test.{' '}
            <Link to="/quizzes" className="underline">
              Go to quizzes
            </Link>
          </p>
        ) : null}
        {loaderData.cancelled && !pay ? (
          <p
            role="status"
            className="mb-4 rounded bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            Payment cancelled by user
          </p>
        ) : null}
        {actionData?.error ? (
          <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-100">
            {actionData.error}
          </p>
        ) : null}
        <UnlockOffer
          price={loaderData.price}
          actions={
            <Form method="post" className="flex gap-3">
              <Link to="/quizzes" className={cancelClass}>
                Cancel
              </Link>
              <button type="submit" disabled={busy} className={enrollClass}>
                {busy ? 'Processing...' : 'Enroll Now'}
              </button>
            </Form>
          }
        />
        {pay ? (
          <HostedCheckoutForm pay={pay} label={`Pay ${formatRupees(pay.amountPaise / 100)} with Razorpay`} />
        ) : null}
      </div>
    </main>
  )
}
