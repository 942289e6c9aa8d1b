import crypto from 'node:crypto'
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

// Checking the cookie's signature through WebCrypto (the cookie's own parse) is about half a millisecond of a
// signed-in request on the bench machine, more than the session lookup itself; signedValue (below) checks the same
// HMAC synchronously. A learner's page views and answers carry the same cookie, so its verified value is remembered
// by the cookie's exact text: a changed byte is another key and is verified afresh; the secrets only change with a
// restart. Revocation is unaffected: every request still reads the session row. Bounded: the oldest entry goes
// first. Room for every learner of an exam-day live mock on one instance (10,000 in the bench's spike, decision
// 031); at 5,000 the entries went round and every request paid the HMAC again. An entry is ~250 bytes: 20,000 are
// ~5 MB.
const verifiedSessionCookies = new Map<string, string | null>()
const VERIFIED_COOKIES_MAX = 20_000
const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${sessionCookie.name}=([^;]*)`)

/** The session id the request's signed `__session` cookie carries; null when it has none or a forged one. */
export function getSessionId(request: Request): Promise<string | null> {
  return sessionIdFromCookieHeader(request.headers.get('Cookie'))
}

/**
 * The value of a cookie React Router's createCookie signed with one of our secrets, checked with node:crypto's
 * synchronous HMAC: the same check as the cookie's own parse (an HMAC-SHA256 of the base64 data, base64 without
 * padding, after the last dot), without WebCrypto's key import and thread-pool round trip, which cost the first
 * request of each learner about half a millisecond (at a live mock's opening that is every learner's Start). Undefined
 * when this check does not accept it: the cookie's own parse then has the last word, so a cookie this misreads is
 * refused or read exactly as before, never accepted where it was not.
 */
function signedValue(raw: string): unknown {
  let text: string
  try {
    // As the cookie parser reads a value: percent-escapes decoded.
    text = raw.includes('%') ? decodeURIComponent(raw) : raw
  } catch {
    return undefined
  }
  const dot = text.lastIndexOf('.')
  if (dot <= 0) return undefined
  const data = text.slice(0, dot)
  const given = Buffer.from(text.slice(dot + 1))
  for (const secret of sessionSecrets()) {
    const expected = Buffer.from(crypto.createHmac('sha256', secret).update(data).digest('base64').replace(/=+$/, ''))
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) continue
    try {
      // The signed data is base64 of the JSON of the value (UTF-8), as createCookie wrote it.
      return JSON.parse(Buffer.from(data, 'base64').toString('utf8'))
    } catch {
      return undefined
    }
  }
  return undefined
}

/** getSessionId from the Cookie header itself (server.js's exam lane has no fetch Request). */
export async function sessionIdFromCookieHeader(cookieHeader: string | null | undefined): Promise<string | null> {
  const raw = SESSION_COOKIE_VALUE.exec(cookieHeader ?? '')?.[1]
  if (!raw) return null
  let sessionId = verifiedSessionCookies.get(raw)
  if (sessionId === undefined) {
    const value = signedValue(raw) ?? (await sessionCookie.parse(`${sessionCookie.name}=${raw}`))
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
