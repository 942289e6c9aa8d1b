import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../db/dialect.ts'
import * as m0008 from './0008_quiz_score_counts.ts'

// docs/decisions/013-leaderboard-score-counts.md, amended: the per-score counts of migrations/0008 are split into up
// to 16 rows per (quiz, score), one per shard, so submits of equal scores no longer queue on one row. On
// PostgreSQL the counts row a submit adds to stays locked until its commit; in an exam's last minutes thousands of
// learners of a paper score alike (the bench's 5,000-learner burst all score the same), and every one of those
// commits waited on the one before. With the shard of each attempt its own, concurrent submits meet on a row only
// when their attempts share a shard.
//
// The shard is the attempt id's last hex digit (ids are 24 lowercase hex characters, app/lib/ids.ts), worked out
// the same way on both databases, so a submit, its later delete and db:copy's rebuild on the target all name the
// same row: SQLite instr(), PostgreSQL strpos(), each -1 for anything that is not a lowercase hex digit. Readers sum
// over a score's shards (app/models/quiz/standing.server.ts, stats.server.ts): a quiz has at most 16 rows per
// distinct score, still a bounded range of the primary key whatever the number of attempts.
//
// The triggers keep migrations/0008's names and conditions; only the row they add to or take from gains the shard.
// Up replaces 0008's table and triggers and rebuilds the counts from `attempts`; down puts 0008's back (its own
// down, then its up, which rebuilds them the same way).

const DIGITS = '0123456789abcdef'

/** The shard of the attempt `row` (SQLite trigger bodies and PL/pgSQL alike; the same value on both). */
const shardOf = (postgres: boolean, row: string) =>
  postgres ? `(strpos('${DIGITS}', right(${row}.id, 1)) - 1)` : `(instr('${DIGITS}', substr(${row}.id, -1)) - 1)`

/** Whether `new` or `old` counts: migrations/0008's condition. */
const counts = (row: 'new' | 'old') =>
  `${row}.submitted_at is not null and ${row}.mode = 'ranked' and ${row}.score_units is not null`

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await m0008.down(db)
  await db.schema
    .createTable('quiz_score_counts')
    .addColumn('quiz_id', 'text', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('score_units', 'bigint', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quiz_score_counts_pk', ['quiz_id', 'score_units', 'shard'])
    // As in migrations/0008: room on the page keeps PostgreSQL's constant rewrites of these rows HOT.
    .$call((t) => (postgres ? t.modifyEnd(sql`with (fillfactor = 50)`) : t))
    .execute()
  if (postgres) await createPostgresTriggers(db)
  else await createSqliteTriggers(db)
  // After the triggers, as in migrations/0008: no attempt is written in between either way.
  await sql
    .raw(
      `insert into quiz_score_counts (quiz_id, score_units, shard, n)
      select quiz_id, score_units, ${shardOf(postgres, 'attempts')}, count(*) from attempts
      where submitted_at is not null and mode = 'ranked' and score_units is not null
      group by quiz_id, score_units, ${shardOf(postgres, 'attempts')}`,
    )
    .execute(db)
}

async function createSqliteTriggers(db: Kysely<any>): Promise<void> {
  // "Insert when missing, then add", not UPSERT: migrations/0008 says why.
  const key = (row: 'new' | 'old') =>
    `quiz_id = ${row}.quiz_id and score_units = ${row}.score_units and shard = ${shardOf(false, row)}`
  const add = `
    insert into quiz_score_counts (quiz_id, score_units, shard, n)
      select new.quiz_id, new.score_units, ${shardOf(false, 'new')}, 0
      where not exists (select 1 from quiz_score_counts where ${key('new')});
    update quiz_score_counts set n = n + 1 where ${key('new')};`
  const remove = `
    update quiz_score_counts set n = n - 1 where ${key('old')};
    delete from quiz_score_counts where ${key('old')} and n <= 0;`
  const watched = 'quiz_id, submitted_at, mode, score_units'
  await sql
    .raw(`create trigger attempts_score_counts_insert after insert on attempts when ${counts('new')} begin ${add} end`)
    .execute(db)
  await sql
    .raw(
      `create trigger attempts_score_counts_delete after delete on attempts when ${counts('old')} begin ${remove} end`,
    )
    .execute(db)
  // `id` is watched too: the shard follows it (no writer changes an id; the count stays exact if one does).
  await sql
    .raw(
      `create trigger attempts_score_counts_update_old after update of ${watched}, id on attempts when ${counts('old')} begin ${remove} end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger attempts_score_counts_update_new after update of ${watched}, id on attempts when ${counts('new')} begin ${add} end`,
    )
    .execute(db)
}

async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  // migrations/0008's function with the shard in each statement's key: each still touches one counts row.
  const key = (row: 'new' | 'old') =>
    `quiz_id = ${row}.quiz_id and score_units = ${row}.score_units and shard = ${shardOf(true, row)}`
  await sql
    .raw(
      `create or replace function quiz_score_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          if ${counts('old')} then
            update quiz_score_counts set n = n - 1 where ${key('old')};
            delete from quiz_score_counts where ${key('old')} and n <= 0;
          end if;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          if ${counts('new')} then
            insert into quiz_score_counts (quiz_id, score_units, shard, n)
              values (new.quiz_id, new.score_units, ${shardOf(true, 'new')}, 1)
              on conflict (quiz_id, score_units, shard) do update set n = quiz_score_counts.n + 1;
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
      `create trigger attempts_score_counts_update after update of id, quiz_id, submitted_at, mode, score_units
        on attempts for each row execute function quiz_score_counts_track()`,
    )
    .execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  // The same trigger, function and table names as migrations/0008: its down removes these, its up restores its own.
  await m0008.down(db)
  await m0008.up(db)
}
