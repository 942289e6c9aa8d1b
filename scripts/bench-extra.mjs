// Issue 7 §7 and §1 figures for `npm run bench`: quiz page SSR and quiz submit against a minimal route of the
// same build, a burst of 5,000 distinct learners, durability rounds, the leaderboard at 1k vs 100k attempts.
import crypto from 'node:crypto'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { createCookie } from 'react-router'

const SECRET = process.env.BENCH_SESSION_SECRET ?? 'bench-session-secret'
const sessionCookie = createCookie('__session', { secrets: [SECRET] })

/** Learners with sessions, written straight into the bench server's database (no password hashing needed). */
async function makeLearners(dbPath, count, tag) {
  const db = new SQLite(dbPath)
  db.pragma('busy_timeout = 10000')
  const now = new Date().toISOString()
  const expires = new Date(Date.now() + 3600_000).toISOString()
  const insertUser = db.prepare(
    'insert into users (id, name, email, password_hash, role, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
  )
  const insertSession = db.prepare('insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)')
  const ids = []
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = crypto.randomBytes(12).toString('hex')
      const sid = crypto.randomBytes(32).toString('base64url')
      insertUser.run(id, `Bench ${tag} ${i}`, `bench-${tag}-${i}-${id}@example.test`, 'scrypt$unused', 'user', now, now)
      insertSession.run(sid, id, expires, now)
      ids.push(sid)
    }
  })()
  db.close()
  const cookies = []
  for (const sid of ids) cookies.push((await sessionCookie.serialize(sid)).split(';')[0])
  return cookies
}

function freeQuiz(dbPath) {
  const db = new SQLite(dbPath, { readonly: true })
  const quiz = db.prepare("select id from quizzes where category = 'free' order by created_at limit 1").get()
  const questions = db
    .prepare('select id from questions where quiz_id = ? and archived_at is null order by position')
    .all(quiz.id)
  db.close()
  return { id: quiz.id, questions: questions.map((q) => q.id) }
}

export default async function benchExtra({ base, cannon, dbPath }) {
  let failures = 0
  const quiz = freeQuiz(dbPath)
  const answers = quiz.questions.map((questionId, i) => ({ questionId, selectedOption: i % 4 }))

  console.log('\n== Quiz throughput against a minimal route of the same build, target >= 0.5x')
  // The minimal route: the 404 page, the smallest page the app renders (root layout and one message).
  const minimal = (await cannon(`${base}/__minimal-route`)).requests.average
  const resource = (await cannon(`${base}/healthz`)).requests.average
  console.log(
    `minimal page (404): ${minimal.toFixed(0)} req/s; resource route /healthz (no rendering): ${resource.toFixed(0)} req/s`,
  )
  const [reader] = await makeLearners(dbPath, 1, 'ssr')
  await fetch(`${base}/quiz/${quiz.id}`, {
    method: 'POST',
    headers: { Cookie: reader, 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: 'intent=start',
    redirect: 'manual',
  })
  const ssr = await cannon(`${base}/quiz/${quiz.id}?q=1`, { headers: { Cookie: reader } })
  const ssrRatio = ssr.requests.average / minimal
  if (ssrRatio < 0.5) failures++
  console.log(
    `quiz page SSR (open attempt): ${ssr.requests.average.toFixed(0)} req/s, ratio ${ssrRatio.toFixed(2)} ${ssrRatio >= 0.5 ? 'ok' : 'BELOW TARGET'}, non-2xx ${ssr.non2xx}`,
  )

  const submitters = await makeLearners(dbPath, 6000, 'submit')
  let next = 0
  const submit = await cannon(`${base}/api/v1/quiz/submit`, {
    method: 'POST',
    requests: [
      {
        setupRequest(req) {
          const cookie = submitters[next++ % submitters.length]
          return {
            ...req,
            headers: { Cookie: cookie, 'Content-Type': 'application/json' },
            body: JSON.stringify({ quizId: quiz.id, answers }),
          }
        },
      },
    ],
  })
  const submitRatio = submit.requests.average / minimal
  if (submitRatio < 0.5) failures++
  console.log(
    `quiz submit: ${submit.requests.average.toFixed(0)} req/s, ratio ${submitRatio.toFixed(2)} ${submitRatio >= 0.5 ? 'ok' : 'BELOW TARGET'}, non-2xx ${submit.non2xx} (repeat learners answer 400 once all ${submitters.length} have submitted)`,
  )

  console.log('\n== Burst: 5,000 distinct learners submitting within 10 s (RATE_LIMIT=off)')
  const burst = await makeLearners(dbPath, 5000, 'burst')
  const started = Date.now()
  let errors = 0
  let ok = 0
  const statuses = {}
  const inflight = []
  for (let i = 0; i < burst.length; i++) {
    // Spread the 5,000 starts evenly over 10 s.
    const due = started + (i * 10_000) / burst.length
    const wait = due - Date.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    inflight.push(
      fetch(`${base}/api/v1/quiz/submit`, {
        method: 'POST',
        headers: { Cookie: burst[i], 'Content-Type': 'application/json' },
        body: JSON.stringify({ quizId: quiz.id, answers }),
      })
        .then(async (r) => {
          statuses[r.status] = (statuses[r.status] ?? 0) + 1
          const body = await r.json().catch(() => ({}))
          if (body.success) ok++
          else {
            errors++
            statuses[`${r.status} ${body.message}`] = (statuses[`${r.status} ${body.message}`] ?? 0) + 1
          }
        })
        .catch((error) => {
          errors++
          statuses[String(error.cause?.code ?? error.message)] =
            (statuses[String(error.cause?.code ?? error.message)] ?? 0) + 1
        }),
    )
  }
  await Promise.all(inflight)
  const seconds = (Date.now() - started) / 1000
  const db = new SQLite(dbPath, { readonly: true })
  const stored = db
    .prepare(
      "select count(*) as n from attempts a join users u on u.id = a.user_id where u.name like 'Bench burst %' and a.submitted_at is not null",
    )
    .get().n
  db.close()
  const burstOk = ok === 5000 && errors === 0 && stored === 5000 && seconds <= 60
  if (!burstOk) failures++
  console.log(
    `burst: ${ok} results, ${errors} errors, ${stored} stored, all done in ${seconds.toFixed(1)} s ${burstOk ? 'ok' : 'FAILED'}`,
  )
  console.log(`burst responses: ${JSON.stringify(statuses)}`)

  console.log('\n== Lighthouse 12.8.2, mobile, Slow 4G (median of 3): LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1')
  const { default: benchLighthouse } = await import('./bench-lighthouse.mjs')
  const [lighthouseLearner] = await makeLearners(dbPath, 1, 'lighthouse')
  await fetch(`${base}/quiz/${quiz.id}`, {
    method: 'POST',
    headers: { Cookie: lighthouseLearner, 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: 'intent=start',
    redirect: 'manual',
  })
  failures += await benchLighthouse({ base, cookie: lighthouseLearner, quizId: quiz.id })

  console.log('\n== Durability: 50 concurrent submitters, SIGKILL at a random moment, restart (10 rounds)')
  const durability = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/bench-durability.ts'], {
    stdio: 'inherit',
    env: process.env,
  })
  if (durability.status !== 0) failures++

  const leaderboard = ['scripts/bench-leaderboard.ts', 'scripts/bench-leaderboard.mjs'].find((f) => fs.existsSync(f))
  if (leaderboard) {
    console.log('\n== Leaderboard query at 1k vs 100k attempts')
    const run = spawnSync(
      process.execPath,
      leaderboard.endsWith('.ts') ? ['node_modules/tsx/dist/cli.mjs', leaderboard] : [leaderboard],
      { stdio: 'inherit', env: process.env },
    )
    if (run.status !== 0) failures++
  }
  void path
  return failures
}
