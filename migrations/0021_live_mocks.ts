import type { Kysely } from 'kysely'

// All-India live mock tests (docs/decisions/029-live-mocks.md): a ranked paper with one window.
// - quizzes.opens_at / closes_at: the window (ISO instants, UTC); both null for an anytime paper.
// - quizzes.results_published_at: when the ranks were published (null: not yet); results_held: staff held them
//   back (a key to correct first), so the close does not publish them.
// - live_mock_registrations: who registered (counted for staff; reminders go to them).
// - live_mock_overrides: a learner's extra minutes or separate window, set by staff (audited in audit_log).
// No existing row changes: every paper stays an anytime paper until staff give it a window.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quizzes').addColumn('opens_at', 'text').execute()
  await db.schema.alterTable('quizzes').addColumn('closes_at', 'text').execute()
  await db.schema.alterTable('quizzes').addColumn('results_published_at', 'text').execute()
  await db.schema
    .alterTable('quizzes')
    .addColumn('results_held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('live_mock_registrations')
    .addColumn('quiz_id', 'text', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('registered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_mock_registrations_pk', ['quiz_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('live_mock_registrations_user_idx')
    .on('live_mock_registrations')
    .columns(['user_id', 'quiz_id'])
    .execute()

  await db.schema
    .createTable('live_mock_overrides')
    .addColumn('quiz_id', 'text', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('extra_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opens_at', 'text')
    .addColumn('closes_at', 'text')
    .addColumn('set_by', 'text')
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_mock_overrides_pk', ['quiz_id', 'user_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_mock_overrides').execute()
  await db.schema.dropTable('live_mock_registrations').execute()
  await db.schema.alterTable('quizzes').dropColumn('results_held').execute()
  await db.schema.alterTable('quizzes').dropColumn('results_published_at').execute()
  await db.schema.alterTable('quizzes').dropColumn('closes_at').execute()
  await db.schema.alterTable('quizzes').dropColumn('opens_at').execute()
}
