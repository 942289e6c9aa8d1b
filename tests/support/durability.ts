// 50 concurrent quiz submitters against the real server, SIGKILL at a random moment, restart; every
// acknowledged submission is in the database, none twice, integrity_check ok. Used by the test (1 round) and
// by `npm run bench` (10 rounds).
import crypto from 'node:crypto'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { createCookie } from 'react-router'
import { startAppServer } from './app-server'
import { E2E } from './e2e-env'

const cookieOf = createCookie('__session', { secrets: [E2E.sessionSecret] })

export type RoundResult = {
  acknowledged: number
  stored: number
  missing: number
  duplicates: number
  integrity: string
  killedAfterMs: number
}

export async function durabilityRound(options: {
  port: number
  dir: string
  learners?: number
  round: number
}): Promise<RoundResult> {
  const learners = options.learners ?? 50
  let server = await startAppServer({ port: options.port, dir: options.dir })
  const db = new SQLite(server.dbPath)
  db.pragma('busy_timeout = 5000')
  const quiz = db.prepare("select id from quizzes where category = 'free' order by created_at limit 1").get() as {
    id: string
  }
  const now = new Date().toISOString()
  const users: { id: string; cookie: string }[] = []
  for (let i = 0; i < learners; i++) {
    const id = crypto.randomBytes(12).toString('hex')
    db.prepare(
      'insert into users (id, name, email, password_hash, role, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)',
    ).run(
      id,
      `Durable ${options.round}-${i}`,
      `durable-${options.round}-${i}-${id}@example.test`,
      'scrypt$unused',
      'user',
      now,
      now,
    )
    const sid = crypto.randomBytes(32).toString('base64url')
    db.prepare('insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)').run(
      sid,
      id,
      new Date(Date.now() + 3600_000).toISOString(),
      now,
    )
    users.push({ id, cookie: (await cookieOf.serialize(sid)).split(';')[0] })
  }
  db.close()

  const acknowledged = new Set<string>()
  const run = users.map(async (u) => {
    try {
      const q = await fetch(`${server.baseURL}/api/v1/quiz/${quiz.id}`, { headers: { Cookie: u.cookie } })
      if (!q.ok) return
      const questions = ((await q.json()) as { data: { questions: { _id: string }[] } }).data.questions
      const answers = questions.map((question, i) => ({ questionId: question._id, selectedOption: i % 4 }))
      const res = await fetch(`${server.baseURL}/api/v1/quiz/submit`, {
        method: 'POST',
        headers: { Cookie: u.cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ quizId: quiz.id, answers }),
      })
      if (res.ok && ((await res.json()) as { success: boolean }).success) acknowledged.add(u.id)
    } catch {
      // The server was killed under this request: not acknowledged, so it may or may not be stored.
    }
  })
  // A round of 50 takes about half a second here: kill somewhere inside it, so some submissions are
  // acknowledged, some in flight and some not yet sent.
  const killedAfterMs = 100 + Math.floor(Math.random() * 400)
  await new Promise((r) => setTimeout(r, killedAfterMs))
  await server.stop('SIGKILL')
  await Promise.all(run)

  // Restart on the same database: start-up runs migrations and opens the WAL.
  server = await startAppServer({ port: options.port, dir: options.dir })
  await server.stop()
  const check = new SQLite(path.join(options.dir, 'app.db'), { readonly: true })
  const integrity = String(check.pragma('integrity_check', { simple: true }))
  const rows = check
    .prepare(
      `select user_id, count(*) as n, max(submitted_at is not null) as submitted from attempts where quiz_id = ? and user_id in (${users.map(() => '?').join(',')}) group by user_id`,
    )
    .all(quiz.id, ...users.map((u) => u.id)) as { user_id: string; n: number; submitted: number }[]
  check.close()
  const submitted = new Set(rows.filter((r) => r.submitted).map((r) => r.user_id))
  const missing = [...acknowledged].filter((id) => !submitted.has(id)).length
  const duplicates = rows.filter((r) => r.n > 1).length
  return { acknowledged: acknowledged.size, stored: submitted.size, missing, duplicates, integrity, killedAfterMs }
}
