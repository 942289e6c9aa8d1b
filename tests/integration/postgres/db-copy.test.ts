// `npm run db:copy` (scripts/db-copy.ts), run as an operator would: a SQLite deployment with a few thousand rows
// of every kind is copied into an empty PostgreSQL database, then checked independently of the script's own
// verification, and the app's model layer runs on the copy. Runs in the PostgreSQL run only (TEST_PG_URL).
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql, type Kysely } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { migrateToLatest, openDatabase, openPostgres, type OpenedDatabase } from '../../../db/client'
import { createQuiz } from '../../../db/factories'
import { migrations } from '../../../db/migrations'
import { seedDemo } from '../../../db/seed'

const serverUrl = process.env.TEST_PG_URL ?? ''
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-db-copy-'))
const sourceFile = path.join(dir, 'app.db')
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock']
// Beyond 2^53: a JavaScript number cannot hold it, the copy must still be exact.
const HUGE_WINDOW = 9007199254740993n

function copy(...args: string[]) {
  const env = { ...process.env }
  delete env.DATABASE_URL
  const result = spawnSync('npm', ['run', '-s', 'db:copy', '--', ...args], {
    cwd: process.cwd(),
    env,
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: result.status, stdout: result.stdout, output: result.stdout + result.stderr }
}

async function admin<T extends pg.QueryResultRow = any>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

const created: string[] = []
async function newDatabase(): Promise<string> {
  const name = `copy_${crypto.randomBytes(4).toString('hex')}`
  await admin(serverUrl, `create database ${name}`)
  created.push(name)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const relations = async (url: string) =>
  (
    await admin<{ relname: string }>(
      url,
      `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r','v') order by 1`,
    )
  ).map((r) => r.relname)

/** A small migrated SQLite file, for the refusals. */
async function migratedFile(name: string, change: (sqlite: NonNullable<OpenedDatabase['sqlite']>) => void) {
  const file = path.join(dir, name)
  const opened = openDatabase(file)
  await migrateToLatest(opened.db)
  change(opened.sqlite!)
  await opened.db.destroy()
  return file
}

// Deterministic variety without a dependency.
let seed = 12345
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]
const newId = () => crypto.randomBytes(12).toString('hex')
const base = Date.parse('2025-01-01T00:00:00.000Z')
let clock = 0
const stamp = () => new Date(base + clock++ * 1000).toISOString()

const NAMES = ['अनन्या शर्मा', 'সৌরভ দাস', 'Zoë Müller 🧬', `O'Brien "Q"`, 'Ravi\tKumar', 'তন্ময় 🎉 ঘোষ', 'Émile']
const SCORES = [1 / 3, 2 / 3, -1 / 3, 0.1 + 0.2, 2, 0, -0.5, 1.5, 4 / 3, Math.PI / 10, -2]

/** A live-looking deployment: the demo seed plus generated users, orders, attempts, logs... */
async function buildSource(opened: OpenedDatabase) {
  await migrateToLatest(opened.db)
  await seedDemo(opened.db)
  const quizzes: { id: string; questionIds: string[] }[] = []
  for (let i = 0; i < 10; i++) quizzes.push(await createQuiz(opened.db, { title: `Generated quiz ${i} — ক্যুইজ` }))
  const s = opened.sqlite!
  const courses = s.prepare('select id from courses order by id').pluck().all() as string[]
  const coupon = s.prepare('select id, course_id from coupons').get() as { id: string; course_id: string }
  const lectures = s
    .prepare('select l.id, s.course_id from lectures l join sections s on s.id = l.section_id order by l.id')
    .all() as { id: string; course_id: string }[]
  const statements = new Map<string, SQLite.Statement<unknown[]>>()
  const insert = (table: string, row: Record<string, unknown>) => {
    const text = `insert into ${table} (${Object.keys(row).join(', ')}) values (${Object.keys(row).map(() => '?')})`
    if (!statements.has(text)) statements.set(text, s.prepare(text))
    statements.get(text)!.run(...Object.values(row))
  }

  s.transaction(() => {
    const users: string[] = []
    for (let i = 0; i < 300; i++) {
      const id = newId()
      users.push(id)
      const at = stamp()
      insert('users', {
        id,
        name: `${pick(NAMES)} ${i}`,
        email: `learner${i}@example.test`,
        password_hash: `scrypt$stub$${i}`,
        role: i % 50 === 0 ? 'instructor' : 'user',
        profile_image: i % 7 === 0 ? `uploads/profile/${id}.webp` : null,
        mobile_number: i % 2 ? `98${String(i).padStart(8, '0')}` : null,
        institute_name: i % 3 ? 'বিশ্ববিদ্যালয় Kolkata' : null,
        present_course_of_study: i % 4 ? 'M.Sc' : null,
        is_premium_member: i % 2,
        has_access_to_quizzes: i % 3 === 0 ? 1 : 0,
        password_changed_at: i % 5 === 0 ? at : null,
        created_at: at,
        updated_at: at,
      })
      insert('sessions', { id: newId(), user_id: id, expires_at: '2030-01-01T00:00:00.000Z', created_at: at })
      for (const courseId of [courses[i % courses.length], courses[(i + 3) % courses.length]]) {
        insert('enrollments', {
          id: newId(),
          user_id: id,
          course_id: courseId,
          is_active: i % 9 === 0 ? 0 : 1,
          source: pick(['purchase', 'admin', 'free']),
          created_at: at,
          updated_at: at,
        })
      }
      if (i < 50)
        insert('coupon_selections', { user_id: id, course_id: coupon.course_id, coupon_id: coupon.id, created_at: at })
      insert('rate_limits', { key: `login:ip:10.0.${i >> 8}.${i & 255}`, window_start: Date.now() + i, count: i % 6 })
      insert('audit_log', {
        id: newId(),
        actor_id: i % 10 === 0 ? null : id,
        action: pick(['user.update', 'order.refund', 'quiz.edit']),
        target_type: 'user',
        target_id: i % 4 ? id : null,
        details:
          i % 6 === 0
            ? null
            : JSON.stringify({
                name: pick(NAMES),
                note: `₹${i} ✓ “quoted”`,
                ratio: i / 7,
                nested: { ok: i % 2 === 0 },
              }),
        created_at: at,
      })
      insert('verifications', {
        id: newId(),
        purpose: i % 2 ? 'reset' : 'signup',
        email: `learner${i}@example.test`,
        code_hash: `hash${i}`,
        payload: i % 2 ? null : JSON.stringify({ name: pick(NAMES), passwordHash: 'scrypt$stub' }),
        attempts: i % 4,
        expires_at: '2030-01-01T00:00:00.000Z',
        last_sent_at: at,
        verified_at: i % 3 === 0 ? at : null,
        proof_hash: null,
        proof_expires_at: null,
        consumed_at: null,
        created_at: at,
        claim_hash: i % 2 ? null : `claim${i}`,
      })
      for (const [q, quiz] of quizzes.entries()) {
        const attemptId = newId()
        const started = stamp()
        const submitted = (i + q) % 10 !== 0
        const score = submitted ? pick(SCORES) : null
        insert('attempts', {
          id: attemptId,
          user_id: id,
          quiz_id: quiz.id,
          started_at: started,
          deadline_at: (i + q) % 3 === 0 ? null : '2030-01-01T00:00:00.000Z',
          submitted_at: submitted ? stamp() : null,
          score,
          // What the app stores since migrations/0007: the exact score in mark units, which the leaderboard orders by.
          score_units: score === null ? null : Math.round(score * 30000),
          total: 2,
        })
        for (const questionId of quiz.questionIds) {
          insert('attempt_answers', {
            attempt_id: attemptId,
            question_id: questionId,
            selected_option: random() < 0.1 ? null : Math.floor(random() * 4),
            marked_for_review: random() < 0.2 ? 1 : 0,
            saved_at: started,
          })
        }
      }
    }
    // The learning loop (migrations/0015): progress, the last lecture opened, saved questions and practice sets
    // (no set attempts: the checks below take every attempt here as ranked).
    for (let i = 0; i < 20; i++) {
      const userId = users[i]
      const lecture = lectures[i % lectures.length]
      insert('lecture_progress', { user_id: userId, lecture_id: lecture.id, done_at: stamp() })
      insert('lecture_visits', {
        user_id: userId,
        course_id: lecture.course_id,
        lecture_id: lecture.id,
        opened_at: stamp(),
      })
      const quiz = quizzes[i % quizzes.length]
      insert('saved_questions', { user_id: userId, question_id: quiz.questionIds[0], created_at: stamp() })
      const setId = newId()
      insert('practice_sets', { id: setId, user_id: userId, title: `Mistakes · ${pick(NAMES)}`, created_at: stamp() })
      for (const [seq, questionId] of quiz.questionIds.entries())
        insert('practice_set_questions', { set_id: setId, question_id: questionId, seq })
    }
    insert('rate_limits', { key: 'huge-window', window_start: HUGE_WINDOW, count: 1 })
    insert('settings', { key: 'banner', value: JSON.stringify({ text: 'নতুন ব্যাচ 🎓 शुरू' }), updated_at: stamp() })
    for (let i = 0; i < 2000; i++) {
      const status = (['created', 'paid', 'failed'] as const)[i % 3]
      const course = i % 10 !== 0
      const withCoupon = course && i % 4 === 0
      const at = stamp()
      const orderId = newId()
      insert('orders', {
        id: orderId,
        user_id: users[i % users.length],
        item_type: course ? 'course' : 'quiz_bundle',
        course_id: course ? (withCoupon ? coupon.course_id : pick(courses)) : null,
        coupon_id: withCoupon ? coupon.id : null,
        amount_paise: withCoupon ? 89_910 : 99_900 + i,
        currency: 'INR',
        status,
        provider: i % 17 === 0 ? 'free' : 'razorpay',
        provider_order_id: i % 17 === 0 ? null : `order_${i}`,
        provider_payment_id: status === 'paid' ? `pay_${i}` : null,
        phone: i % 5 ? `+91 98${String(i).padStart(8, '0')}` : null,
        created_at: at,
        updated_at: at,
        paid_at: status === 'paid' ? at : null,
        refund_reason:
          status === 'paid' && withCoupon && i % 8 === 0 ? 'coupon over its usage limit — refund ₹899.10' : null,
      })
      if (status !== 'created')
        insert('payment_events', {
          id: newId(),
          order_id: orderId,
          source: i % 2 ? 'webhook' : 'callback',
          event_id: i % 2 ? `evt_${i}` : null,
          payment_id: `pay_${i}`,
          fulfilled: status === 'paid' ? 1 : 0,
          created_at: at,
        })
    }
  })()
  return { quizzes, coupon }
}

// Runs only in the PostgreSQL run (vitest.config.ts); without its server it fails rather than skipping.
if (!serverUrl) throw new Error('TEST_PG_URL is not set: this file runs in the PostgreSQL run of npm test')

describe('npm run db:copy (SQLite to PostgreSQL)', () => {
  let source: OpenedDatabase
  let target: Kysely<any>
  let targetUrl: string
  let fixture: Awaited<ReturnType<typeof buildSource>>
  let tables: string[]
  let counts: Record<string, number>
  let first: ReturnType<typeof copy>

  const targetCounts = async () => {
    const result: Record<string, number> = {}
    for (const table of tables) {
      const row = await target
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      result[table] = Number(row.n)
    }
    return result
  }

  beforeAll(async () => {
    // The file's own empty database (tests/support/vitest-setup.ts): the app modules imported below open it.
    targetUrl = process.env.DATABASE_URL!
    source = openDatabase(sourceFile)
    fixture = await buildSource(source)
    tables = (
      source
        .sqlite!.prepare(`select name from sqlite_master where type = 'table' order by name`)
        .pluck()
        .all() as string[]
    ).filter((t) => !MIGRATION_TABLES.includes(t))
    counts = Object.fromEntries(
      tables.map((t) => [t, source.sqlite!.prepare(`select count(*) from ${t}`).pluck().get() as number]),
    )
    target = openPostgres(targetUrl, { max: 2 }).db as Kysely<any>
    // The source stays open, as a running app would keep it (its WAL not checkpointed).
    first = copy('--from', sourceFile, '--to', targetUrl)
  }, 60_000)

  afterAll(async () => {
    await target?.destroy()
    await source?.db.destroy()
    const { db } = await import('~/utils/db.server')
    await db.destroy()
    for (const name of created) await admin(serverUrl, `drop database if exists ${name}`)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('--help exits 0 with the usage; no arguments exit 2 with the usage', () => {
    const help = copy('--help')
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/Usage: npm run db:copy -- --from <sqlite-file> --to <postgres-url>/)
    const none = copy()
    expect(none.status).toBe(2)
    expect(none.output).toMatch(/Missing --from/)
    expect(none.output).toMatch(/Usage:/)
    expect(copy('--from', sourceFile, '--to', 'mysql://x@localhost/y').status).toBe(2)
  })

  test('copies every table and prints each with its rows, checksum and ok', () => {
    expect(first.output).not.toMatch(/Refused|failed/i)
    expect(first.status).toBe(0)
    expect(counts.attempts).toBe(3000)
    expect(counts.attempt_answers).toBe(6000)
    expect(counts.orders).toBe(2000)
    expect(first.stdout).toContain(`Source: ${sourceFile}`)
    for (const table of tables) {
      expect(first.stdout).toMatch(new RegExp(`^${table} +${counts[table]}  [0-9a-f]{12}  ok$`, 'm'))
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0)
    expect(first.stdout).toMatch(new RegExp(`^Done: ${total} rows in ${tables.length} tables`, 'm'))
  })

  test('the target holds the same rows, value for value (ids, timestamps, scores, JSON, non-ASCII, nulls)', async () => {
    expect(await targetCounts()).toEqual(counts)
    const pgTables = (await target.introspection.getTables()).map((t) => t.name).sort()
    expect(pgTables).toEqual(tables)
    for (const table of tables) {
      const key = source
        .sqlite!.prepare(`select name from pragma_table_info(?) where pk > 0 order by pk`)
        .pluck()
        .all(table) as string[]
      const byKey = (rows: Record<string, unknown>[]) =>
        rows
          .map((row) => ({ row, k: JSON.stringify(key.map((c) => row[c])) }))
          .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
          .map((r) => r.row)
      const fromSqlite = byKey(source.sqlite!.prepare(`select * from ${table}`).all() as Record<string, unknown>[])
      const fromPg = byKey(await target.selectFrom(table).selectAll().execute())
      expect(fromPg, table).toEqual(fromSqlite)
    }
    const third = await target
      .selectFrom('attempts')
      .select('score')
      .where('score', '=', 1 / 3)
      .execute()
    expect(third.length).toBeGreaterThan(0)
    expect(third[0].score).toBe(1 / 3)
    const huge = await sql<{
      w: string
    }>`select window_start::text as w from rate_limits where key = 'huge-window'`.execute(target)
    expect(huge.rows[0].w).toBe(HUGE_WINDOW.toString())
  })

  test('a second run into the same database is refused and changes nothing', async () => {
    const again = copy('--from', sourceFile, '--to', targetUrl)
    expect(again.status).toBe(1)
    expect(again.output).toMatch(/Refused: the target database is not empty/)
    expect(await targetCounts()).toEqual(counts)
  })

  test('a database with any table in it is refused', async () => {
    const url = await newDatabase()
    await admin(url, 'create table t (x int)')
    const run = copy('--from', sourceFile, '--to', url)
    expect(run.status).toBe(1)
    expect(run.output).toMatch(/not empty.*\(t\)/)
    expect(await relations(url)).toEqual(['t'])
  })

  test('a source behind (or ahead of) the code’s migrations is refused, the target untouched', async () => {
    const newest = Object.keys(migrations).sort().at(-1)!
    const behind = await migratedFile('behind.db', (s) =>
      s.prepare('delete from kysely_migration where name = ?').run(newest),
    )
    const url = await newDatabase()
    const run = copy('--from', behind, '--to', url)
    expect(run.status).toBe(1)
    expect(run.output).toContain(`Refused: the source is missing migrations ${newest}: start the app once on ${behind}`)
    const ahead = await migratedFile('ahead.db', (s) =>
      s.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999_future', stamp()),
    )
    const later = copy('--from', ahead, '--to', url)
    expect(later.status).toBe(1)
    expect(later.output).toMatch(/migrations this code does not know \(9999_future\)/)
    expect(await relations(url)).toEqual([])
  })

  test('a copy that fails part-way leaves the target empty, ready for another run', async () => {
    // INTEGER affinity keeps text it cannot convert; PostgreSQL's bigint refuses it, after other tables went in.
    const bad = await migratedFile('bad.db', (s) => {
      s.prepare(`insert into settings (key, value, updated_at) values ('k', '{}', ?)`).run(stamp())
      s.prepare(`insert into rate_limits (key, window_start, count) values ('k', 'soon', 1)`).run()
    })
    const url = await newDatabase()
    const run = copy('--from', bad, '--to', url)
    expect(run.status).toBe(1)
    expect(run.output).toMatch(/Copy failed, rolled back: rate_limits, rows 1-1: invalid input syntax for type bigint/)
    expect(run.output).toMatch(/the target is empty again/)
    expect(await relations(url)).toEqual([])
  })

  test('the app runs on the copy: migrations recorded, model queries answer as on SQLite', async () => {
    const recorded = await target.selectFrom('kysely_migration').select('name').orderBy('name').execute()
    expect(recorded.map((r) => r.name)).toEqual(Object.keys(migrations).sort())

    // The app's own start-up (migrateToLatest, no-op) and model layer, on the copied database.
    const { dialect } = await import('~/utils/db.server')
    expect(dialect).toBe('postgres')
    const { getLeaderboard } = await import('~/models/quiz/standing.server')
    const { paidUses } = await import('~/models/money/coupon.server')
    const quizId = fixture.quizzes[3].id
    const expected = (
      source
        .sqlite!.prepare(
          `select id, score from attempts where quiz_id = ? and submitted_at is not null order by score desc, submitted_at asc limit 10`,
        )
        .all(quizId) as { id: string; score: number }[]
    ).map((r) => ({ attemptId: r.id, score: r.score }))
    const board = await getLeaderboard({ quizId, limit: 10 })
    const entries = [...board!.topThree, ...board!.others]
    expect(entries.map((e) => ({ attemptId: e.attemptId, score: e.score }))).toEqual(expected)
    expect(board!.participants).toBe(
      source
        .sqlite!.prepare('select count(*) from attempts where quiz_id = ? and submitted_at is not null')
        .pluck()
        .get(quizId),
    )
    const uses = source
      .sqlite!.prepare(`select count(*) from orders where coupon_id = ? and status = 'paid' and refund_reason is null`)
      .pluck()
      .get(fixture.coupon.id)
    expect(await paidUses(fixture.coupon.id)).toBe(uses)
  })
})
