// Times the leaderboard (top 100 + participant count + the viewer's rank) at 1k vs 100k submitted attempts
// (issue 5 §7). Run: `npx tsx scripts/bench-leaderboard.ts` (the lead hooks it into `npm run bench`).
// Uses a throwaway SQLite file; prints one line per size plus the rank query's plan.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-leaderboard-'))
process.env.DATABASE_PATH = path.join(dir, 'bench.db')
process.env.SEED_DEMO = 'false'
process.env.RATE_LIMIT = 'off'

const { db, sqlite: handle } = await import('../app/utils/db.server.ts')
// This bench writes its rows through better-sqlite3 directly: it always runs on a throwaway SQLite file.
const sqlite = handle!
const { getLeaderboard } = await import('../app/models/attempt.server.ts')

const id = () => crypto.randomBytes(12).toString('hex')
const base = Date.parse('2025-01-01T00:00:00.000Z')

function seedQuiz(attempts: number): { quizId: string; viewerId: string } {
  const quizId = id()
  const now = new Date(base).toISOString()
  sqlite
    .prepare(
      'insert into quizzes (id, title, description, category, time_limit, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(quizId, `Bench ${attempts}`, 'bench', 'free', 30, now, now)
  const insertQuestion = sqlite.prepare(
    'insert into questions (id, quiz_id, position, question_text, options, correct_option, created_at) values (?, ?, ?, ?, ?, ?, ?)',
  )
  for (let p = 0; p < 50; p++) insertQuestion.run(id(), quizId, p, `Q${p}`, '["a","b","c","d"]', p % 4, now)
  const insertUser = sqlite.prepare(
    'insert into users (id, name, email, password_hash, role, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
  )
  const insertAttempt = sqlite.prepare(
    'insert into attempts (id, user_id, quiz_id, started_at, deadline_at, submitted_at, score, score_units, total) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  let viewerId = ''
  sqlite.transaction(() => {
    for (let i = 0; i < attempts; i++) {
      const userId = id()
      if (i === Math.floor(attempts / 2)) viewerId = userId
      insertUser.run(userId, `Learner ${i}`, `${userId}@bench.test`, 'x', 'user', now, now)
      const started = new Date(base + i * 1000).toISOString()
      const submitted = new Date(base + i * 1000 + 600_000).toISOString()
      // Quarter marks between -12.5 and 50, many ties.
      const score = Math.round((Math.random() * 62.5 - 12.5) * 4) / 4
      insertAttempt.run(
        id(),
        userId,
        quizId,
        started,
        new Date(base + i * 1000 + 1_800_000).toISOString(),
        submitted,
        score,
        // The exact score the leaderboard orders by (mark units, decision 011).
        Math.round(score * 30000),
        50,
      )
    }
  })()
  return { quizId, viewerId }
}

async function time(quizId: string, viewerId: string, runs: number) {
  for (let i = 0; i < 3; i++) await getLeaderboard({ quizId, viewerId, limit: 100 })
  const start = process.hrtime.bigint()
  for (let i = 0; i < runs; i++) await getLeaderboard({ quizId, viewerId, limit: 100 })
  return Number(process.hrtime.bigint() - start) / 1e6 / runs
}

const small = seedQuiz(1_000)
const large = seedQuiz(100_000)
sqlite.exec('analyze')
const msSmall = await time(small.quizId, small.viewerId, 50)
const msLarge = await time(large.quizId, large.viewerId, 50)
console.log(`leaderboard (top 100 + count + viewer rank)   1k attempts: ${msSmall.toFixed(2)} ms/query`)
console.log(`leaderboard (top 100 + count + viewer rank) 100k attempts: ${msLarge.toFixed(2)} ms/query`)
const plan = sqlite
  .prepare(
    `explain query plan select a.id from attempts a join users u on u.id = a.user_id
     where a.quiz_id = ? and a.mode = 'ranked' and a.submitted_at is not null
     order by a.score_units desc, a.submitted_at asc limit 100`,
  )
  .all(large.quizId) as { detail: string }[]
console.log(`plan (top 100): ${plan.map((p) => p.detail).join(' | ')}`)
await db.destroy()
fs.rmSync(dir, { recursive: true, force: true })
