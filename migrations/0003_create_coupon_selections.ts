import type { Kysely } from 'kysely'

// docs/legacy-api.md §5 #2, docs/decisions/004-payments.md: create-order receives no coupon code, so
// validate-coupon-code remembers the coupon it validated for (user, course) and create-order applies it
// (re-validated there).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupon_selections')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupons.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('coupon_selections_pk', ['user_id', 'course_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coupon_selections').ifExists().execute()
}
