import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { z } from 'zod'
import { DraftBadge } from '~/components/draft-badge'
import { ErrorList, Field } from '~/components/forms'
import { HostedCheckoutForm, PaymentTips, useRazorpayCheckout } from '~/components/razorpay-checkout'
import { StateSelect } from '~/components/state-select'
import { getProfileState } from '~/models/accounts/account.server'
import { couponPrice, formatRupees, showStruckPrice } from '~/lib/pricing'
import { checkCouponGuarded } from '~/models/money/coupon.server'
import { accessEndedNotice, formatAccessDate } from '~/lib/access'
import { getCourseByLinkAddress, viewerOf } from '~/models/catalogue/course.server'
import { ACCESS_MESSAGES } from '~/models/enrolment/access.server'
import { createOrder, OrderError, payInstructions, purchaseStandingOf } from '~/models/money/order.server'
import { readForm } from '~/utils/body.server'
import { appOrigin } from '~/utils/origin.server'
import { applyCouponSchema, proceedSchema } from '~/schemas/checkout'
import { requireUser } from '~/auth/guard.server'
import { getUser } from '~/auth/session.server'
import { clientAddress } from '~/utils/rate-limit.server'
import { redirectWithSuccess, redirectWithWarning } from '~/utils/toast.server'
import type { Route } from './+types/checkout'
import type { RouteHandle } from '~/hooks/use-route-handle'

// Checkout /checkout/{linkAddress}. Everything works with JS off: the applied
// coupon travels as ?coupon= and a hidden field, and is re-validated on the server at every step.

const couponApplied = (n: number) => `Coupon applied! You got ${n}% off`

// Needs JavaScript for Razorpay's checkout widget: this page hydrates.
export const handle: RouteHandle = { hydrate: true }
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await getUser(request)
  if (!user) {
    const url = new URL(request.url)
    throw await redirectWithWarning(
      `/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`,
      'Please login to enroll',
    )
  }
  // A draft is 'Course not found' to all but staff, who see it marked and without the means to pay.
  const course = await getCourseByLinkAddress(params.id, viewerOf(user))
  if (!course)
    return data(
      {
        course: null,
        enrolled: false,
        revoked: null,
        renewal: null,
        coupon: null,
        couponError: null,
        phone: '',
        state: '',
        cancelled: false,
      },
      { status: 404 },
    )
  const draft = course.published !== 1
  // What this learner may do here: buy, renew (open or ended), nothing (bought for good, or revoked); the rule
  // create-order applies (app/lib/purchase.ts).
  const standing = await purchaseStandingOf(user.id, course)
  const renewal = standing.kind === 'renew' ? { until: standing.until, ended: standing.ended } : null
  const search = new URL(request.url).searchParams
  const code = search.get('coupon')?.trim()
  let coupon: { code: string; discount: number } | null = null
  let couponError: string | null = null
  if (code && !draft) {
    const check = await checkCouponGuarded({
      courseId: course.id,
      code,
      address: clientAddress(context),
      userId: user.id,
    })
    if (check.ok) coupon = { code: code.toUpperCase(), discount: check.coupon.discount }
    else couponError = check.message
  }
  return {
    course: {
      id: course.id,
      linkAddress: course.link_address,
      title: course.course_title,
      subTitle: course.sub_title,
      image: course.course_image,
      actualPrice: course.actual_price,
      discountedPrice: course.discounted_price,
      draft,
    },
    enrolled: standing.kind === 'enrolled',
    // An admin revoked this learner: no payment form (create-order would refuse it), the reason instead.
    revoked: standing.kind === 'revoked' ? ACCESS_MESSAGES.revoked : null,
    renewal,
    coupon,
    couponError,
    phone: user.mobile_number ?? '',
    state: (await getProfileState(user.id)) ?? '',
    // Back from the hosted checkout's cancel link (no JS).
    cancelled: search.get('cancelled') === '1',
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request)
  const formData = await readForm(request)
  // Read as the public: a draft is sold to no one, so its coupon and pay posts go back to the page, as a missing
  // course's do.
  const course = await getCourseByLinkAddress(params.id, 'public')
  if (!course) throw redirect(`/checkout/${encodeURIComponent(params.id)}`)
  const here = `/checkout/${encodeURIComponent(course.link_address)}`

  if (formData.get('intent') === 'apply') {
    const submission = parseWithZod(formData, { schema: applyCouponSchema })
    if (submission.status !== 'success')
      return data({ intent: 'apply' as const, result: submission.reply(), pay: null }, 400)
    const check = await checkCouponGuarded({
      courseId: course.id,
      code: submission.value.couponCode,
      address: clientAddress(context),
      userId: user.id,
    })
    if (!check.ok) {
      // A failed apply resets the discount; the form posted to the bare URL, so no coupon remains.
      return data(
        {
          intent: 'apply' as const,
          couponFailed: true,
          result: submission.reply({ fieldErrors: { couponCode: [check.message || 'Failed to apply coupon'] } }),
          pay: null,
        },
        check.status,
      )
    }
    throw await redirectWithSuccess(
      `${here}?${new URLSearchParams({ coupon: submission.value.couponCode })}`,
      couponApplied(check.coupon.discount),
    )
  }

  const submission = parseWithZod(formData, { schema: proceedSchema })
  if (submission.status !== 'success')
    return data({ intent: 'pay' as const, result: submission.reply(), pay: null }, 400)
  const { phone, appliedCoupon, state } = submission.value
  try {
    const order = await createOrder({
      buyer: user,
      item: { type: 'course', courseId: course.id, couponCode: appliedCoupon || null },
      phone,
      state,
    })
    if (order.kind === 'free') throw await redirectWithSuccess('/payment-success', 'You are enrolled!')
    if (order.kind === 'demo') throw redirect(`/payments/demo/${order.orderId}`)
    const cancelPath = `${here}?${new URLSearchParams(appliedCoupon ? { coupon: appliedCoupon, cancelled: '1' } : { cancelled: '1' })}`
    return {
      intent: 'pay' as const,
      result: submission.reply(),
      pay: payInstructions(order, user, appOrigin(request), cancelPath, phone),
    }
  } catch (error) {
    if (error instanceof OrderError) {
      if (error.status === 409) throw await redirectWithSuccess(`/my-courses/${course.id}`, error.message)
      return data(
        { intent: 'pay' as const, result: submission.reply({ formErrors: [error.message] }), pay: null },
        error.status,
      )
    }
    throw error
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.course ? `Checkout: ${loaderData.course.title}` : 'Course not found' },
]

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { course, couponError, enrolled, revoked, renewal } = loaderData
  // A failed apply resets the price. With JS, loaders are not revalidated after a 4xx action, so
  // the loader's coupon may be stale: the action's verdict wins.
  const coupon = actionData && 'couponFailed' in actionData && actionData.couponFailed ? null : loaderData.coupon
  const navigation = useNavigation()
  const pay = actionData?.pay ?? null
  const widgetBusy = useRazorpayCheckout(pay)
  const [couponForm, couponFields] = useForm<z.input<typeof applyCouponSchema>>({
    id: 'coupon',
    lastResult: actionData?.intent === 'apply' ? actionData.result : undefined,
    // Both forms are validated by the server only (the same schemas and messages): Zod in the browser would add
    // ~25 KB of script on a 2G phone for messages one round trip away (interactive pages stay within
    // 1.25x the framework floor, a goal of `npm run bench`).
  })
  const [payForm, payFields] = useForm<z.input<typeof proceedSchema>>({
    id: 'pay',
    lastResult: actionData?.intent === 'pay' ? actionData.result : undefined,
    defaultValue: { phone: loaderData.phone, state: loaderData.state },
  })

  if (!course) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Course not found</h1>
        <Link to="/courses" className="mt-4 inline-block underline">
          See all courses
        </Link>
      </main>
    )
  }
  const payable = coupon ? couponPrice(course.discountedPrice, coupon.discount) : course.discountedPrice
  const here = `/checkout/${encodeURIComponent(course.linkAddress)}`
  const payAction = coupon ? `${here}?${new URLSearchParams({ coupon: coupon.code })}` : here
  const applying = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'apply'
  const paying = widgetBusy || (navigation.state !== 'idle' && navigation.formData?.get('intent') === 'pay')

  return (
    <main className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2">
      <section>
        <img
          src={course.image}
          alt=""
          className="aspect-video w-full rounded-lg object-cover"
          width={640}
          height={360}
        />
        <h1 className="mt-4 text-2xl font-bold">
          {course.title} {course.draft ? <DraftBadge /> : null}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{course.subTitle}</p>
      </section>
      <section className="rounded-lg border border-slate-200 p-6 shadow-sm dark:border-slate-700">
        {loaderData.cancelled && !pay ? (
          <p
            role="status"
            className="mb-3 rounded bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            Payment cancelled by user
          </p>
        ) : null}
        <h2 className="text-lg font-semibold">Order summary</h2>
        <p className="mt-2 flex items-baseline gap-3">
          {showStruckPrice(course.actualPrice, payable) ? (
            <s
              className="text-slate-500 dark:text-slate-400"
              aria-label={`Actual price ${formatRupees(course.actualPrice)}`}
            >
              {formatRupees(course.actualPrice)}
            </s>
          ) : null}
          <span className="text-3xl font-bold" data-testid="payable-price">
            {formatRupees(payable)}
          </span>
        </p>

        {renewal?.until && !course.draft ? (
          <p className="mt-3 text-sm" role="status">
            {renewal.ended ? accessEndedNotice(renewal.until) : `Access until ${formatAccessDate(renewal.until)}`}.
            Renewing adds another period{renewal.ended ? ' from today' : ' after that date'}.
          </p>
        ) : null}
        {course.draft ? (
          <p className="mt-6 rounded bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            This course is a draft: it cannot be bought until it is published.
          </p>
        ) : revoked ? (
          <p
            role="alert"
            className="mt-6 rounded bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          >
            {revoked}
          </p>
        ) : enrolled ? (
          <Link
            to={`/my-courses/${course.id}`}
            className="mt-6 block rounded bg-emerald-700 px-4 py-2 text-center font-semibold text-white hover:bg-emerald-800 dark:bg-emerald-700"
          >
            Go to My Course
          </Link>
        ) : (
          <>
            <Form method="post" action={here} {...getFormProps(couponForm)} className="mt-6">
              <input type="hidden" name="intent" value="apply" />
              <label htmlFor={couponFields.couponCode.id} className="mb-1 block text-sm font-medium">
                Coupon code
              </label>
              <div className="flex gap-2">
                <input
                  {...getInputProps(couponFields.couponCode, { type: 'text' })}
                  key={couponFields.couponCode.key}
                  defaultValue={coupon?.code ?? couponFields.couponCode.initialValue}
                  autoComplete="off"
                  maxLength={40}
                  onInput={(e) => {
                    const input = e.currentTarget
                    input.value = input.value.toUpperCase()
                  }}
                  className="w-full rounded border border-slate-300 bg-white px-3 py-2 uppercase dark:border-slate-600 dark:bg-slate-800"
                />
                <button
                  type="submit"
                  className="rounded bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-700 dark:bg-slate-200 dark:text-slate-900"
                >
                  {applying ? 'Applying...' : 'Apply'}
                </button>
              </div>
              <ErrorList id={couponFields.couponCode.errorId} errors={couponFields.couponCode.errors} />
              {coupon ? (
                <p className="mt-1 text-sm text-emerald-700 dark:text-emerald-400" role="status">
                  {couponApplied(coupon.discount)}
                </p>
              ) : null}
              {couponError ? <ErrorList errors={[couponError]} /> : null}
            </Form>

            <Form method="post" action={payAction} {...getFormProps(payForm)} className="mt-6">
              <input type="hidden" name="intent" value="pay" />
              {coupon ? <input type="hidden" name="appliedCoupon" value={coupon.code} /> : null}
              <Field
                label="WhatsApp number"
                inputProps={{
                  ...getInputProps(payFields.phone, { type: 'tel' }),
                  autoComplete: 'tel',
                  placeholder: '10-digit mobile number',
                }}
                errors={payFields.phone.errors}
              />
              <StateSelect
                label="Your state (for the GST invoice, optional)"
                selectProps={getSelectProps(payFields.state)}
                errors={payFields.state.errors}
              />
              <ErrorList id={payForm.errorId} errors={payForm.errors} />
              <button
                type="submit"
                disabled={paying}
                className="w-full rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70 dark:bg-emerald-700"
              >
                {paying ? 'Processing...' : renewal ? 'Renew' : 'Proceed to Payment'}
              </button>
            </Form>
            {pay ? (
              <HostedCheckoutForm pay={pay} label={`Pay ${formatRupees(pay.amountPaise / 100)} with Razorpay`} />
            ) : null}
          </>
        )}
        <PaymentTips />
      </section>
    </main>
  )
}
