import { sql, type Kysely } from 'kysely'

// The learning loop: lecture progress, where a learner left off, saved questions and practice sets. Runs on SQLite
// and PostgreSQL (decision 009).
// - `lecture_progress`: one row per lecture a learner marked done. No course column: a lecture's course is read
//   through its section, so a count always follows the course's current lectures; a lecture staff delete takes
//   its rows with it (cascade).
// - `lecture_visits`: the lecture a learner last opened in a course (one row per learner and course, overwritten on
//   each open). Deleting that lecture deletes the row: the player then opens the first lecture.
// - `saved_questions`: question versions (rows of `questions`, decision 002) a learner saved from a result page.
// - `practice_sets` and `practice_set_questions`: a learner's chosen question versions, in order, across quizzes.
// - `attempts.practice_set_id`: the attempt of a practice set. It is a practice attempt (never ranked: the score
//   counts of migrations/0008 and every standing query read ranked attempts only) whose paper is the set's
//   questions instead of its quiz's; `quiz_id` (NOT NULL) holds the quiz of the set's first question. One attempt
//   per set. The one-open-practice-attempt-per-quiz index now leaves set attempts out, so a set never blocks (or is
//   blocked by) practising a quiz again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lecture_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lecture_id', 'text', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('done_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lecture_progress_pk', ['user_id', 'lecture_id'])
    .execute()
  // The cascade from a deleted lecture looks its rows up by lecture.
  await db.schema.createIndex('lecture_progress_lecture_idx').on('lecture_progress').column('lecture_id').execute()

  await db.schema
    .createTable('lecture_visits')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('lecture_id', 'text', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lecture_visits_pk', ['user_id', 'course_id'])
    .execute()
  await db.schema.createIndex('lecture_visits_lecture_idx').on('lecture_visits').column('lecture_id').execute()

  await db.schema
    .createTable('saved_questions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_questions_pk', ['user_id', 'question_id'])
    .execute()
  await db.schema.createIndex('saved_questions_question_idx').on('saved_questions').column('question_id').execute()

  await db.schema
    .createTable('practice_sets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('practice_sets_user_idx').on('practice_sets').columns(['user_id', 'created_at']).execute()

  await db.schema
    .createTable('practice_set_questions')
    .addColumn('set_id', 'text', (c) => c.notNull().references('practice_sets.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('practice_set_questions_pk', ['set_id', 'question_id'])
    .execute()
  await db.schema
    .createIndex('practice_set_questions_question_idx')
    .on('practice_set_questions')
    .column('question_id')
    .execute()

  await db.schema
    .alterTable('attempts')
    .addColumn('practice_set_id', 'text', (c) => c.references('practice_sets.id').onDelete('cascade'))
    .execute()
  await db.schema
    .createIndex('attempts_practice_set_uq')
    .on('attempts')
    .column('practice_set_id')
    .unique()
    .where(sql.ref('practice_set_id'), 'is not', null)
    .execute()
  await db.schema.dropIndex('attempts_user_quiz_open_practice_uq').execute()
  await db.schema
    .createIndex('attempts_user_quiz_open_practice_uq')
    .on('attempts')
    .columns(['user_id', 'quiz_id'])
    .unique()
    .where(sql<boolean>`mode = 'practice' and submitted_at is null and practice_set_id is null`)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('attempts').where('practice_set_id', 'is not', null).execute()
  await db.schema.dropIndex('attempts_user_quiz_open_practice_uq').execute()
  await db.schema
    .createIndex('attempts_user_quiz_open_practice_uq')
    .on('attempts')
    .columns(['user_id', 'quiz_id'])
    .unique()
    .where(sql<boolean>`mode = 'practice' and submitted_at is null`)
    .execute()
  await db.schema.dropIndex('attempts_practice_set_uq').execute()
  await db.schema.alterTable('attempts').dropColumn('practice_set_id').execute()
  for (const table of [
    'practice_set_questions',
    'practice_sets',
    'saved_questions',
    'lecture_visits',
    'lecture_progress',
  ])
    await db.schema.dropTable(table).execute()
}
