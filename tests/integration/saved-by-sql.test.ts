// savedBySql (db/dialect.ts) is the SQL twin of savedInTime (app/lib/quiz/clock.ts): the staff statistics count an
// answer in SQL exactly when the scorer counts it in JS. Pinned here at the grace boundary, on SQLite and PostgreSQL:
// answers saved just inside and just outside deadline + grace, read by both, must agree answer by answer.
import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { savedBySql } from '#db/dialect'
import { QUIZ_GRACE_SECONDS } from '~/lib/constants'
import { savedInTime } from '~/lib/quiz/clock'
import { db } from '~/utils/db.server'

const GRACE_MS = QUIZ_GRACE_SECONDS * 1000
const at = (base: string, deltaMs: number) => new Date(Date.parse(base) + deltaMs).toISOString()

// Saved-at offsets from the deadline, each with the answer the rule gives (inclusive: deadline + grace still counts).
const CASES: Array<[deltaMs: number, counts: boolean]> = [
  [-60_000, true],
  [0, true],
  [GRACE_MS - 1000, true],
  [GRACE_MS - 1, true],
  [GRACE_MS, true],
  [GRACE_MS + 1, false],
  [GRACE_MS + 1000, false],
  [86_400_000, false],
]

async function attemptWithAnswers(deadline: string | null, savedAt: string[]) {
  const quiz = await createQuiz(db, {
    questions: savedAt.map((_, i) => ({ questionText: `Q${i + 1}`, options: ['a', 'b', 'c', 'd'], correctOption: 0 })),
  })
  const user = await createUser(db)
  const id = crypto.randomBytes(12).toString('hex')
  await db
    .insertInto('attempts')
    .values({
      id,
      user_id: user.id,
      quiz_id: quiz.id,
      started_at: '2030-01-01T09:00:00.000Z',
      deadline_at: deadline,
      submitted_at: null,
      total: savedAt.length,
      mode: 'ranked',
    })
    .execute()
  for (const [i, saved] of savedAt.entries())
    await db
      .insertInto('attempt_answers')
      .values({
        attempt_id: id,
        question_id: quiz.questionIds[i]!,
        selected_option: 0,
        saved_at: saved,
        visited_at: saved,
      })
      .execute()
  return id
}

/** Each answer of the attempt as SQL reads it (savedBySql) and as JS reads it (savedInTime), in question order. */
async function bothReadings(attemptId: string) {
  const rows = await db
    .selectFrom('attempt_answers as aa')
    .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
    .innerJoin('questions as q', 'q.id', 'aa.question_id')
    .select([
      'aa.saved_at',
      'a.deadline_at',
      savedBySql(db, 'aa.saved_at', 'a.deadline_at', QUIZ_GRACE_SECONDS).as('sql'),
    ])
    .where('aa.attempt_id', '=', attemptId)
    .orderBy('q.position')
    .execute()
  return rows.map((r) => ({
    savedAt: r.saved_at,
    // PostgreSQL answers a boolean, SQLite 1 or 0.
    sql: r.sql === true || Number(r.sql) === 1,
    js: savedInTime(r.saved_at, r.deadline_at),
  }))
}

describe('savedBySql agrees with savedInTime at the grace boundary', () => {
  test.each([
    ['a deadline on the second', '2030-01-01T10:00:00.000Z'],
    ['a deadline with milliseconds', '2030-01-01T10:00:00.123Z'],
    ['a deadline just before midnight UTC', '2030-01-01T23:59:30.999Z'],
  ])('%s', async (_, deadline) => {
    const attemptId = await attemptWithAnswers(
      deadline,
      CASES.map(([delta]) => at(deadline, delta)),
    )
    const readings = await bothReadings(attemptId)
    expect(readings.map((r) => r.js)).toEqual(CASES.map(([, counts]) => counts))
    expect(readings.map((r) => r.sql)).toEqual(readings.map((r) => r.js))
  })

  test('an untimed attempt counts every answer, however late', async () => {
    const attemptId = await attemptWithAnswers(null, ['2030-01-01T10:00:00.000Z', '2099-12-31T23:59:59.999Z'])
    const readings = await bothReadings(attemptId)
    expect(readings.map((r) => [r.sql, r.js])).toEqual([
      [true, true],
      [true, true],
    ])
  })
})
