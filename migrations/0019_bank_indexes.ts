import type { Kysely } from 'kysely'

// Indexes for the question bank's reads at size, measured by scripts/bench-bank.ts (100,000 bank questions in 1,000
// papers, 2,000,000 answers, a learner with 20,000). Indexes only; no row is touched.
//
// - attempts_user_idx (user_id): every attempt of a learner, whatever its mode. The practice builder's 'not seen
//   first' draw starts from the learner's attempts (ranked, practice and practice sets from the bank alike); the
//   indexes on attempts.user_id so far are partial (ranked attempts; open practice), so the draw read every attempt
//   of every learner.
// - questions_id_bank_idx (id, bank_question_id): the bank question an answered row is a version of, read from the
//   index alone. The draw maps each of the learner's answers to its bank question; through the primary key that is
//   a read of the whole row (its text, options and HTML, a kilobyte or more) per answer.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('attempts_user_idx').on('attempts').column('user_id').execute()
  await db.schema.createIndex('questions_id_bank_idx').on('questions').columns(['id', 'bank_question_id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('questions_id_bank_idx').execute()
  await db.schema.dropIndex('attempts_user_idx').execute()
}
