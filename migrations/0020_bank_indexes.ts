import type { Kysely } from 'kysely'

// Indexes for the question bank's reads at size, measured by scripts/bench-bank.ts (100,000 bank questions in 1,000
// papers, 2,000,000 answers, a learner with 20,000). Indexes only; no row is touched.
//
// (Every attempt of a learner, the draw's first step, is migrations/0019_attempts_by_learner.ts's index.)
// - questions_id_bank_idx (id, bank_question_id): the bank question an answered row is a version of, read from the
//   index alone. The draw maps each of the learner's answers to its bank question; through the primary key that is
//   a read of the whole row (its text, options and HTML, a kilobyte or more) per answer.
// - attempt_answers_question_idx (question_id): the answers given to a question version. A bank question's figures
//   on the staff pages (app/models/bank/stats.server.ts) start from its versions in every paper; without it each
//   page of 20 questions read all the answers ever given (seconds at 2,000,000). Deleting a question row (its
//   cascade to the answers) reads through it too.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('questions_id_bank_idx').on('questions').columns(['id', 'bank_question_id']).execute()
  await db.schema.createIndex('attempt_answers_question_idx').on('attempt_answers').column('question_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempt_answers_question_idx').execute()
  await db.schema.dropIndex('questions_id_bank_idx').execute()
}
