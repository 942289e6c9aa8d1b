import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../db/dialect.ts'

// Access is exactly what was paid for (docs/decisions/026-access-read-when-used.md).
//
// - `enrollments.access_ended_by`: why access was ended early, when it was: 'refund' (a refund took away every paid
//   period), 'revoke' (an admin switched the learner off) or 'staff' (staff set the end to a day already past).
//   Null for an end that runs out in time, which is the only kind the 'renew' reminders are for; any later end
//   (a renewal, staff moving the end ahead, an admin's re-grant) clears it again.
// - `users.has_access_to_quizzes` now means only quiz access granted directly (the quiz bundle, an admin): a course
//   that grants quiz access adds to it while that course is open, worked out when read, never copied here. The
//   copies earlier fulfilments wrote are cleared: a flag with no paid bundle order behind it, on a learner with an
//   enrolment in a course that grants quiz access, came from that course. A flag with neither behind it (an
//   admin's grant, or an account brought over from the older server) stays.
// - Issued invoices and credit notes are kept (GST law asks for 72 months): no cascade or statement deletes an
//   invoice, a refund (it carries the credit note) or a paid order, so a user with paid orders cannot be deleted.
//   Triggers on both databases, since the foreign keys still cascade for everything else of a deleted user.
// - `orders_coupon_user_idx`: a coupon counts once per learner, checked at checkout and again at payment.

const KEPT_MESSAGE = 'tax documents are kept: a paid order, its invoice and its refunds cannot be deleted'

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('enrollments').addColumn('access_ended_by', 'text').execute()
  await db.schema.createIndex('orders_coupon_user_idx').on('orders').columns(['coupon_id', 'user_id']).execute()

  await sql`
    update users set has_access_to_quizzes = 0
    where has_access_to_quizzes = 1
      and not exists (
        select 1 from orders o
        where o.user_id = users.id and o.item_type = 'quiz_bundle' and o.status = 'paid')
      and exists (
        select 1 from enrollments e join courses c on c.id = e.course_id
        where e.user_id = users.id and c.grants_quiz_access = 1)`.execute(db)

  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(
        `create function keep_tax_documents() returns trigger language plpgsql as $$
         begin raise exception '${KEPT_MESSAGE}'; end $$`,
      )
      .execute(db)
    await sql
      .raw(`create trigger invoices_kept before delete on invoices for each row execute function keep_tax_documents()`)
      .execute(db)
    await sql
      .raw(`create trigger refunds_kept before delete on refunds for each row execute function keep_tax_documents()`)
      .execute(db)
    await sql
      .raw(
        `create trigger paid_orders_kept before delete on orders for each row when (old.status = 'paid') execute function keep_tax_documents()`,
      )
      .execute(db)
  } else {
    const raise = `begin select raise(abort, '${KEPT_MESSAGE}'); end`
    await sql.raw(`create trigger invoices_kept before delete on invoices ${raise}`).execute(db)
    await sql.raw(`create trigger refunds_kept before delete on refunds ${raise}`).execute(db)
    await sql
      .raw(`create trigger paid_orders_kept before delete on orders when old.status = 'paid' ${raise}`)
      .execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  for (const [trigger, table] of [
    ['paid_orders_kept', 'orders'],
    ['refunds_kept', 'refunds'],
    ['invoices_kept', 'invoices'],
  ]) {
    await sql.raw(postgres ? `drop trigger ${trigger} on ${table}` : `drop trigger ${trigger}`).execute(db)
  }
  if (postgres) await sql.raw('drop function keep_tax_documents()').execute(db)
  await db.schema.dropIndex('orders_coupon_user_idx').execute()
  await db.schema.alterTable('enrollments').dropColumn('access_ended_by').execute()
}
