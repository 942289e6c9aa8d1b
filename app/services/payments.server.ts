import crypto from 'node:crypto'
import Razorpay from 'razorpay'
import { getEnv, isProduction, RAZORPAY_CHECKOUT, razorpayConfigured, sessionSecrets } from '~/utils/env.server'

// Payments behind one small interface: Razorpay when keys are configured, otherwise the
// demo gateway (a page of ours that signs its answer with a local secret so the same verification runs). The
// demo gateway refuses to run when APP_ENV=production. Chosen by environment, never by `if (test)`.

/** The Razorpay order as its REST API returns it (docs/legacy-api.md §2.3: create-order hands it to the client). */
export type ProviderOrder = {
  id: string
  entity: 'order'
  amount: number
  amount_paid: number
  amount_due: number
  currency: string
  receipt: string
  status: string
  attempts: number
  notes: Record<string, string>
  created_at: number
  offer_id: string | null
}

export type GatewayKind = 'razorpay' | 'demo'

export class PaymentsUnavailableError extends Error {}
export class GatewayError extends Error {}

export type Gateway = {
  kind: GatewayKind
  /** Public key id the Checkout widget and hosted page need ('' for the demo gateway). */
  keyId: string
  /** Base URL of checkout.js and the hosted page (RAZORPAY_CHECKOUT_URL). */
  checkoutUrl: string
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder>
}

function razorpayClient() {
  const env = getEnv()
  const client = new Razorpay({ key_id: env.RAZORPAY_KEY_ID!, key_secret: env.RAZORPAY_KEY_SECRET! })
  // The SDK has no host option; its axios instance takes a base URL.
  if (env.RAZORPAY_API_URL)
    (client.api as unknown as { rq: { defaults: { baseURL: string } } }).rq.defaults.baseURL =
      env.RAZORPAY_API_URL.replace(/\/$/, '')
  return client
}

function razorpayGateway(): Gateway {
  const env = getEnv()
  const client = razorpayClient()
  return {
    kind: 'razorpay',
    keyId: env.RAZORPAY_KEY_ID!,
    checkoutUrl: (env.RAZORPAY_CHECKOUT_URL ?? RAZORPAY_CHECKOUT).replace(/\/$/, ''),
    async createOrder({ amountPaise, receipt, notes }) {
      try {
        const order = await client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes })
        return order as unknown as ProviderOrder
      } catch (error) {
        // An unreachable host throws a TypeError inside the SDK; a refusal carries {statusCode, error}.
        console.error('[payments] Razorpay order creation failed:', error)
        throw new GatewayError('The payment provider could not create the order. Please try again.')
      }
    },
  }
}

function demoGateway(): Gateway {
  if (isProduction()) throw new PaymentsUnavailableError('Payments are not configured on this server.')
  return {
    kind: 'demo',
    keyId: '',
    checkoutUrl: '',
    async createOrder({ amountPaise, receipt, notes }) {
      return {
        id: `order_demo${crypto.randomBytes(8).toString('hex')}`,
        entity: 'order',
        amount: amountPaise,
        amount_paid: 0,
        amount_due: amountPaise,
        currency: 'INR',
        receipt,
        status: 'created',
        attempts: 0,
        notes,
        created_at: Math.floor(Date.now() / 1000),
        offer_id: null,
      }
    },
  }
}

/** A refund as Razorpay's API answers it (the fields we read). */
export type ProviderRefund = { id: string; amount: number; status: 'pending' | 'processed' | 'failed' }

/**
 * Refunds part or all of a Razorpay payment (POST /v1/payments/{id}/refund). `receipt` and `notes` carry our refund's
 * id, which Razorpay echoes in the refund's webhooks, so a webhook that overtakes this call's answer still finds
 * its refund. Throws GatewayError with Razorpay's own description when it refuses, or a plain one when unreachable.
 */
export async function refundRazorpayPayment(input: {
  paymentId: string
  amountPaise: number
  refundId: string
  notes: Record<string, string>
}): Promise<ProviderRefund> {
  if (!razorpayConfigured()) throw new GatewayError('Razorpay is not configured on this server: refund it in Razorpay.')
  let refund: unknown
  try {
    refund = await razorpayClient().payments.refund(input.paymentId, {
      amount: input.amountPaise,
      speed: 'normal',
      receipt: input.refundId,
      notes: input.notes,
    })
  } catch (error) {
    console.error('[payments] Razorpay refund failed:', error)
    const description = (error as { error?: { description?: unknown } })?.error?.description
    throw new GatewayError(
      typeof description === 'string' && description.length < 300
        ? `Razorpay refused the refund: ${description}`
        : 'Razorpay could not be reached. Nothing was refunded; try again.',
    )
  }
  const r = refund as Partial<ProviderRefund> | null
  if (
    typeof r?.id !== 'string' ||
    r.amount !== input.amountPaise ||
    (r.status !== 'pending' && r.status !== 'processed' && r.status !== 'failed')
  ) {
    console.error('[payments] Razorpay returned an unexpected refund', refund)
    throw new GatewayError('Razorpay answered the refund with something unexpected: check it in Razorpay.')
  }
  return { id: r.id, amount: r.amount, status: r.status }
}

/** The gateway for new orders. Throws PaymentsUnavailableError in production without Razorpay keys. */
export function getGateway(): Gateway {
  return razorpayConfigured() ? razorpayGateway() : demoGateway()
}

/** The local secret the demo gateway signs with (derived from the session secret; never leaves the server). */
function demoSecret(): string {
  return crypto.createHmac('sha256', sessionSecrets()[0]).update('demo-gateway-signing-key').digest('hex')
}

/** The key secret that verifies a checkout signature for an order made by `provider`; null when not allowed. */
export function signingSecretFor(provider: string): string | null {
  if (provider === 'razorpay') return getEnv().RAZORPAY_KEY_SECRET ?? null
  if (provider === 'demo') return isProduction() ? null : demoSecret()
  return null
}

export function hmacHex(secret: string, payload: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('hex')
}

/** Constant-time comparison of two hex signatures. */
export function signaturesEqual(expectedHex: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(given)) return false
  const a = Buffer.from(expectedHex, 'hex')
  const b = Buffer.from(given.toLowerCase(), 'hex')
  return a.length === b.length && crypto.timingSafeEqual(a, b)
}

/** Checkout signature: HMAC-SHA256(`order_id|payment_id`, key secret). */
export const checkoutSignature = (secret: string, orderId: string, paymentId: string) =>
  hmacHex(secret, `${orderId}|${paymentId}`)

/** What the demo gateway answers when the learner pays: a payment id and the signature Razorpay would send. */
export function demoPayment(providerOrderId: string): { paymentId: string; signature: string } {
  const paymentId = `pay_demo${crypto.randomBytes(7).toString('hex')}`
  return { paymentId, signature: checkoutSignature(demoSecret(), providerOrderId, paymentId) }
}

/** Webhook: HMAC-SHA256 over the RAW body with the webhook secret (docs/legacy-api.md §5 #3). */
export function webhookSignatureValid(rawBody: string, signature: string | null): boolean {
  const secret = getEnv().RAZORPAY_WEBHOOK_SECRET
  if (!secret || !signature) return false
  return signaturesEqual(hmacHex(secret, Buffer.from(rawBody, 'utf8')), signature)
}
