import { sql, type Kysely } from 'kysely'
import type { Database } from '#db/schema'

// For the PostgreSQL tests that build an interleaving: wait until other connections are blocked on a lock.

/** Waits until `n` backends of this database wait for a lock (5 s at the most). */
export async function lockWaiters(db: Kysely<Database>, n: number) {
  for (let i = 0; i < 200; i++) {
    const rows = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
    if (rows.rows[0]!.n >= n) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`fewer than ${n} backends waiting for a lock`)
}
