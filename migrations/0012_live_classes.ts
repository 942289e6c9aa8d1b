import type { Kysely } from 'kysely'

// Live classes and the scheduled work around them (README "Live classes", "Scheduled work"):
// - `live_classes`: a course's classes. Times are ISO instants in UTC (text on both databases, so they compare as
//   text); `join_url` is the paid link, shown only to learners with current access; `cancelled_at` keeps a
//   cancelled class on the lists (learners see 'Cancelled'); `recording_url` is attached after the class.
// - `job_claims`: one row per message the sweep sends (a reminder, a class notice), keyed by what makes it unique
//   ('reminder:{enrollmentId}:{periodEnd}:3days'); inserted before the send, so of several instances sweeping at
//   once exactly one sends it; `sent_at` stays null if the sender died, and the claim is taken over after a timeout.
// - `calendar_tokens`: each learner's private calendar address; replacing it deletes the old one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_classes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('join_url', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cancelled_at', 'text')
    .addColumn('recording_url', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('live_classes_course_start_idx')
    .on('live_classes')
    .columns(['course_id', 'starts_at'])
    .execute()
  await db.schema.createIndex('live_classes_start_idx').on('live_classes').column('starts_at').execute()

  await db.schema
    .createTable('job_claims')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute()

  await db.schema
    .createTable('calendar_tokens')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_tokens').execute()
  await db.schema.dropTable('job_claims').execute()
  await db.schema.dropTable('live_classes').execute()
}
