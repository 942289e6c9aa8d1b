import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { chooseEncoding, COMPRESSION, createPageStore, notModified } from './page-store.server'

const page = (text: string) => ({
  status: 200,
  headers: [
    ['content-type', 'text/html'],
    ['content-length', '5'],
    ['x-page-cache', 'store'],
    ['cache-control', 'public, no-cache'],
  ] as [string, string][],
  body: Buffer.from(text),
})

const limits = { maxEntries: 3, maxBytes: 1_000_000, maxAgeMs: 60_000, maxPageBytes: 100_000 }

describe('the page store', () => {
  test('keeps a page with its gzip and brotli bytes and an ETag, minus per-request headers', async () => {
    const store = createPageStore(limits)
    const saved = await store.set('k', 1, page('<p>hello</p>'))
    expect(zlib.gunzipSync(saved.gzip).toString()).toBe('<p>hello</p>')
    expect(zlib.brotliDecompressSync(saved.br).toString()).toBe('<p>hello</p>')
    expect(saved.etag).toMatch(/^W\/".+"$/)
    expect(saved.headers).toEqual([
      ['content-type', 'text/html'],
      ['cache-control', 'public, no-cache'],
    ])
    expect(store.get('k', 1)).toBe(saved)
  })

  test('a miss compresses at fast levels; a page read again is recompressed at the best levels, one at a time', async () => {
    const store = createPageStore(limits)
    const html = `<main>${'<p class="card">Cell biology, genetics and evolution</p>'.repeat(400)}</main>`
    const brotliAt = (quality: number) =>
      zlib.brotliCompressSync(Buffer.from(html), {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    const saved = await store.set('k', 1, page(html))
    expect(saved.compressed).toBe('fast')
    expect(saved.br.equals(brotliAt(COMPRESSION.fast.brotli))).toBe(true)
    expect(saved.gzip.equals(zlib.gzipSync(html, { level: COMPRESSION.fast.gzip }))).toBe(true)
    const before = store.stats().bytes

    await store.set('other', 1, page(`${html}x`))
    expect(store.get('k', 1)).toBe(saved) // the read that earns the recompression
    expect(store.get('other', 1)?.compressed).toBe('fast') // busy: its turn comes on a later read
    await store.idle()
    expect(saved.compressed).toBe('best')
    expect(saved.br.equals(brotliAt(COMPRESSION.best.brotli))).toBe(true)
    expect(zlib.gunzipSync(saved.gzip).toString()).toBe(html)
    expect(saved.bytes).toBe(saved.identity.length + saved.gzip.length + saved.br.length)
    expect(store.stats().bytes).toBeLessThan(before + (store.get('other', 1)?.bytes ?? 0))
    await store.idle()
    expect(store.get('other', 1)?.compressed).toBe('best')
  })

  test('a page of another content version, or older than the max age, is gone', async () => {
    let now = 0
    const store = createPageStore(limits, () => now)
    await store.set('k', 1, page('a'))
    expect(store.get('k', 2)).toBeUndefined()
    expect(store.get('k', 1)).toBeUndefined() // dropped when the version moved on
    await store.set('k', 2, page('b'))
    now = 60_001
    expect(store.get('k', 2)).toBeUndefined()
    expect(store.stats()).toEqual({ entries: 0, bytes: 0 })
  })

  test('bounded by entries and bytes: the least recently used goes first; a huge page is not kept', async () => {
    const store = createPageStore(limits)
    await store.set('a', 1, page('a'))
    await store.set('b', 1, page('b'))
    await store.set('c', 1, page('c'))
    store.get('a', 1)
    await store.set('d', 1, page('d'))
    expect(store.get('b', 1)).toBeUndefined()
    expect(['a', 'c', 'd'].map((k) => Boolean(store.get(k, 1)))).toEqual([true, true, true])

    const small = createPageStore({ ...limits, maxBytes: 150 })
    await small.set('x', 1, page('x'.repeat(60)))
    await small.set('y', 1, page('y'.repeat(60)))
    expect(small.get('x', 1)).toBeUndefined()
    expect(small.stats().bytes).toBeLessThanOrEqual(150)

    const huge = await store.set('h', 1, page('h'.repeat(100_001)))
    expect(huge.identity.length).toBe(100_001)
    expect(store.get('h', 1)).toBeUndefined()
  })
})

describe('negotiation', () => {
  test('brotli, then gzip, else identity; q=0 refuses', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding(undefined)).toBe('identity')
    expect(chooseEncoding('identity')).toBe('identity')
  })

  test('If-None-Match: weak comparison, lists and *', () => {
    expect(notModified('W/"abc"', 'W/"abc"')).toBe(true)
    expect(notModified('"abc"', 'W/"abc"')).toBe(true)
    expect(notModified('"x", W/"abc"', 'W/"abc"')).toBe(true)
    expect(notModified('*', 'W/"abc"')).toBe(true)
    expect(notModified('W/"abd"', 'W/"abc"')).toBe(false)
    expect(notModified(undefined, 'W/"abc"')).toBe(false)
  })
})
