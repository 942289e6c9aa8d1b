import { createCookie, redirect } from 'react-router'
import { createSessionRow, deleteSessionRow, findSessionUserId, SESSION_TTL_MS } from '~/models/session.server'
import { getUserById, type UserRow } from '~/models/user.server'
import { apiError } from './api.server'
import { isProduction, sessionSecrets } from './env.server'

// The cookie holds only a session id pointing at a `sessions` row (STYLE.md, Epic ADR 007): revocable.
export const sessionCookie = createCookie('__session', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: isProduction(),
  secrets: sessionSecrets(),
  maxAge: SESSION_TTL_MS / 1000,
})

// Checking the cookie's signature is an HMAC through WebCrypto: about half a millisecond of every signed-in request
// on the bench machine (issue 14), more than the session lookup itself. A learner's page views and answers carry
// the same cookie, so its verified value is remembered by the cookie's exact text: a changed byte is another key
// and is verified afresh; the secrets only change with a restart. Revocation is unaffected: every request still
// reads the session row (findSessionUserId). Bounded: the oldest entry goes first.
const verifiedSessionCookies = new Map<string, string | null>()
const VERIFIED_COOKIES_MAX = 5_000
const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${sessionCookie.name}=([^;]*)`)

/** The session id the request's signed `__session` cookie carries; null when it has none or a forged one. */
export async function getSessionId(request: Request): Promise<string | null> {
  const raw = SESSION_COOKIE_VALUE.exec(request.headers.get('Cookie') ?? '')?.[1]
  if (!raw) return null
  let sessionId = verifiedSessionCookies.get(raw)
  if (sessionId === undefined) {
    const value = await sessionCookie.parse(`${sessionCookie.name}=${raw}`)
    sessionId = typeof value === 'string' && value.length > 0 ? value : null
    if (verifiedSessionCookies.size >= VERIFIED_COOKIES_MAX) {
      verifiedSessionCookies.delete(verifiedSessionCookies.keys().next().value!)
    }
    verifiedSessionCookies.set(raw, sessionId)
  }
  return sessionId
}

export async function getUserId(request: Request): Promise<string | null> {
  const sessionId = await getSessionId(request)
  return sessionId ? findSessionUserId(sessionId) : null
}

// The root loader and the route's loader both ask for the user of the same request: look it up once.
const usersByRequest = new WeakMap<Request, Promise<UserRow | null>>()

export function getUser(request: Request): Promise<UserRow | null> {
  let user = usersByRequest.get(request)
  if (!user) {
    user = getUserId(request).then(async (userId) => (userId ? ((await getUserById(userId)) ?? null) : null))
    usersByRequest.set(request, user)
  }
  return user
}

export { safeRedirect } from '~/lib/safe-redirect'

function loginRedirect(request: Request): never {
  const url = new URL(request.url)
  const redirectTo = url.pathname + url.search
  throw redirect(`/login?${new URLSearchParams({ redirectTo })}`)
}

/** Protected pages: signed-out users go to /login?redirectTo=... */
export async function requireUser(request: Request): Promise<UserRow> {
  const user = await getUser(request)
  if (!user) loginRedirect(request)
  return user
}

/** Guest-only pages (login, signup, forgot password) send signed-in users to /. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getUserId(request)) throw redirect('/')
}

import { isStaff } from '~/lib/roles'

export { isStaff }

/** /admin pages (spec 2 §6, issue 6 §1): signed out -> /login, other roles -> /. */
export async function requireStaff(request: Request): Promise<UserRow> {
  const user = await requireUser(request)
  if (!isStaff(user.role)) throw redirect('/')
  return user
}

/** Admin-only pages (create course, coupons, reset quiz price, audit log, the access toggle): instructors go to the dashboard. */
export async function requireAdminPage(request: Request): Promise<UserRow> {
  const user = await requireStaff(request)
  if (user.role !== 'admin') throw redirect('/admin/dashboard')
  return user
}

/**
 * File downloads under /admin/export (issue 15): signed out -> /login and back; signed in without the role
 * (a learner; an instructor on an admin-only file) -> 403. A redirect, as the pages do, would make the browser
 * save the page it lands on as the "CSV".
 */
export async function requireExportRole(request: Request, role: 'staff' | 'admin'): Promise<UserRow> {
  const user = await requireUser(request)
  if (role === 'admin' ? user.role !== 'admin' : !isStaff(user.role)) {
    throw new Response('Forbidden: this export is for staff with access to it.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    })
  }
  return user
}

// API guards (API.md §1.3, §5 #6): the same rules as the pages', answered as JSON errors instead of redirects.
// Each v1 endpoint names its guard in its table (app/utils/api-endpoints.server.ts).
export type ApiGuard = 'public' | 'signedIn' | 'staff' | 'admin'
export const API_AUTH_MESSAGES = { unauthorized: 'Unauthorized request', forbidden: 'Forbidden' } as const

/** The signed-in user an endpoint's guard lets through (null for public endpoints), or a thrown 401/403. */
export async function requireApiUser(guard: ApiGuard, request: Request): Promise<UserRow | null> {
  if (guard === 'public') return null
  const user = await getUser(request)
  if (!user) throw apiError(401, API_AUTH_MESSAGES.unauthorized)
  if (guard === 'staff' && !isStaff(user.role)) throw apiError(403, API_AUTH_MESSAGES.forbidden)
  if (guard === 'admin' && user.role !== 'admin') throw apiError(403, API_AUTH_MESSAGES.forbidden)
  return user
}

/** Starts a fresh session (a new id at every login and code verification) and returns its Set-Cookie header. */
export async function startSession(request: Request, userId: string): Promise<string> {
  const old = await getSessionId(request)
  if (old) await deleteSessionRow(old)
  const { id, expiresAt } = await createSessionRow(userId)
  return sessionCookie.serialize(id, { expires: expiresAt })
}

/** Deletes the session row (so a copied cookie is dead too) and returns a clearing Set-Cookie header. */
export async function endSession(request: Request): Promise<string> {
  const sessionId = await getSessionId(request)
  if (sessionId) await deleteSessionRow(sessionId)
  return sessionCookie.serialize('', { maxAge: 0, expires: new Date(0) })
}
