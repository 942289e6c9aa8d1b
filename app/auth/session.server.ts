import { createSessionRow, deleteSessionRow, findSessionUserId } from '~/models/accounts/session.server'
import { getUserBySession, type UserRow } from '~/models/accounts/user.server'
import {
  getSessionId,
  sessionClearCookie,
  sessionIdFromCookieHeader,
  sessionSetCookie,
} from '~/utils/session-cookie.server'

// Who is signed in: the session cookie (app/utils/session-cookie.server.ts) names a `sessions` row, the row a user.
// This sits above the models and below the routes (docs/decisions/020-one-role-guard.md), so app/utils stays
// infrastructure that imports no model.

export async function getUserId(request: Request): Promise<string | null> {
  const sessionId = await getSessionId(request)
  return sessionId ? findSessionUserId(sessionId) : null
}

/** The user a Cookie header's session names (server.js's exam lane, which has no fetch Request); null if none. */
export async function userFromCookieHeader(cookieHeader: string | null | undefined): Promise<UserRow | null> {
  return userOfSession(await sessionIdFromCookieHeader(cookieHeader))
}

/**
 * The session's user in one query. Only when there is none is the session read alone: an expired one is deleted
 * there (findSessionUserId), as on every other path.
 */
async function userOfSession(sessionId: string | null): Promise<UserRow | null> {
  if (!sessionId) return null
  const user = await getUserBySession(sessionId)
  if (user) return user
  await findSessionUserId(sessionId)
  return null
}

// The root loader and the route's loader both ask for the user of the same request: look it up once.
const usersByRequest = new WeakMap<Request, Promise<UserRow | null>>()

export function getUser(request: Request): Promise<UserRow | null> {
  let user = usersByRequest.get(request)
  if (!user) {
    user = getSessionId(request).then(userOfSession)
    usersByRequest.set(request, user)
  }
  return user
}

/** Starts a fresh session (a new id at every login and code verification) and returns its Set-Cookie header. */
export async function startSession(request: Request, userId: string): Promise<string> {
  const old = await getSessionId(request)
  if (old) await deleteSessionRow(old)
  const { id, expiresAt } = await createSessionRow(userId)
  return sessionSetCookie(id, expiresAt)
}

/** Deletes the session row (so a copied cookie is dead too) and returns a clearing Set-Cookie header. */
export async function endSession(request: Request): Promise<string> {
  const sessionId = await getSessionId(request)
  if (sessionId) await deleteSessionRow(sessionId)
  return sessionClearCookie()
}
