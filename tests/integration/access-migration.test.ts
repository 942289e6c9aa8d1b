// migrations/0017 on a database with data, on SQLite and PostgreSQL: the quiz-access copies a course grant wrote
// are cleared (the course now grants it when read), a bundle buyer's and an admin's grant stay; afterwards paid
// orders, invoices and refunds cannot be deleted, not even by deleting their user.
import { Migrator } from 'kysely'
import { describe, expect, test } from 'vitest'
import { createCourse, createUser, enrol } from '../../db/factories'
import { migrations } from '../../db/migrations'
import { newId } from '~/utils/ids.server'
import { db } from '~/utils/db.server'

const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })

async function paidOrder(userId: string, itemType: 'course' | 'quiz_bundle', courseId: string | null) {
  const id = newId()
  const at = new Date().toISOString()
  await db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      item_type: itemType,
      course_id: courseId,
      coupon_id: null,
      amount_paise: 14_900,
      status: 'paid',
      provider: 'demo',
      provider_order_id: null,
      provider_payment_id: null,
      phone: null,
      created_at: at,
      updated_at: at,
      paid_at: at,
      refund_reason: null,
    })
    .execute()
  return id
}

const flag = async (userId: string) =>
  (await db.selectFrom('users').select('has_access_to_quizzes').where('id', '=', userId).executeTakeFirstOrThrow())
    .has_access_to_quizzes

describe('migration 0017', () => {
  test('clears the quiz-access copies of course grants and keeps bundle and admin grants', async () => {
    // Back to just before 0017, whatever came after it.
    const down = await migrator.migrateTo('0016_receipts_refunds')
    expect(down.error).toBeUndefined()
    expect(down.results?.map((r) => r.migrationName).at(-1)).toBe('0017_access_rules')

    const grants = await createCourse(db, { grantsQuizAccess: true })
    const plain = await createCourse(db, { grantsQuizAccess: false })
    const fromCourse = await createUser(db, { hasAccessToQuizzes: true })
    await enrol(db, { userId: fromCourse.id, courseId: grants.id })
    const bundle = await createUser(db, { hasAccessToQuizzes: true })
    await enrol(db, { userId: bundle.id, courseId: grants.id })
    await paidOrder(bundle.id, 'quiz_bundle', null)
    const byAdmin = await createUser(db, { hasAccessToQuizzes: true })
    await enrol(db, { userId: byAdmin.id, courseId: plain.id })
    const none = await createUser(db)

    const up = await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()
    expect(await flag(fromCourse.id)).toBe(0)
    expect(await flag(bundle.id)).toBe(1)
    expect(await flag(byAdmin.id)).toBe(1)
    expect(await flag(none.id)).toBe(0)
  })

  test('a paid order, its user and its refunds are kept; a user with only unpaid orders can go', async () => {
    const buyer = await createUser(db)
    const course = await createCourse(db)
    const orderId = await paidOrder(buyer.id, 'course', course.id)
    await expect(db.deleteFrom('users').where('id', '=', buyer.id).execute()).rejects.toThrow(/tax documents are kept/)
    await expect(db.deleteFrom('orders').where('id', '=', orderId).execute()).rejects.toThrow(/tax documents are kept/)
    expect(await db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst()).toBeDefined()
    expect(await db.selectFrom('users').select('id').where('id', '=', buyer.id).executeTakeFirst()).toBeDefined()

    const browser = await createUser(db)
    const unpaid = await paidOrder(browser.id, 'course', course.id)
    await db.updateTable('orders').set({ status: 'failed', paid_at: null }).where('id', '=', unpaid).execute()
    await db.deleteFrom('users').where('id', '=', browser.id).execute()
    expect(await db.selectFrom('orders').select('id').where('id', '=', unpaid).executeTakeFirst()).toBeUndefined()
  })
})
