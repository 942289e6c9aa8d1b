import { z } from 'zod'
import { isId } from '~/lib/ids'
import { checkCouponGuarded, forgetCoupon, rememberCoupon } from '~/models/money/coupon.server'
import { getCourseById } from '~/models/catalogue/course.server'
import { createOrder, OrderError } from '~/models/money/order.server'
import { handleWebhook } from '~/models/money/payment-callbacks.server'
import { webhookAnswer } from '~/presenters/v1.server'
import { GatewayOrderShape } from '~/presenters/v1-shapes'
import { optionalStateSchema, phoneSchema } from '~/schemas/checkout'
import { apiError, json, readJsonBody, str } from '~/utils/api.server'
import { apiResource, endpoint } from './endpoints.server'
import { getUser } from '~/auth/session.server'
import { appOrigin } from '~/utils/origin.server'
import { clientAddress } from '~/utils/rate-limit.server'

// /api/v1/orders/* (docs/legacy-api.md §2.3, §4, §5 #2/#3). The client's `amount` is never read: the server prices.

const WebhookAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  razorpay_order_id: z.string().optional(),
  razorpay_payment_id: z.string().optional(),
  razorpay_refund_id: z.string().optional(),
})

export const ordersApi = apiResource({
  mount: '/api/v1/orders',
  endpoints: [
    endpoint({
      method: 'POST',
      path: '/create-order',
      summary: "Creates a gateway order at the server's price (a remembered coupon applies)",
      guard: 'signedIn',
      body: {
        json: z.object({
          itemType: z.enum(['course', 'quiz']),
          courseId: z.string().optional(),
          phone: phoneSchema.optional(),
          state: z
            .string()
            .optional()
            .describe("the buyer's state or union territory (name or GST code), the GST invoice's place of supply"),
          amount: z.number().optional().describe('ignored: the server prices (docs/legacy-api.md §5 #2)'),
        }),
      },
      success: { 200: z.object({ success: z.literal(true), order: GatewayOrderShape }) },
      errors: {
        400:
          'a bad itemType, phone, state or course id, or a remembered coupon that no longer holds ("This coupon has ' +
          'expired.", "This coupon has reached its usage limit.", "You have already used this coupon": a coupon ' +
          'counts once per learner, renewals included): no order is made and the coupon is forgotten, so the next ' +
          'create-order is at the full price',
        403: 'access to the course was revoked',
        404: 'Course not found',
        409: 'already enrolled, or the bundle already bought',
        500: 'Failed to create order',
      },
      handler: async ({ request, user }) => {
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
        const state = optionalStateSchema.safeParse(body.state ?? undefined)
        if (!state.success) return apiError(400, `state: ${state.error.issues[0]?.message}`)
        const courseId = body.courseId
        if (itemType === 'course' && !isId(courseId)) return apiError(400, 'Invalid course ID')
        try {
          const order = await createOrder({
            buyer: user,
            item:
              itemType === 'course'
                ? { type: 'course', courseId: courseId as string, useRememberedCoupon: true }
                : { type: 'quiz_bundle' },
            phone,
            state: state.data,
          })
          return json({ success: true, order: order.providerOrder })
        } catch (error) {
          if (error instanceof OrderError) return apiError(error.status, error.message)
          console.error('[orders] create-order failed:', error)
          return apiError(500, 'Failed to create order')
        }
      },
    }),
    endpoint({
      method: 'POST',
      path: '/validate-coupon-code',
      summary: "Checks a coupon for a course; a signed-in learner's valid coupon is remembered for create-order",
      guard: 'public',
      body: { json: z.object({ courseId: z.string(), couponCode: z.string() }) },
      success: {
        200: z.object({ success: z.literal(true), message: z.string(), discount: z.number().describe('percent') }),
      },
      errors: {
        400:
          '"All fields are required.", or an expired or used-up coupon, or (signed in) "You have already used this ' +
          'coupon": a coupon counts once per learner',
        404: 'Invalid coupon code.',
        429: 'too many failed codes from this address or account',
      },
      handler: async ({ request, context }) => {
        const body = await readJsonBody(request)
        const courseId = str(body, 'courseId')
        const couponCode = str(body, 'couponCode')
        if (!courseId || !couponCode?.trim()) return apiError(400, 'All fields are required.')
        if (!isId(courseId) || !(await getCourseById(courseId, 'public'))) return apiError(404, 'Invalid coupon code.')
        const user = await getUser(request)
        const check = await checkCouponGuarded({
          courseId,
          code: couponCode,
          address: clientAddress(context),
          userId: user?.id,
        })
        if (!check.ok) {
          if (user && check.status !== 429) await forgetCoupon(user.id, courseId)
          return apiError(check.status, check.message)
        }
        // Remembered so create-order (which receives no code) applies it.
        if (user) await rememberCoupon(user.id, courseId, check.coupon.id)
        return json({ success: true, message: 'Coupon applied successfully.', discount: check.coupon.discount })
      },
    }),
    endpoint({
      method: 'POST',
      path: '/verify-payment',
      summary:
        "Razorpay's webhook: payment.captured and order.paid fulfil the order once; refund.processed and " +
        'refund.failed settle a refund once',
      guard: 'public',
      body: {
        raw:
          'the event as Razorpay sent it; X-Razorpay-Signature is the HMAC of these exact bytes ' +
          '(docs/legacy-api.md §5 #3)',
      },
      success: {
        200: WebhookAnswer.describe('200 even when not processed (success:false), so Razorpay stops retrying'),
      },
      errors: {
        400: { description: 'Malformed JSON body', schema: WebhookAnswer },
        401: 'Invalid signature',
        413: 'Request body too large',
      },
      handler: async ({ request }) => {
        const rawBody = await request.text()
        if (rawBody.length > 1024 * 1024) return apiError(413, 'Request body too large')
        const outcome = await handleWebhook({
          rawBody,
          signature: request.headers.get('X-Razorpay-Signature'),
          eventId: request.headers.get('X-Razorpay-Event-Id'),
          origin: appOrigin(request),
        })
        const answer = webhookAnswer(outcome)
        return json(answer.body, answer.status)
      },
    }),
  ],
})
