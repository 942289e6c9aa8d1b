import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../db/dialect.ts'
import { createSqliteBumpTriggers } from './0009_content_version.ts'

// A live mock's per-learner overrides (migrations/0021) bump the content version like the paper itself
// (migrations/0009, docs/decisions/037-paper-pass.md): each process then keeps a live mock's overrides with its
// paper, read once per version, instead of looking up the learner's override on every request of the exam (one
// statement of every start and save). An override is a rare staff action; the bump also renews the anonymous page
// cache, which costs one render per page.
//
// The same trigger function (PostgreSQL: deferred to commit, once per transaction) and the same SQLite trigger bodies
// as 0009's tables.

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`
      create constraint trigger live_mock_overrides_content_version
        after insert or update or delete on live_mock_overrides
        deferrable initially deferred
        for each row execute function bump_content_version()`.execute(db)
    return
  }
  await createSqliteBumpTriggers(db, 'live_mock_overrides')
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger live_mock_overrides_content_version on live_mock_overrides`.execute(db)
    return
  }
  for (const event of ['insert', 'update', 'delete'])
    await sql`drop trigger ${sql.raw(`live_mock_overrides_content_version_${event}`)}`.execute(db)
}
