import type { RefundStatus } from '#db/schema'
import { db } from '~/utils/db.server'

// An order's refunds as the admin's refund page lists them (app/routes/admin/refund.tsx).

export type RefundRow = {
  id: string
  amountPaise: number
  status: RefundStatus
  reason: string
  actorName: string | null
  providerRefundId: string | null
  failure: string | null
  createdAt: string
  creditNoteNumber: string | null
}

/** An order's refunds, oldest first, for the admin's refund page. */
export async function listRefunds(orderId: string): Promise<RefundRow[]> {
  const rows = await db
    .selectFrom('refunds')
    .leftJoin('users', 'users.id', 'refunds.actor_id')
    .select([
      'refunds.id',
      'refunds.amount_paise',
      'refunds.status',
      'refunds.reason',
      'users.name as actor_name',
      'refunds.provider_refund_id',
      'refunds.failure',
      'refunds.created_at',
      'refunds.credit_note_number',
    ])
    .where('refunds.order_id', '=', orderId)
    .orderBy('refunds.created_at')
    .orderBy('refunds.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    amountPaise: Number(r.amount_paise),
    status: r.status,
    reason: r.reason,
    actorName: r.actor_name,
    providerRefundId: r.provider_refund_id,
    failure: r.failure,
    createdAt: r.created_at,
    creditNoteNumber: r.credit_note_number,
  }))
}
