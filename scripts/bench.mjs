// `npm run bench`: throughput ratios and page weights (issue 2 §12; issue 7 adds more). Prints numbers; budgets
// that are pass/fail live in `npm test`, but this also exits non-zero when a page budget is broken.
import { spawn, execSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import { NODE_FLAGS } from './node-flags.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 3900)
const BASE = `http://localhost:${PORT}`
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const HTML_BUDGET = 14.6 * 1024
const JS_FLOOR = 113 * 1024 // STACK.md: bare RR7 app ≈ 113 KB gz
const JS_BUDGET = 1.25 * JS_FLOOR
const PUBLIC_PAGES = [
  '/',
  '/courses',
  '/courses/bsc-hons-batch',
  '/courses/bsc-hons-batch/semester-i',
  '/resources',
  '/about-us',
  '/faculties',
  '/developers',
  '/quizzes',
  '/login',
  '/signup',
  '/forgot-password',
]

if (!fs.existsSync(path.join(BUILD_DIR, 'server/index.js')) || process.env.BENCH_BUILD === '1') {
  execSync('npm run -s build', { stdio: 'inherit', env: { ...process.env, BUILD_DIR } })
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-bench-'))
const server = spawn(process.execPath, [...NODE_FLAGS, 'server.js'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    BUILD_DIR,
    DATABASE_PATH: path.join(tmp, 'app.db'),
    RATE_LIMIT: 'off',
    SEED_DEMO: 'true',
    OUTBOX_DIR: path.join(tmp, 'outbox'),
    SESSION_SECRET: 'bench-session-secret',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})

let peakRss = 0
function sampleRss() {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8')
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024
    peakRss = Math.max(peakRss, hwm)
  } catch {}
}
const rssTimer = setInterval(sampleRss, 250)

async function waitHealthy() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('server did not start')
}

function cannon(url, opts = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 10, duration: Number(process.env.BENCH_SECONDS ?? 5), ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  )
}

const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
let failures = 0

try {
  await waitHealthy()

  console.log('\n== Throughput (autocannon, 10 connections)')
  const staticRes = await cannon(`${BASE}/favicon.ico`)
  const staticRps = staticRes.requests.average
  console.log(`static file /favicon.ico: ${staticRps.toFixed(0)} req/s`)
  for (const p of ['/', '/courses']) {
    const r = await cannon(`${BASE}${p}`)
    console.log(
      `GET ${p}: ${r.requests.average.toFixed(0)} req/s, ratio to static ${(r.requests.average / staticRps).toFixed(3)}, errors ${r.errors + r.non2xx}`,
    )
  }

  console.log('\n== Page weight (gzip -9): HTML budget 14.6 KB, first-view JS budget 1.25 x 113 KB = 141.3 KB')
  for (const p of PUBLIC_PAGES) {
    const res = await fetch(`${BASE}${p}`)
    const html = Buffer.from(await res.arrayBuffer())
    const htmlGz = gz(html)
    const text = html.toString('utf8')
    const scripts = new Set(
      [...text.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]),
    )
    const inline = [...text.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1])
    for (const s of inline) scripts.add(s)
    let jsGz = 0
    for (const src of scripts) jsGz += gz(Buffer.from(await (await fetch(new URL(src, BASE))).arrayBuffer()))
    const okHtml = htmlGz <= HTML_BUDGET
    const okJs = jsGz <= JS_BUDGET
    if (!okHtml || !okJs) failures++
    console.log(
      `${p.padEnd(40)} status ${res.status}  HTML ${kb(htmlGz)} ${okHtml ? 'ok' : 'OVER'}  JS ${kb(jsGz)} (${scripts.size} files, ${(jsGz / JS_FLOOR).toFixed(2)}x floor) ${okJs ? 'ok' : 'OVER'}`,
    )
  }

  const extra = path.resolve('scripts/bench-extra.mjs')
  if (fs.existsSync(extra)) {
    const mod = await import(extra)
    failures += (await mod.default({ base: BASE, cannon, dbPath: path.join(tmp, 'app.db') })) ?? 0
  }
} finally {
  sampleRss()
  clearInterval(rssTimer)
  console.log(
    `\n== Server peak RSS: ${(peakRss / 1024 / 1024).toFixed(1)} MB (budget 256 MB) ${peakRss < 256 * 1024 * 1024 ? 'ok' : 'OVER'}`,
  )
  if (peakRss >= 256 * 1024 * 1024) failures++
  server.kill('SIGTERM')
}
console.log(failures ? `\n${failures} budget(s) broken` : '\nall budgets met')
process.exit(failures ? 1 : 0)
