import { createCookie } from 'react-router'
import { SESSION_TTL_MS } from '~/lib/constants'
import { isProduction, sessionSecrets } from './env.server'

// The session cookie holds only a session id pointing at a `sessions` row: revocable. Reading and writing the
// cookie is all this module does; who the id belongs to is app/auth/session.server.ts.
export const sessionCookie = createCookie('__session', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: isProduction(),
  secrets: sessionSecrets(),
  maxAge: SESSION_TTL_MS / 1000,
})

// Checking the cookie's signature is an HMAC through WebCrypto: about half a millisecond of every signed-in request
// on the bench machine, more than the session lookup itself. A learner's page views and answers carry the same
// cookie, so its verified value is remembered by the cookie's exact text: a changed byte is another key and is
// verified afresh; the secrets only change with a restart. Revocation is unaffected: every request still reads the
// session row. Bounded: the oldest entry goes first. Room for every learner of an exam-day live mock on one instance
// (10,000 in the bench's spike, decision 031); at 5,000 the entries went round and every request paid the HMAC again.
// An entry is ~250 bytes: 20,000 are ~5 MB.
const verifiedSessionCookies = new Map<string, string | null>()
const VERIFIED_COOKIES_MAX = 20_000
const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${sessionCookie.name}=([^;]*)`)

/** The session id the request's signed `__session` cookie carries; null when it has none or a forged one. */
export function getSessionId(request: Request): Promise<string | null> {
  return sessionIdFromCookieHeader(request.headers.get('Cookie'))
}

/** getSessionId from the Cookie header itself (server.js's exam lane has no fetch Request). */
export async function sessionIdFromCookieHeader(cookieHeader: string | null | undefined): Promise<string | null> {
  const raw = SESSION_COOKIE_VALUE.exec(cookieHeader ?? '')?.[1]
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

/** The Set-Cookie header that hands the browser a session id until `expires`. */
export const sessionSetCookie = (sessionId: string, expires: Date) => sessionCookie.serialize(sessionId, { expires })

/** The Set-Cookie header that clears the session cookie. */
export const sessionClearCookie = () => sessionCookie.serialize('', { maxAge: 0, expires: new Date(0) })
