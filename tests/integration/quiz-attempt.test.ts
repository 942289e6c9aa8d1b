import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import {
  finalizeExpiredAttempts,
  getAttempt,
  saveAnswers,
  startAttempt,
  submitAttempt,
} from '~/models/quiz/attempt.server'
import { getAnswers } from '~/models/quiz/answers.server'
import { getLeaderboard } from '~/models/quiz/standing.server'
import { getResult } from '~/models/quiz/result.server'
import { quizGate } from '~/models/quiz/access.server'
import { attemptQuestions, getQuiz } from '~/models/quiz/catalog.server'
import { getAttemptedQuizIds, getUserById } from '~/models/accounts/user.server'
import { db } from '~/utils/db.server'

// Models with an injected clock: deadline + grace, idempotent start, one result, versions.

const Q = (text: string, correct: number, explanation?: string) => ({
  questionText: text,
  options: ['A', 'B', 'C', 'D'],
  correctOption: correct,
  explanation,
})
const T0 = new Date('2030-01-01T10:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)

async function setup(timeLimit = 10, category: 'free' | 'paid' = 'free') {
  const user = await createUser(db)
  const { id, questionIds } = await createQuiz(db, {
    timeLimit,
    category,
    questions: [Q('q1', 0), Q('q2', 1), Q('q3', 2), Q('q4', 3)],
  })
  // Questions written "before" the injected clock's start.
  await db.updateTable('questions').set({ created_at: '2029-12-31T00:00:00.000Z' }).where('quiz_id', '=', id).execute()
  const quiz = (await getQuiz(id))!
  return { user, quiz, questionIds }
}

describe('starting an attempt', () => {
  test('is idempotent, even when started twice at once; deadline = start + limit; total fixed', async () => {
    const { user, quiz } = await setup(10)
    const [a, b] = await Promise.all([
      startAttempt({ userId: user.id, quiz, now: T0 }),
      startAttempt({ userId: user.id, quiz, now: at(5) }),
    ])
    expect(a.attempt.id).toBe(b.attempt.id)
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1)
    const rows = await db.selectFrom('attempts').selectAll().where('user_id', '=', user.id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0].total).toBe(4)
    expect(rows[0].deadline_at).toBe(new Date(Date.parse(rows[0].started_at) + 10 * 60_000).toISOString())
  })

  test('a question written "ahead" of the clock moves the start, and the deadline moves with it', async () => {
    const { user, quiz } = await setup(10)
    await db
      .updateTable('questions')
      .set({ created_at: at(3).toISOString() })
      .where('quiz_id', '=', quiz.id)
      .execute()
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    expect(attempt.started_at).toBe(at(3).toISOString())
    expect(attempt.deadline_at).toBe(at(3 + 10 * 60).toISOString())
    expect(attempt.total).toBe(4)
  })

  test('a quiz without a time limit is untimed', async () => {
    const { user, quiz } = await setup(0)
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    expect(attempt.deadline_at).toBeNull()
    const later = new Date('2040-01-01T00:00:00Z')
    expect(
      await saveAnswers({
        attempt,
        answers: [{ questionId: (await attemptQuestions(quiz.id, attempt.started_at))[0].id, selectedOption: 0 }],
        now: later,
      }),
    ).toBe('saved')
    expect((await getAttempt(user.id, quiz.id, later))?.submitted_at).toBeNull()
  })

  test('learner question data never carries the answer key', async () => {
    const { user, quiz } = await setup()
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    for (const q of await attemptQuestions(quiz.id, attempt.started_at))
      expect(Object.keys(q).sort()).toEqual(['id', 'options', 'optionsHtml', 'questionHtml', 'questionText'])
  })
})

describe('deadline with an injected clock', () => {
  test('answers inside deadline + 60 s count, later ones are discarded and the attempt is scored as saved', async () => {
    const { user, quiz, questionIds } = await setup(10)
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    expect(
      await saveAnswers({ attempt, answers: [{ questionId: questionIds[0], selectedOption: 0 }], now: at(60) }),
    ).toBe('saved') // right
    expect(
      await saveAnswers({ attempt, answers: [{ questionId: questionIds[1], selectedOption: 0 }], now: at(600 + 59) }),
    ).toBe('saved') // wrong, in grace
    expect(
      await saveAnswers({ attempt, answers: [{ questionId: questionIds[2], selectedOption: 2 }], now: at(600 + 61) }),
    ).toBe('closed') // too late
    const after = await getAttempt(user.id, quiz.id, at(700))
    expect(after?.submitted_at).toBe(after?.deadline_at)
    expect(after?.score).toBe(0.75)
    const answers = await getAnswers(attempt.id)
    expect(answers[questionIds[2]]).toBeUndefined()
  })

  test('an abandoned attempt is finalized when next read and counts as attempted', async () => {
    const { user, quiz, questionIds } = await setup(10)
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    await saveAnswers({ attempt, answers: [{ questionId: questionIds[3], selectedOption: 3 }], now: at(30) })
    expect(await finalizeExpiredAttempts({ now: at(600 + 30), userId: user.id })).toBe(0)
    expect(await finalizeExpiredAttempts({ now: at(600 + 61), userId: user.id })).toBe(1)
    // getAttemptedQuizIds uses the real clock, which is before 2030: mark it from the finalized row instead.
    expect(await getAttemptedQuizIds(user.id)).toContain(quiz.id)
    const result = await getResult({ userId: user.id, quizId: quiz.id, now: at(900) })
    expect(result?.score).toBe(1)
    expect(result?.details.map((d) => d.verdict)).toEqual(['unattempted', 'unattempted', 'unattempted', 'correct'])
  })

  test('a submit after the grace ignores the answers it carries', async () => {
    const { user, quiz, questionIds } = await setup(1)
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    const out = await submitAttempt({
      attemptId: attempt.id,
      answers: [{ questionId: questionIds[0], selectedOption: 0 }],
      now: at(200),
    })
    expect(out.status).toBe('submitted')
    expect(out.late).toBe(true)
    expect(out.attempt.score).toBe(0)
  })
})

describe('submitting', () => {
  test('20 parallel submits give one result', async () => {
    const { user, quiz, questionIds } = await setup(10)
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        submitAttempt({
          attemptId: attempt.id,
          answers: [
            { questionId: questionIds[0], selectedOption: i % 4 },
            { questionId: questionIds[1], selectedOption: 0 },
          ],
          now: at(120),
        }),
      ),
    )
    expect(outcomes.filter((o) => o.status === 'submitted')).toHaveLength(1)
    const rows = await db.selectFrom('attempts').selectAll().where('user_id', '=', user.id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0].submitted_at).not.toBeNull()
    // Whichever call won (on SQLite the first; on PostgreSQL any of them), its answers alone were stored and
    // scored: option i % 4 to q1 (right when 0), 0 to q2 (wrong).
    const winner = outcomes.findIndex((o) => o.status === 'submitted')
    const stored = await db
      .selectFrom('attempt_answers')
      .select('selected_option')
      .where('attempt_id', '=', attempt.id)
      .where('question_id', '=', questionIds[0])
      .executeTakeFirstOrThrow()
    expect(stored.selected_option).toBe(winner % 4)
    expect(rows[0].score).toBe((winner % 4 === 0 ? 1 : -0.25) - 0.25)
  })

  test('a save racing the submission is either scored or refused, never stored after the score', async () => {
    // The one-answer save is one statement that stores only into an open attempt (on PostgreSQL it waits for a
    // submission that locked the attempt first). Ten attempts, each with its right answer saved while it is submitted.
    const runs = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const { user, quiz, questionIds } = await setup(10)
        const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
        const [saved, submitted] = await Promise.all([
          saveAnswers({ attempt, answers: [{ questionId: questionIds[0], selectedOption: 0 }], now: at(60) }),
          submitAttempt({ attemptId: attempt.id, now: at(60) }),
        ])
        const stored = await db
          .selectFrom('attempt_answers')
          .select('selected_option')
          .where('attempt_id', '=', attempt.id)
          .executeTakeFirst()
        return { saved, score: submitted.attempt.score, stored: stored?.selected_option ?? null }
      }),
    )
    for (const run of runs) {
      if (run.saved === 'saved') expect(run).toEqual({ saved: 'saved', score: 1, stored: 0 })
      else expect(run).toEqual({ saved: 'closed', score: 0, stored: null })
    }
    // A save after the submission stores nothing.
    const { user, quiz, questionIds } = await setup(10)
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    await submitAttempt({ attemptId: attempt.id, now: at(30) })
    const late = await saveAnswers({
      attempt,
      answers: [{ questionId: questionIds[1], selectedOption: 1 }],
      now: at(40),
    })
    expect(late).toBe('closed')
    expect(await getAnswers(attempt.id)).toEqual({})
  })

  test('answers naming a question of another quiz are refused', async () => {
    const { user, quiz } = await setup(10)
    const other = await createQuiz(db, {})
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    await expect(
      saveAnswers({ attempt, answers: [{ questionId: other.questionIds[0], selectedOption: 0 }], now: at(10) }),
    ).rejects.toThrow(/does not belong/)
  })
})

describe('question versions (decision 002)', () => {
  test('an edit after the start leaves the attempt with the questions it started with', async () => {
    const { user, quiz, questionIds } = await setup(0)
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    await saveAnswers({ attempt, answers: [{ questionId: questionIds[1], selectedOption: 1 }], now: at(10) })
    // The admin edits question 2 (archive + insert a new row) after the start.
    await db
      .updateTable('questions')
      .set({ archived_at: at(20).toISOString() })
      .where('id', '=', questionIds[1])
      .execute()
    await db
      .insertInto('questions')
      .values({
        id: 'ab'.repeat(12),
        quiz_id: quiz.id,
        position: 1,
        question_text: 'q2 edited',
        options: '["A","B","C","D"]',
        correct_option: 3,
        explanation: null,
        created_at: at(20).toISOString(),
        question_html: '<p>q2 edited</p>\n',
        options_html: '["A","B","C","D"]',
        plain_text: 1,
      })
      .execute()
    const qs = await attemptQuestions(quiz.id, attempt.started_at)
    expect(qs.map((q) => q.questionText)).toEqual(['q1', 'q2', 'q3', 'q4'])
    await submitAttempt({ attemptId: attempt.id, now: at(30) })
    const result = await getResult({ userId: user.id, quizId: quiz.id, now: at(40) })
    expect(result?.score).toBe(1)
    expect(result?.total).toBe(4)
    expect(result?.details[1].question).toBe('q2')
    // A new learner gets the edited version.
    const other = await createUser(db)
    const started = await startAttempt({ userId: other.id, quiz, now: at(50) })
    expect((await attemptQuestions(quiz.id, started.attempt.started_at)).map((q) => q.questionText)).toEqual([
      'q1',
      'q2 edited',
      'q3',
      'q4',
    ])
  })
})

describe('access and leaderboard', () => {
  test('paid quiz: learner without access 403, with access or staff ok; signed out 401; unknown 404', async () => {
    const { quiz } = await setup(10, 'paid')
    const learner = (await getUserById((await createUser(db)).id))!
    const buyer = (await getUserById((await createUser(db, { hasAccessToQuizzes: true })).id))!
    const staff = (await getUserById((await createUser(db, { role: 'instructor' })).id))!
    expect((await quizGate(learner, quiz.id)).ok).toBe(false)
    expect(await quizGate(learner, quiz.id)).toMatchObject({ ok: false, reason: 'no-access' })
    expect((await quizGate(buyer, quiz.id)).ok).toBe(true)
    expect((await quizGate(staff, quiz.id)).ok).toBe(true)
    expect(await quizGate(null, quiz.id)).toMatchObject({ ok: false, reason: 'signed-out' })
    expect(await quizGate(learner, 'f'.repeat(24))).toMatchObject({ ok: false, reason: 'not-found' })
    expect(await quizGate(learner, 'nope')).toMatchObject({ ok: false, reason: 'not-found' })
  })

  test('ranks by score, then earlier submission; viewer rank and percentile', async () => {
    const { quiz, questionIds } = await setup(0)
    const plan = [
      { answers: [0, 1, 2, 3], t: 100 }, // 4
      { answers: [0, 1, null, null], t: 50 }, // 2
      { answers: [0, 1, 0, null], t: 40 }, // 1.75
      { answers: [0, 1, null, null], t: 30 }, // 2, earlier than the other 2
      { answers: [null, null, null, null], t: 10 }, // 0
    ]
    const ids: string[] = []
    for (const p of plan) {
      const u = await createUser(db, { name: `U${ids.length}` })
      ids.push(u.id)
      const { attempt } = await startAttempt({ userId: u.id, quiz, now: T0 })
      const answers = p.answers.flatMap((o, i) =>
        o === null ? [] : [{ questionId: questionIds[i], selectedOption: o }],
      )
      await submitAttempt({ attemptId: attempt.id, answers, now: at(p.t) })
    }
    const board = (await getLeaderboard({ quizId: quiz.id, viewerId: ids[1], now: at(500) }))!
    expect(board.participants).toBe(5)
    expect(board.topThree.map((e) => e.user.name)).toEqual(['U0', 'U3', 'U1'])
    expect(board.others.map((e) => [e.rank, e.user.name, e.score])).toEqual([
      [4, 'U2', 1.75],
      [5, 'U4', 0],
    ])
    // U1 ties U3 at 2: both stand at or above 4 of 5 (decision 018), whatever the submission order.
    expect(board.viewer).toEqual({ rank: 3, percentile: { value: 80, text: '80.00' }, score: 2, total: 4 })
    expect(board.quiz.totalMarks).toBe(4)
    expect(await getLeaderboard({ quizId: 'f'.repeat(24) })).toBeNull()
  })
})
