import { isForeignKeyViolation } from '#db/dialect'
import { BRAND_NAME } from '~/lib/constants'
import { purchaseStanding, type PurchaseStanding } from '~/lib/purchase'
import { couponPrice, rupeesToPaise } from '~/lib/pricing'
import { getCourseById } from '~/models/catalogue/course.server'
import {
  COUPON_ALREADY_USED,
  COUPON_USED_UP,
  forgetCoupon,
  rememberedCouponCode,
  validateCoupon,
} from '~/models/money/coupon.server'
import { ACCESS_MESSAGES, getEnrollment, ownsQuizBundle } from '~/models/enrolment/access.server'
import { fulfilOrder } from '~/models/money/payment.server'
import { getQuizPrice } from '~/models/catalogue/settings.server'
import {
  GatewayError,
  getGateway,
  PaymentsUnavailableError,
  type GatewayKind,
  type ProviderOrder,
} from '~/services/payments.server'
import { db } from '~/utils/db.server'
import { hit, TOO_MANY_REQUESTS } from '~/utils/rate-limit.server'
import { newId, nowIso } from '~/utils/ids.server'
import crypto from 'node:crypto'
import type { PayInstructions } from '~/lib/checkout'
import type { UserRow } from '~/models/accounts/user.server'

// Orders (docs/legacy-api.md §2.3, §5 #2): the server computes every amount from its own prices
// (course price, a coupon it validated and records on the order, or the quiz bundle price). A client's amount is
// never read. Fulfilment happens only in payment.server.ts after a verified signature or webhook.

export class OrderError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message)
  }
}

export const ORDER_MESSAGES = {
  courseNotFound: 'Course not found',
  alreadyEnrolled: 'You are already enrolled in this course',
  bundleOwned: 'You have already purchased mock test series',
  failed: 'Failed to create order',
} as const

export type Buyer = Pick<UserRow, 'id' | 'name' | 'email' | 'mobile_number'>

export type OrderItem =
  | { type: 'course'; courseId: string; couponCode?: string | null; useRememberedCoupon?: boolean }
  | { type: 'quiz_bundle' }

export type CreatedOrder = {
  kind: GatewayKind | 'free'
  orderId: string
  itemType: 'course' | 'quiz_bundle'
  courseId: string | null
  amountPaise: number
  description: string
  providerOrder: ProviderOrder
}

/**
 * Whether `userId` may buy or renew `course` now (app/lib/purchase.ts `purchaseStanding`, read from their enrolment):
 * what create-order allows, and what the course page and the checkout offer.
 */
export async function purchaseStandingOf(
  userId: string,
  course: { id: string; access_days: number | null },
  now: Date = new Date(),
): Promise<PurchaseStanding> {
  return purchaseStanding({ enrolment: await getEnrollment(userId, course.id), accessDays: course.access_days, now })
}

async function priceFor(buyer: Buyer, item: OrderItem) {
  if (item.type === 'quiz_bundle') {
    if (await ownsQuizBundle(buyer.id)) throw new OrderError(409, ORDER_MESSAGES.bundleOwned)
    const price = await getQuizPrice()
    return { rupees: price.discountedPrice, couponId: null, courseId: null, description: 'Premium mock test series' }
  }
  // Read as the public: a draft is not for sale, to anyone (it answers like a missing course).
  const course = await getCourseById(item.courseId, 'public')
  if (!course) throw new OrderError(404, ORDER_MESSAGES.courseNotFound)
  const standing = await purchaseStandingOf(buyer.id, course)
  if (standing.kind === 'enrolled') throw new OrderError(409, ORDER_MESSAGES.alreadyEnrolled)
  // docs/decisions/004-payments.md: a revoked learner cannot buy their way back in; the admin decides.
  if (standing.kind === 'revoked') throw new OrderError(403, ACCESS_MESSAGES.revoked)
  let couponId: string | null = null
  let rupees = course.discounted_price
  const typed = item.couponCode?.trim()
  const code = typed || (item.useRememberedCoupon ? await rememberedCouponCode(buyer.id, course.id) : null)
  if (code) {
    const check = await validateCoupon({ courseId: course.id, code, userId: buyer.id })
    if (check.ok) {
      couponId = check.coupon.id
      rupees = couponPrice(course.discounted_price, check.coupon.discount)
    } else {
      // A coupon that no longer holds (expired, used up) is reported, never dropped silently: the buyer was shown
      // the discounted price (the older client shows what validate-coupon-code answered and charges the order's
      // amount), so a full-price order would take more than they saw. A remembered coupon is also forgotten, so
      // the next order, placed after the buyer has read why, is at the full price
      // (docs/decisions/019-input-at-the-edge.md).
      if (!typed) await forgetCoupon(buyer.id, course.id)
      throw new OrderError(check.status, check.message)
    }
  }
  return { rupees, couponId, courseId: course.id, description: course.course_title }
}

export async function createOrder(input: {
  buyer: Buyer
  item: OrderItem
  phone?: string | null
  /** The buyer's state (a GST state code) for the invoice's place of supply; also kept on a profile without one. */
  state?: string | null
}): Promise<CreatedOrder> {
  const { buyer, item } = input
  // Each order is a call to Razorpay: a learner (or a script with their cookie) cannot flood it.
  if (!(await hit(`orders:${buyer.id}`, 30, 10 * 60_000))) throw new OrderError(429, TOO_MANY_REQUESTS)
  const price = await priceFor(buyer, item)
  const amountPaise = rupeesToPaise(price.rupees)
  const itemType = item.type
  const notes = {
    userId: buyer.id,
    itemType: itemType === 'course' ? 'course' : 'quiz',
    courseId: price.courseId ?? '',
  }
  const receipt = `receipt_order_${Date.now()}`
  const phone = input.phone?.trim() || null
  const now = nowIso()
  const orderId = newId()

  if (phone && /^\d{10}$/.test(phone) && !buyer.mobile_number) {
    await db.updateTable('users').set({ mobile_number: phone, updated_at: now }).where('id', '=', buyer.id).execute()
  }
  const state = input.state ?? null
  if (state)
    await db
      .updateTable('users')
      .set({ state, updated_at: now })
      .where('id', '=', buyer.id)
      .where('state', 'is', null)
      .execute()

  let kind: CreatedOrder['kind']
  let providerOrder: ProviderOrder
  if (amountPaise === 0) {
    // A 100% coupon: Razorpay refuses amounts under 100 paise, so a zero-amount order is paid at once.
    kind = 'free'
    providerOrder = {
      id: `order_free${crypto.randomBytes(8).toString('hex')}`,
      entity: 'order',
      amount: 0,
      amount_paid: 0,
      amount_due: 0,
      currency: 'INR',
      receipt,
      status: 'paid',
      attempts: 0,
      notes,
      created_at: Math.floor(Date.now() / 1000),
      offer_id: null,
    }
  } else {
    let gateway
    try {
      gateway = getGateway()
      providerOrder = await gateway.createOrder({ amountPaise, receipt, notes })
    } catch (error) {
      if (error instanceof PaymentsUnavailableError) throw new OrderError(503, error.message)
      if (error instanceof GatewayError) throw new OrderError(502, error.message)
      throw error
    }
    if (typeof providerOrder?.id !== 'string' || providerOrder.amount !== amountPaise) {
      console.error('[orders] provider returned an unexpected order', providerOrder)
      throw new OrderError(502, 'The payment provider could not create the order. Please try again.')
    }
    kind = gateway.kind
  }

  // An admin may delete the course between the price check and this insert (only a course without orders can be
  // deleted); the order's foreign key then refuses it, and the buyer hears that the course is gone.
  try {
    await db
      .insertInto('orders')
      .values({
        id: orderId,
        user_id: buyer.id,
        item_type: itemType,
        course_id: price.courseId,
        coupon_id: price.couponId,
        amount_paise: amountPaise,
        currency: 'INR',
        status: 'created',
        provider: kind,
        provider_order_id: providerOrder.id,
        provider_payment_id: null,
        phone,
        state,
        created_at: now,
        updated_at: now,
        paid_at: null,
      })
      .execute()
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new OrderError(404, ORDER_MESSAGES.courseNotFound)
    throw error
  }

  if (kind === 'free') {
    const outcome = await fulfilOrder({ orderId, source: 'free', paymentId: null })
    // Refused at payment (the order is marked failed): another learner took the coupon's last use, or this learner's
    // other order with it was paid, between the check above and now; or an admin revoked them meanwhile.
    if (outcome.reason === 'revoked') throw new OrderError(403, ACCESS_MESSAGES.revoked)
    if (outcome.refundDue)
      throw new OrderError(400, outcome.reason === 'coupon_used' ? COUPON_ALREADY_USED : COUPON_USED_UP)
    providerOrder = { ...providerOrder, amount_paid: 0 }
  }
  return {
    kind,
    orderId,
    itemType,
    courseId: price.courseId,
    amountPaise,
    description: price.description,
    providerOrder,
  }
}

export async function getOrderForBuyer(orderId: string, userId: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'user_id',
      'item_type',
      'course_id',
      'amount_paise',
      'currency',
      'status',
      'provider',
      'provider_order_id',
    ])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** What the page needs to open the Checkout widget, or post to Razorpay's hosted checkout without JS. */
export function payInstructions(
  order: CreatedOrder,
  buyer: Buyer,
  origin: string,
  cancelPath: string,
  phone?: string | null,
): PayInstructions {
  const gateway = getGateway()
  return {
    keyId: gateway.keyId,
    providerOrderId: order.providerOrder.id,
    amountPaise: order.amountPaise,
    currency: 'INR',
    name: BRAND_NAME,
    description: order.description,
    checkoutUrl: gateway.checkoutUrl,
    callbackUrl: `${origin}/payments/razorpay/callback`,
    cancelUrl: `${origin}${cancelPath}`,
    prefill: { name: buyer.name, email: buyer.email, contact: phone ?? buyer.mobile_number ?? '' },
  }
}

/** Where a failed or cancelled payment returns to: the course's checkout, or the bundle page. */
export async function returnPathForProviderOrder(providerOrderId: unknown): Promise<string> {
  if (typeof providerOrderId !== 'string' || providerOrderId.length > 64) return '/'
  const order = await db
    .selectFrom('orders')
    .leftJoin('courses', 'courses.id', 'orders.course_id')
    .select(['orders.item_type', 'courses.link_address'])
    .where('orders.provider_order_id', '=', providerOrderId)
    .executeTakeFirst()
  if (!order) return '/'
  if (order.item_type === 'quiz_bundle') return '/quizzes/unlock'
  return order.link_address ? `/checkout/${encodeURIComponent(order.link_address)}` : '/courses'
}
