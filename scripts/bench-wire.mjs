// What a browser receives, byte for byte, for `npm run bench`: pages and their JavaScript are read
// over a raw socket with the headers a phone's Chrome sends, and counted as they arrive on the wire (compressed,
// before any decoding), with the number of HTTP chunks the stream came in. Nothing here decompresses before
// counting; bodies are decoded afterwards only to find the scripts a page references.
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import zlib from 'node:zlib'

// Lighthouse 12.8.2's mobile emulation User-Agent (a Moto G Power on Chrome): isbot() says "not a bot", so the
// server streams the render as it does for a learner's phone.
export const CHROME_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36'
export const BROWSER_HEADERS = {
  'User-Agent': CHROME_UA,
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Accept-Encoding': 'gzip, deflate, br',
  'Accept-Language': 'en-IN,en;q=0.9',
}
// The "as a bot" comparison of earlier benches: a crawler gets the whole render at once (onAllReady).
export const BOT_HEADERS = { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }

/**
 * GET over a raw socket (HTTP/1.1, Connection: close): nothing between us and the bytes. Returns the status, the
 * headers, `wire` (body bytes as sent: compressed, chunk framing removed; what curl's size_download counts),
 * `total` (every byte of the response, status line, headers and chunk framing included), `chunks` (HTTP chunks:
 * one per flush of the server's compressor), `reads` (socket reads) and `body` (decoded).
 */
export function rawGet(url, headers = {}) {
  const u = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: u.hostname === 'localhost' ? '127.0.0.1' : u.hostname, port: Number(u.port) })
    const parts = []
    let reads = 0
    socket.setTimeout(60_000, () => socket.destroy(new Error(`timeout reading ${url}`)))
    socket.on('data', (d) => {
      reads++
      parts.push(d)
    })
    socket.on('error', reject)
    socket.on('end', () => {
      try {
        resolve({ ...parseResponse(Buffer.concat(parts)), reads })
      } catch (error) {
        reject(error)
      }
    })
    const lines = [`GET ${u.pathname}${u.search} HTTP/1.1`, `Host: ${u.host}`, 'Connection: close']
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`)
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
  })
}

function parseResponse(raw) {
  const end = raw.indexOf('\r\n\r\n')
  if (end < 0) throw new Error('no HTTP header end')
  const [statusLine, ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n')
  const status = Number(statusLine.split(' ')[1])
  const headers = {}
  for (const line of headerLines) {
    const i = line.indexOf(':')
    const name = line.slice(0, i).trim().toLowerCase()
    headers[name] = headers[name] ? `${headers[name]}, ${line.slice(i + 1).trim()}` : line.slice(i + 1).trim()
  }
  let rest = raw.subarray(end + 4)
  let payload
  let chunks = 0
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const pieces = []
    for (;;) {
      const lineEnd = rest.indexOf('\r\n')
      const size = Number.parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16)
      if (!size) break
      pieces.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
      chunks++
      rest = rest.subarray(lineEnd + 2 + size + 2)
    }
    payload = Buffer.concat(pieces)
  } else {
    payload = rest.subarray(0, headers['content-length'] ? Number(headers['content-length']) : rest.length)
    chunks = payload.length ? 1 : 0
  }
  return { status, headers, wire: payload.length, total: raw.length, chunks, body: decode(payload, headers) }
}

function decode(payload, headers) {
  const encoding = headers['content-encoding'] ?? 'identity'
  // Streamed compressors end with a sync flush; the "finish" flush options accept a stream cut there.
  if (encoding === 'br') return zlib.brotliDecompressSync(payload)
  if (encoding === 'gzip') return zlib.gunzipSync(payload, { finishFlush: zlib.constants.Z_SYNC_FLUSH })
  if (encoding === 'deflate') return zlib.inflateSync(payload, { finishFlush: zlib.constants.Z_SYNC_FLUSH })
  return payload
}

/**
 * The JavaScript files an HTML page makes a browser load before it is interactive: `<script src>` (any script
 * type a browser runs), `<link rel="modulepreload">`, and what the bodies of inline `<script type="module">` (or a
 * module held until the page has loaded)
 * import (static `import ... from` and `import("...")`: React Router's bootstrap imports its route modules both
 * ways). JSON scripts (speculation rules, ld+json) run nothing of ours and load nothing.
 */
export function referencedScripts(html) {
  const urls = new Set()
  // A page that hydrates after load holds React Router's module script back as text/x-after-load and runs it as a
  // module once loaded (app/utils/after-load.server.ts): the same files, fetched later.
  const isModule = (attrs) => /\btype="(module|text\/x-after-load)"/i.test(attrs)
  const runs = (attrs) => {
    const type = /\btype="([^"]*)"/i.exec(attrs)?.[1]?.toLowerCase()
    return !type || isModule(attrs) || type === 'text/javascript' || type === 'application/javascript'
  }
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m
    if (!runs(attrs)) continue
    const src = /\bsrc="([^"]+)"/i.exec(attrs)?.[1]
    if (src) urls.add(src)
    else if (isModule(attrs)) for (const spec of importsOf(body, true)) urls.add(spec)
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel="modulepreload"/i.test(m[0])) continue
    const href = /\bhref="([^"]+)"/i.exec(m[0])?.[1]
    if (href) urls.add(href)
  }
  return [...urls]
}

/** Module specifiers a script imports: static ones always, dynamic `import("x")` only when asked. */
function importsOf(code, withDynamic) {
  const specs = new Set()
  // Only paths (./x.js, ../x.js, /assets/x.js): a word "import" inside a string literal names no module.
  for (const m of code.matchAll(/\b(?:from|import)\s*["']((?:\.{1,2})?\/[^"']+)["']/g)) specs.add(m[1])
  if (withDynamic) for (const m of code.matchAll(/\bimport\(\s*["']((?:\.{1,2})?\/[^"']+)["']\s*\)/g)) specs.add(m[1])
  return specs
}

/**
 * Wire bytes of `urls` (relative to `pageUrl`) and of every module they import statically, transitively (what
 * a browser fetches before the module graph can run; lazy `import()` inside chunks is not counted). Each file is
 * fetched with the browser's headers, so the bytes are the precompressed .br the server sends a browser.
 * `bytes` counts bodies; `total` adds status lines and headers (what Chromium reports as transferSize).
 */
export async function scriptBytes(pageUrl, urls, headers = BROWSER_HEADERS) {
  const seen = new Set()
  const files = []
  let bytes = 0
  let total = 0
  const queue = urls.map((u) => new URL(u, pageUrl).href)
  while (queue.length) {
    const url = queue.shift()
    if (seen.has(url)) continue
    seen.add(url)
    if (new URL(url).origin !== new URL(pageUrl).origin) {
      files.push({ url, bytes: NaN, status: 'third-party' })
      continue
    }
    const r = await rawGet(url, headers)
    bytes += r.wire
    total += r.total
    files.push({ url, bytes: r.wire, status: r.status, encoding: r.headers['content-encoding'] ?? 'identity' })
    for (const spec of importsOf(r.body.toString('utf8'), false)) queue.push(new URL(spec, url).href)
  }
  return { bytes, total, files }
}

/**
 * The framework floor: what any hydrating page must load whatever its route, from the build's own manifest
 * (build/client/assets/manifest-*.js, `window.__reactRouterManifest`): the client entry and its imports plus the
 * root route module and its imports, as wire bytes (brotli, as served to a browser), static imports followed.
 */
export async function frameworkFloor(base, buildDir) {
  const dir = path.join(buildDir, 'client/assets')
  const file = fs.readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f))
  if (!file) throw new Error(`no React Router manifest in ${dir}`)
  const text = fs.readFileSync(path.join(dir, file), 'utf8')
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1))
  const root = manifest.routes.root
  const urls = [manifest.entry.module, ...manifest.entry.imports, root.module, ...(root.imports ?? [])]
  const { bytes, files } = await scriptBytes(`${base}/`, urls)
  return { bytes, files, manifest: file }
}
