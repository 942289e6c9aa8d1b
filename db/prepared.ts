// Queries built and compiled once, then run with new values (docs/decisions/035-prepared-hot-queries.md).
//
// Kysely builds an operation tree and compiles it to SQL on every call: for the statements every exam request runs
// (the session's user, the content version, the learner's attempt, the answer save) that work, and the garbage it
// leaves, cost more than SQLite's own execution of them. A prepared query is written as plain Kysely over named
// slots; it is compiled the first time each dialect runs it, and afterwards only its parameter list is filled in.
// The same SQL text object also lets the SQLite statement cache (./client.ts) find its statement without hashing
// the text again.
import { PostgresAdapter, type CompiledQuery, type Compilable, type Kysely } from 'kysely'
import { nameStatement } from './named-statements'
import type { Database } from './schema'

/**
 * The stand-in of one slot while the query is built: Kysely passes it through to the parameter list untouched, where
 * the compile finds it. It cannot become SQL text or be computed with (its string form throws), so a slot used any
 * way but as a value is refused at the first compile. Where a builder takes a moment and calls `toISOString()`, the
 * slot stands for that ISO text.
 */
class Slot {
  constructor(readonly key: string) {}
  toString(): string {
    throw new Error(`prepared query: slot ${this.key} used as text; pass it as a value`)
  }
  toISOString(): Slot {
    return this
  }
}

/** A slot's value: the database's own (a Date as its ISO text), or an array of them (PostgreSQL's `= any($1)`). */
export type SlotValue = string | number | null | readonly (string | number | null)[]

type Compiled<R> = { query: CompiledQuery<R>; slots: (string | null)[] }

export type PreparedQuery<P, R> = {
  /** Every row, run on `conn` (the database or a transaction). */
  all(conn: Kysely<Database>, values: P): Promise<R[]>
  /** The first row, or undefined. */
  first(conn: Kysely<Database>, values: P): Promise<R | undefined>
  /** Rows written (insert, update, delete). */
  run(conn: Kysely<Database>, values: P): Promise<number>
  /** The SQL text it runs on `conn`'s dialect. */
  sqlFor(conn: Kysely<Database>): string
}

/**
 * `build` receives the database and one stand-in per slot; every stand-in must reach the query as a parameter
 * (`.where('id', '=', p.id)`, `.values({ id: p.id })`), never as SQL text or through a computation, and the first compile
 * throws when a slot is missing from the parameters. Values are the database's own (strings, numbers, null): a
 * Date is passed as its ISO text, as the models store it.
 */
export function prepared<P extends Record<string, SlotValue>, R>(
  build: (conn: Kysely<Database>, slots: P) => Compilable<R>,
): PreparedQuery<P, R> {
  // Keyed by the dialect's adapter class: one compile for SQLite, one for PostgreSQL, whatever the connection.
  const byDialect = new Map<unknown, Compiled<R>>()
  function compiledFor(conn: Kysely<Database>): Compiled<R> {
    const dialect = conn.getExecutor().adapter.constructor
    let entry = byDialect.get(dialect)
    if (!entry) {
      const seen = new Set<string>()
      const stand = new Proxy({} as P, {
        get: (_, key) => {
          seen.add(String(key))
          return new Slot(String(key))
        },
        // `.values(slots)` or a spread would silently read no columns: name each slot.
        ownKeys: () => {
          throw new Error('prepared query: name each slot (p.id), do not spread or list the slots')
        },
      })
      const query = build(conn, stand).compile()
      const slots = query.parameters.map((v) => (v instanceof Slot ? v.key : null))
      const missing = [...seen].filter((key) => !slots.includes(key))
      if (missing.length)
        throw new Error(`prepared query: slot(s) ${missing.join(', ')} are not parameters of ${query.sql}`)
      entry = { query, slots }
      byDialect.set(dialect, entry)
      // On PostgreSQL the text is then parsed once per connection, not on every run (./named-statements.ts); SQLite
      // keeps its own statement cache (./client.ts), so its texts are not named.
      if (conn.getExecutor().adapter instanceof PostgresAdapter) nameStatement(query.sql)
    }
    return entry
  }
  async function execute(conn: Kysely<Database>, values: P) {
    const { query, slots } = compiledFor(conn)
    const parameters = slots.map((slot, i) => (slot === null ? query.parameters[i] : values[slot]))
    return conn.executeQuery<R>({ ...query, parameters })
  }
  return {
    all: async (conn, values) => (await execute(conn, values)).rows,
    first: async (conn, values) => (await execute(conn, values)).rows[0],
    run: async (conn, values) => Number((await execute(conn, values)).numAffectedRows ?? 0),
    sqlFor: (conn) => compiledFor(conn).query.sql,
  }
}
