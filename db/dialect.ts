// The few places where SQLite and PostgreSQL SQL truly differ, each behind one named helper
// (docs/decisions/009-postgresql.md). Models write plain Kysely that runs on both and call these for
// the rest; nothing else in app/ asks which database it is on.
import { PostgresAdapter, sql, type Kysely } from 'kysely'
import { prepared } from './prepared'

export type Dialect = 'sqlite' | 'postgres'

export function dialectOf(db: Kysely<any>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/**
 * Locks one row for the rest of the transaction, so the guard that follows (a count, a "still open?" read) sees
 * every commit before it and none can slip in until this transaction ends.
 * - PostgreSQL: `select ... for update` (a row lock; concurrent lockers of the same row wait, then read fresh).
 * - SQLite: a no-op write to the row, which takes the database's write lock as the transaction's first step.
 *   A deferred transaction that reads first and writes later fails with SQLITE_BUSY_SNAPSHOT when another
 *   connection wrote in between; a write first waits on busy_timeout instead.
 */
export async function lockRow(trx: Kysely<any>, table: string, id: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await sql`select 1 from ${sql.table(table)} where id = ${id} for update`.execute(trx)
  } else {
    await sql`update ${sql.table(table)} set id = id where id = ${id}`.execute(trx)
  }
}

/**
 * `lockRow` for an attempt that is still open (not submitted), in one statement; whether it was. The lock is taken
 * either way on SQLite (the write lock of the transaction); on PostgreSQL only an open attempt is locked, and a
 * submitted one cannot reopen. Compiled once per dialect (./prepared.ts): a batch of answers runs it.
 */
export async function lockOpenAttempt(trx: Kysely<any>, attemptId: string): Promise<boolean> {
  return dialectOf(trx) === 'postgres'
    ? (await lockOpenAttemptPostgres.first(trx, { id: attemptId })) !== undefined
    : (await lockOpenAttemptSqlite.run(trx, { id: attemptId })) === 1
}
const lockOpenAttemptPostgres = prepared((conn, p: { id: string }) =>
  conn.selectFrom('attempts').select('id').where('id', '=', p.id).where('submitted_at', 'is', null).forUpdate(),
)
const lockOpenAttemptSqlite = prepared((conn, p: { id: string }) =>
  conn
    .updateTable('attempts')
    .set({ id: sql.ref('id') })
    .where('id', '=', p.id)
    .where('submitted_at', 'is', null),
)

/**
 * A subquery whose rows stay as read until the statement's transaction ends: PostgreSQL `for share` (a writer that
 * locked the row first is waited for, and the row read again after it commits). SQLite needs nothing: one writer at a
 * time, and a statement is atomic.
 */
export function forShare<Q extends { forShare(): Q }>(conn: Kysely<any>, query: Q): Q {
  return dialectOf(conn) === 'postgres' ? query.forShare() : query
}

/**
 * A query whose rows are locked for writing until the transaction ends, in the order it returns them (PostgreSQL locks
 * a row as it leaves the sort: `order by ... for no key update`, the lock an update that keeps the key takes, so a
 * foreign key's check on the row is not held up). SQLite needs nothing: the transaction holds the database's write lock.
 */
export function forNoKeyUpdate<Q extends { forNoKeyUpdate(): Q }>(conn: Kysely<any>, query: Q): Q {
  return dialectOf(conn) === 'postgres' ? query.forNoKeyUpdate() : query
}

/**
 * Serialises the transaction against every other one that takes the same named lock (work that has no single
 * row to lock, such as seeding an empty database). PostgreSQL: a transaction-scoped advisory lock; SQLite: a
 * write that matches no row still takes the database's write lock.
 */
export async function lockNamed(trx: Kysely<any>, name: string): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx)
  } else {
    await sql`delete from settings where 0 = 1`.execute(trx)
  }
}

/** Whether a database error is a unique-constraint violation (SQLite's message or PostgreSQL's SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { code?: unknown; message?: unknown }
  if (e.code === '23505') return true
  if (typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_') && /UNIQUE|PRIMARYKEY/.test(e.code))
    return true
  return typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed')
}

/**
 * Whether a database error is a foreign-key violation (SQLite's code or message, PostgreSQL's SQLSTATE 23503): a row
 * refers to a parent another transaction deleted in the meantime.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { code?: unknown; message?: unknown }
  if (e.code === '23503' || e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true
  return typeof e.message === 'string' && e.message.includes('FOREIGN KEY constraint failed')
}

/**
 * `at <= deadline + seconds` on two ISO-8601 text columns, true when `deadline` is null (an untimed attempt): the
 * SQL form of "saved in time" (savedInTime in app/lib/quiz/clock.ts) for queries that group many attempts'
 * answers, where reading each attempt's deadline in JavaScript would walk every attempt.
 * - PostgreSQL: timestamptz arithmetic.
 * - SQLite: julianday differences in milliseconds, rounded to whole milliseconds (the stored instants have
 *   millisecond precision; a double's error on a julianday is ~50 microseconds).
 */
export function savedBySql(db: Kysely<any>, at: string, deadline: string, seconds: number) {
  const a = sql.ref(at)
  const d = sql.ref(deadline)
  if (dialectOf(db) === 'postgres')
    return sql<boolean>`(${d} is null or ${a}::timestamptz <= ${d}::timestamptz + make_interval(secs => ${sql.lit(seconds)}))`
  return sql<boolean>`(${d} is null or round((julianday(${a}) - julianday(${d})) * 86400000) <= ${sql.lit(seconds * 1000)})`
}
