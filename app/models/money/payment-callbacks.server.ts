import { checkoutSignature, signaturesEqual, signingSecretFor, webhookSignatureValid } from '~/services/payments.server'
import { db } from '~/utils/db.server'
import { refundDueLabel } from '~/lib/refunds'
import { fulfilOrder, refundDueMessage, refundDueReason, type PaymentSource } from './payment.server'
import { handleRefundEvent, type RefundEventOutcome } from './refund-events.server'

// What the payment gateway tells us about a payment, checked before anything is granted: the checkout callback
// (its signature over the stored order id) and the webhook (its signature over the raw body). Both end in
// fulfilOrder, which grants once whatever arrives and however often (docs/decisions/004-payments.md).

const FIELD = /^[A-Za-z0-9_]{1,64}$/

export type CallbackResult =
  | { ok: true; paymentId: string; itemType: 'course' | 'quiz_bundle'; courseId: string | null }
  | { ok: false; message: string; courseId?: string | null }

/**
 * The checkout callback (widget handler, hosted page, demo gateway): HMAC-SHA256(order_id|payment_id, key
 * secret) computed with the STORED order id, compared in constant time. No session needed: the stored order
 * names the buyer.
 */
export async function verifyCheckoutPayment(input: {
  providerOrderId: unknown
  paymentId: unknown
  signature: unknown
  source?: PaymentSource
  origin?: string
}): Promise<CallbackResult> {
  const { providerOrderId, paymentId, signature } = input
  const fail = { ok: false as const, message: 'Payment verification failed. If money was deducted, contact support.' }
  if (typeof providerOrderId !== 'string' || typeof paymentId !== 'string' || typeof signature !== 'string') return fail
  if (!FIELD.test(providerOrderId) || !FIELD.test(paymentId)) return fail
  const order = await db
    .selectFrom('orders')
    .select(['id', 'provider', 'provider_order_id', 'status', 'item_type', 'course_id'])
    .where('provider_order_id', '=', providerOrderId)
    .executeTakeFirst()
  if (!order?.provider_order_id) return fail
  const secret = signingSecretFor(order.provider)
  if (!secret) return { ...fail, courseId: order.course_id }
  if (!signaturesEqual(checkoutSignature(secret, order.provider_order_id, paymentId), signature))
    return { ...fail, courseId: order.course_id }
  if (order.status === 'failed') return { ...fail, courseId: order.course_id }
  await fulfilOrder({ orderId: order.id, source: input.source ?? 'callback', paymentId, origin: input.origin })
  const held = await refundDueReason(order.id)
  if (held) return { ok: false, message: refundDueMessage(held), courseId: order.course_id }
  return { ok: true, paymentId, itemType: order.item_type, courseId: order.course_id }
}

/**
 * What a webhook call came to. `refused`: not processed, with the reason Razorpay's dashboard shows (a bad
 * signature or body, an event or order we do not handle, a payment that does not match its order, or a payment
 * recorded for a refund because it could not be fulfilled).
 */
export type WebhookOutcome =
  | { kind: 'bad-signature' }
  | { kind: 'malformed' }
  | { kind: 'refused'; reason: string }
  | { kind: 'processed'; providerOrderId: string; paymentId: string }
  | Extract<RefundEventOutcome, { kind: 'refund' }>

type WebhookPayload = {
  event?: unknown
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown; amount?: unknown; currency?: unknown; status?: unknown } }
    refund?: { entity?: Record<string, unknown> }
  }
}

/**
 * Razorpay's webhook: HMAC over the raw body, de-duplicated event ids. Payment events fulfil the order; refund
 * events (refund.processed, refund.failed) settle a refund (./refund-events.server.ts).
 */
export async function handleWebhook(input: {
  rawBody: string
  signature: string | null
  eventId: string | null
  origin?: string
}): Promise<WebhookOutcome> {
  if (!webhookSignatureValid(input.rawBody, input.signature)) {
    return { kind: 'bad-signature' }
  }
  let payload: WebhookPayload
  try {
    payload = JSON.parse(input.rawBody)
  } catch {
    return { kind: 'malformed' }
  }
  const eventId = input.eventId && input.eventId.length <= 100 ? input.eventId : null
  if (payload?.event === 'refund.processed' || payload?.event === 'refund.failed')
    return handleRefundEvent({ event: payload.event, entity: payload.payload?.refund?.entity, eventId })
  if (payload?.event !== 'payment.captured' && payload?.event !== 'order.paid') {
    return { kind: 'refused', reason: 'Unexpected event' }
  }
  const entity = payload.payload?.payment?.entity
  const orderIdValue = entity?.order_id
  const paymentId = entity?.id
  if (typeof orderIdValue !== 'string' || typeof paymentId !== 'string' || !FIELD.test(paymentId)) {
    return { kind: 'refused', reason: 'Order not found' }
  }
  const order = await db
    .selectFrom('orders')
    .select(['id', 'amount_paise', 'currency', 'status', 'provider'])
    .where('provider_order_id', '=', orderIdValue)
    .executeTakeFirst()
  if (!order || order.provider !== 'razorpay') return { kind: 'refused', reason: 'Order not found' }
  if (entity?.status !== 'captured' || entity.amount !== order.amount_paise || entity.currency !== order.currency) {
    console.warn(`[payments] webhook for order ${order.id} does not match it`, {
      status: entity?.status,
      amount: entity?.amount,
      currency: entity?.currency,
    })
    return { kind: 'refused', reason: 'Payment does not match the order' }
  }
  const outcome = await fulfilOrder({ orderId: order.id, source: 'webhook', paymentId, eventId, origin: input.origin })
  // A refund is staff's to make (audit log, order.refund_reason).
  if (outcome.refundDue && outcome.reason)
    return {
      kind: 'refused',
      reason: `Payment recorded, not fulfilled (${refundDueLabel(outcome.reason)}): refund due`,
    }
  return { kind: 'processed', providerOrderId: orderIdValue, paymentId }
}
