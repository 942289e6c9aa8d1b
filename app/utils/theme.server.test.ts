import { describe, expect, test, vi } from 'vitest'
import { pageCacheKey } from './page-cache.server'
import { getTheme, readTheme, themeCookie } from './theme.server'

// URL-encoded base64 of the JSON value, as createCookie writes it; the switch's script writes it unencoded.
const encoded = (value: string) => encodeURIComponent(btoa(JSON.stringify(value)))

describe('readTheme: the one reader of the theme cookie', () => {
  test('reads what the server and the switch write', async () => {
    const dark = (await themeCookie.serialize('dark')).split(';')[0]
    const light = (await themeCookie.serialize('light')).split(';')[0]
    expect(readTheme(dark)).toBe('dark')
    expect(readTheme(light)).toBe('light')
    expect(readTheme(`theme=${btoa('"light"')}`)).toBe('light')
    expect(readTheme(`a=1; theme=${encoded('dark')}; b=2`)).toBe('dark')
    for (const junk of [null, '', 'theme=', 'theme=zz', 'theme=%', `theme=${encoded('blue')}`, 'xtheme=ImRhcmsi'])
      expect(readTheme(junk), String(junk)).toBeNull()
  })

  test('a repeated theme cookie: the first counts, for the renderer and the page cache alike', async () => {
    for (const header of [
      `theme=${encoded('dark')}; theme=zz`,
      `theme=ImRhcmsi; theme=zz`,
      `theme=zz; theme=${encoded('dark')}`,
      `theme=${encoded('light')}; theme=${encoded('dark')}`,
      `theme=%ff; theme=${encoded('dark')}`,
    ]) {
      const rendered = await getTheme(new Request('http://x.test/', { headers: { Cookie: header } }))
      const key = pageCacheKey({ method: 'GET', host: 'x.test', url: '/about-us', cookie: header })
      expect(key, header).toBe(`x.test ${rendered ?? '-'} /about-us`)
    }
    expect(readTheme(`theme=zz; theme=${encoded('dark')}`)).toBeNull()
  })

  test('Secure in production, like the session cookie', async () => {
    expect(await themeCookie.serialize('dark')).not.toMatch(/;\s*Secure/i)
    const saved = { APP_ENV: process.env.APP_ENV, SESSION_SECRET: process.env.SESSION_SECRET }
    process.env.APP_ENV = 'production'
    process.env.SESSION_SECRET = 'test-secret'
    try {
      vi.resetModules()
      const production = await import('./theme.server')
      expect(await production.themeCookie.serialize('dark')).toMatch(/;\s*Secure/i)
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
      vi.resetModules()
    }
  })
})
