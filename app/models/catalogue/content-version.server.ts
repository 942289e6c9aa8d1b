import { prepared } from '#db/prepared'
import { db } from '~/utils/db.server'

// The content version of the anonymous page cache (migrations/0009_content_version.ts,
// docs/decisions/014-anonymous-page-cache.md): triggers bump it on every committed write to the tables public
// pages read, in whichever process or script made the write. One primary-key lookup per cached request.

/** The current content version; 0 before anything public was ever written. */
export async function contentVersion(): Promise<number> {
  const row = await versionQuery.first(db, { id: 1 })
  return row ? Number(row.version) : 0
}

// Read by every cached page and every exam request: compiled once (#db/prepared).
const versionQuery = prepared((conn, p: { id: number }) =>
  conn.selectFrom('content_version').select('version').where('id', '=', p.id),
)
