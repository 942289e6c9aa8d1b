import type { Kysely } from 'kysely'

// Doubts (docs/decisions/034-doubts.md): a learner's question about a lecture or about a question of a paper they
// submitted, a teacher's answer, and 'This helped me'.
// - doubts: what the doubt is about and its answer. It points at its lecture or question by id without a foreign
//   key, with the lecture's title and course kept beside it, so deleting a lecture or retiring a question leaves
//   the thread readable to staff. `question_key` is the bank question (the version asked about when it has none):
//   a later version of the same question keeps its doubts. `status`: 'open' (unanswered), 'answered', 'resolved'.
//   `queue` is 0 while unanswered and not hidden, 1 otherwise, so the staff inbox reads "unanswered first" from one
//   index.
//   `answer_mailed_at` makes the answer e-mail go once.
// - doubt_texts: the learner's own words and image, one row per doubt, removed with the learner's account (a cascade
//   from users) while the doubt row and the staff answer stay.
// - doubt_helps: one 'This helped me' per learner per doubt; `doubts.helped` counts them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('doubts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('course_id', 'text')
    .addColumn('lecture_id', 'text')
    .addColumn('lecture_title', 'text')
    .addColumn('quiz_id', 'text')
    .addColumn('question_id', 'text')
    .addColumn('question_key', 'text')
    .addColumn('video_at', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('queue', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('helped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer_body', 'text')
    .addColumn('answer_html', 'text')
    .addColumn('answer_image_key', 'text')
    .addColumn('answered_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_at', 'text')
    .addColumn('answer_mailed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  // Under a lecture or a question: the public (answered, shown) ones newest first, and a learner's own pending ones.
  await db.schema
    .createIndex('doubts_lecture_idx')
    .on('doubts')
    .columns(['lecture_id', 'hidden', 'queue', 'created_at'])
    .execute()
  await db.schema
    .createIndex('doubts_question_idx')
    .on('doubts')
    .columns(['quiz_id', 'question_key', 'hidden', 'queue', 'created_at'])
    .execute()
  // A learner's doubts (/profile/doubts, the hourly limit).
  await db.schema.createIndex('doubts_user_idx').on('doubts').columns(['user_id', 'created_at']).execute()
  // The staff inbox: unanswered first, newest first (the index in that order, so page 1 is read, not sorted); by
  // course or by quiz.
  await db.schema.createIndex('doubts_inbox_idx').on('doubts').columns(['queue', 'created_at desc']).execute()
  await db.schema
    .createIndex('doubts_course_inbox_idx')
    .on('doubts')
    .columns(['course_id', 'queue', 'created_at desc'])
    .execute()
  await db.schema
    .createIndex('doubts_quiz_inbox_idx')
    .on('doubts')
    .columns(['quiz_id', 'queue', 'created_at desc'])
    .execute()

  await db.schema
    .createTable('doubt_texts')
    .addColumn('doubt_id', 'text', (c) => c.primaryKey().references('doubts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('image_key', 'text')
    .execute()
  await db.schema.createIndex('doubt_texts_user_idx').on('doubt_texts').column('user_id').execute()

  await db.schema
    .createTable('doubt_helps')
    .addColumn('doubt_id', 'text', (c) => c.notNull().references('doubts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('doubt_helps_pk', ['doubt_id', 'user_id'])
    .execute()
  await db.schema.createIndex('doubt_helps_user_idx').on('doubt_helps').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('doubt_helps').execute()
  await db.schema.dropTable('doubt_texts').execute()
  await db.schema.dropTable('doubts').execute()
}
