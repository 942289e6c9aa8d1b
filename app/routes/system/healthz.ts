import { sql } from 'kysely'
import { db } from '~/utils/db.server'

// 200 `ok` when the database answers (Fly's http check).
export async function loader() {
  try {
    await sql`select 1`.execute(db)
    return new Response('ok', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
  } catch {
    return new Response('database unavailable', { status: 503, headers: { 'Content-Type': 'text/plain' } })
  }
}
