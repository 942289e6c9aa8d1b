// The throughput and burst figures of `npm run bench`, measured once per app server (SQLite, and PostgreSQL when
// the bench starts one): the throughput set (pages, quiz page SSR and quiz submit against a minimal route
// of the same build) and a burst of 5,000 distinct learners. These functions measure and return numbers; bench.mjs
// prints them side by side. The SQLite-only sections (Lighthouse, durability rounds, the leaderboard at 1k vs
// 100k attempts) print their own lines.
import crypto from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createCookie } from 'react-router'
import { BROWSER_HEADERS } from './bench-wire.mjs'

const SECRET = process.env.BENCH_SESSION_SECRET ?? 'bench-session-secret'
const sessionCookie = createCookie('__session', { secrets: [SECRET] })

/**
 * Learners with sessions, written straight into the app server's database (db: scripts/bench-db.mjs; no password
 * hashing needed). Returns one signed `__session` cookie per learner.
 */
export async function makeLearners(db, count, tag, role = 'user') {
  const now = new Date().toISOString()
  const expires = new Date(Date.now() + 3600_000).toISOString()
  const users = []
  const sessions = []
  for (let i = 0; i < count; i++) {
    const id = crypto.randomBytes(12).toString('hex')
    const sid = crypto.randomBytes(32).toString('base64url')
    users.push([id, `Bench ${tag} ${i}`, `bench-${tag}-${i}-${id}@example.test`, 'scrypt$unused', role, now, now])
    sessions.push([sid, id, expires, now])
  }
  await db.insert([
    {
      table: 'users',
      columns: ['id', 'name', 'email', 'password_hash', 'role', 'created_at', 'updated_at'],
      rows: users,
    },
    { table: 'sessions', columns: ['id', 'user_id', 'expires_at', 'created_at'], rows: sessions },
  ])
  const cookies = []
  for (const [sid] of sessions) cookies.push((await sessionCookie.serialize(sid)).split(';')[0])
  return cookies
}

/** The first free quiz of the demo seed and its current questions. */
export async function freeQuiz(db) {
  const [quiz] = await db.all("select id from quizzes where category = 'free' order by created_at limit 1")
  const questions = await db.all(
    'select id from questions where quiz_id = ? and archived_at is null order by position',
    [quiz.id],
  )
  return { id: quiz.id, questions: questions.map((q) => q.id) }
}

/**
 * A free paper other than `exceptId` made a live mock opening in an hour (its window two hours, its limit 30 min),
 * with the learner named `learnerName` registered: the page that learner sees is the waiting page.
 */
async function liveMockOpeningLater(db, exceptId, learnerName) {
  const [quiz] = await db.all(
    "select id from quizzes where category = 'free' and id != ? and exists (select 1 from questions where quiz_id = quizzes.id and archived_at is null) order by created_at limit 1",
    [exceptId],
  )
  const [learner] = await db.all('select id from users where name = ?', [learnerName])
  const opens = new Date(Date.now() + 3600_000).toISOString()
  const closes = new Date(Date.now() + 3 * 3600_000).toISOString()
  await db.run('update quizzes set time_limit = 30, opens_at = ?, closes_at = ? where id = ?', [opens, closes, quiz.id])
  await db.run('insert into live_mock_registrations (quiz_id, user_id, registered_at) values (?, ?, ?)', [
    quiz.id,
    learner.id,
    new Date().toISOString(),
  ])
  return quiz.id
}

const answersFor = (quiz) => quiz.questions.map((questionId, i) => ({ questionId, selectedOption: i % 4 }))

/** Opens the learner's attempt through the quiz page's form, as a browser would. */
export function startQuiz(base, cookie, quizId) {
  return fetch(`${base}/quiz/${quizId}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: 'intent=start',
    redirect: 'manual',
  })
}

/**
 * The throughput set against one app server, one autocannon run per figure (req/s, errors, non-2xx):
 * a static file, GET / (anonymous and signed in) and /courses, the minimal route (the 404 page: root layout and
 * one message), /healthz (a resource route, one `select 1`, no rendering), the quiz page of an open attempt and
 * the waiting page of a registered learner before a live mock opens, and quiz submit by distinct learners. Every GET carries a phone Chrome's headers (User-Agent, Accept-Encoding:
 * gzip, deflate, br), so pages are streamed and compressed as for a learner, not rendered whole for a bot.
 */
export async function measureThroughput({ base, cannon, db }) {
  const figure = async (url, opts = {}) => {
    // Quiz submit is the API's JSON post: only the GETs are a browser's.
    const browser = opts.method === 'POST' ? {} : BROWSER_HEADERS
    const r = await cannon(url, { ...opts, headers: { ...browser, ...opts.headers } })
    return { rps: r.requests.average, errors: r.errors, non2xx: r.non2xx }
  }
  const quiz = await freeQuiz(db)
  const [reader] = await makeLearners(db, 1, 'ssr')
  const out = {}
  out.static = await figure(`${base}/favicon.ico`)
  out.healthz = await figure(`${base}/healthz`)
  out.home = await figure(`${base}/`)
  out.homeSignedIn = await figure(`${base}/`, { headers: { Cookie: reader } })
  out.courses = await figure(`${base}/courses`)
  out.minimal = await figure(`${base}/__minimal-route`)

  await startQuiz(base, reader, quiz.id)
  out.quizPage = await figure(`${base}/quiz/${quiz.id}?q=1`, { headers: { Cookie: reader } })

  // The waiting page: another free paper made a live mock that opens in an hour, the same learner registered for it.
  const waitingId = await liveMockOpeningLater(db, quiz.id, 'Bench ssr 0')
  out.waitingPage = await figure(`${base}/quiz/${waitingId}`, { headers: { Cookie: reader } })

  const submitters = await makeLearners(db, 6000, 'submit')
  const body = JSON.stringify({ quizId: quiz.id, answers: answersFor(quiz) })
  let next = 0
  out.submit = await figure(`${base}/api/v1/quiz/submit`, {
    method: 'POST',
    requests: [
      {
        setupRequest(req) {
          const cookie = submitters[next++ % submitters.length]
          return { ...req, headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body }
        },
      },
    ],
  })
  // Repeat learners answer 400 once all of them have submitted: say how many there were.
  out.submit.learners = submitters.length
  return out
}

/**
 * What a cache miss costs against an uncached render of the same page (docs/decisions/019-input-at-the-edge.md):
 * GET /courses with a new query string on every request, so each one renders and is stored (a miss), against the
 * same requests with a cookie that keeps them out of the cache (rendered and compressed on the fly, never
 * stored), and the hit rate of one address for scale. The two are measured in alternating rounds, so a machine
 * whose load changes during the run weighs on both alike. Latency percentiles say what a learner waits.
 */
export async function measureCacheMiss({ base, cannon, rounds = 3 }) {
  const figure = async (label, { unique, cookie }) => {
    let n = 0
    const headers = { ...BROWSER_HEADERS, ...(cookie ? { Cookie: cookie } : {}) }
    const r = await cannon(`${base}/courses`, {
      headers,
      requests: unique
        ? [{ setupRequest: (req) => ({ ...req, path: `/courses?${label}=${Date.now()}-${n++}`, headers }) }]
        : undefined,
    })
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.errors + r.non2xx }
  }
  const runs = { uncached: [], miss: [] }
  for (let i = 0; i < rounds; i++) {
    runs.uncached.push(await figure('uncached', { unique: true, cookie: 'bench=not-cached' }))
    runs.miss.push(await figure('miss', { unique: true }))
  }
  const mean = (list, key) => list.reduce((sum, r) => sum + r[key], 0) / list.length
  const summary = (list) => ({
    rps: mean(list, 'rps'),
    p50: mean(list, 'p50'),
    p99: mean(list, 'p99'),
    bad: list.reduce((sum, r) => sum + r.bad, 0),
  })
  return {
    uncached: summary(runs.uncached),
    miss: summary(runs.miss),
    hit: await figure('hit', { unique: false }),
    rounds,
  }
}

function percentile(sorted, q) {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

/**
 * The burst: `count` distinct learners (with sessions), each starting and submitting `quiz` (default the free quiz;
 * `{ id, questions }`) as the website's test page does: POST /quiz/{id} `intent=start`, then POST /quiz/{id}
 * `intent=submit` with every answer in its `answers` field (what the enhanced page sends), each answered by a
 * redirect. The older client's one-shot POST /api/v1/quiz/submit cannot take a paper with formulas (it answers 400:
 * the test needs the website), and learners sit such a paper on the website. The learners' starts are spread evenly
 * over `spreadMs` (RATE_LIMIT=off on the server). Returns results, errors, stored attempts, the time until the last
 * answer, latency percentiles of a learner's start and submit together and, on PostgreSQL, what the app's
 * connections did meanwhile (sampled from pg_stat_activity) and transactions per learner.
 */
export async function measureBurst({ base, db, quiz, count = 5000, spreadMs = 10_000 }) {
  quiz ??= await freeQuiz(db)
  const submitBody = new URLSearchParams({ intent: 'submit', answers: JSON.stringify(answersFor(quiz)) }).toString()
  const learners = await makeLearners(db, count, 'burst')
  const statsBefore = await db.stats()

  const peak = { connections: 0, active: 0, in_transaction: 0, lock_waits: 0 }
  let sampling = null
  const sampler = setInterval(() => {
    if (sampling) return
    sampling = db
      .activity()
      .then((now) => {
        if (now) for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], now[k])
      })
      .catch(() => {})
      .finally(() => (sampling = null))
  }, 200)

  const started = Date.now()
  let errors = 0
  let ok = 0
  const statuses = {}
  const count1 = (key) => (statuses[key] = (statuses[key] ?? 0) + 1)
  const latencies = []
  const inflight = []
  const resultPath = `/quiz/result/${quiz.id}`
  /** A learner's start and submit; true when both were answered with the redirect the page expects. */
  const sitTest = async (cookie) => {
    const start = await startQuiz(base, cookie, quiz.id)
    count1(`start ${start.status}`)
    await start.arrayBuffer()
    if (start.status !== 302 || !start.headers.get('location')?.startsWith(`/quiz/${quiz.id}?q=1`)) return false
    const submit = await fetch(`${base}/quiz/${quiz.id}`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
      body: submitBody,
      redirect: 'manual',
    })
    count1(`submit ${submit.status}`)
    await submit.arrayBuffer()
    return submit.status === 302 && submit.headers.get('location') === resultPath
  }
  for (let i = 0; i < learners.length; i++) {
    const due = started + (i * spreadMs) / learners.length
    const wait = due - Date.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const sent = performance.now()
    inflight.push(
      sitTest(learners[i])
        .then((done) => {
          latencies.push(performance.now() - sent)
          if (done) ok++
          else errors++
        })
        .catch((error) => {
          errors++
          count1(String(error.cause?.code ?? error.message))
        }),
    )
  }
  await Promise.all(inflight)
  const seconds = (Date.now() - started) / 1000
  clearInterval(sampler)
  await sampling

  const [row] = await db.all(
    "select count(*) as n from attempts a join users u on u.id = a.user_id where u.name like 'Bench burst %' and a.submitted_at is not null",
  )
  let perLearner = null
  if (statsBefore) {
    // Backends flush their counters to pg_stat_database about once a second.
    await new Promise((r) => setTimeout(r, 1500))
    const after = await db.stats()
    perLearner = Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] - statsBefore[k]) / count]))
  }
  latencies.sort((a, b) => a - b)
  return {
    count,
    spreadMs,
    ok,
    errors,
    stored: Number(row.n),
    seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    statuses,
    pgActivity: db.kind === 'postgres' ? peak : null,
    perLearner,
  }
}

/**
 * Lighthouse on /, /courses, /quizzes, a course detail page and the quiz page of an open attempt
 * (bench-lighthouse.mjs); `pageRows` (bench-pages.mjs) are the wire counts its JS bytes are checked against.
 */
export async function runLighthouse({ base, db, chromePort, course, pageRows = [], mathPaper = null }) {
  const { default: benchLighthouse } = await import('./bench-lighthouse.mjs')
  const quiz = await freeQuiz(db)
  const [learner] = await makeLearners(db, 1, 'lighthouse')
  await startQuiz(base, learner, quiz.id)
  if (mathPaper) await startQuiz(base, learner, mathPaper.id)
  return benchLighthouse({
    base,
    cookie: learner,
    quizId: quiz.id,
    mathPaperId: mathPaper?.id,
    course,
    chromePort,
    pageRows,
  })
}

const tsx = (file) => [process.execPath, ['node_modules/tsx/dist/cli.mjs', file]]

/** What rendering markup costs per question of the math paper (bench-markup.ts). Returns failures. */
export function runMarkup() {
  const [cmd, args] = tsx('scripts/bench-markup.ts')
  return spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status === 0 ? 0 : 1
}

/** 10 durability rounds on their own servers (bench-durability.ts, on `port`). Returns failures. */
export function runDurability({ port }) {
  console.log('\n== Durability: 50 concurrent submitters, SIGKILL at a random moment, restart (10 rounds)')
  const [cmd, args] = tsx('scripts/bench-durability.ts')
  const env = { ...process.env, DURABILITY_PORT: String(port) }
  return spawnSync(cmd, args, { stdio: 'inherit', env }).status === 0 ? 0 : 1
}

/** The leaderboard query at 1k vs 100k attempts on a throwaway SQLite file. Returns failures. */
export function runLeaderboard() {
  const file = ['scripts/bench-leaderboard.ts', 'scripts/bench-leaderboard.ts'].find((f) => fs.existsSync(f))
  if (!file) return 0
  console.log('\n== Leaderboard query at 1k vs 100k attempts')
  const [cmd, args] = file.endsWith('.ts') ? tsx(file) : [process.execPath, [file]]
  return spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status === 0 ? 0 : 1
}

/** The question bank at 100,000 questions and 2,000,000 answers, queries and pages (bench-bank.ts). Returns failures. */
export function runBank() {
  console.log('\n== Question bank: 100,000 questions in 1,000 papers, 2,000,000 answers (SQLite | PostgreSQL)')
  const [cmd, args] = tsx('scripts/bench-bank.ts')
  return spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status === 0 ? 0 : 1
}
