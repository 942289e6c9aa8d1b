import type { Kysely } from 'kysely'
import type { ProviderRefund } from '~/services/payments.server'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import type { Database, RefundStatus } from '#db/schema'
import { recordAudit } from '../audit/audit.server'
import { refundedPaise } from './refunded.server'
import { settle } from './refund-steps.server'
import { lockOrder } from './locked-order.server'

// Razorpay's refund webhooks (refund.processed, refund.failed), reached through ./payment-callbacks.server.ts: a
// refund the admin made here is settled by them (whichever of the refund call's answer and the webhook comes
// first), and one made in Razorpay's own dashboard is recorded. The steps are those of ./refund-steps.server.ts.

/** What a refund webhook came to (the answer Razorpay's dashboard shows). */
export type RefundEventOutcome =
  { kind: 'refused'; reason: string } | { kind: 'refund'; refundId: string; status: RefundStatus | 'duplicate' }

const FIELD = /^[A-Za-z0-9_]{1,64}$/

/**
 * Razorpay's refund.processed / refund.failed (the caller has verified the signature). The refund is found by
 * Razorpay's id, or by our id in its notes (the webhook may overtake the refund call's answer); one made in
 * Razorpay's own dashboard is recorded as it arrives, if it fits in what is left of the payment. De-duplicated by
 * event id like payment events, and each change is a conditional step, so a repeated event changes nothing.
 */
export async function handleRefundEvent(input: {
  event: 'refund.processed' | 'refund.failed'
  entity: Record<string, unknown> | undefined
  eventId: string | null
  db?: Kysely<Database>
  now?: Date
}): Promise<RefundEventOutcome> {
  const conn = input.db ?? db
  const now = (input.now ?? new Date()).toISOString()
  const e = input.entity ?? {}
  const notes = (e.notes && typeof e.notes === 'object' ? e.notes : {}) as Record<string, unknown>
  const ourId = typeof notes.refundId === 'string' ? notes.refundId : typeof e.receipt === 'string' ? e.receipt : null
  if (
    typeof e.id !== 'string' ||
    !FIELD.test(e.id) ||
    typeof e.payment_id !== 'string' ||
    !FIELD.test(e.payment_id) ||
    !Number.isSafeInteger(e.amount) ||
    (e.amount as number) <= 0
  )
    return { kind: 'refused', reason: 'Malformed refund' }
  const provider: ProviderRefund = {
    id: e.id,
    amount: e.amount as number,
    status: input.event === 'refund.processed' ? 'processed' : 'failed',
  }
  const found = await conn
    .selectFrom('orders')
    .select('id')
    .where('provider_payment_id', '=', e.payment_id)
    .where('provider', '=', 'razorpay')
    .where('status', '=', 'paid')
    .executeTakeFirst()
  if (!found) return { kind: 'refused', reason: 'Order not found' }

  return conn.transaction().execute(async (trx): Promise<RefundEventOutcome> => {
    if (input.eventId) {
      const inserted = await trx
        .insertInto('payment_events')
        .values({
          id: newId(),
          order_id: found.id,
          source: input.event,
          event_id: input.eventId,
          payment_id: e.payment_id as string,
          fulfilled: 0,
          created_at: now,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0)
        return { kind: 'refund', refundId: provider.id, status: 'duplicate' }
    }
    const order = (await lockOrder(trx, found.id))!
    const known = await trx
      .selectFrom('refunds')
      .select(['id', 'amount_paise'])
      .where('order_id', '=', order.id)
      .where((eb) =>
        eb.or([
          eb('provider_refund_id', '=', provider.id),
          ...(ourId && ourId.length <= 64 ? [eb('id', '=', ourId)] : []),
        ]),
      )
      .executeTakeFirst()
    if (known) {
      if (Number(known.amount_paise) !== provider.amount) {
        console.warn(`[payments] refund webhook for ${known.id} does not match it`, provider)
        return { kind: 'refused', reason: 'Refund does not match the one recorded' }
      }
      // Razorpay's word is final: a refund we marked failed (its call timed out) that Razorpay did make counts.
      const settled = await settle(trx, order, {
        refundId: known.id,
        provider,
        now,
        actorId: null,
        from: ['pending', 'failed'],
      })
      return { kind: 'refund', refundId: provider.id, status: settled.status }
    }
    // Made in Razorpay's dashboard: nothing to record when it failed.
    if (provider.status === 'failed') return { kind: 'refused', reason: 'Unknown refund' }
    const leftPaise = order.amount_paise - (await refundedPaise(trx, order.id))
    if (provider.amount > leftPaise) {
      console.warn(`[payments] refund ${provider.id} is more than is left of order ${order.id}`, { leftPaise })
      return { kind: 'refused', reason: 'Refund exceeds what is left of the payment' }
    }
    const refundId = newId()
    await trx
      .insertInto('refunds')
      .values({
        id: refundId,
        order_id: order.id,
        amount_paise: provider.amount,
        status: 'pending',
        reason: 'Refunded in the Razorpay dashboard',
        actor_id: null,
        provider_refund_id: null,
        failure: null,
        accepted_at: null,
        processed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await recordAudit(
      {
        actorId: null,
        action: 'payment.refund',
        targetType: 'order',
        targetId: order.id,
        details: { refundId, amountPaise: provider.amount, gateway: 'razorpay', providerRefundId: provider.id },
      },
      trx,
    )
    const settled = await settle(trx, order, { refundId, provider, now, actorId: null, from: ['pending'] })
    return { kind: 'refund', refundId: provider.id, status: settled.status }
  })
}
