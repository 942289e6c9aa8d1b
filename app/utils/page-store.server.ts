import crypto from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { pageCacheKey, PRIVATE_NO_STORE, STORE_MARKER } from '~/utils/page-cache.server'

// The anonymous page cache's memory (docs/decisions/014-anonymous-page-cache.md): rendered pages kept per process,
// each with the content version it was rendered at, its gzip and brotli bytes, and an ETag. Bounded by entries
// and bytes (least recently used goes first) and by age. server.js reaches it through the build
// (app/entry.server.tsx re-exports `pageCache`), as it reaches `requestContext`.
//
// A miss must not cost much more than an uncached render: every new query string on a cacheable page is one,
// and the compressors run on the thread pool that static files and password hashing share. So a page is stored
// compressed at fast levels, about what the compression middleware spends on an uncached page, and compressed
// again at the best levels only when it is read again, one page at a time, in the background.

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/**
 * Levels on a miss (what the compression middleware spends on an uncached page: gzip 6, brotli 4) and for a page
 * read again. gzip 1 on a miss made the home page 15.6 KB for plain-HTTP gzip clients, past the 14.6 KB first flight.
 */
export const COMPRESSION = { fast: { gzip: 6, brotli: 4 }, best: { gzip: 9, brotli: 11 } } as const

const compress = (body: Buffer, levels: { gzip: number; brotli: number }) =>
  Promise.all([
    gzip(body, { level: levels.gzip }),
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ])

export type StoredPage = {
  version: number
  storedAt: number
  status: number
  /** The app's headers minus anything per request (length, encoding, date, the store marker). */
  headers: [string, string][]
  etag: string
  identity: Buffer
  gzip: Buffer
  br: Buffer
  bytes: number
  /** 'fast' when stored, 'best' once recompressed after a later read. */
  compressed: keyof typeof COMPRESSION
}

export type StoreLimits = { maxEntries: number; maxBytes: number; maxAgeMs: number; maxPageBytes: number }

// 16 MB of pages (a page is ~60 KB raw plus ~20 KB compressed: ~200 pages) keeps the cache small next to the
// production heap. Five minutes is only a safety net for text that changes with time alone (a date on a page):
// content changes are caught by the version, at once.
export const DEFAULT_LIMITS: StoreLimits = {
  maxEntries: 500,
  maxBytes: 16 * 1024 * 1024,
  maxAgeMs: 5 * 60 * 1000,
  maxPageBytes: 1024 * 1024,
}

const PER_REQUEST_HEADERS = new Set(['content-length', 'content-encoding', 'date', 'etag', 'set-cookie', 'connection'])

/** An LRU of rendered pages; `now` is injectable for tests. */
export function createPageStore(limits: StoreLimits = DEFAULT_LIMITS, now: () => number = Date.now) {
  const entries = new Map<string, StoredPage>()
  let bytes = 0

  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.bytes
    entries.delete(key)
  }
  const evict = () => {
    for (const oldest of entries.keys()) {
      if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break
      drop(oldest)
    }
  }

  // One recompression at a time: a burst of reads of many new pages queues nothing; a page skipped while
  // another is being recompressed gets its turn on a later read.
  let upgrading: Promise<void> | null = null
  const upgrade = (key: string, entry: StoredPage) => {
    if (entry.compressed === 'best' || upgrading) return
    upgrading = compress(entry.identity, COMPRESSION.best)
      .then(([gz, br]) => {
        // Dropped or replaced meanwhile: the work is thrown away.
        if (entries.get(key) !== entry) return
        const size = entry.identity.length + gz.length + br.length
        bytes += size - entry.bytes
        Object.assign(entry, { gzip: gz, br, bytes: size, compressed: 'best' })
        evict()
      })
      .catch((error) => console.error('[page-cache] recompression failed:', error))
      .finally(() => {
        upgrading = null
      })
  }

  return {
    /** The page stored under this key at this content version and not too old, or undefined. */
    get(key: string, version: number): StoredPage | undefined {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.version !== version || now() - entry.storedAt > limits.maxAgeMs) {
        drop(key)
        return undefined
      }
      // Most recently used goes to the end of the Map's order; eviction takes from the front.
      entries.delete(key)
      entries.set(key, entry)
      upgrade(key, entry)
      return entry
    },

    /** Compresses and keeps a rendered page; returns it (also when too big to keep, so it can still be sent). */
    async set(
      key: string,
      version: number,
      page: { status: number; headers: Iterable<[string, string]>; body: Buffer },
    ): Promise<StoredPage> {
      const [gz, br] = await compress(page.body, COMPRESSION.fast)
      const headers = [...page.headers].filter(
        ([name]) => !PER_REQUEST_HEADERS.has(name.toLowerCase()) && name.toLowerCase() !== STORE_MARKER.toLowerCase(),
      )
      const hash = crypto.createHash('sha256').update(page.body).digest('base64url').slice(0, 27)
      const entry: StoredPage = {
        version,
        storedAt: now(),
        status: page.status,
        headers,
        // Weak: the same page is sent in three encodings, all equivalent.
        etag: `W/"${hash}"`,
        identity: page.body,
        gzip: gz,
        br,
        bytes: page.body.length + gz.length + br.length,
        compressed: 'fast',
      }
      if (page.body.length > limits.maxPageBytes) return entry
      drop(key)
      entries.set(key, entry)
      bytes += entry.bytes
      evict()
      return entry
    },

    stats: () => ({ entries: entries.size, bytes }),
    /** Resolves when no recompression is running (tests). */
    idle: () => upgrading ?? Promise.resolve(),
    clear: () => {
      entries.clear()
      bytes = 0
    },
  }
}

/** The best encoding of a stored page for this Accept-Encoding: br, then gzip, else identity. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>()
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (coding && !(q && Number(q.slice(2)) === 0)) accepted.add(coding.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return 'identity'
}

/** True when If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2) or is `*`. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

/**
 * What server.js uses, one object per process. PAGE_CACHE=off turns the cache off (every request renders);
 * PAGE_CACHE_DEBUG=1 makes server.js say hit/miss in a response header (tests only: it would tell a visitor
 * whether others read a page lately).
 */
export function createPageCache(version: () => Promise<number>, env: NodeJS.ProcessEnv = process.env) {
  const store = createPageStore()
  const enabled = env.PAGE_CACHE !== 'off'
  return {
    marker: STORE_MARKER,
    defaultCacheControl: PRIVATE_NO_STORE,
    debug: env.PAGE_CACHE_DEBUG === '1',
    keyFor: (request: Parameters<typeof pageCacheKey>[0]) => (enabled ? pageCacheKey(request) : null),
    version,
    lookup: store.get,
    save: store.set,
    stats: store.stats,
    chooseEncoding,
    notModified,
  }
}
