// Tax documents are kept (migrations/0017_access_rules.ts: triggers on both databases): deleting a learner who has
// a paid order with its tax invoice and a refund with its credit note fails, through the users' cascade as well as
// row by row, and every document survives; a learner with only unpaid (created or failed) orders can still be
// deleted, their orders going with them. Both databases.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { createCourse, createUser } from '../../db/factories'
import { signedInUser } from '../support/harness'

vi.hoisted(() => {
  Object.assign(process.env, {
    GSTIN: '19AAACB1234C1ZC',
    BUSINESS_NAME: 'BioCoach Academy',
    BUSINESS_ADDRESS: '12 College Street, Kolkata 700073',
    BUSINESS_STATE: '19',
  })
})

const { db } = await import('~/utils/db.server')
const { fulfilOrder } = await import('~/models/money/payment.server')
const { refundOrder } = await import('~/models/money/refund.server')

const KEPT = /tax documents are kept/

let admin = { id: '' }
beforeAll(async () => {
  admin = await signedInUser('admin')
})

async function order(userId: string, courseId: string, status: 'created' | 'failed' = 'created') {
  const id = crypto.randomBytes(12).toString('hex')
  const now = new Date().toISOString()
  await db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      item_type: 'course',
      course_id: courseId,
      coupon_id: null,
      amount_paise: 118_000,
      currency: 'INR',
      status,
      provider: 'demo',
      provider_order_id: `order_demo${crypto.randomBytes(7).toString('hex')}`,
      provider_payment_id: null,
      phone: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .execute()
  return id
}

const count = async (table: 'users' | 'orders', id: string) =>
  (await db.selectFrom(table).select('id').where('id', '=', id).execute()).length

describe('tax documents are kept', () => {
  test('a learner with a paid, invoiced and partly refunded order cannot be deleted; every document survives', async () => {
    const course = await createCourse(db)
    const learner = await createUser(db)
    const orderId = await order(learner.id, course.id)
    expect((await fulfilOrder({ orderId, source: 'demo', paymentId: 'pay_demo_kept01' })).fulfilled).toBe(true)
    const refund = await refundOrder({ orderId, amountPaise: 18_000, reason: 'Goodwill', actorId: admin.id })
    expect(refund).toMatchObject({ kind: 'refunded', creditNote: expect.stringMatching(/^CN/) })
    const invoice = await db
      .selectFrom('invoices')
      .select(['kind', 'number'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(invoice).toMatchObject({ kind: 'invoice', number: expect.stringMatching(/^\d{4}-\d{2}\/\d{6}$/) })

    await expect(db.deleteFrom('users').where('id', '=', learner.id).execute()).rejects.toThrow(KEPT)
    await expect(db.deleteFrom('orders').where('id', '=', orderId).execute()).rejects.toThrow(KEPT)
    await expect(db.deleteFrom('invoices').where('order_id', '=', orderId).execute()).rejects.toThrow(KEPT)
    await expect(db.deleteFrom('refunds').where('order_id', '=', orderId).execute()).rejects.toThrow(KEPT)

    expect(await count('users', learner.id)).toBe(1)
    expect(await count('orders', orderId)).toBe(1)
    const kept = await db
      .selectFrom('invoices')
      .innerJoin('refunds', 'refunds.order_id', 'invoices.order_id')
      .select(['invoices.number', 'refunds.credit_note_number'])
      .where('invoices.order_id', '=', orderId)
      .execute()
    expect(kept).toEqual([
      { number: invoice.number, credit_note_number: (refund as { creditNote: string }).creditNote },
    ])
  })

  test('a learner with only created and failed orders can still be deleted, with their orders', async () => {
    const course = await createCourse(db)
    const learner = await createUser(db)
    const created = await order(learner.id, course.id, 'created')
    const failed = await order(learner.id, course.id, 'failed')
    await db.deleteFrom('users').where('id', '=', learner.id).execute()
    expect(await count('users', learner.id)).toBe(0)
    expect(await count('orders', created)).toBe(0)
    expect(await count('orders', failed)).toBe(0)
  })
})
