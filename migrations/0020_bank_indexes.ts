import type { Kysely } from 'kysely'

// Indexes for the question bank's reads at size, measured by scripts/bench-bank.ts (100,000 bank questions in 1,000
// papers, 2,000,000 answers, a learner with 20,000). Indexes only; no row is touched.
//
// (Every attempt of a learner, the draw's first step, is migrations/0019_attempts_by_learner.ts's index.)
// - questions_id_bank_idx (id, bank_question_id): the bank question an answered row is a version of, read from the
//   index alone. The draw maps each of the learner's answers to its bank question; through the primary key that is
//   a read of the whole row (its text, options and HTML, a kilobyte or more) per answer.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('questions_id_bank_idx').on('questions').columns(['id', 'bank_question_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('questions_id_bank_idx').execute()
}
