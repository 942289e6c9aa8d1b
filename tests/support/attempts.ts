// Submitted attempts written straight into the database, for tests that need a known board without going through
// the test view: the staff statistics seed (quiz-stats-seed.ts) and the result and analysis page
// (tests/e2e/quiz-analysis.spec.ts). Each test works out the score itself (in mark units: 1 mark = 30000).
import crypto from 'node:crypto'
import type { DB } from '../../db/client'
import type { Answer } from '~/lib/quiz/scoring'

const U = 30000

/** When every attempt written here started; its answers were visited at 10:01 and saved at 10:05. */
export const ATTEMPT_STARTED_AT = '2030-01-01T10:00:00.000Z'

/** One stored answer row: the answer (null: a visit only) and the time on it; null writes no row at all. */
export type StoredAnswer = { a: Answer | null; t?: number } | null

/** Writes a submitted attempt and its answer rows (in paper order: `answers[i]` answers `quiz.questionIds[i]`). */
export async function insertSubmittedAttempt(
  db: DB,
  attempt: {
    quiz: { id: string; questionIds: string[] }
    userId: string
    /** The score in mark units, as scorePaper gives it. */
    units: number
    /** The paper's maximum in marks (the attempts.total column). */
    total: number
    submittedAt: string
    mode: 'ranked' | 'practice'
    answers: StoredAnswer[]
  },
): Promise<string> {
  const id = crypto.randomBytes(12).toString('hex')
  await db
    .insertInto('attempts')
    .values({
      id,
      user_id: attempt.userId,
      quiz_id: attempt.quiz.id,
      started_at: ATTEMPT_STARTED_AT,
      deadline_at: null,
      submitted_at: attempt.submittedAt,
      score: attempt.units / U,
      score_units: attempt.units,
      total: attempt.total,
      mode: attempt.mode,
    })
    .execute()
  for (const [i, c] of attempt.answers.entries()) {
    if (!c) continue
    await db
      .insertInto('attempt_answers')
      .values({
        attempt_id: id,
        question_id: attempt.quiz.questionIds[i],
        selected_option: c.a?.selectedOption ?? null,
        selected_options: c.a?.selectedOptions ? JSON.stringify([...c.a.selectedOptions].sort()) : null,
        numeric_answer: c.a?.numericAnswer ?? null,
        marked_for_review: 0,
        saved_at: '2030-01-01T10:05:00.000Z',
        visited_at: '2030-01-01T10:01:00.000Z',
        time_spent_ms: c.t ?? 0,
      })
      .execute()
  }
  return id
}
