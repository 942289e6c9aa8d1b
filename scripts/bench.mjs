// `npm run bench`: throughput ratios and page weights (issue 2 §12; issue 7 adds more). Prints numbers; budgets
// that are pass/fail live in `npm test`, but this also exits non-zero when a page budget is broken.
//
// Issue 12 §5: when PostgreSQL 15+ is on the machine (scripts/pg-server.mjs; nothing is installed from here), a
// second app server of the same build runs on a throwaway PostgreSQL database next to the SQLite one, and the
// throughput set and the 5,000-learner burst are measured on both in the same run and printed side by side.
// Page weights, Lighthouse, durability and the leaderboard stay SQLite-only.
import { spawn, execSync } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import zlib from 'node:zlib'
import autocannon from 'autocannon'
import pg from 'pg'
import { openBenchDb } from './bench-db.mjs'
import { measureBurst, measureThroughput, runDurability, runLeaderboard, runLighthouse } from './bench-extra.mjs'
import { NODE_FLAGS } from './node-flags.mjs'
import { findPostgresBin, startPostgres } from './pg-server.mjs'

// The SQLite app listens on BENCH_PORT, the PostgreSQL app on BENCH_PORT + 1.
const PORT = Number(process.env.BENCH_PORT ?? 3900)
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const HTML_BUDGET = 14.6 * 1024
const JS_FLOOR = 113 * 1024 // STACK.md: bare RR7 app ≈ 113 KB gz
const JS_BUDGET = 1.25 * JS_FLOOR
const RSS_BUDGET = 256 * 1024 * 1024
const BURST = { count: 5000, spreadMs: 10_000, withinSeconds: 60 }
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

/** One app server of the build on `port`; samples its peak RSS (VmHWM) until stopped. */
function startApp({ label, port, env }) {
  const childEnv = {
    ...process.env,
    PORT: String(port),
    BUILD_DIR,
    RATE_LIMIT: 'off',
    SEED_DEMO: 'true',
    SESSION_SECRET: 'bench-session-secret',
    ...env,
  }
  // The SQLite app must not pick up a DATABASE_URL from the caller's shell.
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL
  const proc = spawn(process.execPath, [...NODE_FLAGS, 'server.js'], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  readline
    .createInterface({ input: proc.stderr })
    .on('line', (line) => process.stderr.write(`[${label} app] ${line}\n`))
  let peak = 0
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8')
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024)
    } catch {}
  }
  const timer = setInterval(sample, 250)
  const base = `http://localhost:${port}`
  return {
    label,
    base,
    peakRss() {
      sample()
      return peak
    },
    /** Why the server has exited (exit code or signal), or null while it runs. */
    exitInfo() {
      if (proc.exitCode !== null) return `exit code ${proc.exitCode}`
      return proc.signalCode ? `signal ${proc.signalCode}` : null
    },
    async waitHealthy() {
      for (let i = 0; i < 600; i++) {
        if (proc.exitCode !== null) throw new Error(`${label} app server exited with ${proc.exitCode}`)
        try {
          if ((await fetch(`${base}/healthz`)).ok) return
        } catch {}
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`${label} app server did not start`)
    },
    async stop() {
      sample()
      clearInterval(timer)
      if (proc.exitCode !== null || proc.signalCode !== null) return
      proc.kill('SIGTERM')
      const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000)
      await once(proc, 'exit')
      clearTimeout(killer)
    },
  }
}

function cannon(url, opts = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 10, duration: SECONDS, ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
  )
}

const gz = (buf) => zlib.gzipSync(buf, { level: 9 }).length
const kb = (n) => `${(n / 1024).toFixed(1)} KB`
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`
let failures = 0

/** Page weights of the public pages (SQLite app; the database does not change the HTML or the JS). */
async function pageWeights(base) {
  console.log('\n== Page weight (gzip -9): HTML budget 14.6 KB, first-view JS budget 1.25 x 113 KB = 141.3 KB')
  for (const p of PUBLIC_PAGES) {
    const res = await fetch(`${base}${p}`)
    const html = Buffer.from(await res.arrayBuffer())
    const htmlGz = gz(html)
    const text = html.toString('utf8')
    const scripts = new Set(
      [...text.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]),
    )
    const inline = [...text.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1])
    for (const s of inline) scripts.add(s)
    let jsGz = 0
    for (const src of scripts) jsGz += gz(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer()))
    const okHtml = htmlGz <= HTML_BUDGET
    const okJs = jsGz <= JS_BUDGET
    if (!okHtml || !okJs) failures++
    console.log(
      `${p.padEnd(40)} status ${res.status}  HTML ${kb(htmlGz)} ${okHtml ? 'ok' : 'OVER'}  JS ${kb(jsGz)} (${scripts.size} files, ${(jsGz / JS_FLOOR).toFixed(2)}x floor) ${okJs ? 'ok' : 'OVER'}`,
    )
  }
}

/** The one place the side-by-side figures are printed: metric | SQLite | PostgreSQL | PostgreSQL / SQLite. */
function printComparison({ throughput, burst }) {
  const [s, p] = [throughput.sqlite, throughput.postgres]
  const [bs, bp] = [burst.sqlite, burst.postgres]
  const num = (digits) => (v) => (v === undefined || v === null || Number.isNaN(v) ? '-' : v.toFixed(digits))
  const rps = num(0)
  const ratio2 = num(2)
  const badGets = (t) =>
    t.static.errors +
    t.static.non2xx +
    t.home.errors +
    t.home.non2xx +
    t.courses.errors +
    t.courses.non2xx +
    t.minimal.errors +
    t.healthz.errors +
    t.healthz.non2xx +
    t.quizPage.errors +
    t.quizPage.non2xx
  // [metric, value from a throughput or burst record, format, whether PostgreSQL / SQLite means anything]
  const rows = [
    ['static /favicon.ico, req/s', (t) => t.static.rps, rps, 'T'],
    ['GET /, req/s', (t) => t.home.rps, rps, 'T'],
    ['GET /courses, req/s', (t) => t.courses.rps, rps, 'T'],
    ['GET / ÷ static', (t) => t.home.rps / t.static.rps, num(3), 'T'],
    ['GET /courses ÷ static', (t) => t.courses.rps / t.static.rps, num(3), 'T'],
    ['minimal page (404), req/s', (t) => t.minimal.rps, rps, 'T'],
    ['/healthz (no rendering), req/s', (t) => t.healthz.rps, rps, 'T'],
    ['quiz page SSR (open attempt), req/s', (t) => t.quizPage.rps, rps, 'T'],
    ['quiz page SSR ÷ minimal (>= 0.5)', (t) => t.quizPage.rps / t.minimal.rps, ratio2, 'T'],
    ['quiz submit, req/s', (t) => t.submit.rps, rps, 'T'],
    ['quiz submit ÷ minimal (>= 0.5)', (t) => t.submit.rps / t.minimal.rps, ratio2, 'T'],
    ['errors + non-2xx, GET figures', badGets, num(0), 'T', false],
    ['quiz submit errors + non-2xx', (t) => t.submit.errors + t.submit.non2xx, num(0), 'T', false],
    ['burst: results (of 5,000)', (b) => b.ok, num(0), 'B'],
    ['burst: errors', (b) => b.errors, num(0), 'B', false],
    ['burst: attempts stored', (b) => b.stored, num(0), 'B'],
    ['burst: done in, s (goal <= 60)', (b) => b.seconds, num(1), 'B'],
    ['burst: latency p50, ms', (b) => b.p50, rps, 'B'],
    ['burst: latency p95, ms', (b) => b.p95, rps, 'B'],
    ['burst: latency p99, ms', (b) => b.p99, rps, 'B'],
    ['burst: latency max, ms', (b) => b.max, rps, 'B'],
  ]
  const table = [['metric', 'SQLite', 'PostgreSQL', 'PG / SQLite']]
  for (const [metric, get, fmt, from, comparable = true] of rows) {
    const [a, b] = from === 'T' ? [s, p] : [bs, bp]
    const va = a ? get(a) : undefined
    const vb = b ? get(b) : undefined
    const r = comparable && a && b && va > 0 ? `${(vb / va).toFixed(2)}x` : '-'
    table.push([metric, fmt(va), b ? fmt(vb) : 'skipped', r])
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)))
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')
  console.log(
    `\n== SQLite vs PostgreSQL, same build, same run (throughput: autocannon, 10 connections, ${SECONDS} s per figure)`,
  )
  console.log(line(table[0]))
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const row of table.slice(1)) console.log(line(row))

  // Budgets: the 0.5x quiz targets on SQLite (issue 7 §7), the burst goal on both.
  const ssrRatio = s.quizPage.rps / s.minimal.rps
  const submitRatio = s.submit.rps / s.minimal.rps
  if (ssrRatio < 0.5) failures++
  if (submitRatio < 0.5) failures++
  console.log(
    `\nSQLite quiz page SSR ${ssrRatio.toFixed(2)}x minimal ${ssrRatio >= 0.5 ? 'ok' : 'BELOW TARGET'}, quiz submit ${submitRatio.toFixed(2)}x minimal ${submitRatio >= 0.5 ? 'ok' : 'BELOW TARGET'} (target >= 0.5x; on PostgreSQL shown, not counted); quiz submit non-2xx are repeat learners once all ${s.submit.learners} have submitted`,
  )
  for (const [label, b] of [
    ['SQLite', bs],
    ['PostgreSQL', bp],
  ]) {
    if (!b) continue
    const met = b.ok === BURST.count && b.errors === 0 && b.stored === BURST.count && b.seconds <= BURST.withinSeconds
    if (!met) failures++
    console.log(
      `${label} burst: ${b.ok} results, ${b.errors} errors, ${b.stored} stored, all done in ${b.seconds.toFixed(1)} s ${met ? 'ok' : 'FAILED'}; responses ${JSON.stringify(b.statuses)}`,
    )
  }
  if (bp?.pgActivity) {
    const a = bp.pgActivity
    const t = bp.perLearner
    console.log(
      `PostgreSQL during the burst (pg_stat_activity every 200 ms): up to ${a.connections} app connections, ${a.active} running a statement at once, ${a.in_transaction} idle in transaction, ${a.lock_waits} waiting on a lock`,
    )
    if (t) {
      console.log(
        `PostgreSQL per learner (pg_stat_database): ${t.commits.toFixed(1)} commits, ${t.rollbacks.toFixed(2)} rollbacks, ${Math.round(t.deadlocks * BURST.count)} deadlocks, ${t.inserted.toFixed(1)} rows inserted, ${t.updated.toFixed(1)} updated; ${t.active_ms.toFixed(2)} ms running statements, ${t.idle_in_transaction_ms.toFixed(2)} ms idle in transaction (waiting for the app)`,
      )
    }
  }
  for (const [label, b] of [
    ['SQLite', bs],
    ['PostgreSQL', bp],
  ]) {
    if (b?.appExit) console.log(`${label} app server DIED during the run (${b.appExit}): see its stderr above`)
  }
}

const apps = []
let pgServer = null
const stopAll = async () => {
  await Promise.all(apps.map((a) => a.stop()))
  await pgServer?.stop()
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => stopAll().finally(() => process.exit(130)))
}

const sqliteFile = path.join(tmp, 'app.db')
const rss = []
try {
  const sqliteApp = startApp({
    label: 'SQLite',
    port: PORT,
    env: { DATABASE_PATH: sqliteFile, OUTBOX_DIR: path.join(tmp, 'outbox') },
  })
  apps.push(sqliteApp)
  console.log(`\n== Servers: the build in ${BUILD_DIR}, RATE_LIMIT=off, demo seed`)
  console.log(`SQLite app ${sqliteApp.base}: ${sqliteFile}`)

  let pgApp = null
  let pgUrl = null
  const bin = findPostgresBin()
  if (!bin) {
    console.log(
      "PostgreSQL: skipped, no PostgreSQL 15+ binaries on this machine (install Debian's postgresql package or set PG_BIN); SQLite figures only",
    )
  } else {
    try {
      pgServer = await startPostgres({ bin })
      const admin = new pg.Client({ connectionString: pgServer.url })
      await admin.connect()
      await admin.query('create database bench')
      const version = (await admin.query('show server_version')).rows[0].server_version
      await admin.end()
      const url = new URL(pgServer.url)
      url.pathname = '/bench'
      pgUrl = url.toString()
      const poolMax = Number(process.env.PG_POOL_MAX) || 10
      pgApp = startApp({
        label: 'PostgreSQL',
        port: PORT + 1,
        env: {
          DATABASE_URL: pgUrl,
          DATABASE_PATH: path.join(tmp, 'unused.db'),
          OUTBOX_DIR: path.join(tmp, 'outbox-pg'),
        },
      })
      apps.push(pgApp)
      console.log(
        `PostgreSQL app ${pgApp.base}: PostgreSQL ${version} (throwaway server on 127.0.0.1:${pgServer.port}, fsync off, max_connections 300), database "bench", app pool max ${poolMax} (PG_POOL_MAX${process.env.PG_POOL_MAX ? '' : ', default'})`,
      )
    } catch (error) {
      failures++
      console.log(`PostgreSQL: FAILED to start (${error.message}); SQLite figures only`)
      await pgServer?.stop()
      pgServer = null
    }
  }

  await sqliteApp.waitHealthy()
  if (pgApp) {
    try {
      await pgApp.waitHealthy()
    } catch (error) {
      failures++
      console.log(`PostgreSQL app: FAILED (${error.message}); SQLite figures only`)
      await pgApp.stop()
      pgApp = null
    }
  }
  const sqliteDb = openBenchDb({ file: sqliteFile })
  const pgDb = pgApp ? openBenchDb({ url: pgUrl }) : null

  try {
    console.log(`\n== Throughput set (autocannon, 10 connections, ${SECONDS} s per figure): figures in the table below`)
    const throughput = {}
    for (const [key, app, db] of [
      ['sqlite', sqliteApp, sqliteDb],
      ['postgres', pgApp, pgDb],
    ]) {
      if (!app) continue
      const t0 = Date.now()
      throughput[key] = await measureThroughput({ base: app.base, cannon, db })
      console.log(`${app.label}: measured in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }

    await pageWeights(sqliteApp.base)

    console.log(
      `\n== Burst: ${BURST.count.toLocaleString('en')} distinct learners, each starting and submitting the free quiz (one POST /api/v1/quiz/submit), starts spread over ${BURST.spreadMs / 1000} s; goal ${BURST.count.toLocaleString('en')} results, 0 errors, within ${BURST.withinSeconds} s`,
    )
    const burst = {}
    for (const [key, app, db] of [
      ['sqlite', sqliteApp, sqliteDb],
      ['postgres', pgApp, pgDb],
    ]) {
      if (!app) continue
      burst[key] = await measureBurst({ base: app.base, db, count: BURST.count, spreadMs: BURST.spreadMs })
      burst[key].appExit = app.exitInfo()
      console.log(`${app.label}: done in ${burst[key].seconds.toFixed(1)} s`)
    }

    printComparison({ throughput, burst })

    failures += await runLighthouse({ base: sqliteApp.base, db: sqliteDb })
  } finally {
    await sqliteDb.close()
    await pgDb?.close()
  }
} finally {
  // The app servers are done: stop them (and PostgreSQL) before the durability rounds, which start their own
  // servers on port 3950 (one of the ports the bench may be given).
  for (const app of apps) rss.push([app.label, app.peakRss(), app.exitInfo()])
  await stopAll()
  fs.rmSync(tmp, { recursive: true, force: true })
}

failures += runDurability()
failures += runLeaderboard()

console.log(`\n== App server peak RSS (budget 256 MB)`)
for (const [label, peak, died] of rss) {
  if (peak >= RSS_BUDGET) failures++
  console.log(
    `${label} app: ${mb(peak)} ${peak < RSS_BUDGET ? 'ok' : 'OVER'}${died ? ` (until it died: ${died})` : ''}`,
  )
}
console.log(failures ? `\n${failures} budget(s) broken` : '\nall budgets met')
process.exit(failures ? 1 : 0)
