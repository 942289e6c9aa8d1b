import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { createCourse, createUser, enrol } from '../../db/factories'
import { db, dbPragmas } from '~/utils/db.server'

describe('database', () => {
  test('opens in WAL with foreign keys, busy timeout and synchronous set explicitly', () => {
    expect(dbPragmas).toEqual({ journal_mode: 'wal', synchronous: 1, foreign_keys: 1, busy_timeout: 5000 })
  })

  test('migrations created every core table', async () => {
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
    const names = rows.rows.map((r) => r.name)
    for (const t of [
      'users',
      'sessions',
      'verifications',
      'courses',
      'sections',
      'lectures',
      'enrollments',
      'coupons',
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

  test('one enrolment per learner per course is enforced by a unique index', async () => {
    const user = await createUser(db)
    const course = await createCourse(db)
    await enrol(db, { userId: user.id, courseId: course.id })
    await expect(enrol(db, { userId: user.id, courseId: course.id })).rejects.toThrow(/UNIQUE/)
  })

  test('an e-mail can hold only one account', async () => {
    await createUser(db, { email: 'same@example.test' })
    await expect(createUser(db, { email: 'SAME@example.test' })).rejects.toThrow(/UNIQUE/)
  })
})
