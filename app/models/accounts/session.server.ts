import crypto from 'node:crypto'
import { SESSION_TTL_MS } from '~/lib/constants'
import { db } from '~/utils/db.server'
import { nowIso } from '~/utils/ids.server'

/** A new session row; its id is 32 random bytes, never reused (the caller rotates it at login and verification). */
export async function createSessionRow(userId: string): Promise<{ id: string; expiresAt: Date }> {
  const id = crypto.randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, expires_at: expiresAt.toISOString(), created_at: nowIso() })
    .execute()
  return { id, expiresAt }
}

export async function findSessionUserId(sessionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst()
  if (!row) return null
  if (row.expires_at <= nowIso()) {
    await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
    return null
  }
  return row.user_id
}

export async function deleteSessionRow(sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute()
}

/** Ends every session of a user except `keepSessionId` (password reset ends the other sessions). */
export async function deleteUserSessions(userId: string, keepSessionId?: string) {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keepSessionId) q = q.where('id', '!=', keepSessionId)
  await q.execute()
}
