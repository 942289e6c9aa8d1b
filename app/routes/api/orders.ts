import { isId } from '~/lib/ids'
import { checkCouponGuarded, forgetCoupon, rememberCoupon } from '~/models/coupon.server'
import { getCourseById } from '~/models/course.server'
import { createOrder, OrderError } from '~/models/order.server'
import { handleWebhook } from '~/models/payment.server'
import { appOrigin } from '~/utils/origin.server'
import { phoneSchema } from '~/schemas/checkout'
import { apiError, apiRoutes, json, readJsonBody, str } from '~/utils/api.server'
import { getUser } from '~/utils/auth.server'
import { clientAddress } from '~/utils/rate-limit.server'

// /api/v1/orders/* (API.md §2.3, §4, §5 #2/#3). The client's `amount` is never read: the server prices.
const api = apiRoutes({
  'POST /create-order': async ({ request }) => {
    const user = await getUser(request)
    if (!user) return apiError(401, 'Unauthorized request')
    const body = await readJsonBody(request)
    const itemType = str(body, 'itemType')
    if (itemType !== 'course' && itemType !== 'quiz') {
      return apiError(400, "Invalid or missing itemType. Must be 'course' or 'quiz'.")
    }
    let phone: string | null = null
    if (body.phone !== undefined && body.phone !== null && body.phone !== '') {
      const parsed = phoneSchema.safeParse(body.phone)
      if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? 'Enter a valid phone number')
      phone = parsed.data
    }
    const courseId = body.courseId
    if (itemType === 'course' && !isId(courseId)) return apiError(400, 'Invalid course ID')
    try {
      const order = await createOrder({
        buyer: user,
        item: itemType === 'course' ? { type: 'course', courseId: courseId as string, useRememberedCoupon: true } : { type: 'quiz_bundle' },
        phone,
      })
      return json({ success: true, order: order.providerOrder })
    } catch (error) {
      if (error instanceof OrderError) return apiError(error.status, error.message)
      console.error('[orders] create-order failed:', error)
      return apiError(500, 'Failed to create order')
    }
  },

  'POST /validate-coupon-code': async ({ request, context }) => {
    const body = await readJsonBody(request)
    const courseId = str(body, 'courseId')
    const couponCode = str(body, 'couponCode')
    if (!courseId || !couponCode?.trim()) return apiError(400, 'All fields are required.')
    if (!isId(courseId) || !(await getCourseById(courseId))) return apiError(404, 'Invalid coupon code.')
    const user = await getUser(request)
    const check = await checkCouponGuarded({ courseId, code: couponCode, address: clientAddress(context), userId: user?.id })
    if (!check.ok) {
      if (user && check.status !== 429) await forgetCoupon(user.id, courseId)
      return apiError(check.status, check.message)
    }
    // DESIGN.md "Payments": remembered so create-order (which receives no code) applies it.
    if (user) await rememberCoupon(user.id, courseId, check.coupon.id)
    return json({ success: true, message: 'Coupon applied successfully.', discount: check.coupon.discount })
  },

  // Razorpay webhook: the RAW body is what is signed (API.md §5 #3).
  'POST /verify-payment': async ({ request }) => {
    const rawBody = await request.text()
    if (rawBody.length > 1024 * 1024) return apiError(413, 'Request body too large')
    const result = await handleWebhook({
      rawBody,
      signature: request.headers.get('X-Razorpay-Signature'),
      eventId: request.headers.get('X-Razorpay-Event-Id'),
      origin: appOrigin(request),
    })
    return json(result.body, result.status)
  },
})
export const loader = api.loader
export const action = api.action
