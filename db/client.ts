import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely'
import { migrations } from './migrations.ts'
import type { Database } from './schema.ts'

export type DB = Kysely<Database>

export interface OpenedDatabase {
  db: DB
  sqlite: SQLite.Database
  pragmas: { journal_mode: string; synchronous: number; foreign_keys: number; busy_timeout: number }
}

/**
 * Opens the SQLite file with the pragmas DESIGN.md asks for and reads them back, because better-sqlite3 + WAL
 * silently changes `synchronous` (STACK.md trap 12). NORMAL in WAL mode never loses a committed transaction when
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
  return { db, sqlite, pragmas }
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

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
