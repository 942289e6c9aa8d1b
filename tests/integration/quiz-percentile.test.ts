import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import * as quizApi from '~/routes/api/quiz'
import * as adminApi from '~/routes/api/admin'
import * as resultPage from '~/routes/quiz/result'
import * as leaderboardPage from '~/routes/quiz/leaderboard'
import * as staffResultsPage from '~/routes/admin/quiz-result'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'

// One attempt, one percentile (docs/decisions/018-mock-test-domain.md): the leaderboard, the result page, the
// learner's API, the staff results page and the staff API show the same number, on a board with a three-way tie
// and a last place, on SQLite and PostgreSQL.

const T0 = new Date('2030-01-01T10:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)

// Four MCQs at the default +1 / -0.25.
const QUESTIONS = [0, 1, 2, 3].map((i) => ({ questionText: `q${i}`, options: ['A', 'B', 'C', 'D'], correctOption: i }))

// Right answers per learner (a wrong one costs 0.25); the tie at 2 is broken by submission time for rank only.
const PLAN = [
  { name: 'Top', right: 4, wrong: 0, t: 50, percentile: '100.00', rank: 1 },
  { name: 'TieEarly', right: 2, wrong: 0, t: 10, percentile: '83.33', rank: 2 },
  { name: 'TieMid', right: 2, wrong: 0, t: 20, percentile: '83.33', rank: 3 },
  { name: 'TieLate', right: 2, wrong: 0, t: 30, percentile: '83.33', rank: 4 },
  { name: 'One', right: 1, wrong: 0, t: 40, percentile: '33.33', rank: 5 },
  { name: 'Last', right: 0, wrong: 1, t: 5, percentile: '16.67', rank: 6 },
]

describe('percentile', () => {
  test('the same number on every page and API for the same attempt', async () => {
    const { id: quizId, questionIds } = await createQuiz(db, { timeLimit: 0, questions: QUESTIONS })
    await db
      .updateTable('questions')
      .set({ created_at: '2029-12-31T00:00:00.000Z' })
      .where('quiz_id', '=', quizId)
      .execute()
    const quiz = (await getQuiz(quizId))!
    const learners: { id: string; cookie: string; attemptId: string }[] = []
    for (const p of PLAN) {
      const user = await createUser(db, { name: p.name })
      const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
      const answers = [
        ...questionIds.slice(0, p.right).map((questionId, i) => ({ questionId, selectedOption: i })),
        ...questionIds.slice(p.right, p.right + p.wrong).map((questionId, i) => ({
          questionId,
          selectedOption: (p.right + i + 1) % 4,
        })),
      ]
      await submitAttempt({ attemptId: attempt.id, answers, now: at(p.t) })
      learners.push({ id: user.id, cookie: await signedInCookie(user.id), attemptId: attempt.id })
    }
    const staff = await signedInUser('instructor')
    const staffPage = await callRoute(staffResultsPage.loader, `/admin/quiz-result/${quizId}`, {
      cookie: staff.cookie,
      params: { quizId },
    })
    const staffApi = await callApi(adminApi, 'GET', `/api/v1/admin/quiz/${quizId}/results`, { cookie: staff.cookie })
    expect(staffApi.status).toBe(200)

    for (const [i, p] of PLAN.entries()) {
      const { cookie, attemptId } = learners[i]
      const board = await callRoute(leaderboardPage.loader, `/quiz/leaderboard/${quizId}`, {
        cookie,
        params: { quizId },
      })
      expect(board.data.board.viewer.rank, p.name).toBe(p.rank)
      expect(board.data.board.viewer.percentile.text, p.name).toBe(p.percentile)
      const result = await callRoute(resultPage.loader, `/quiz/result/${quizId}`, { cookie, params: { quizId } })
      expect(result.data.result.percentile, p.name).toBe(p.percentile)
      expect(result.data.result.rank, p.name).toBe(p.rank)
      const api = await callApi(quizApi, 'GET', `/api/v1/quiz/${quizId}/leaderboard`, { cookie })
      expect(api.body.data.viewer, p.name).toEqual({ rank: p.rank, percentile: p.percentile })
      const staffRow = staffPage.data.students.find((s: { id: string }) => s.id === attemptId)
      expect(staffRow?.percentile, p.name).toBe(p.percentile)
      const staffApiRow = staffApi.body.data.students.find((s: { id: string }) => s.id === attemptId)
      expect(staffApiRow?.percentile, p.name).toBe(p.percentile)
    }
  })
})
