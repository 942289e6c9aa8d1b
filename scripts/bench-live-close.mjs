// The close and the publication of a live mock at exam scale, on SQLite and PostgreSQL side by side: 10,000
// learners each hold an open ranked attempt with 20 saved answers when the window's close + grace has passed;
// (a) the close submits them all (closeLiveAttempts, app/models/quiz/live-close.server.ts, as the sweep runs it),
// (b) the publication: publishDueResults, then every learner's All-India rank (the rank e-mails' one ordered read,
// rankList in app/models/quiz/live-mails.server.ts), percentile (the per-score counts) and section ranks
// (app/models/quiz/live-results.server.ts). Goal: (a) + (b) within 10 s on each database.
//
// Run alone: `node scripts/bench-live-close.mjs` (exits non-zero when over the goal); `npm run bench` can call
// runLiveClose() from here. Environment:
//   LIVE_CLOSE_LEARNERS  how many learners (default 10000)
//   TEST_PG_URL          a PostgreSQL server URL whose user may create databases (the tests' own);
//                        a throwaway database is created on it for the run and dropped after. Without it a
//                        throwaway server is started when PostgreSQL 15+ binaries are found (scripts/pg-server.mjs,
//                        PG_BIN); without those PostgreSQL is skipped.
//   LIVE_CLOSE_DATABASES sqlite,postgres (default both)
// Each database is seeded and measured in a child process (run through tsx) that opens it with the app's own db
// module (migrations included) and calls the model functions directly, as scripts/bench-leaderboard.ts does.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const GOAL_SECONDS = 10
const LEARNERS = Number(process.env.LIVE_CLOSE_LEARNERS ?? 10_000)
const QUESTIONS = 60
const ANSWERS = 20
const SECTIONS = ['Physics', 'Chemistry', 'Biology']
const SELF = fileURLToPath(import.meta.url)

if (process.argv.includes('--child')) await child()
else if (process.argv[1] && path.resolve(process.argv[1]) === SELF) process.exit(await runLiveClose())

// ---- the child: one database, opened by the app's db module (DATABASE_URL or DATABASE_PATH from the parent) ----

async function child() {
  const { db, dialect } = await import('../app/utils/db.server.ts')
  const { sql } = await import('kysely')
  const { closeLiveAttempts, publishDueResults } = await import('../app/models/quiz/live-close.server.ts')
  const { sectionRanks } = await import('../app/models/quiz/live-results.server.ts')
  const { rankList } = await import('../app/models/quiz/live-mails.server.ts')
  const { rankedMarks } = await import('../app/models/quiz/live-paper.server.ts')
  const { marksFromStorage } = await import('../app/lib/quiz/marks.ts')
  const { scoreCounts } = await import('../app/models/quiz/standing.server.ts')
  const { percentile } = await import('../app/lib/quiz/standing.ts')
  const id = () => crypto.randomBytes(12).toString('hex')
  const iso = (ms) => new Date(ms).toISOString()
  // A window of 60 minutes with a 60-minute paper: every deadline is the close.
  const opens = Date.parse('2031-05-01T04:30:00.000Z')
  const closes = opens + 60 * 60_000
  const now = new Date(closes + 2 * 60_000)

  // ---- seed ----
  const t0 = performance.now()
  const quizId = id()
  const created = iso(opens - 86_400_000)
  const questionIds = Array.from({ length: QUESTIONS }, id)
  // Deterministic answers: the same data on both databases.
  let seed = 42
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('quizzes')
      .values({
        id: quizId,
        title: 'Bench live mock',
        description: 'bench',
        category: 'free',
        time_limit: 60,
        opens_at: iso(opens),
        closes_at: iso(closes),
        created_at: created,
        updated_at: created,
      })
      .execute()
    await trx
      .insertInto('questions')
      .values(
        questionIds.map((qid, p) => ({
          id: qid,
          quiz_id: quizId,
          position: p,
          question_text: `Q${p}`,
          options: '["a","b","c","d"]',
          correct_option: p % 4,
          created_at: created,
          question_html: `<p>Q${p}</p>\n`,
          options_html: '["a","b","c","d"]',
          plain_text: 1,
          section: SECTIONS[p % SECTIONS.length],
        })),
      )
      .execute()
  })
  const BATCH = 1000
  for (let i = 0; i < LEARNERS; i += BATCH) {
    const users = []
    const attempts = []
    const answers = []
    for (let j = i; j < Math.min(LEARNERS, i + BATCH); j++) {
      const userId = id()
      const attemptId = id()
      const started = opens + rand(10 * 60_000)
      users.push({
        id: userId,
        name: `Learner ${j}`,
        email: `${userId}@bench.test`,
        password_hash: 'x',
        role: 'user',
        created_at: created,
        updated_at: created,
      })
      attempts.push({
        id: attemptId,
        user_id: userId,
        quiz_id: quizId,
        started_at: iso(started),
        deadline_at: iso(closes),
        total: QUESTIONS,
        mode: 'ranked',
      })
      const picked = new Set()
      while (picked.size < ANSWERS) picked.add(rand(QUESTIONS))
      let k = 0
      for (const q of picked) {
        const at = iso(started + 60_000 * ++k)
        answers.push({
          attempt_id: attemptId,
          question_id: questionIds[q],
          selected_option: rand(4),
          saved_at: at,
          visited_at: at,
          time_spent_ms: 30_000,
        })
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(users).execute()
      await trx.insertInto('attempts').values(attempts).execute()
      for (let a = 0; a < answers.length; a += 4000)
        await trx
          .insertInto('attempt_answers')
          .values(answers.slice(a, a + 4000))
          .execute()
    })
  }
  // Statistics for the planner, as autovacuum would gather them after such a load on PostgreSQL.
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db)
  const seedSeconds = (performance.now() - t0) / 1000

  // ---- (a) the close ----
  const c0 = performance.now()
  const closed = await closeLiveAttempts({ conn: db, now })
  const closeSeconds = (performance.now() - c0) / 1000

  // Each learner's section marks as their result page scores them (its analysis): read here, outside the timing.
  const learners = []
  for await (const marked of rankedMarks(quizId, db))
    learners.push({
      sections: [...marked.bySection].map(([key, units]) => ({ key, earned: marksFromStorage(units) })),
    })

  // ---- (b) the publication: published, then every learner's rank, percentile and section ranks ----
  const p0 = performance.now()
  const published = await publishDueResults({ conn: db, now })
  const p1 = performance.now()
  const ranks = await rankList(quizId, db, now)
  const counts = await scoreCounts(quizId)
  const participants = counts.reduce((t, c) => t + c.n, 0)
  let above = participants
  const atOrBelow = new Map()
  for (const c of counts) {
    atOrBelow.set(c.units, above)
    above -= c.n
  }
  const percentiles = ranks.map((r) => percentile(atOrBelow.get(Number(r.score_units)) ?? 0, participants))
  const p2 = performance.now()
  // The first learner's section ranks build the paper's section table; everyone else's read it.
  let sectionRankCount = (await sectionRanks(quizId, learners[0].sections)).length
  const p3 = performance.now()
  for (const s of learners.slice(1)) sectionRankCount += (await sectionRanks(quizId, s.sections)).length
  const p4 = performance.now()
  const publishSeconds = (p4 - p0) / 1000

  const check = await db
    .selectFrom('attempts')
    .select([sql`count(*)`.as('n'), sql`count(submitted_at)`.as('submitted')])
    .where('quiz_id', '=', quizId)
    .executeTakeFirstOrThrow()
  const result = {
    seedSeconds,
    closed,
    submitted: Number(check.submitted),
    attempts: Number(check.n),
    closeSeconds,
    published: published.includes(quizId),
    publishSeconds,
    parts: {
      publishMs: p1 - p0,
      ranksAndPercentilesMs: p2 - p1,
      sectionTableMs: p3 - p2,
      sectionRanksMs: p4 - p3,
    },
    ranked: ranks.length,
    percentiles: percentiles.filter(Boolean).length,
    sectionRanks: sectionRankCount,
  }
  console.log(`RESULT ${JSON.stringify(result)}`)
  await db.destroy()
}

// ---- the parent: the databases, one child each, the table ----

/**
 * Seeds and measures each database in its own child; prints the table; returns how many goals were broken.
 * `pgUrl`: a PostgreSQL server to create the run's database on (bench.mjs may pass its own), else TEST_PG_URL.
 */
export async function runLiveClose({ pgUrl } = {}) {
  const which = new Set((process.env.LIVE_CLOSE_DATABASES ?? 'sqlite,postgres').split(','))
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-close-'))
  const targets = []
  if (which.has('sqlite')) targets.push({ label: 'SQLite', env: { DATABASE_PATH: path.join(tmp, 'live.db') } })
  let pgServer = null
  let pgAdminUrl = null
  const dbName = `bench_live_close_${process.pid}`
  if (which.has('postgres')) {
    pgAdminUrl = pgUrl ?? process.env.TEST_PG_URL ?? null
    if (!pgAdminUrl) {
      const { findPostgresBin, startPostgres } = await import('./pg-server.mjs')
      const bin = findPostgresBin()
      if (bin) {
        pgServer = await startPostgres({ bin })
        pgAdminUrl = pgServer.url
      }
    }
  }
  const pg = pgAdminUrl ? (await import('pg')).default : null
  const admin = async (text) => {
    const client = new pg.Client({ connectionString: pgAdminUrl })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }
  if (pgAdminUrl) {
    await admin(`create database ${dbName}`)
    const url = new URL(pgAdminUrl)
    url.pathname = `/${dbName}`
    targets.push({ label: 'PostgreSQL', env: { DATABASE_URL: url.toString(), DATABASE_PATH: path.join(tmp, 'x.db') } })
  }

  const results = []
  try {
    for (const target of targets) {
      const env = { ...process.env, SEED_DEMO: 'false', RATE_LIMIT: 'off', ...target.env }
      if (!target.env.DATABASE_URL) delete env.DATABASE_URL
      const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', SELF, '--child'], {
        env,
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      })
      const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '))
      if (run.status !== 0 || !line) throw new Error(`${target.label} child failed: ${run.stderr || run.stdout}`)
      results.push({ label: target.label, ...JSON.parse(line.slice('RESULT '.length)) })
    }
  } finally {
    if (pgAdminUrl && targets.some((t) => t.label === 'PostgreSQL'))
      await admin(`drop database if exists ${dbName}`).catch(() => {})
    await pgServer?.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }

  let failures = 0
  const rows = [['', ...results.map((r) => r.label)]]
  const add = (title, f) => rows.push([title, ...results.map(f)])
  add('learners with an open attempt (20 answers each)', (r) => r.attempts.toLocaleString('en'))
  add('seeded in, s', (r) => r.seedSeconds.toFixed(1))
  add('(a) close: submitted by the server', (r) => `${r.closed.toLocaleString('en')} in ${r.closeSeconds.toFixed(2)} s`)
  add('(b) publish + ranks, percentiles, section ranks, s', (r) => r.publishSeconds.toFixed(2))
  add('    published (update), ms', (r) => r.parts.publishMs.toFixed(0))
  add('    every rank and percentile, ms', (r) => r.parts.ranksAndPercentilesMs.toFixed(0))
  add('    section table (first result page), ms', (r) => r.parts.sectionTableMs.toFixed(0))
  add("    every other learner's section ranks, ms", (r) => r.parts.sectionRanksMs.toFixed(0))
  add(`(a) + (b), s (goal ${GOAL_SECONDS} s)`, (r) => {
    const total = r.closeSeconds + r.publishSeconds
    const ok =
      total <= GOAL_SECONDS &&
      r.closed === r.attempts &&
      r.submitted === r.attempts &&
      r.published &&
      r.ranked === r.attempts
    if (!ok) failures++
    return `${total.toFixed(2)} ${ok ? 'ok' : 'OVER BUDGET'}`
  })
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)))
  console.log(`\n== Live mock close and publication: ${LEARNERS.toLocaleString('en')} learners, ${QUESTIONS} questions`)
  for (const row of rows) console.log(row.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | '))
  if (which.has('postgres') && !pgAdminUrl)
    console.log('PostgreSQL: skipped, no TEST_PG_URL and no PostgreSQL 15+ binaries (PG_BIN)')
  console.log(failures ? `live close: ${failures} database(s) over budget` : 'live close: within budget')
  return failures ? 1 : 0
}
