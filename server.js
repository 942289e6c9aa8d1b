// The HTTP server: express + @react-router/express (DESIGN.md "Deploy and scale"). It adds what
// react-router-serve lacks: the cross-site check, body limits, CORS for /api/v1, the client address for rate
// limits, security headers and long-lived caching of hashed assets. It listens on exactly PORT.
import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

// React and React Router pick their production or development build when first imported, from NODE_ENV. The
// server always runs the production build (CONTRACT.md: safety switches key off APP_ENV, not NODE_ENV), so
// NODE_ENV is settled before anything from node_modules loads; hence the dynamic imports below.
process.env.NODE_ENV = 'production'
const { createRequestHandler } = await import('@react-router/express')
const { default: compression } = await import('compression')
const { default: express } = await import('express')

const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const PORT = Number(process.env.PORT || 3000)
const HOST = process.env.HOST || undefined

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

const corsOrigins = (process.env.CORS_ORIGINS ?? '')
  .split(',')
  .map((s) => s.trim().replace(/\/$/, ''))
  .filter(Boolean)
const trustFly = process.env.TRUST_PROXY === 'fly'
const appUrlHost = process.env.APP_URL ? new URL(process.env.APP_URL).host : null

// Paths that accept posts from another site: Razorpay's hosted checkout posts the callback cross-site
// (CONTRACT.md); the stored order and the signature identify the buyer, not the cookie.
const CROSS_SITE_ALLOWED = new Set(['/payments/razorpay/callback'])
// Body limits (API.md §5 #12, #14): uploads get room for a note or course image; everything else 1 MB.
const UPLOAD_PATHS = new Set([
  '/api/v1/courses/create-course',
  '/api/v1/courses/add-section',
  '/api/v1/courses/add-lecture',
  '/admin/create-course',
  '/admin/add-section',
  '/admin/add-lecture',
])
const PHOTO_PATHS = new Set(['/profile/edit', '/api/v1/users/update-user-profile-image'])
const MB = 1024 * 1024
const bodyLimitFor = (p) => (UPLOAD_PATHS.has(p) ? 25 * MB : PHOTO_PATHS.has(p) ? 2 * MB : 1 * MB)

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

function jsonError(res, status, message) {
  res.status(status).type('application/json').send(JSON.stringify({ statusCode: status, data: null, message, success: false, errors: [] }))
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

app.use((req, res, next) => {
  res.set('X-Content-Type-Options', 'nosniff')
  res.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.set('X-Frame-Options', 'SAMEORIGIN')
  if (process.env.APP_ENV === 'production') res.set('Strict-Transport-Security', 'max-age=31536000')
  next()
})

// CORS for /api/v1, only for CORS_ORIGINS, with credentials (API.md §1.5, §5 #11).
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

// Cross-site protection every feature inherits (CONTRACT.md): state-changing requests from another site get 403.
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method) || CROSS_SITE_ALLOWED.has(req.path)) return next()
  if (isForeign(req)) return refuse(req, res, 403, 'Cross-site request refused')
  next()
})

// Body size limits, checked before a byte is parsed. A body without a length is refused (411) so that no
// request can stream past the limit.
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next()
  const length = req.get('content-length')
  if (length === undefined) {
    if (req.get('transfer-encoding')) return refuse(req, res, 411, 'Length Required')
    return next()
  }
  if (!/^\d+$/.test(length)) return refuse(req, res, 400, 'Bad Content-Length')
  if (Number(length) > bodyLimitFor(req.path)) return refuse(req, res, 413, 'Request body too large')
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

// Dynamic responses (HTML, JSON) are compressed on the fly.
app.use(compression())

// Per-request notes shared with app/entry.server.tsx (client errors in action bodies become 400, not 500).
const STORE_KEY = Symbol.for('biocoach.requestNotes')
const requestNotes = (globalThis[STORE_KEY] ??= new AsyncLocalStorage())
app.use((req, res, next) => {
  const notes = {}
  // The one place a client error noted by handleError turns React Router's 500 into 400/413, for page,
  // data and resource routes alike.
  const setStatus = res.status.bind(res)
  res.status = (code) => {
    if (code >= 500 && notes.clientErrorStatus) {
      res.statusMessage = http.STATUS_CODES[notes.clientErrorStatus]
      return setStatus(notes.clientErrorStatus)
    }
    return setStatus(code)
  }
  requestNotes.run(notes, next)
})

app.all(
  '*splat',
  createRequestHandler({
    build,
    getLoadContext(req) {
      const flyIp = trustFly ? req.get('fly-client-ip') : undefined
      return { clientAddress: flyIp || req.socket.remoteAddress || 'unknown' }
    },
  }),
)

// Last resort: never a stack trace in a response.
app.use((error, req, res, _next) => {
  console.error(error)
  if (res.headersSent) return res.end()
  refuse(req, res, 500, 'Internal Server Error')
})

// A deep accept queue: a class of learners submitting at the same second must wait, not be refused.
const server = app.listen({ port: PORT, host: HOST, backlog: 4096 }, () => {
  console.log(`Server listening on http://${HOST ?? 'localhost'}:${PORT}`)
})

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    server.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  })
}
