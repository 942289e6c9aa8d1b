// Content pages are plain HTML + CSS. No framework JavaScript, the CSS they use inline
// (no stylesheet request before the first paint), the HTML as a browser receives it within the first TCP flight,
// and the inlined cut of the stylesheet complete: adding the whole stylesheet back changes no computed style.
import http from 'node:http'
import type { Page } from '@playwright/test'
import type { DB } from '../../../db/client'
import { contentPages } from '../../support/content-pages'
import { E2E } from '../../support/e2e-env'
import { expect, test } from '../../support/fixtures'

const FIRST_FLIGHT = 14.6 * 1024
const CHROME_UA =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

/** The shared content pages, the payment result page and the not-found page. */
const pages = async (db: DB) => [...(await contentPages(db)), '/payment-success', '/no-such-page']

/** The response as it crosses the wire to a browser: compressed bytes, not decoded. */
function onTheWire(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; encoding: string; bytes: number; chunks: number }>((resolve, reject) => {
    const req = http.get(
      `${E2E.baseURL}${path}`,
      { headers: { 'User-Agent': CHROME_UA, 'Accept-Encoding': 'gzip, deflate, br', Accept: 'text/html', ...headers } },
      (res) => {
        let bytes = 0
        let chunks = 0
        res.on('data', (c: Buffer) => {
          bytes += c.length
          chunks++
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, encoding: String(res.headers['content-encoding']), bytes, chunks }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
  })
}

test('content pages: no framework JavaScript, CSS inline, HTML within the first flight as a browser gets it', async ({
  request,
  db,
}) => {
  const rows: string[] = []
  for (const path of await pages(db)) {
    const html = await (await request.get(path)).text()
    expect(html, `${path}: no script file`).not.toMatch(/<script[^>]*\ssrc=/)
    expect(html, `${path}: no module preload`).not.toContain('modulepreload')
    expect(html, `${path}: no stylesheet request`).not.toMatch(/<link[^>]*rel="stylesheet"/)
    expect(html, `${path}: its CSS inline`).toMatch(/<head>.*<style>.+<\/style>.*<\/head>/s)
    // Only our two inline scripts (theme, speculation rules), allowed by hash: no nonce to vary per visitor.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1].trim())
    expect(scripts, path).toEqual(['', 'type="speculationrules"'])
    expect(html, path).not.toContain('nonce=')
    const wire = await onTheWire(path)
    rows.push(`${path}: ${wire.bytes} ${wire.encoding} bytes in ${wire.chunks} chunk(s)`)
    expect(wire.encoding, path).toMatch(/^(br|gzip)$/)
    expect(wire.bytes, `${path} as a browser receives it`).toBeLessThanOrEqual(FIRST_FLIGHT)
  }
  console.log(rows.join('\n'))
})

test('pages with real interaction still hydrate, and their streamed HTML stays within the first flight', async ({
  request,
}) => {
  for (const path of ['/login', '/signup', '/forgot-password']) {
    const html = await (await request.get(path)).text()
    expect(html, path).toContain('modulepreload')
    expect(html, path).toMatch(/<script nonce="[^"]+" type="module"/)
    const wire = await onTheWire(path)
    expect(wire.bytes, `${path} as a browser receives it`).toBeLessThanOrEqual(FIRST_FLIGHT)
  }
})

/**
 * Every element's computed style, as one string per element (pseudo-elements aside). Custom properties are left
 * out: the cut drops those nothing reads and registers Tailwind's defaults differently (app/lib/critical-css.ts);
 * what they feed into is compared through the real properties.
 */
function computedStyles(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')].map((el) => {
      const style = getComputedStyle(el)
      let out = ''
      for (let i = 0; i < style.length; i++) {
        if (!style[i].startsWith('--')) out += `${style[i]}:${style.getPropertyValue(style[i])};`
      }
      return `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} ${out}`
    }),
  )
}

test('the inlined CSS is complete: the whole stylesheet added back changes no computed style', async ({
  page,
  request,
  db,
}) => {
  test.setTimeout(240_000)
  // A hydrating page still links the whole stylesheet: that is the reference.
  const login = await (await request.get('/login')).text()
  const href = login.match(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/)?.[1]
  expect(href).toBeTruthy()
  const paths = (await pages(db)).filter((p) => p !== '/payment-success')
  for (const [width, scheme] of [
    [360, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 })
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
    for (const path of paths) {
      // Settled first: lazy images arriving between the two readings would move the layout.
      await page.goto(path, { waitUntil: 'networkidle' })
      const cut = await computedStyles(page)
      await page.evaluate(
        (h) =>
          new Promise<void>((resolve, reject) => {
            const link = document.createElement('link')
            link.rel = 'stylesheet'
            link.href = h
            link.onload = () => resolve()
            link.onerror = () => reject(new Error('stylesheet did not load'))
            document.head.append(link)
          }),
        href!,
      )
      const whole = await computedStyles(page)
      expect(whole.length).toBe(cut.length)
      // Report the element whose own styles differ, not the ancestors and neighbours that only change size with it.
      const LAYOUT = /^ *(block-size|inline-size|height|width|perspective-origin|transform-origin|min-|max-)/
      const own = (i: number) => {
        const b = new Set(whole[i].split(';'))
        return cut[i].split(';').filter((d) => !b.has(d) && !LAYOUT.test(d.slice(d.lastIndexOf(' ') + 1)))
      }
      let differing = cut.findIndex((s, i) => s !== whole[i] && own(i).length > 0)
      if (differing < 0) differing = cut.findIndex((s, i) => s !== whole[i])
      if (differing >= 0) {
        const a = cut[differing].split(';')
        const b = new Set(whole[differing].split(';'))
        throw new Error(
          `${path} at ${width} px (${scheme}): element ${differing} (${a[0].split(' ')[0]}) differs: ${a
            .filter((d) => !b.has(d))
            .slice(0, 5)
            .join('; ')}; with the whole stylesheet: ${[...b]
            .filter((d) => !a.includes(d))
            .slice(0, 5)
            .join('; ')}`,
        )
      }
    }
  }
})
