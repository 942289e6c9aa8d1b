// The HTTP server: express + React Router. It adds what react-router-serve
// lacks: the cross-site check, body limits, CORS for /api/v1, the client address for rate limits, security
// headers and long-lived caching of hashed assets. It listens on exactly PORT.
import fs from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'

// React and React Router pick their production or development build when first imported, from NODE_ENV. The
// server always runs the production build (safety switches key off APP_ENV, not NODE_ENV), so
// NODE_ENV is settled before anything from node_modules loads; hence the dynamic imports below.
process.env.NODE_ENV = 'production'
const { createRequestHandler } = await import('react-router')
const { createReadableStreamFromReadable } = await import('@react-router/node')
const { default: compression } = await import('compression')
const { default: express } = await import('express')

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')

// Importing the server build parses the environment, opens the database, migrates and seeds. A bad variable
// stops start-up with one clear line per variable, not a stack trace.
let build
try {
  build = await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  if (message.startsWith('Invalid environment variable')) {
    console.error(message)
    process.exit(1)
  }
  throw error
}

// Settings come from the app (app/utils/server-settings.server.ts), parsed once from the same environment and
// constants the app itself reads: CORS origins, body limits, the API's error shape, the address check.
const settings = build.entry.module.serverSettings()
const { corsOrigins, trustFly, appUrlHost, bodyLimitFor } = settings
const CROSS_SITE_ALLOWED = new Set(settings.crossSiteAllowed)
const PORT = settings.port
const HOST = settings.host

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
// Methods whose body the app may read (React Router reads none for GET and HEAD).
const hasBody = (req) => req.method !== 'GET' && req.method !== 'HEAD'

function jsonError(res, status, message) {
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify(settings.apiErrorBody(status, message)))
}

function refuse(req, res, status, message) {
  if (req.path.startsWith('/api/')) return jsonError(res, status, message)
  res.status(status).type('text/plain').send(message)
}

function isForeign(req) {
  const ownHost = appUrlHost ?? req.get('host')
  const origin = req.get('origin')
  if (origin) {
    if (origin === 'null') return true
    let host
    try {
      host = new URL(origin).host
    } catch {
      return true
    }
    if (host !== ownHost && host !== req.get('host')) {
      return !(req.path.startsWith('/api/v1/') && corsOrigins.includes(origin))
    }
  }
  if (req.get('sec-fetch-site') === 'cross-site') {
    return !(origin && req.path.startsWith('/api/v1/') && corsOrigins.includes(origin))
  }
  return false
}

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', false)

// Headers for every response. The Content-Security-Policy is HTML's alone and needs a nonce per render, so
// app/entry.server.tsx sets it (docs/decisions/005-parsing-at-the-edge.md).
app.use((req, res, next) => {
  res.set('X-Content-Type-Options', 'nosniff')
  res.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.set('X-Frame-Options', 'SAMEORIGIN')
  if (settings.production) res.set('Strict-Transport-Security', 'max-age=31536000')
  next()
})

// An address that cannot name a page (a percent-escape that is not UTF-8, a control character) is a 400 here,
// before anything decodes it: docs/decisions/019-input-at-the-edge.md.
app.use((req, res, next) => {
  const problem = settings.addressProblem(req.originalUrl)
  if (problem) return refuse(req, res, 400, problem)
  next()
})

// CORS for /api/v1, only for CORS_ORIGINS, with credentials (docs/legacy-api.md §1.5, §5 #11).
app.use('/api/v1', (req, res, next) => {
  const origin = req.get('origin')
  if (origin && corsOrigins.includes(origin)) {
    res.set('Access-Control-Allow-Origin', origin)
    res.set('Access-Control-Allow-Credentials', 'true')
    res.set('Vary', 'Origin')
    if (req.method === 'OPTIONS') {
      res.set('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE')
      res.set('Access-Control-Allow-Headers', req.get('access-control-request-headers') || 'Content-Type')
      res.set('Access-Control-Max-Age', '600')
      return res.status(204).end()
    }
  }
  next()
})

// Cross-site protection every feature inherits: state-changing requests from another site get 403.
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method) || CROSS_SITE_ALLOWED.has(req.path)) return next()
  if (isForeign(req)) return refuse(req, res, 403, 'Cross-site request refused')
  next()
})

// Body size limits (docs/decisions/005-parsing-at-the-edge.md), counted as the bytes arrive, for page, data
// and API requests alike. A declared Content-Length over the limit is refused before a byte is read; a body
// without one (Transfer-Encoding: chunked, as HTTP/2 proxies forward) is accepted up to the limit and answered
// 413 the moment it passes it. The app reads the counted stream (res.locals.body), never `req` itself, so it
// never sees a byte past the limit. Parsing and its 400s are the app's (app/utils/body.server.ts).
app.use((req, res, next) => {
  if (!hasBody(req)) return next()
  const limit = bodyLimitFor(req.path)
  const length = req.get('content-length')
  if (length !== undefined) {
    if (!/^\d+$/.test(length)) return refuse(req, res, 400, 'Bad Content-Length')
    if (Number(length) > limit) return refuse(req, res, 413, 'Request body too large')
  }
  let seen = 0
  const counted = new Transform({
    transform(chunk, _encoding, callback) {
      seen += chunk.length
      if (seen <= limit) return callback(null, chunk)
      // Past the limit: the app's read fails (its answer is dropped in sendResponse) and the client gets 413.
      req.unpipe(counted)
      callback(new Error('Request body too large'))
      if (res.headersSent) return req.destroy()
      res.set('Connection', 'close')
      refuse(req, res, 413, 'Request body too large')
      // Let the rest of the upload drain until the connection closes, so the client gets to read the 413.
      req.resume()
    },
  })
  // A client that goes away mid-body ends the app's read too, instead of leaving it waiting.
  req.on('error', (error) => counted.destroy(error))
  req.on('close', () => {
    if (!req.complete) counted.destroy(new Error('Request aborted'))
  })
  // The app's reader reports the error; this keeps a body nobody read from crashing the process.
  counted.on('error', () => {})
  res.locals.body = req.pipe(counted)
  next()
})

// Static files are served precompressed (scripts/compress-assets.mjs writes .br/.gz at build time): no
// compression work per request. Hashed assets are immutable; the rest of build/client gets an hour.
const CLIENT_DIR = path.join(BUILD_DIR, 'client')
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
]
// Only paths that name a file (an extension in the last segment) can be static: pages skip the disk lookups.
const looksLikeFile = (p) => /\.[a-z0-9]+$/i.test(p) && !p.endsWith('.data')
app.use((req, res, next) => {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !looksLikeFile(req.path)) return next()
  const accepted = req.get('accept-encoding') ?? ''
  let rel
  try {
    rel = path.normalize(decodeURIComponent(req.path))
  } catch {
    return next()
  }
  if (rel.includes('..') || rel.endsWith('/')) return next()
  for (const [encoding, ext] of ENCODINGS) {
    if (!accepted.includes(encoding)) continue
    const file = path.join(CLIENT_DIR, rel + ext)
    if (!file.startsWith(CLIENT_DIR) || !fs.existsSync(file)) continue
    res.set('Content-Encoding', encoding)
    res.set('Vary', 'Accept-Encoding')
    res.type(path.extname(rel))
    const immutable = rel.startsWith('/assets/')
    return res.sendFile(file, { maxAge: immutable ? '1y' : '1h', immutable, lastModified: true })
  }
  next()
})
const staticAssets = express.static(path.join(CLIENT_DIR, 'assets'), { immutable: true, maxAge: '1y', index: false })
const staticFiles = express.static(CLIENT_DIR, { maxAge: '1h', index: false })
app.use('/assets', (req, res, next) => (looksLikeFile(req.path) ? staticAssets(req, res, next) : next()))
app.use((req, res, next) => (looksLikeFile(req.path) ? staticFiles(req, res, next) : next()))

// The anonymous page cache (docs/decisions/014-anonymous-page-cache.md). An anonymous GET of a
// page (no cookie but the theme) is answered from memory when a page was stored under its key at the current
// content version, a row that database triggers bump on every staff edit, whichever process made it: one primary
// key read, no app slot, no render, precompressed bytes. A miss goes on to the app with its key and the version
// read *before* the render, so a page rendered while an edit commits is stored under the old version and never
// served. The policy (what may be stored, Cache-Control) is the app's: app/utils/page-cache.server.ts.
const pageCache = build.entry.module.pageCache
// One write and one compressor flush per burst of the body: app/utils/write-body.server.ts says why.
const { writeBody } = build.entry.module
app.use(async (req, res, next) => {
  const key = pageCache.keyFor({
    method: req.method,
    host: req.get('host'),
    url: req.originalUrl,
    cookie: req.get('cookie'),
  })
  if (!key) return next()
  try {
    const version = await pageCache.version()
    const page = pageCache.lookup(key, version)
    if (page) return sendStoredPage(req, res, page, 'hit')
    res.locals.pageCache = { key, version }
  } catch (error) {
    // The version cannot be read (database down): render as if there were no cache; the app reports the fault.
    console.error(error)
  }
  next()
})

function sendStoredPage(req, res, page, outcome) {
  for (const [name, value] of page.headers) res.append(name, value)
  res.append('Vary', 'Accept-Encoding')
  res.set('ETag', page.etag)
  if (pageCache.debug) res.set('X-Page-Cache-Status', outcome)
  if (pageCache.notModified(req.get('if-none-match'), page.etag)) return res.status(304).end()
  const encoding = pageCache.chooseEncoding(req.get('accept-encoding'))
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity
  // Already encoded: the compression middleware below leaves a response with a Content-Encoding alone.
  if (encoding !== 'identity') res.set('Content-Encoding', encoding)
  res.set('Content-Length', String(body.length))
  res.status(page.status)
  res.end(req.method === 'HEAD' ? undefined : body)
}

// At most APP_CONCURRENCY requests are inside the app at once (on PostgreSQL the exam lane's have slots of their own,
// below); the others wait their turn as open sockets, in
// arrival order. On SQLite every query finishes synchronously, so requests barely overlap anyway; on PostgreSQL
// each one yields at every query, and a burst of 5,000 learners started 5,000 renders at once and ran the
// 160 MB heap out (`npm run bench`). A slot is held until the app has produced its Response (loaders
// and actions done), not while a slow phone downloads the body. Requests are let in a few per turn of the event
// loop, so that new connections are accepted during a burst (app/utils/app-slots.server.ts, decision 036).
const appSlots = build.entry.module.createAppSlots(
  Number(process.env.APP_CONCURRENCY) || 64,
  Number(process.env.APP_TURN_MS) || undefined,
)

// The exam lane (docs/decisions/032-exam-lane.md): a signed-in learner's answer saves and paper are answered from the
// app's models here, without React Router and before compression (the paper is precompressed, a save's answer is a
// few bytes); the lane leaves anything else to React Router. The checks above have run.
// On PostgreSQL its requests have slots of their own (EXAM_LANE_CONCURRENCY, 256): each holds a few kilobytes, not a
// render, and a Start waits on three statements while holding its slot, so at a live mock's opening the 64 shared
// slots were all held by Starts waiting for the database while the cores idled (docs/decisions/038-turn-batches.md).
// On SQLite a request holds its slot only while it runs (every statement is synchronous): the lane shares the slots.
const laneSlots = process.env.DATABASE_URL
  ? build.entry.module.createAppSlots(
      Number(process.env.EXAM_LANE_CONCURRENCY) || 256,
      Number(process.env.APP_TURN_MS) || undefined,
    )
  : appSlots
const { examLaneRoute, serveExamLane } = build.entry.module
app.use(async (req, res, next) => {
  const route = examLaneRoute(req.method, req.path)
  if (!route) return next()
  const release = await laneSlots.acquire()
  let served = false
  try {
    if (res.destroyed || req.socket.destroyed) return
    served = await serveExamLane(route, req, res, res.locals.body)
  } catch (error) {
    return next(error)
  } finally {
    release()
  }
  if (!served) next()
})

// Dynamic responses (HTML, JSON) are compressed on the fly: brotli at the middleware's quality 4, with a 256 KB
// window instead of brotli's default 4 MB. Brotli allocates its whole window once a response passes its first
// 64 KB block: the 72 KB signed-in home spent 4-12 ms more CPU per request on that (the allocation, and the full
// GCs V8 runs to account for the external memory). Pages stay far below 256 KB, so their compressed bytes are the
// same; only a larger response (a CSV export) may come out a little bigger (decision 030).
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }))

// React Router behind a small adapter (what @react-router/express does, with one difference): the request body
// the app reads is the byte-counted stream from the body-limit middleware above.
const handleRequest = createRequestHandler(build, 'production')

app.all('*splat', async (req, res, next) => {
  const release = await appSlots.acquire()
  try {
    // A client that gave up while waiting gets nothing rendered for it.
    if (res.destroyed || req.socket.destroyed) return
    const flyIp = trustFly ? req.get('fly-client-ip') : undefined
    // future.v8_middleware: the context is a RouterContextProvider made by the app (app/utils/request-context.ts).
    const context = build.entry.module.requestContext(flyIp || req.socket.remoteAddress || 'unknown')
    let response
    try {
      response = await handleRequest(toFetchRequest(req, res), context)
    } finally {
      release()
    }
    await sendResponse(req, res, response)
  } catch (error) {
    next(error)
  } finally {
    release()
  }
})

function toFetchRequest(req, res) {
  // As @react-router/express: the host from the Host header, cut at anything that would change the URL.
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
  const port = Number.parseInt(req.get('host')?.split(':')[1] ?? '', 10)
  const url = new URL(`${req.protocol}://${hostname}${Number.isSafeInteger(port) ? `:${port}` : ''}${req.originalUrl}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value) headers.set(name, value)
  }
  // Loaders and actions see request.signal abort when the client goes away before the answer is sent.
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const init = { method: req.method, headers, signal: controller.signal }
  if (hasBody(req)) {
    init.body = createReadableStreamFromReadable(res.locals.body)
    init.duplex = 'half'
  }
  return new Request(url.href, init)
}

async function sendResponse(req, res, response) {
  // Already answered (a 413 from the body limit) or the client is gone: drop the app's answer.
  if (res.headersSent || res.destroyed || res.writableEnded) {
    await response.body?.cancel().catch(() => {})
    return
  }
  // A page the app marked as the same for every anonymous visitor with this key: kept, then sent from memory.
  const stored = response.headers.get(pageCache.marker) === 'store'
  const slot = res.locals.pageCache
  if (
    stored &&
    slot &&
    req.method === 'GET' &&
    response.status === 200 &&
    response.body &&
    !response.headers.has('set-cookie')
  ) {
    const body = Buffer.from(await response.arrayBuffer())
    const page = await pageCache.save(slot.key, slot.version, {
      status: response.status,
      headers: response.headers,
      body,
    })
    return sendStoredPage(req, res, page, 'miss')
  }
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) {
    if (name !== pageCache.marker.toLowerCase()) res.append(name, value)
  }
  // Every app response says how it may be kept: `.data`, the API and resource routes default to private, no-store.
  if (!response.headers.has('cache-control')) res.set('Cache-Control', pageCache.defaultCacheControl)
  if (!response.body) return res.end()
  try {
    await writeBody(response.body, res)
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error
  }
}

// Last resort: never a stack trace in a response.
app.use((error, req, res, _next) => {
  console.error(error)
  if (res.headersSent) return res.end()
  refuse(req, res, 500, 'Internal Server Error')
})

// A deep accept queue: a class of learners submitting at the same second must wait, not be refused.
let stopVideoWorkers = () => Promise.resolve()
const server = app.listen({ port: PORT, host: HOST, backlog: 4096 }, () => {
  console.log(`Server listening on http://${HOST ?? 'localhost'}:${PORT}`)
  // Reminders and class notices: a sweep now and every JOBS_INTERVAL_SECONDS (app/models/sweep/sweep.server.ts).
  build.entry.module.startScheduledWork()
  // Lecture video transcodes, VIDEO_WORKERS at once (app/models/video/jobs.server.ts); 0 leaves them to
  // `npm run worker` elsewhere.
  stopVideoWorkers = build.entry.module.startVideoWorkers()
})

// Idle keep-alive connections stay open longer than a proxy's (Fly's, a phone's browser) keep them: a server that
// closes a connection at the moment the client reuses it for its next request resets that request (Node's default is
// 5 s, and at an exam's opening the spike bench saw such resets by the dozen). Headers must still arrive within a
// little more.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
// A lecture video posted with JavaScript off is one request that may take long on a slow uplink (2 GB at 10 Mbit/s is
// half an hour): Node's default 5 minutes would cut it off. With JavaScript the upload goes in resumable chunks.
server.requestTimeout = 2 * 60 * 60_000

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    // A running transcode is stopped and its row handed back, so the next instance to start takes it at once.
    void Promise.allSettled([stopVideoWorkers(), new Promise((resolve) => server.close(resolve))]).then(() =>
      process.exit(0),
    )
    setTimeout(() => process.exit(0), 5000).unref()
  })
}
