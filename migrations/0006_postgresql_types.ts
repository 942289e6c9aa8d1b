import type { Kysely } from 'kysely'
import { dialectOf } from '../db/dialect.ts'

// The same migrations build the schema on PostgreSQL. Two column types written for SQLite mean less
// there (docs/decisions/009-postgresql.md):
// - rate_limits.window_start holds epoch milliseconds: SQLite's INTEGER is 64-bit, PostgreSQL's integer is
//   32-bit and overflows, so it becomes bigint.
// - attempts.score: SQLite's REAL is an 8-byte double, PostgreSQL's real a 4-byte float, so it becomes double
//   precision.
// On SQLite both are already what they should be: nothing to do.
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await db.schema
    .alterTable('rate_limits')
    .alterColumn('window_start', (c) => c.setDataType('bigint'))
    .execute()
  await db.schema
    .alterTable('attempts')
    .alterColumn('score', (c) => c.setDataType('double precision'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await db.schema
    .alterTable('attempts')
    .alterColumn('score', (c) => c.setDataType('real'))
    .execute()
  await db.schema
    .alterTable('rate_limits')
    .alterColumn('window_start', (c) => c.setDataType('integer'))
    .execute()
}
