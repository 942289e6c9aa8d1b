import type { Transaction } from 'kysely'
import { lockRow } from '#db/dialect'
import type { Database } from '#db/schema'

// The order a refund works on, read under its row lock: the admin's refund, Razorpay's refund webhook and what a
// refund takes back all decide on this one row, one refund at a time.

export type LockedOrder = {
  id: string
  user_id: string
  item_type: 'course' | 'quiz_bundle'
  course_id: string | null
  status: 'created' | 'paid' | 'failed'
  amount_paise: number
  provider: 'razorpay' | 'demo' | 'free'
  provider_payment_id: string | null
  refund_reason: string | null
  paid_at: string | null
  /** The access end this course order produced when fulfilled (null: for good, or none granted). */
  access_until: string | null
  renewal: number
}

/** Locks the order's row and reads it (the refunds of an order are decided one at a time). */
export async function lockOrder(trx: Transaction<Database>, orderId: string): Promise<LockedOrder | undefined> {
  await lockRow(trx, 'orders', orderId)
  const order = await trx
    .selectFrom('orders')
    .select([
      'id',
      'user_id',
      'item_type',
      'course_id',
      'status',
      'amount_paise',
      'provider',
      'provider_payment_id',
      'refund_reason',
      'paid_at',
      'access_until',
      'renewal',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst()
  return order && { ...order, amount_paise: Number(order.amount_paise), renewal: Number(order.renewal) }
}
