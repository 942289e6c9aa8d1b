import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { createCourse, createUser, enrol } from '../../db/factories'
import { isUniqueViolation } from '../../db/dialect'
import { db, dbPragmas, dialect } from '~/utils/db.server'

// Runs on SQLite and on PostgreSQL (vitest.config.ts): the same schema, the same unique rules.
describe('database', () => {
  if (dialect === 'sqlite')
    test('SQLite opens in WAL with foreign keys, busy timeout and synchronous set explicitly', () => {
      expect(dbPragmas).toEqual({ journal_mode: 'wal', synchronous: 1, foreign_keys: 1, busy_timeout: 5000 })
    })

  if (dialect === 'postgres')
    test('PostgreSQL is version 15 or newer', async () => {
      const { rows } = await sql<{ v: string }>`show server_version_num`.execute(db).then((r) => ({
        rows: r.rows.map((row) => ({ v: String(Object.values(row)[0]) })),
      }))
      expect(Number(rows[0].v)).toBeGreaterThanOrEqual(150000)
    })

  test('migrations created every core table', async () => {
    const tables = await db.introspection.getTables()
    const names = tables.map((t) => t.name)
    for (const t of [
      'users',
      'sessions',
      'verifications',
      'rate_limits',
      'courses',
      'sections',
      'lectures',
      'enrollments',
      'coupons',
      'coupon_selections',
      'orders',
      'payment_events',
      'quizzes',
      'questions',
      'attempts',
      'attempt_answers',
      'settings',
      'audit_log',
    ]) {
      expect(names).toContain(t)
    }
  })

  test('counts and sums come back as numbers on both databases', async () => {
    await createUser(db)
    const row = await db
      .selectFrom('users')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('is_premium_member').as('s')])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ n: 1, s: 0 })
  })

  test('epoch milliseconds fit the rate-limit window column', async () => {
    const now = Date.UTC(2026, 10, 24)
    await db.insertInto('rate_limits').values({ key: 'k', window_start: now, count: 1 }).execute()
    const row = await db.selectFrom('rate_limits').select('window_start').where('key', '=', 'k').executeTakeFirst()
    expect(row?.window_start).toBe(now)
  })

  test('scores keep double precision', async () => {
    const user = await createUser(db)
    const { createQuiz } = await import('../../db/factories')
    const quiz = await createQuiz(db)
    await db
      .insertInto('attempts')
      .values({ id: 'a'.repeat(24), user_id: user.id, quiz_id: quiz.id, started_at: 'x', total: 2, score: 1 / 3 })
      .execute()
    const row = await db.selectFrom('attempts').select('score').executeTakeFirstOrThrow()
    expect(row.score).toBe(1 / 3)
  })

  test('one enrolment per learner per course is enforced by a unique index', async () => {
    const user = await createUser(db)
    const course = await createCourse(db)
    await enrol(db, { userId: user.id, courseId: course.id })
    const error = await enrol(db, { userId: user.id, courseId: course.id }).catch((e: unknown) => e)
    expect(isUniqueViolation(error)).toBe(true)
  })

  test('an e-mail can hold only one account', async () => {
    await createUser(db, { email: 'same@example.test' })
    const error = await createUser(db, { email: 'SAME@example.test' }).catch((e: unknown) => e)
    expect(isUniqueViolation(error)).toBe(true)
  })
})
