import { sql, type Kysely } from 'kysely'

// Expired attempts are finalized lazily whenever quiz data is read. This partial index keeps
// "open attempts past their deadline" a short range scan however many submitted attempts exist.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('attempts_open_deadline_idx')
    .on('attempts')
    .column('deadline_at')
    .where(sql.ref('submitted_at'), 'is', null)
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attempts_open_deadline_idx').ifExists().execute()
}
