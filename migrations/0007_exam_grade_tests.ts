import { sql, type Kysely } from 'kysely'

// Exam-grade mock tests. Runs on SQLite and PostgreSQL (decision 009).
// - Questions get a type (mcq | msq | nat), their own marks and negative marks, an MSQ key (JSON array of option
//   indexes), a NAT key (an inclusive range of exact decimals, kept as text so nothing is rounded), and optional
//   section and topic. Marks are integers in units of 1/30000 of a mark (docs/decisions/011-exact-marks.md):
//   1 = 30000, 1/3 = 10000, 0.25 = 7500, so sums and orderings are exact in plain SQL on both databases.
//   `correct_option` stays (NOT NULL, 0..3, rebuilding the SQLite table to relax it is not worth the risk): for
//   mcq it is the key; for msq it repeats the smallest keyed option; for nat it is 0 and means nothing.
// - Quizzes may carry marking defaults per type (JSON) that new questions take.
// - Attempts get an exact score (`score_units`, bigint: a long paper can pass 2^31 units) and a mode: one ranked
//   attempt per learner per quiz as before, then practice attempts that never enter the leaderboard or the rank.
// - Answers get the MSQ choice (JSON array), the NAT answer as typed (validated), when the question was first
//   shown (Not Visited vs Not Answered in the palette) and the time spent on it.
// Existing rows keep today's behaviour exactly: mcq, +1 / -0.25, ranked; scores so far are multiples of 0.25,
// so score * 30000 is an exact integer.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('questions')
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('mcq')
        .check(sql`type in ('mcq','msq','nat')`),
    )
    .execute()
  await db.schema
    .alterTable('questions')
    .addColumn('marks', 'integer', (c) => c.notNull().defaultTo(30000))
    .execute()
  await db.schema
    .alterTable('questions')
    .addColumn('negative_marks', 'integer', (c) => c.notNull().defaultTo(7500))
    .execute()
  for (const column of ['correct_options', 'answer_min', 'answer_max', 'section', 'topic']) {
    await db.schema.alterTable('questions').addColumn(column, 'text').execute()
  }

  await db.schema.alterTable('quizzes').addColumn('marking_defaults', 'text').execute()

  await db.schema.alterTable('attempts').addColumn('score_units', 'bigint').execute()
  await db.schema
    .alterTable('attempts')
    .addColumn('mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ranked')
        .check(sql`mode in ('ranked','practice')`),
    )
    .execute()
  await db
    .updateTable('attempts')
    .set({ score_units: sql`cast(round(score * 30000) as bigint)` })
    .where('score', 'is not', null)
    .execute()
  // One ranked attempt per learner per quiz (as before); practice attempts: at most one open at a time.
  await db.schema.dropIndex('attempts_user_quiz_uq').execute()
  await db.schema
    .createIndex('attempts_user_quiz_ranked_uq')
    .on('attempts')
    .columns(['user_id', 'quiz_id'])
    .unique()
    .where(sql.ref('mode'), '=', sql.lit('ranked'))
    .execute()
  await db.schema
    .createIndex('attempts_user_quiz_open_practice_uq')
    .on('attempts')
    .columns(['user_id', 'quiz_id'])
    .unique()
    .where(sql<boolean>`mode = 'practice' and submitted_at is null`)
    .execute()
  // The leaderboard reads ranked, submitted attempts by exact score, earlier submission first on ties.
  await db.schema
    .createIndex('attempts_ranked_leaderboard_idx')
    .on('attempts')
    .expression(sql`quiz_id, score_units desc, submitted_at asc`)
    .where(sql<boolean>`submitted_at is not null and mode = 'ranked'`)
    .execute()

  await db.schema.alterTable('attempt_answers').addColumn('selected_options', 'text').execute()
  await db.schema.alterTable('attempt_answers').addColumn('numeric_answer', 'text').execute()
  await db.schema.alterTable('attempt_answers').addColumn('visited_at', 'text').execute()
  await db.schema
    .alterTable('attempt_answers')
    .addColumn('time_spent_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['time_spent_ms', 'visited_at', 'numeric_answer', 'selected_options']) {
    await db.schema.alterTable('attempt_answers').dropColumn(column).execute()
  }
  await db.schema.dropIndex('attempts_ranked_leaderboard_idx').execute()
  await db.schema.dropIndex('attempts_user_quiz_open_practice_uq').execute()
  await db.schema.dropIndex('attempts_user_quiz_ranked_uq').execute()
  await db.deleteFrom('attempts').where('mode', '=', 'practice').execute()
  await db.schema.createIndex('attempts_user_quiz_uq').on('attempts').columns(['user_id', 'quiz_id']).unique().execute()
  await db.schema.alterTable('attempts').dropColumn('mode').execute()
  await db.schema.alterTable('attempts').dropColumn('score_units').execute()
  await db.schema.alterTable('quizzes').dropColumn('marking_defaults').execute()
  for (const column of ['topic', 'section', 'answer_max', 'answer_min', 'correct_options']) {
    await db.schema.alterTable('questions').dropColumn(column).execute()
  }
  for (const column of ['negative_marks', 'marks', 'type']) {
    await db.schema.alterTable('questions').dropColumn(column).execute()
  }
}
