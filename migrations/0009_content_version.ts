import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../db/dialect.ts'

// The content version of the anonymous page cache (docs/decisions/014-anonymous-page-cache.md).
// One row (id 1) whose `version` goes up with every committed write to a table the public pages (or a page that
// may show staff-authored content) read. Each app process keeps rendered pages in memory with the version they
// were rendered at and reads this row once per cached request, so a staff edit made through any process (admin
// form, v1 admin API, a script, a seed, a cascade) reaches the very next anonymous visitor everywhere.
//
// The bump is a database trigger, not model code, so no writer can forget it. Learner activity (attempts,
// enrolments, orders, sessions, users) touches none of these tables and leaves cached pages alone.
//
// The migration writes no row: the first bump creates it (an absent row reads as version 0). That keeps
// `npm run db:copy` exact: it copies the source's row like any other, and on PostgreSQL the bumps are deferred
// to commit and skipped in a transaction that already wrote the row (so, once per transaction).
export const CONTENT_TABLES = ['courses', 'sections', 'lectures', 'quizzes', 'questions', 'settings'] as const

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute()

  if (dialectOf(db) === 'postgres') {
    await sql`
      create function bump_content_version() returns trigger language plpgsql as $$
      begin
        -- Once per transaction: a version row this transaction already wrote (bumped it, or db:copy copied it
        -- in) changes at commit anyway. This also keeps db:copy's target equal to its source, row for row.
        if exists (select 1 from content_version where id = 1 and xmin = pg_current_xact_id()::xid) then
          return null;
        end if;
        insert into content_version (id, version) values (1, 1)
          on conflict (id) do update set version = content_version.version + 1;
        return null;
      end $$`.execute(db)
    // A constraint trigger may be deferred: it runs at commit (per changed row, all but the first a cheap no-op),
    // so the hot version row is locked only for the instant before commit, never across a long admin transaction.
    for (const table of CONTENT_TABLES) {
      await sql`
        create constraint trigger ${sql.raw(`${table}_content_version`)}
          after insert or update or delete on ${sql.table(table)}
          deferrable initially deferred
          for each row execute function bump_content_version()`.execute(db)
    }
    return
  }

  // SQLite: one trigger per table and event (SQLite has no multi-event triggers); writers are serialised by the
  // database lock anyway. The row is created with a guarded insert, not `insert or ignore`: inside a trigger an
  // outer `insert or replace` would override that conflict clause.
  for (const table of CONTENT_TABLES) await createSqliteBumpTriggers(db, table)
}

/** SQLite: the three triggers (insert, update, delete) that bump the content version on a write to `table`. */
export async function createSqliteBumpTriggers(db: Kysely<any>, table: string): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`
      create trigger ${sql.raw(`${table}_content_version_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
      begin
        insert into content_version (id, version)
          select 1, 0 where not exists (select 1 from content_version where id = 1);
        update content_version set version = version + 1 where id = 1;
      end`.execute(db)
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of CONTENT_TABLES)
      await sql`drop trigger ${sql.raw(`${table}_content_version`)} on ${sql.table(table)}`.execute(db)
    await sql`drop function bump_content_version()`.execute(db)
  } else {
    for (const table of CONTENT_TABLES)
      for (const event of ['insert', 'update', 'delete'])
        await sql`drop trigger ${sql.raw(`${table}_content_version_${event}`)}`.execute(db)
  }
  await db.schema.dropTable('content_version').execute()
}
