import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../db/dialect.ts'

// docs/decisions/013-leaderboard-score-counts.md: per-quiz counts of submitted ranked attempts
// by exact score, so participants, "how many scored more" and the average are sums over a quiz's distinct scores
// (a few hundred at most) instead of a walk over every attempt.
//
// The counts are kept by database triggers on `attempts`, created here, so every write is covered whatever
// path makes it: the submit, finalizeExpiredAttempts, direct inserts by tests and benches, db:copy, and the
// foreign-key cascades of a deleted learner or quiz. A row counts when it is submitted, ranked and has a score:
// `submitted_at is not null and mode = 'ranked' and score_units is not null` (the predicate of
// attempts_ranked_leaderboard_idx plus the score). Rows whose count falls to 0 are deleted, so the table holds
// exactly the `group by quiz_id, score_units` of those attempts (db:copy and the tests compare it with that).

/** Whether `new` or `old` counts (SQLite trigger WHEN clauses and PL/pgSQL conditions alike). */
const counts = (row: 'new' | 'old') =>
  `${row}.submitted_at is not null and ${row}.mode = 'ranked' and ${row}.score_units is not null`

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await db.schema
    .createTable('quiz_score_counts')
    .addColumn('quiz_id', 'text', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('score_units', 'bigint', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_score_counts_pk', ['quiz_id', 'score_units'])
    // PostgreSQL: every submit rewrites one small row. Half-empty pages let those updates stay HOT (no new index
    // entry, old versions pruned on the page), so the table and its index do not swell between autovacuums.
    .$call((t) => (postgres ? t.modifyEnd(sql`with (fillfactor = 50)`) : t))
    .execute()

  if (postgres) await createPostgresTriggers(db)
  else await createSqliteTriggers(db)

  // Backfill after the triggers exist: on PostgreSQL the migration is one transaction; on SQLite the app waits
  // for its migrations before it serves, so no attempt is written in between either way.
  await sql`
    insert into quiz_score_counts (quiz_id, score_units, n)
    select quiz_id, score_units, count(*) from attempts
    where submitted_at is not null and mode = 'ranked' and score_units is not null
    group by quiz_id, score_units`.execute(db)
}

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  // No UPSERT or OR IGNORE here: a trigger's conflict clause is overridden by the outer statement's (an
  // `insert or replace into attempts` would reset the count). "Insert when missing, then add" is safe.
  const add = `
    insert into quiz_score_counts (quiz_id, score_units, n)
      select new.quiz_id, new.score_units, 0
      where not exists (select 1 from quiz_score_counts where quiz_id = new.quiz_id and score_units = new.score_units);
    update quiz_score_counts set n = n + 1 where quiz_id = new.quiz_id and score_units = new.score_units;`
  const remove = `
    update quiz_score_counts set n = n - 1 where quiz_id = old.quiz_id and score_units = old.score_units;
    delete from quiz_score_counts where quiz_id = old.quiz_id and score_units = old.score_units and n <= 0;`
  const watched = 'quiz_id, submitted_at, mode, score_units'
  await sql
    .raw(`create trigger attempts_score_counts_insert after insert on attempts when ${counts('new')} begin ${add} end`)
    .execute(db)
  await sql
    .raw(
      `create trigger attempts_score_counts_delete after delete on attempts when ${counts('old')} begin ${remove} end`,
    )
    .execute(db)
  // An update leaves the old row's group and joins the new row's: two triggers, each with its own condition.
  await sql
    .raw(
      `create trigger attempts_score_counts_update_old after update of ${watched} on attempts when ${counts('old')} begin ${remove} end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger attempts_score_counts_update_new after update of ${watched} on attempts when ${counts('new')} begin ${add} end`,
    )
    .execute(db)
}

async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  // One function for the three events. The upsert is safe under concurrent submits of the same score (the
  // second waits on the row, then adds); a count that falls to 0 is deleted, and a concurrent upsert that
  // waited on it inserts the row again. Each statement touches one counts row, so no deadlock is possible.
  // `or replace`: db:copy drops the tables of a failed copy (their triggers go with them), not this function.
  await sql
    .raw(
      `create or replace function quiz_score_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          if ${counts('old')} then
            update quiz_score_counts set n = n - 1 where quiz_id = old.quiz_id and score_units = old.score_units;
            delete from quiz_score_counts where quiz_id = old.quiz_id and score_units = old.score_units and n <= 0;
          end if;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          if ${counts('new')} then
            insert into quiz_score_counts (quiz_id, score_units, n) values (new.quiz_id, new.score_units, 1)
              on conflict (quiz_id, score_units) do update set n = quiz_score_counts.n + 1;
          end if;
        end if;
        return null;
      end
      $$`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger attempts_score_counts_insert_delete after insert or delete on attempts
        for each row execute function quiz_score_counts_track()`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger attempts_score_counts_update after update of quiz_id, submitted_at, mode, score_units
        on attempts for each row execute function quiz_score_counts_track()`,
    )
    .execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql`drop trigger attempts_score_counts_update on attempts`.execute(db)
    await sql`drop trigger attempts_score_counts_insert_delete on attempts`.execute(db)
    await sql`drop function quiz_score_counts_track()`.execute(db)
  } else {
    for (const name of ['update_new', 'update_old', 'delete', 'insert'])
      await sql.raw(`drop trigger attempts_score_counts_${name}`).execute(db)
  }
  await db.schema.dropTable('quiz_score_counts').execute()
}
