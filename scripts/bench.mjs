// `npm run bench`: every performance goal of the project (README "Tests and benchmarks") measured in one run, on
// the same build, printed with `ok` / `OVER BUDGET` per goal and a summary per section; it exits non-zero when a goal
// is broken. Sections: throughput against /healthz (SQLite | PostgreSQL), what a page cache miss costs against an
// uncached render (SQLite | PostgreSQL), pages as a browser receives them (HTML
// and JavaScript on the wire, bench-pages.mjs), the 5,000-learner burst on the 60-question math paper with the
// production heap flags and without (SQLite | PostgreSQL), Lighthouse (bench-lighthouse.mjs), what rendering question
// markup costs per question (bench-markup.ts), durability rounds, the leaderboard at 1k vs 100k attempts
// (bench-leaderboard.ts), the question bank at 100,000 questions (bench-bank.ts) and a 10-minute lecture video's
// transcode (bench-transcode.mjs), and the doubts' staff inbox at 50,000 doubts and the player on a lecture with 500
// answered ones (bench-doubts.mjs, SQLite | PostgreSQL). The math paper (bench-math-paper.mjs: formulas, chemistry, figures) is seeded
// through the admin API on each server that needs it, so the quiz page is measured for it beside the demo's free
// quiz.
//
// PostgreSQL: when PostgreSQL 15+ is on the machine (scripts/pg-server.mjs; nothing is installed
// from here), a second app server of the same build runs on a throwaway PostgreSQL next to the SQLite one.
//
// Ports, all from BENCH_PORT (default 3900) so benches on one machine stay apart: the SQLite app on BENCH_PORT,
// the PostgreSQL app on +1, the burst's fresh servers on +2 (SQLite) and +3 (PostgreSQL), the PostgreSQL server
// on +40, Chromium's debugging port on +45, the durability rounds' server on +50, the spike's on +55, the doubts'
// on +60 (SQLite) and +61 (PostgreSQL).
import { spawn, execSync } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import autocannon from 'autocannon'
import pg from 'pg'
import { openBenchDb } from './bench-db.mjs'
import {
  makeLearners,
  measureBurst,
  measureCacheMiss,
  measureThroughput,
  runDurability,
  runLeaderboard,
  runBank,
  runLighthouse,
  runMarkup,
} from './bench-extra.mjs'
import { seedMathPaper } from './bench-math-paper.mjs'
import { measurePages, printTable } from './bench-pages.mjs'
import { runSpike } from './bench-spike.mjs'
import { runDoubts } from './bench-doubts.mjs'
import { runLiveClose } from './bench-live-close.mjs'
import { runTranscode } from './bench-transcode.mjs'
import { runVideoNetwork } from './bench-video-network.mjs'
import { NODE_FLAGS } from './node-flags.mjs'
import { findPostgresBin, startPostgres } from './pg-server.mjs'

const PORT = Number(process.env.BENCH_PORT ?? 3900)
const PORTS = {
  sqlite: PORT,
  postgres: PORT + 1,
  burstSqlite: PORT + 2,
  burstPostgres: PORT + 3,
  pgServer: PORT + 40,
  chrome: PORT + 45,
  durability: PORT + 50,
  spike: PORT + 55,
  doubts: PORT + 60,
}
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const RSS_BUDGET = 256 * 1024 * 1024
const BURST = { count: 5000, spreadMs: 10_000, withinSeconds: 60 }
// Heap settings the burst runs under, each on a fresh server: the production flags (NODE_FLAGS, the same as
// `npm start` and the Dockerfile), none, and variants that tell which flag costs what. BENCH_HEAP_VARIANTS
// picks others: a comma-separated list of "old/semi" in MB ("160/4") or "none".
const HEAP_VARIANTS = parseHeapVariants(process.env.BENCH_HEAP_VARIANTS ?? 'production,none,160/16,512/4')
// Sections to run (BENCH_SECTIONS=throughput,cachemiss,pages,burst,spike,liveclose,doubts,lighthouse,markup,durability,leaderboard,bank,transcode,videonet):
// all by default.
const SECTIONS = new Set(
  (
    process.env.BENCH_SECTIONS ??
    'throughput,cachemiss,pages,burst,spike,liveclose,doubts,lighthouse,markup,durability,leaderboard,bank,transcode,videonet'
  ).split(','),
)
// A cache miss (render, then compress and store) may cost at most this much more than an uncached render.
const MISS_GOAL = 0.8

function parseHeapVariants(list) {
  return list.split(',').map((v) => {
    v = v.trim()
    if (v === 'production')
      return { label: `production (${NODE_FLAGS.join(' ')})`, flags: NODE_FLAGS, production: true }
    if (v === 'none') return { label: 'no heap flags (V8 defaults)', flags: [] }
    const [old, semi] = v.split('/').map(Number)
    const flags = [`--max-old-space-size=${old}`, `--max-semi-space-size=${semi}`]
    return { label: flags.join(' '), flags, production: flags.join(' ') === NODE_FLAGS.join(' ') }
  })
}

if (!fs.existsSync(path.join(BUILD_DIR, 'server/index.js')) || process.env.BENCH_BUILD === '1') {
  execSync('npm run -s build', { stdio: 'inherit', env: { ...process.env, BUILD_DIR } })
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-bench-'))

/** One app server of the build on `port`; samples its peak RSS (VmHWM) until stopped. */
// BENCH_APP_FLAGS adds node flags to every app server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where a
// section's time goes: the servers stop with SIGTERM, so the profile is written).
const APP_FLAGS = process.env.BENCH_APP_FLAGS?.split(' ').filter(Boolean) ?? []
function startApp({ label, port, env, flags = NODE_FLAGS }) {
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
  const proc = spawn(process.execPath, [...flags, ...APP_FLAGS, 'server.js'], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  readline
    .createInterface({ input: proc.stderr })
    .on('line', (line) => process.stderr.write(`[${label} app] ${line}\n`))
  let peak = 0
  // When the high-water mark last rose: which phase of a run holds the peak (the spike prints it).
  let peakAt = 0
  const sample = () => {
    try {
      const status = fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8')
      const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024
      if (hwm > peak) {
        peak = hwm
        peakAt = Date.now()
      }
    } catch {}
  }
  const timer = setInterval(sample, 250)
  const base = `http://localhost:${port}`
  return {
    label,
    base,
    pid: proc.pid,
    peakRss() {
      sample()
      return peak
    },
    /** The clock (ms since the epoch) when the peak RSS was last raised, 0 if never sampled. */
    peakRssAt() {
      return peakAt
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

const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`
// Goals broken per section, for the summary at the end.
const broken = new Map()
const record = (section, n) => broken.set(section, (broken.get(section) ?? 0) + n)
const verdict = (ok) => (ok ? 'ok' : 'OVER BUDGET')

/** Prints metric | SQLite | PostgreSQL | PG / SQLite for rows of [metric, get(record), format, comparable]. */
function sideBySide(title, rows, s, p) {
  const table = [['metric', 'SQLite', 'PostgreSQL', 'PG / SQLite']]
  for (const [metric, get, fmt, comparable = true] of rows) {
    const va = s ? get(s) : undefined
    const vb = p ? get(p) : undefined
    const r = comparable && s && p && va > 0 ? `${(vb / va).toFixed(2)}x` : '-'
    table.push([metric, fmt(va), p ? fmt(vb) : 'skipped', r])
  }
  console.log(title)
  printTable(table)
}

const num = (digits) => (v) => (v === undefined || v === null || Number.isNaN(v) ? '-' : v.toFixed(digits))

/** The throughput set side by side, then its goals: anonymous / >= 0.5x /healthz, quiz SSR and submit >= 0.5x min. */
function printThroughput({ sqlite: s, postgres: p }) {
  const rps = num(0)
  const ratio = num(2)
  const badGets = (t) =>
    ['static', 'home', 'homeSignedIn', 'courses', 'healthz', 'quizPage'].reduce(
      (n, k) => n + t[k].errors + t[k].non2xx,
      // The 404 page and the waiting page answer non-2xx by design (the waiting page keeps the gate's 403: the paper
      // is refused before the opening), so only their failed requests count.
      t.minimal.errors + t.waitingPage.errors,
    )
  sideBySide(
    `\n== Throughput against /healthz of the same process (autocannon, 10 connections, ${SECONDS} s per figure; GETs with a phone Chrome's User-Agent and Accept-Encoding: gzip, deflate, br)`,
    [
      ['/healthz (one select 1, no rendering), req/s', (t) => t.healthz.rps, rps],
      ['static /favicon.ico, req/s', (t) => t.static.rps, rps],
      ['GET / anonymous, req/s', (t) => t.home.rps, rps],
      ['GET / anonymous / healthz (goal >= 0.5)', (t) => t.home.rps / t.healthz.rps, ratio],
      ['GET / signed in, req/s', (t) => t.homeSignedIn.rps, rps],
      ['GET / signed in / healthz', (t) => t.homeSignedIn.rps / t.healthz.rps, ratio],
      ['GET / signed in / minimal (goal >= 0.5)', (t) => t.homeSignedIn.rps / t.minimal.rps, ratio],
      ['GET /courses anonymous, req/s', (t) => t.courses.rps, rps],
      ['GET /courses / healthz', (t) => t.courses.rps / t.healthz.rps, ratio],
      ['minimal page (404), req/s', (t) => t.minimal.rps, rps],
      ['quiz page SSR (open attempt), req/s', (t) => t.quizPage.rps, rps],
      ['quiz page SSR / healthz', (t) => t.quizPage.rps / t.healthz.rps, ratio],
      ['quiz page SSR / minimal (goal >= 0.5)', (t) => t.quizPage.rps / t.minimal.rps, ratio],
      ['live mock waiting page (registered; status 403, the paper refused), req/s', (t) => t.waitingPage.rps, rps],
      ['live mock waiting page / minimal (goal >= 0.5)', (t) => t.waitingPage.rps / t.minimal.rps, ratio],
      ['quiz submit, req/s', (t) => t.submit.rps, rps],
      ['quiz submit / healthz', (t) => t.submit.rps / t.healthz.rps, ratio],
      ['quiz submit / minimal (goal >= 0.5)', (t) => t.submit.rps / t.minimal.rps, ratio],
      ['errors + non-2xx, GET figures', badGets, num(0), false],
      ['quiz submit errors + non-2xx', (t) => t.submit.errors + t.submit.non2xx, num(0), false],
    ],
    s,
    p,
  )
  // Goals: anonymous / against /healthz on both databases (a cached page must not depend on which one); the
  // quiz and signed-in home targets on SQLite only (PostgreSQL shown, not counted).
  for (const [label, t] of [
    ['SQLite', s],
    ['PostgreSQL', p],
  ]) {
    if (!t) continue
    const r = t.home.rps / t.healthz.rps
    record('throughput', r >= 0.5 ? 0 : 1)
    console.log(`${label}: anonymous GET / ${r.toFixed(2)}x /healthz (goal >= 0.5) ${verdict(r >= 0.5)}`)
  }
  const ssr = s.quizPage.rps / s.minimal.rps
  const submit = s.submit.rps / s.minimal.rps
  record('throughput', (ssr >= 0.5 ? 0 : 1) + (submit >= 0.5 ? 0 : 1))
  console.log(`SQLite: quiz page SSR ${ssr.toFixed(2)}x minimal (goal >= 0.5) ${verdict(ssr >= 0.5)}`)
  console.log(
    `SQLite: quiz submit ${submit.toFixed(2)}x minimal (goal >= 0.5) ${verdict(submit >= 0.5)}; its non-2xx are repeat learners once all ${s.submit.learners} have submitted`,
  )
  // Learners open / signed in in the minutes before a live mock: decision 030 (a template per page, filled in).
  const signedIn = s.homeSignedIn.rps / s.minimal.rps
  record('throughput', signedIn >= 0.5 ? 0 : 1)
  console.log(`SQLite: signed-in GET / ${signedIn.toFixed(2)}x minimal (goal >= 0.5) ${verdict(signedIn >= 0.5)}`)
  const waiting = s.waitingPage.rps / s.minimal.rps
  record('throughput', waiting >= 0.5 ? 0 : 1)
  console.log(`SQLite: live mock waiting page ${waiting.toFixed(2)}x minimal (goal >= 0.5) ${verdict(waiting >= 0.5)}`)
}

/** Cache miss against uncached render, side by side, and its goal on both databases. */
function printCacheMiss({ sqlite: s, postgres: p }) {
  const rps = num(0)
  const ms = num(1)
  sideBySide(
    `\n== Page cache misses (autocannon, 10 connections, ${SECONDS} s per figure, uncached and miss in ${(s ?? p).rounds} alternating rounds, means shown): GET /courses with a new query string per request, stored on each miss, against the same requests kept out of the cache by a cookie (rendered, compressed on the fly)`,
    [
      ['uncached render, req/s', (t) => t.uncached.rps, rps],
      ['cache miss (render + compress + store), req/s', (t) => t.miss.rps, rps],
      ['cache miss / uncached render (goal >= 0.8)', (t) => t.miss.rps / t.uncached.rps, num(2)],
      ['uncached render, p50 ms', (t) => t.uncached.p50, ms],
      ['cache miss, p50 ms', (t) => t.miss.p50, ms],
      ['uncached render, p99 ms', (t) => t.uncached.p99, ms],
      ['cache miss, p99 ms', (t) => t.miss.p99, ms],
      ['cache hit (one address), req/s', (t) => t.hit.rps, rps],
      ['errors + non-2xx', (t) => t.uncached.bad + t.miss.bad + t.hit.bad, num(0), false],
    ],
    s,
    p,
  )
  for (const [label, t] of [
    ['SQLite', s],
    ['PostgreSQL', p],
  ]) {
    if (!t) continue
    const r = t.miss.rps / t.uncached.rps
    const ok = r >= MISS_GOAL && t.miss.bad + t.uncached.bad === 0
    record('cachemiss', ok ? 0 : 1)
    console.log(
      `${label}: a cache miss runs at ${r.toFixed(2)}x an uncached render (goal >= ${MISS_GOAL}) ${verdict(ok)}`,
    )
  }
}

/**
 * The 5,000-learner burst under each heap setting, each on a fresh server (fresh database, its own peak RSS):
 * SQLite on PORTS.burstSqlite, PostgreSQL (a fresh database per run) on PORTS.burstPostgres.
 */
async function runBursts({ pgAdminUrl }) {
  console.log(
    `\n== Burst: ${BURST.count.toLocaleString('en')} distinct learners, each starting and submitting the 60-question math paper (through the test page: POST /quiz/{id} to start, then its submit carrying the 60 answers), starts spread over ${BURST.spreadMs / 1000} s, on a fresh server per heap setting (the paper seeded through the admin API first); goal (production flags) ${BURST.count.toLocaleString('en')} results, 0 errors, within ${BURST.withinSeconds} s, peak RSS < 256 MB`,
  )
  const results = []
  for (const [i, variant] of HEAP_VARIANTS.entries()) {
    const out = { variant }
    for (const key of ['sqlite', 'postgres']) {
      if (key === 'postgres' && !pgAdminUrl) continue
      let env
      let dbOpts
      if (key === 'sqlite') {
        const file = path.join(tmp, `burst-${i}.db`)
        env = { DATABASE_PATH: file, OUTBOX_DIR: path.join(tmp, `outbox-burst-${i}`) }
        dbOpts = { file }
      } else {
        const admin = new pg.Client({ connectionString: pgAdminUrl })
        await admin.connect()
        await admin.query(`create database burst_${i}`)
        await admin.end()
        const url = new URL(pgAdminUrl)
        url.pathname = `/burst_${i}`
        env = {
          DATABASE_URL: url.toString(),
          DATABASE_PATH: path.join(tmp, 'unused.db'),
          OUTBOX_DIR: path.join(tmp, `outbox-burst-pg-${i}`),
        }
        dbOpts = { url: url.toString() }
      }
      const label = `${key === 'sqlite' ? 'SQLite' : 'PostgreSQL'} burst ${i + 1}`
      const app = startApp({
        label,
        port: key === 'sqlite' ? PORTS.burstSqlite : PORTS.burstPostgres,
        env,
        flags: variant.flags,
      })
      apps.push(app)
      const db = openBenchDb(dbOpts)
      try {
        await app.waitHealthy()
        const [adminCookie] = await makeLearners(db, 1, 'burst-admin', 'admin')
        const quiz = await seedMathPaper({ base: app.base, db, adminCookie })
        const b = await measureBurst({ base: app.base, db, quiz, count: BURST.count, spreadMs: BURST.spreadMs })
        b.peakRss = app.peakRss()
        b.appExit = app.exitInfo()
        out[key] = b
      } catch (error) {
        out[key] = { failed: error.message, peakRss: app.peakRss(), appExit: app.exitInfo() }
      } finally {
        await db.close()
        await app.stop()
        apps.splice(apps.indexOf(app), 1)
      }
      const b = out[key]
      console.log(
        `${variant.label}, ${key === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${b.failed ? `FAILED (${b.failed})` : `done in ${b.seconds.toFixed(1)} s, p95 ${b.p95.toFixed(0)} ms, peak RSS ${mb(b.peakRss)}`}`,
      )
    }
    results.push(out)
  }

  const ms = num(0)
  const table = [
    ['heap flags', 'database', 'results', 'errors', 'done in s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'peak RSS'],
  ]
  for (const { variant, sqlite, postgres } of results) {
    for (const [db, b] of [
      ['SQLite', sqlite],
      ['PostgreSQL', postgres],
    ]) {
      if (!b) continue
      if (b.failed) {
        table.push([variant.label, db, `FAILED: ${b.failed}`])
        continue
      }
      table.push([
        variant.label,
        db,
        String(b.ok),
        String(b.errors),
        b.seconds.toFixed(1),
        ms(b.p50),
        ms(b.p95),
        ms(b.p99),
        ms(b.max),
        mb(b.peakRss) + (b.appExit ? ` (died: ${b.appExit})` : ''),
      ])
    }
  }
  printTable(table)

  // Goals on the production flags (what `npm start` and the image run); the other settings are for comparison.
  for (const { variant, sqlite, postgres } of results) {
    if (!variant.production) continue
    for (const [db, b] of [
      ['SQLite', sqlite],
      ['PostgreSQL', postgres],
    ]) {
      if (!b) continue
      const met =
        !b.failed &&
        b.ok === BURST.count &&
        b.errors === 0 &&
        b.stored === BURST.count &&
        b.seconds <= BURST.withinSeconds
      const rssOk = b.peakRss < RSS_BUDGET
      record('burst', (met ? 0 : 1) + (rssOk ? 0 : 1))
      console.log(
        `${db} burst, production flags: ${b.failed ? b.failed : `${b.ok} results, ${b.errors} errors, ${b.stored} stored, all done in ${b.seconds.toFixed(1)} s; responses ${JSON.stringify(b.statuses)}`} ${verdict(met)}; peak RSS ${mb(b.peakRss)} (budget 256 MB) ${verdict(rssOk)}`,
      )
      if (b.pgActivity) {
        const a = b.pgActivity
        console.log(
          `  PostgreSQL during the burst (pg_stat_activity every 200 ms): up to ${a.connections} app connections, ${a.active} running a statement at once, ${a.in_transaction} idle in transaction, ${a.lock_waits} waiting on a lock`,
        )
      }
      if (b.perLearner) {
        const t = b.perLearner
        console.log(
          `  PostgreSQL per learner (pg_stat_database): ${t.commits.toFixed(1)} commits, ${t.rollbacks.toFixed(2)} rollbacks, ${Math.round(t.deadlocks * BURST.count)} deadlocks, ${t.inserted.toFixed(1)} rows inserted, ${t.updated.toFixed(1)} updated; ${t.active_ms.toFixed(2)} ms running statements, ${t.idle_in_transaction_ms.toFixed(2)} ms idle in transaction`,
        )
      }
    }
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
    port: PORTS.sqlite,
    env: { DATABASE_PATH: sqliteFile, OUTBOX_DIR: path.join(tmp, 'outbox') },
  })
  apps.push(sqliteApp)
  console.log(`\n== Servers: the build in ${BUILD_DIR}, RATE_LIMIT=off, demo seed, node ${NODE_FLAGS.join(' ')}`)
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
      pgServer = await startPostgres({ bin, port: PORTS.pgServer })
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
        port: PORTS.postgres,
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
      record('servers', 1)
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
      record('servers', 1)
      console.log(`PostgreSQL app: FAILED (${error.message}); SQLite figures only`)
      await pgApp.stop()
      pgApp = null
    }
  }
  const sqliteDb = openBenchDb({ file: sqliteFile })
  const pgDb = pgApp ? openBenchDb({ url: pgUrl }) : null

  try {
    if (SECTIONS.has('throughput')) {
      const throughput = {}
      for (const [key, app, db] of [
        ['sqlite', sqliteApp, sqliteDb],
        ['postgres', pgApp, pgDb],
      ]) {
        if (!app) continue
        const t0 = Date.now()
        throughput[key] = await measureThroughput({ base: app.base, cannon, db })
        console.log(`${app.label}: throughput set measured in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
      }
      printThroughput(throughput)
    }

    if (SECTIONS.has('cachemiss')) {
      const misses = {}
      for (const [key, app] of [
        ['sqlite', sqliteApp],
        ['postgres', pgApp],
      ]) {
        if (app) misses[key] = await measureCacheMiss({ base: app.base, cannon })
      }
      printCacheMiss(misses)
    }

    // The HTML and the JavaScript do not depend on the database: measured on the SQLite app.
    let pages = { rows: [], course: null }
    let mathPaper = null
    if (SECTIONS.has('pages') || SECTIONS.has('lighthouse')) {
      const [adminCookie] = await makeLearners(sqliteDb, 1, 'math-admin', 'admin')
      mathPaper = await seedMathPaper({ base: sqliteApp.base, db: sqliteDb, adminCookie })
      pages = await measurePages({ base: sqliteApp.base, db: sqliteDb, buildDir: BUILD_DIR, mathPaper })
      record('pages', pages.failures)
    }

    if (SECTIONS.has('lighthouse')) {
      const [course] = await sqliteDb.all(
        'select link_address from courses where discounted_price > 0 order by created_at limit 1',
      )
      record(
        'lighthouse',
        await runLighthouse({
          base: sqliteApp.base,
          db: sqliteDb,
          chromePort: PORTS.chrome,
          course: course.link_address,
          pageRows: pages.rows,
          mathPaper,
        }),
      )
    }
  } finally {
    await sqliteDb.close()
    await pgDb?.close()
  }
  for (const app of [sqliteApp, pgApp]) {
    if (!app) continue
    rss.push([app.label, app.peakRss(), app.exitInfo()])
    await app.stop()
    apps.splice(apps.indexOf(app), 1)
  }

  // The bursts run alone on the machine, each on a fresh server: the long-running servers are stopped.
  if (SECTIONS.has('burst')) await runBursts({ pgAdminUrl: pgServer?.url ?? null })
  // The exam-day spike likewise, on its own fresh servers (scripts/bench-spike.mjs).
  if (SECTIONS.has('spike'))
    record(
      'spike',
      await runSpike({
        startApp,
        ports: [PORTS.spike, PORTS.spike + 1],
        tmp,
        pgAdminUrl: pgServer?.url ?? null,
      }),
    )
  // A live mock's close and publication of 10,000 learners, timed alone (scripts/bench-live-close.mjs).
  if (SECTIONS.has('liveclose')) record('liveclose', await runLiveClose({ pgUrl: pgServer?.url ?? undefined }))
  // Doubts: the staff inbox at 50,000 doubts and the player on a 500-doubt lecture, each database on a fresh server
  // of this build (scripts/bench-doubts.mjs).
  if (SECTIONS.has('doubts'))
    record(
      'doubts',
      await runDoubts({ startApp, ports: [PORTS.doubts, PORTS.doubts + 1], tmp, pgAdminUrl: pgServer?.url ?? null }),
    )
} finally {
  for (const app of apps) rss.push([app.label, app.peakRss(), app.exitInfo()])
  await stopAll()
  fs.rmSync(tmp, { recursive: true, force: true })
}

if (SECTIONS.has('markup')) record('markup', runMarkup())
if (SECTIONS.has('durability')) record('durability', runDurability({ port: PORTS.durability }))
if (SECTIONS.has('leaderboard')) record('leaderboard', runLeaderboard())
if (SECTIONS.has('bank')) record('bank', runBank())
// A 10-minute lecture's video transcode, alone on the machine once the servers are stopped (scripts/bench-transcode.mjs).
if (SECTIONS.has('transcode')) record('transcode', await runTranscode())
// The lecture video played on emulated 2G and 3G links in Chromium (scripts/bench-video-network.mjs).
if (SECTIONS.has('videonet')) record('videonet', await runVideoNetwork())

console.log(`\n== App server peak RSS during throughput, pages and Lighthouse (budget 256 MB; the bursts' are above)`)
for (const [label, peak, died] of rss) {
  const ok = peak < RSS_BUDGET
  record('memory', ok ? 0 : 1)
  console.log(`${label} app: ${mb(peak)} ${verdict(ok)}${died ? ` (until it died: ${died})` : ''}`)
}

console.log('\n== Summary')
let failures = 0
for (const [section, n] of broken) {
  failures += n
  console.log(`${section.padEnd(12)} ${n ? `${n} goal(s) OVER BUDGET` : 'ok'}`)
}
console.log(failures ? `\n${failures} goal(s) broken` : '\nall goals met')
process.exit(failures ? 1 : 0)
