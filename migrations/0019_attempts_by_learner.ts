import type { Kysely } from 'kysely'

// A learner's attempts by learner: the practice draw (app/models/bank/practice.server.ts) reads every answer the
// learner ever gave (questions they have seen come last), and the revision lists, the progress page and the lazy
// finalizing read a learner's attempts too. The older indexes on attempts are partial (ranked ones, open practice
// ones) or lead with the quiz, so without this each of those reads scanned every learner's attempts or answers.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('attempts_user_idx').on('attempts').columns(['user_id', 'submitted_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempts_user_idx').ifExists().execute()
}
