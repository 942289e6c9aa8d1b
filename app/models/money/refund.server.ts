import type { Kysely } from 'kysely'
import { formatPaise } from '~/lib/refunds'
import { GatewayError, refundRazorpayPayment, type ProviderRefund } from '~/services/payments.server'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import type { Database, RefundStatus } from '#db/schema'
import { recordAudit } from '../audit/audit.server'
import { issueCreditNote } from './documents.server'
import { refundedPaise } from './refunded.server'
import { afterAccepted, markFailed, settle } from './refund-steps.server'
import { lockOrder } from './locked-order.server'

// Making a refund of a paid order (admin), through Razorpay's refund API for Razorpay payments and recorded locally
// for the demo gateway and free orders. Razorpay's refund webhooks are ./refund-events.server.ts, the steps both
// share ./refund-steps.server.ts, the refund page's list ./refund-list.server.ts. The rules:
// - A positive whole number of paise, or nothing (the rest of the payment): zero or less is refused.
// - Never more than the payment. The order's row is locked, the refunds already recorded (pending or processed; a
//   failed one gave nothing back) are summed, and the new refund is recorded as pending in the same transaction,
//   before Razorpay is called: two admins at once queue on the lock and the second sees the first's refund.
// - Razorpay's answer (or its refund.processed / refund.failed webhook, whichever comes first; the refund carries
//   our id in its notes, so a webhook that overtakes the answer still finds it) moves the refund on, each step a
//   conditional update so it happens once: accepted (the gateway took it), processed (with its credit note when the
//   order has a tax invoice), or failed.
// - A refund that brings the refunded total to the whole payment takes back the access the order bought, when it
//   is accepted: the period it bought, or the quiz bundle (./refund-access.server.ts). A partial refund keeps
//   access. An order never fulfilled (held for a refund: its coupon was refused at payment, or the learner's access
//   was revoked) granted nothing, so its refund takes nothing.
// Every step is audited in its transaction.

export const REFUND_MESSAGES = {
  'not-positive': 'The amount to refund must be more than ₹0',
  'not-found': 'Order not found',
  'not-paid': 'Only a paid order can be refunded',
  'nothing-left': 'Nothing is left to refund on this order',
} as const

export type RefundRefusal = keyof typeof REFUND_MESSAGES | 'too-much'

export type RefundOutcome =
  | {
      kind: 'refunded'
      refundId: string
      amountPaise: number
      status: RefundStatus
      /** The refunded total now covers the whole payment. */
      full: boolean
      creditNote: string | null
    }
  | { kind: 'refused'; reason: RefundRefusal; message: string; leftPaise: number }
  /** The gateway refused or could not be reached: the refund is recorded as failed and nothing was refunded. */
  | { kind: 'gateway-error'; refundId: string; message: string }

/**
 * Refunds `amountPaise` of a paid order (the rest of it when omitted), for the admin `actorId` with their reason.
 * Refused, changing nothing: an amount of zero or less (or not whole paise), an unknown or unpaid order, nothing
 * left, or more than is left.
 */
export async function refundOrder(input: {
  orderId: string
  amountPaise?: number | null
  reason: string
  actorId: string
  now?: Date
  db?: Kysely<Database>
}): Promise<RefundOutcome> {
  const conn = input.db ?? db
  const now = (input.now ?? new Date()).toISOString()
  const refuse = (reason: RefundRefusal, leftPaise = 0) =>
    ({
      kind: 'refused',
      reason,
      leftPaise,
      message:
        reason === 'too-much'
          ? `At most ${formatPaise(leftPaise)} is left to refund on this order`
          : REFUND_MESSAGES[reason],
    }) as const
  if (input.amountPaise != null && !(Number.isSafeInteger(input.amountPaise) && input.amountPaise > 0))
    return refuse('not-positive')
  const recorded = await conn.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, input.orderId)
    if (!order) return refuse('not-found')
    if (order.status !== 'paid' || (order.provider === 'razorpay' && !order.provider_payment_id))
      return refuse('not-paid')
    const leftPaise = order.amount_paise - (await refundedPaise(trx, order.id))
    if (leftPaise <= 0) return refuse('nothing-left')
    const amountPaise = input.amountPaise ?? leftPaise
    if (amountPaise > leftPaise) return refuse('too-much', leftPaise)
    // The demo gateway and 100% coupons took no money through Razorpay: the refund is recorded here, done.
    const local = order.provider !== 'razorpay'
    const refundId = newId()
    await trx
      .insertInto('refunds')
      .values({
        id: refundId,
        order_id: order.id,
        amount_paise: amountPaise,
        status: local ? 'processed' : 'pending',
        reason: input.reason,
        actor_id: input.actorId,
        provider_refund_id: null,
        failure: null,
        accepted_at: local ? now : null,
        processed_at: local ? now : null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await recordAudit(
      {
        actorId: input.actorId,
        action: 'payment.refund',
        targetType: 'order',
        targetId: order.id,
        details: { refundId, amountPaise, reason: input.reason, gateway: order.provider },
      },
      trx,
    )
    if (!local) return { kind: 'pending', refundId, amountPaise, order } as const
    const full = await afterAccepted(trx, order, refundId, now, input.actorId)
    const creditNote = await issueCreditNote(trx, { refundId, now })
    return { kind: 'refunded', refundId, amountPaise, status: 'processed', full, creditNote } as const
  })
  if (recorded.kind !== 'pending') return recorded

  const { refundId, amountPaise, order } = recorded
  let provider: ProviderRefund
  try {
    provider = await refundRazorpayPayment({
      paymentId: order.provider_payment_id!,
      amountPaise,
      refundId,
      notes: { refundId, orderId: order.id },
    })
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    await conn.transaction().execute((trx) => markFailed(trx, refundId, error.message, now))
    return { kind: 'gateway-error', refundId, message: error.message }
  }
  return conn.transaction().execute(async (trx) => {
    const locked = (await lockOrder(trx, order.id))!
    const settled = await settle(trx, locked, { refundId, provider, now, actorId: input.actorId, from: ['pending'] })
    return { kind: 'refunded', refundId, amountPaise, ...settled } as const
  })
}
