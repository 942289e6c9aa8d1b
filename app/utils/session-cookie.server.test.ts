// The session cookie's synchronous check (./session-cookie.server.ts): it reads what the cookie's own parse reads,
// and WebCrypto is left for what it does not accept.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { sessionCookie, sessionIdFromCookieHeader, sessionSetCookie } from './session-cookie.server'

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!

afterEach(() => vi.restoreAllMocks())

describe('session cookie', () => {
  test('a cookie we signed is read without WebCrypto, as its own parse reads it', async () => {
    const verify = vi.spyOn(crypto.subtle, 'verify')
    for (const id of ['0123456789abcdef01234567', 'a'.repeat(64), 'ünïcode ✓ id', 'x?y+z/w=']) {
      const header = cookieOf(await sessionSetCookie(id, new Date(Date.now() + 3600_000)))
      expect(await sessionCookie.parse(header)).toBe(id)
      verify.mockClear()
      expect(await sessionIdFromCookieHeader(`theme=dark; ${header}`)).toBe(id)
      expect(verify).not.toHaveBeenCalled()
    }
  })

  test('a forged, cut or unsigned value is refused, as its own parse refuses it', async () => {
    const header = cookieOf(await sessionSetCookie('fedcba9876543210fedcba98', new Date(Date.now() + 3600_000)))
    const value = header.slice(header.indexOf('=') + 1)
    const dot = decodeURIComponent(value).lastIndexOf('.')
    const data = decodeURIComponent(value).slice(0, dot)
    const forgedData = Buffer.from(JSON.stringify('0123456789abcdef01234567')).toString('base64')
    for (const bad of [
      `${forgedData}.${decodeURIComponent(value).slice(dot + 1)}`,
      value.slice(0, -2),
      data,
      `${data}.`,
      '%E0%A4%A',
      'not-a-cookie',
    ]) {
      expect(await sessionCookie.parse(`__session=${bad}`)).toBeFalsy()
      expect(await sessionIdFromCookieHeader(`__session=${bad}`)).toBeNull()
    }
  })
})
