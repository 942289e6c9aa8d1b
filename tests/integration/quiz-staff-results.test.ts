import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { QUIZ_GRACE_SECONDS } from '~/lib/constants'
import { getResult } from '~/models/quiz/result.server'
import { saveAnswers, startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { getQuizResults } from '~/models/quiz/staff-results.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { getQuizStats } from '~/models/quiz/stats.server'
import { quizResultCsvRows } from '~/models/quiz/export.server'
import { db } from '~/utils/db.server'

// The staff results score a paper the way the learner's own result does: the one scoring path, with its rule
// that an answer counts only when saved by deadline + grace. On SQLite and PostgreSQL.

const T0 = new Date('2030-01-01T10:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
const Q = (text: string, correctOption: number, section: string) => ({
  questionText: text,
  options: ['A', 'B', 'C', 'D'],
  correctOption,
  section,
})

describe('staff results', () => {
  test('an answer stored after deadline + grace counts neither in the score nor in the section totals', async () => {
    const { id, questionIds } = await createQuiz(db, {
      timeLimit: 10,
      questions: [Q('a1', 0, 'Alpha'), Q('a2', 1, 'Alpha'), Q('b1', 2, 'Beta')],
    })
    await db
      .updateTable('questions')
      .set({ created_at: '2029-12-31T00:00:00.000Z' })
      .where('quiz_id', '=', id)
      .execute()
    const quiz = (await getQuiz(id))!
    const learner = await createUser(db)
    const { attempt } = await startAttempt({ userId: learner.id, quiz, now: T0 })
    await saveAnswers({ attempt, answers: [{ questionId: questionIds[0], selectedOption: 0 }], now: at(60) })
    // A right answer to b1 written after the window closed (a row no save path writes, as a stale replica or a
    // hand edit could leave one): the scorer's backstop must ignore it everywhere.
    const late = new Date(T0.getTime() + (10 * 60 + QUIZ_GRACE_SECONDS + 1) * 1000).toISOString()
    await db
      .insertInto('attempt_answers')
      .values({
        attempt_id: attempt.id,
        question_id: questionIds[2],
        selected_option: 2,
        saved_at: late,
        visited_at: late,
        marked_for_review: 0,
      })
      .execute()
    await submitAttempt({ attemptId: attempt.id, now: at(30 * 60) })

    // Another learner's answer to a2 stored at the very last instant, deadline + grace: it counts.
    const edge = await createUser(db)
    const second = (await startAttempt({ userId: edge.id, quiz, now: T0 })).attempt
    const closes = new Date(T0.getTime() + (10 * 60 + QUIZ_GRACE_SECONDS) * 1000).toISOString()
    await db
      .insertInto('attempt_answers')
      .values({
        attempt_id: second.id,
        question_id: questionIds[1],
        selected_option: 1,
        saved_at: closes,
        visited_at: closes,
        marked_for_review: 0,
      })
      .execute()
    await submitAttempt({ attemptId: second.id, now: at(30 * 60) })
    expect((await getResult({ userId: edge.id, quizId: id, now: at(31 * 60) }))!.score).toBe(1)

    const own = (await getResult({ userId: learner.id, quizId: id, now: at(31 * 60) }))!
    expect(own.score).toBe(1)

    const staff = (await getQuizResults(id))!
    const row = staff.students.find((s) => s.id === attempt.id)!
    expect(row.scoreText).toBe('1.00')
    expect(row.sections).toEqual([
      { name: 'Alpha', earned: '1.00', max: '2.00', attempted: 1, questions: 2 },
      { name: 'Beta', earned: '0.00', max: '1.00', attempted: 0, questions: 1 },
    ])

    // The statistics count b1 as unattempted for this learner, a1 as right; the export writes the same score.
    const stats = (await getQuizStats(id))!
    expect(stats.questions.map((q) => [q.correct, q.wrong, q.unattempted])).toEqual([
      [1, 0, 1],
      [1, 0, 1],
      [0, 0, 2],
    ])
    const csv = []
    for await (const r of quizResultCsvRows(id)) csv.push(r)
    expect(csv.map((r) => r[3])).toEqual([1, 1])
  })
})
