import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely'
import pg from 'pg'
import { migrations } from './migrations.ts'
import { sendHotStatementsNamed } from './named-statements.ts'
import type { Database } from './schema.ts'
import type { Dialect } from './dialect.ts'

export type DB = Kysely<Database>

export interface SqlitePragmas {
  journal_mode: string
  synchronous: number
  foreign_keys: number
  busy_timeout: number
}

export interface OpenedDatabase {
  db: DB
  dialect: Dialect
  /** The better-sqlite3 handle (SQLite only): backups and pragmas need it. */
  sqlite: SQLite.Database | null
  pragmas: SqlitePragmas | null
  /** Where the data lives, for logs: the SQLite file or the PostgreSQL URL without its password. */
  location: string
}

/**
 * The database the environment names: PostgreSQL when DATABASE_URL is set (several app instances may share it),
 * else the SQLite file of DATABASE_PATH (the embedded default). docs/decisions/009-postgresql.md.
 */
export function openConfiguredDatabase(env: { DATABASE_URL?: string; DATABASE_PATH: string }): OpenedDatabase {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openDatabase(env.DATABASE_PATH)
}

/**
 * Opens the SQLite file with the pragmas of docs/decisions/001-stack-and-server.md and reads them back, because
 * better-sqlite3 + WAL silently changes `synchronous`. NORMAL in WAL mode never loses a committed transaction when
 * the process is killed (only on power loss), which is the failure a one-machine Fly app sees.
 */
export function openDatabase(file: string): OpenedDatabase {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  const pragmas = {
    journal_mode: String(sqlite.pragma('journal_mode', { simple: true })),
    synchronous: Number(sqlite.pragma('synchronous', { simple: true })),
    foreign_keys: Number(sqlite.pragma('foreign_keys', { simple: true })),
    busy_timeout: Number(sqlite.pragma('busy_timeout', { simple: true })),
  }
  if (file !== ':memory:' && pragmas.journal_mode !== 'wal')
    throw new Error(`SQLite refused WAL mode (${pragmas.journal_mode})`)
  if (pragmas.synchronous !== 1 || pragmas.foreign_keys !== 1) {
    throw new Error(`SQLite pragmas not applied: ${JSON.stringify(pragmas)}`)
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
  return { db, dialect: 'sqlite', sqlite, pragmas, location: file }
}

// PostgreSQL answers bigint (count(*), sum of integers) and numeric (avg) as strings, because they may not fit a
// JavaScript number. Ours are counts, sums of rupees/paise and averages of scores, far below 2^53, and the model
// layer expects the numbers SQLite gives: parse them here, once, for this pool only (not pg's global types).
const NUMBER_TYPES = new Set([20 /* int8 */, 1700 /* numeric */])
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (NUMBER_TYPES.has(oid) && format !== 'binary') return (value: string) => Number(value)
    return pg.types.getTypeParser(oid, format)
  },
}

/** Pool size per app instance: a few connections are plenty for a 2-core machine; PG_POOL_MAX overrides. */
const poolMax = () => Number(process.env.PG_POOL_MAX) || 10

export function openPostgres(url: string, options: { max?: number } = {}): OpenedDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? poolMax(),
    types: pgTypes as pg.CustomTypesConfig,
    // A lock wait longer than this is a bug (or a stuck transaction): fail the request instead of piling up.
    statement_timeout: 15_000,
  })
  // An idle connection dropped by the server (failover, restart) must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.error(`[db] idle PostgreSQL connection lost: ${error.message}`))
  // The prepared hot queries go as named statements: parsed and planned once per connection (./named-statements.ts).
  pool.on('connect', (client) => sendHotStatementsNamed(client as never))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { db, dialect: 'postgres', sqlite: null, pragmas: null, location: redactUrl(url) }
}

/** The URL without its password, for logs and messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    return u.toString()
  } catch {
    return 'postgres://(unparsable URL)'
  }
}

/**
 * Kysely prepares every query afresh; compiling SQL is a measurable share of a page view. Statements are
 * reused by their SQL text: better-sqlite3 runs `all`/`run` synchronously, so a statement is never in use twice
 * at once. (Kysely's `stream()` iterates across awaits and would need its own statement; the app never streams.)
 * Bounded so ad-hoc SQL cannot grow it without end.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql)
      if (!stmt) {
        stmt = sqlite.prepare(sql)
        if (cache.size >= max) cache.delete(cache.keys().next().value as string)
        cache.set(sql, stmt)
      }
      return stmt
    },
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/**
 * Runs the pending migrations. Safe when several instances start at once: Kysely's migrator holds a lock while
 * it works (an advisory lock on PostgreSQL, the write lock on SQLite).
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/**
 * Keeps SQLite's planner statistics (sqlite_stat1), which only ANALYZE writes. Without them the planner guesses,
 * and on a large bank it guesses wrong: it reads all 100,000 current versions for a search of one topic
 * (scripts/bench-bank.ts prints the plans with and without). SQLite's advice for a long-lived connection is
 * `PRAGMA optimize` at open and then periodically: it analyses only the tables never analysed or whose size changed
 * tenfold since, so most runs do nothing. `optimize = 0x10002` (analyse, and check every table, not only those this
 * connection used) with `analysis_limit = 0` reads whole indexes; plain `optimize` samples a few hundred entries an
 * index, which misjudges our skewed columns (every bank version sits in one quiz) and keeps the slow plans
 * (tests/integration/planner-statistics.test.ts). A full analysis of 2 million answers takes about half a second,
 * at start-up or in a rare hourly run. PostgreSQL needs none of this: its autovacuum keeps statistics.
 */
export function keepPlannerStatistics(sqlite: SQLite.Database, everyMs = 60 * 60 * 1000): () => void {
  const optimize = () => {
    try {
      sqlite.pragma('analysis_limit = 0')
      sqlite.pragma('optimize = 0x10002')
    } catch (error) {
      // A busy or closed database: statistics are an optimisation, the next run tries again.
      if (sqlite.open) console.error(`[db] PRAGMA optimize failed: ${(error as Error).message}`)
    }
  }
  optimize()
  const timer = setInterval(optimize, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
