import type { Transaction } from 'kysely'
import { refundedSoFar } from '~/lib/refunds'
import type { ProviderRefund } from '~/services/payments.server'
import type { Database, RefundStatus } from '#db/schema'
import { recordAudit } from '../audit/audit.server'
import { issueCreditNote } from './documents.server'
import { takeBackAccess } from './refund-access.server'
import { refundedPaise } from './refunded.server'
import type { LockedOrder } from './locked-order.server'

// The steps of a refund shared by the admin's refund (./refund.server.ts) and Razorpay's refund webhook
// (./refund-events.server.ts): the order read under its lock, a refund moved on by what the gateway says of it, a
// failed refund, and what a refund that completes the payment takes back (./refund-access.server.ts). The
// order itself is read under its lock by ./locked-order.server.ts.

/**
 * Moves a refund on by what the gateway says of it: processed (with its credit note) or failed, and unless failed,
 * accepted (once: the gateway's refund id is stored, and a refund that completes the payment takes back its access).
 * `from`: the statuses a refund may be processed from (a webhook may correct a refund we marked failed when the call
 * timed out but Razorpay did refund it). Each step is a conditional update, so repeating it changes nothing. The
 * order is locked.
 */
export async function settle(
  trx: Transaction<Database>,
  order: LockedOrder,
  input: { refundId: string; provider: ProviderRefund; now: string; actorId: string | null; from: RefundStatus[] },
): Promise<{ status: RefundStatus; full: boolean; creditNote: string | null }> {
  const { refundId, provider, now } = input
  let creditNote: string | null = null
  if (provider.status === 'processed') {
    const processed = await trx
      .updateTable('refunds')
      .set({ status: 'processed', processed_at: now, updated_at: now, failure: null })
      .where('id', '=', refundId)
      .where('status', 'in', input.from)
      .executeTakeFirst()
    if (Number(processed.numUpdatedRows) === 1) creditNote = await issueCreditNote(trx, { refundId, now })
  }
  if (provider.status === 'failed') {
    await markFailed(trx, refundId, 'Razorpay could not complete the refund', now)
  } else {
    // Accepted once, after the status above, so a refund just corrected from failed counts in the total.
    const accepted = await trx
      .updateTable('refunds')
      .set({ provider_refund_id: provider.id, accepted_at: now, updated_at: now })
      .where('id', '=', refundId)
      .where('accepted_at', 'is', null)
      .executeTakeFirst()
    if (Number(accepted.numUpdatedRows) === 1) await afterAccepted(trx, order, refundId, now, input.actorId)
  }
  const row = await trx.selectFrom('refunds').select('status').where('id', '=', refundId).executeTakeFirstOrThrow()
  const full = (await refundedPaise(trx, order.id)) >= order.amount_paise
  return { status: row.status, full, creditNote }
}

/** A pending refund failed: it no longer counts against the payment. Audited as the server's own entry. */
export async function markFailed(trx: Transaction<Database>, refundId: string, failure: string, now: string) {
  const failed = await trx
    .updateTable('refunds')
    .set({ status: 'failed', failure, updated_at: now })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (Number(failed.numUpdatedRows) !== 1) return
  const refund = await trx
    .selectFrom('refunds')
    .select(['order_id', 'amount_paise'])
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow()
  await recordAudit(
    {
      actorId: null,
      action: 'payment.refund_failed',
      targetType: 'order',
      targetId: refund.order_id,
      details: { refundId, amountPaise: Number(refund.amount_paise), failure },
    },
    trx,
  )
}

/**
 * After refund `refundId` is accepted: when it is the one that brings the accepted refunds to the whole payment
 * and the order was fulfilled, the access the order bought is taken back. Only that crossing takes it back, so a
 * second refund accepted later (the first of two was still pending when the second was recorded, say) does not
 * take back a second period. Returns whether the order is refunded in full (pending refunds included).
 */
export async function afterAccepted(
  trx: Transaction<Database>,
  order: LockedOrder,
  refundId: string,
  now: string,
  actorId: string | null,
): Promise<boolean> {
  const refunds = await trx
    .selectFrom('refunds')
    .select(['id', 'amount_paise', 'status', 'accepted_at'])
    .where('order_id', '=', order.id)
    .execute()
  const acceptedTotal = (withThis: boolean) =>
    refundedSoFar(
      refunds
        .filter((r) => r.accepted_at !== null && (withThis || r.id !== refundId))
        .map((r) => ({ amountPaise: Number(r.amount_paise), status: r.status })),
    )
  const crosses = acceptedTotal(false) < order.amount_paise && acceptedTotal(true) >= order.amount_paise
  if (crosses && !order.refund_reason) await takeBackAccess(trx, order, now, actorId)
  return (await refundedPaise(trx, order.id)) >= order.amount_paise
}
