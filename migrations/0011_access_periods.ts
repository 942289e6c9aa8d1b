import type { Kysely } from 'kysely'

// Access periods (README "Access periods"):
// - `enrollments.access_until`: when the learner's access ends, an ISO timestamp in UTC like every other time here
//   (text on both databases, so ends compare as text); null is for good, which every existing enrolment keeps.
// - `orders.access_until`: the end a paid course order produced when it was fulfilled (null: for good, or not
//   fulfilled); `orders.renewal`: 1 when the buyer already had the course then. Written once, by the step that
//   wins the order's created -> paid transition, so a repeated callback or webhook cannot extend twice; the
//   dashboard counts renewals from it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('enrollments').addColumn('access_until', 'text').execute()
  await db.schema.alterTable('orders').addColumn('access_until', 'text').execute()
  await db.schema
    .alterTable('orders')
    .addColumn('renewal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('renewal').execute()
  await db.schema.alterTable('orders').dropColumn('access_until').execute()
  await db.schema.alterTable('enrollments').dropColumn('access_until').execute()
}
