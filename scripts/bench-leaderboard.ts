// The leaderboard at 1k vs 100k submitted ranked attempts (goal: 100k costs at most
// 2x of 1k), on SQLite and PostgreSQL side by side. Run: `npx tsx scripts/bench-leaderboard.ts` (`npm run bench`
// runs it through bench-extra.mjs runLeaderboard; a non-zero exit is a broken budget).
//
// For each database (PostgreSQL when its binaries are on the machine: a throwaway server, scripts/pg-server.mjs)
// a child process of this script opens it through the app's own db module (migrations included), writes one quiz
// of 1k and one of 100k attempts (quarter marks from -12.5 to 50, so many ties and negatives) with the viewer in
// the middle of the ranking (the median score: its tie group is among the largest), and times getLeaderboard as
// the page calls it (top 100, participants, the viewer's rank and percentile). Then, when a build exists
// (BUILD_DIR, default build; `npm run bench` builds first), an app server of that build on the same database
// serves the page /quiz/leaderboard/{id} and its data /quiz/leaderboard/{id}.data to the signed-in viewer, timed
// request by request. The two sizes take turns run by run; every figure is the median of its runs, and each ratio
// 100k / 1k is checked against 2x.
import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const SIZES = [1_000, 100_000] as const
const GOAL = 2
const QUERY_RUNS = 200
const HTTP_RUNS = 100
const SECRET = 'bench-session-secret'

type SizeResult = { quizId: string; sessionId: string; queryMs: number; participants: number; rank: number }
type ChildResult = Record<string, SizeResult>

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/**
 * Times each of `fns` `runs` times, the sizes taking turns (and swapping who goes first) so that both see the
 * same machine: a shared box's load and the JIT's warm-up would otherwise favour whichever ran second.
 */
async function interleaved(fns: (() => Promise<unknown>)[], runs: number): Promise<number[][]> {
  for (let i = 0; i < 5; i++) for (const fn of fns) await fn()
  const times: number[][] = fns.map(() => [])
  for (let r = 0; r < runs; r++) {
    const order = r % 2 ? [...fns.keys()].reverse() : [...fns.keys()]
    for (const i of order) {
      const start = process.hrtime.bigint()
      await fns[i]()
      times[i].push(Number(process.hrtime.bigint() - start) / 1e6)
    }
  }
  return times
}

if (process.argv.includes('--child')) await child()
else process.exit(await parent())

// ---- the child: one database, opened by the app's db module (DATABASE_URL or DATABASE_PATH from the parent) ----

async function child() {
  const { db, dialect } = await import('../app/utils/db.server.ts')
  const { getLeaderboard } = await import('../app/models/quiz/standing.server.ts')
  const id = () => crypto.randomBytes(12).toString('hex')
  const base = Date.parse('2025-01-01T00:00:00.000Z')
  const iso = (ms: number) => new Date(ms).toISOString()
  const BATCH = 1000

  async function seedQuiz(attempts: number) {
    const quizId = id()
    const now = iso(base)
    // Quarter marks between -12.5 and 50; the viewer (the middle learner) gets the median score.
    const scores = Array.from({ length: attempts }, () => Math.round((Math.random() * 62.5 - 12.5) * 4) / 4)
    const viewerIndex = Math.floor(attempts / 2)
    scores[viewerIndex] = [...scores].sort((a, b) => a - b)[viewerIndex]
    const users: Record<string, unknown>[] = []
    const rows: Record<string, unknown>[] = []
    let viewerId = ''
    for (let i = 0; i < attempts; i++) {
      const userId = id()
      if (i === viewerIndex) viewerId = userId
      users.push({
        id: userId,
        name: `Learner ${i}`,
        email: `${userId}@bench.test`,
        password_hash: 'x',
        role: 'user',
        created_at: now,
        updated_at: now,
      })
      rows.push({
        id: id(),
        user_id: userId,
        quiz_id: quizId,
        started_at: iso(base + i * 1000),
        deadline_at: iso(base + i * 1000 + 1_800_000),
        submitted_at: iso(base + i * 1000 + 600_000),
        score: scores[i],
        // The exact score the leaderboard orders by (mark units, decision 011).
        score_units: Math.round(scores[i] * 30000),
        total: 50,
      })
    }
    const sessionId = crypto.randomBytes(32).toString('base64url')
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('quizzes')
        .values({
          id: quizId,
          title: `Bench ${attempts}`,
          description: 'bench',
          category: 'free',
          time_limit: 30,
          created_at: now,
          updated_at: now,
        })
        .execute()
      await trx
        .insertInto('questions')
        .values(
          Array.from({ length: 50 }, (_, p) => ({
            id: id(),
            quiz_id: quizId,
            position: p,
            question_text: `Q${p}`,
            options: '["a","b","c","d"]',
            correct_option: p % 4,
            created_at: now,
            question_html: `<p>Q${p}</p>\n`,
            options_html: '["a","b","c","d"]',
            plain_text: 1,
          })),
        )
        .execute()
    })
    // One transaction per batch, as a live board grows by many small commits: on PostgreSQL the counts rows'
    // old versions from earlier batches are then pruned (HOT) instead of piling up until the end of one
    // 100k-row transaction, which no app write ever does.
    for (let i = 0; i < attempts; i += BATCH) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values(users.slice(i, i + BATCH) as never)
          .execute()
        await trx
          .insertInto('attempts')
          .values(rows.slice(i, i + BATCH) as never)
          .execute()
      })
    }
    await db
      .insertInto('sessions')
      .values({ id: sessionId, user_id: viewerId, expires_at: iso(Date.now() + 3600_000), created_at: iso(Date.now()) })
      .execute()
    return { quizId, viewerId, sessionId }
  }

  const seeded = []
  for (const size of SIZES) seeded.push({ size, ...(await seedQuiz(size)) })
  const { sql } = await import('kysely')
  // Statistics for the planner, as autovacuum would gather them after such a load on PostgreSQL.
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db)
  const calls = seeded.map((s) => () => getLeaderboard({ quizId: s.quizId, viewerId: s.viewerId, limit: 100 }))
  const times = await interleaved(calls, QUERY_RUNS)
  const result: ChildResult = {}
  for (const [i, s] of seeded.entries()) {
    const board = await calls[i]()
    result[s.size] = {
      quizId: s.quizId,
      sessionId: s.sessionId,
      queryMs: median(times[i]),
      participants: board?.participants ?? 0,
      rank: board?.viewer?.rank ?? 0,
    }
  }
  console.log(`RESULT ${JSON.stringify(result)}`)
  await db.destroy()
}

// ---- the parent: databases, children, app servers, the table ----

async function parent(): Promise<number> {
  const { findPostgresBin, startPostgres } = await import('./pg-server.mjs')
  const { NODE_FLAGS } = await import('./node-flags.mjs')
  const { createCookie } = await import('react-router')
  const pg = (await import('pg')).default
  const buildDir = process.env.BUILD_DIR ?? 'build'
  const hasBuild = fs.existsSync(path.join(buildDir, 'server/index.js'))
  // bench.mjs's app servers use BENCH_PORT and +1 (stopped by now); these use +2 and +3.
  const port = Number(process.env.BENCH_PORT ?? 3900) + 2
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-leaderboard-'))
  const cookieOf = async (sid: string) =>
    (await createCookie('__session', { secrets: [SECRET] }).serialize(sid)).split(';')[0]

  const targets: { label: string; env: Record<string, string> }[] = [
    { label: 'SQLite', env: { DATABASE_PATH: path.join(tmp, 'lb.db') } },
  ]
  let pgServer: { url: string; stop(): Promise<void> } | null = null
  const bin = findPostgresBin()
  if (bin) {
    pgServer = await startPostgres({ bin })
    const admin = new pg.Client({ connectionString: pgServer.url })
    await admin.connect()
    await admin.query('create database leaderboard')
    await admin.end()
    const url = new URL(pgServer.url)
    url.pathname = '/leaderboard'
    targets.push({ label: 'PostgreSQL', env: { DATABASE_URL: url.toString(), DATABASE_PATH: path.join(tmp, 'x.db') } })
  }

  const figures: Record<string, Record<string, Record<number, number | null>>> = {}
  const notes: string[] = []
  try {
    for (const [t, target] of targets.entries()) {
      const env: NodeJS.ProcessEnv = { ...process.env, SEED_DEMO: 'false', RATE_LIMIT: 'off', ...target.env }
      if (!target.env.DATABASE_URL) delete env.DATABASE_URL
      const t0 = Date.now()
      const run = spawnSync(
        process.execPath,
        ['node_modules/tsx/dist/cli.mjs', 'scripts/bench-leaderboard.ts', '--child'],
        {
          env,
          encoding: 'utf8',
          maxBuffer: 16 * 1024 * 1024,
        },
      )
      const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '))
      if (run.status !== 0 || !line) throw new Error(`${target.label} child failed: ${run.stderr || run.stdout}`)
      const result = JSON.parse(line.slice('RESULT '.length)) as ChildResult
      const f = (figures[target.label] = { query: {}, page: {}, data: {} } as (typeof figures)[string])
      for (const size of SIZES) {
        const r = result[size]
        f.query[size] = r.queryMs
        notes.push(
          `${target.label} ${size.toLocaleString('en')}: ${r.participants.toLocaleString('en')} participants, viewer rank ${r.rank.toLocaleString('en')}`,
        )
      }
      console.log(`${target.label}: written and queried in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
      if (!hasBuild) continue

      const app = spawn(process.execPath, [...NODE_FLAGS, 'server.js'], {
        env: { ...env, PORT: String(port + t), BUILD_DIR: buildDir, SESSION_SECRET: SECRET },
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      app.stderr.on('data', (d) => (stderr += d))
      const origin = `http://localhost:${port + t}`
      try {
        for (let i = 0; ; i++) {
          if (app.exitCode !== null) throw new Error(`${target.label} app server exited: ${stderr.slice(-2000)}`)
          if (i > 600) throw new Error(`${target.label} app server did not start`)
          try {
            if ((await fetch(`${origin}/healthz`)).ok) break
          } catch {}
          await new Promise((r) => setTimeout(r, 100))
        }
        for (const key of ['page', 'data'] as const) {
          const gets = await Promise.all(
            SIZES.map(async (size) => {
              const r = result[size]
              const url = `${origin}/quiz/leaderboard/${r.quizId}${key === 'data' ? '.data' : ''}`
              const cookie = await cookieOf(r.sessionId)
              return async () => {
                const res = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' })
                await res.arrayBuffer()
                if (res.status !== 200) throw new Error(`${target.label} GET ${url}: status ${res.status}`)
              }
            }),
          )
          const times = await interleaved(gets, HTTP_RUNS)
          for (const [i, size] of SIZES.entries()) f[key][size] = median(times[i])
        }
      } finally {
        if (app.exitCode === null) {
          app.kill('SIGTERM')
          await once(app, 'exit')
        }
      }
    }
  } finally {
    await pgServer?.stop()
    fs.rmSync(tmp, { recursive: true, force: true })
  }

  // One table, as bench.mjs prints its own: metric | per database 1k, 100k, ratio and verdict.
  const labels = Object.keys(figures)
  const metrics = [
    ['leaderboard query (top 100 + participants + viewer rank/percentile), ms', 'query'],
    ['GET /quiz/leaderboard/{id} (page, signed-in viewer), ms', 'page'],
    ['GET /quiz/leaderboard/{id}.data, ms', 'data'],
  ] as const
  const header = ['metric', ...labels.flatMap((l) => [`${l} 1k`, `${l} 100k`, `${l} 100k/1k`])]
  const table: string[][] = [header]
  let failures = 0
  for (const [title, key] of metrics) {
    const row: string[] = [title]
    for (const label of labels) {
      const [small, large] = SIZES.map((s) => figures[label][key][s] ?? null)
      if (small === null || large === null) {
        row.push('-', '-', 'skipped')
        continue
      }
      const ratio = large / small
      const ok = ratio <= GOAL
      if (!ok) failures++
      row.push(small.toFixed(2), large.toFixed(2), `${ratio.toFixed(2)}x ${ok ? 'ok' : 'OVER'}`)
    }
    table.push(row)
  }
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)))
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')
  console.log(
    `\nMedian of ${QUERY_RUNS} calls (query) and ${HTTP_RUNS} sequential requests (page, .data); goal 100k <= ${GOAL}x 1k`,
  )
  console.log(line(table[0]))
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const row of table.slice(1)) console.log(line(row))
  for (const note of notes) console.log(note)
  if (!bin) console.log('PostgreSQL: skipped, no PostgreSQL 15+ binaries on this machine (PG_BIN)')
  if (!hasBuild) console.log(`page and .data: skipped, no build in ${buildDir} (npm run build)`)
  console.log(
    failures ? `leaderboard: ${failures} figure(s) over ${GOAL}x` : `leaderboard: every figure within ${GOAL}x`,
  )
  return failures ? 1 : 0
}
