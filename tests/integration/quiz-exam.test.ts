import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { addTimeSpent, getAnswers, recordVisit } from '~/models/quiz/answers.server'
import { getLeaderboard } from '~/models/quiz/standing.server'
import { getOpenPractice, saveAnswers, startAttempt, startPractice, submitAttempt } from '~/models/quiz/attempt.server'
import { getResult } from '~/models/quiz/result.server'
import { timeSinceShown } from '~/lib/quiz/clock'
import { attemptTestQuestions, getQuiz } from '~/models/quiz/catalog.server'
import { loader, action } from '~/routes/api/quiz'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie } from '../support/harness'

// Exam papers on the learner's side: MSQ and NAT answers, exact scores, ranked vs practice attempts, the v1 API's rules
// for the older client and the answer key canary for msq and nat.

const T0 = new Date('2030-01-01T10:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
const opts = ['A', 'B', 'C', 'D']
// An IIT JAM style paper: 1-mark MCQ (-1/3), 2-mark MCQ (-2/3), MSQ (2 marks, no negative), NAT (range).
const paper = [
  { questionText: 'mcq1', options: opts, correctOption: 0, marks: 30000, negativeMarks: 10000, section: 'Section A' },
  { questionText: 'mcq2', options: opts, correctOption: 1, marks: 30000, negativeMarks: 10000, section: 'Section A' },
  { questionText: 'mcq3', options: opts, correctOption: 2, marks: 30000, negativeMarks: 10000, section: 'Section A' },
  {
    questionText: 'msq1',
    options: opts,
    type: 'msq' as const,
    correctOptions: [0, 2],
    marks: 60000,
    negativeMarks: 0,
    section: 'Section B',
    explanation: 'SECRET-MSQ-EXPLANATION',
  },
  {
    questionText: 'nat1',
    options: ['', '', '', ''],
    type: 'nat' as const,
    answerMin: '2.50',
    answerMax: '2.60',
    marks: 60000,
    negativeMarks: 0,
    section: 'Section C',
    explanation: 'SECRET-NAT-EXPLANATION',
  },
]

async function setup(timeLimit = 30) {
  const user = await createUser(db)
  const { id, questionIds } = await createQuiz(db, { timeLimit, questions: paper })
  await db.updateTable('questions').set({ created_at: '2029-12-31T00:00:00.000Z' }).where('quiz_id', '=', id).execute()
  const quiz = (await getQuiz(id))!
  return { user, quiz, ids: questionIds }
}

async function call(method: string, path: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) {
  const res = await callApi({ loader, action }, method, `/api/v1/quiz${path}`, { cookie, json: body })
  return { status: res.status, body: res.body }
}

describe('answers of every type', () => {
  test('msq options and nat text are saved; a bad number gives its message and stores nothing', async () => {
    const { user, quiz, ids } = await setup()
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    await saveAnswers({
      attempt,
      answers: [
        { questionId: ids[3], selectedOption: null, selectedOptions: [2, 0] },
        { questionId: ids[4], selectedOption: null, numericAnswer: ' 2.55 ' },
      ],
      now: at(10),
    })
    const saved = await getAnswers(attempt.id)
    expect(saved[ids[3]]).toMatchObject({ selectedOptions: [0, 2], numericAnswer: null, selectedOption: null })
    expect(saved[ids[4]]).toMatchObject({ numericAnswer: '2.55', selectedOptions: [] })
    await expect(
      saveAnswers({
        attempt,
        answers: [{ questionId: ids[4], selectedOption: null, numericAnswer: '1,5' }],
        now: at(11),
      }),
    ).rejects.toThrow('Leave out commas')
    await expect(
      saveAnswers({
        attempt,
        answers: [{ questionId: ids[3], selectedOption: null, selectedOptions: [1, 1] }],
        now: at(11),
      }),
    ).rejects.toThrow('at most once')
    expect((await getAnswers(attempt.id))[ids[4]].numericAnswer).toBe('2.55')
  })

  test('visits and time spent are recorded on the server, capped', async () => {
    const { user, quiz, ids } = await setup()
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    await recordVisit({ attempt, questionId: ids[1], now: at(1) })
    await recordVisit({ attempt, questionId: ids[1], now: at(2) })
    const saved = await getAnswers(attempt.id)
    expect(saved[ids[1]]).toMatchObject({ visited: true, selectedOption: null })
    expect(saved[ids[0]]).toBeUndefined()
    const row = await db
      .selectFrom('attempt_answers')
      .selectAll()
      .where('question_id', '=', ids[1])
      .executeTakeFirstOrThrow()
    expect(row.visited_at).toBe(at(1).toISOString())
    await saveAnswers({ attempt, answers: [{ questionId: ids[1], selectedOption: 1, timeSpentMs: 4000 }], now: at(5) })
    await saveAnswers({ attempt, answers: [{ questionId: ids[1], selectedOption: 2, timeSpentMs: 3000 }], now: at(9) })
    const after = await db
      .selectFrom('attempt_answers')
      .selectAll()
      .where('question_id', '=', ids[1])
      .executeTakeFirstOrThrow()
    expect(after.time_spent_ms).toBe(7000)
    // A palette link without JS credits time only; the answer stays.
    await addTimeSpent({ attempt, questionId: ids[1], ms: 2500, now: at(12) })
    const linked = await db
      .selectFrom('attempt_answers')
      .selectAll()
      .where('question_id', '=', ids[1])
      .executeTakeFirstOrThrow()
    expect(linked).toMatchObject({ time_spent_ms: 9500, selected_option: 2 })
    await addTimeSpent({ attempt, questionId: ids[2], ms: 99 * 60_000, now: at(13) })
    expect((await getAnswers(attempt.id))[ids[2]]).toMatchObject({ visited: true, selectedOption: null })
    expect(after.visited_at).toBe(at(1).toISOString())
    expect(timeSinceShown(at(1).toISOString(), attempt, at(5))).toBe(4000)
    expect(timeSinceShown(T0.toISOString(), attempt, at(3600))).toBe(600_000)
    expect(timeSinceShown('nonsense', attempt, at(5))).toBe(0)
  })
})

describe('exact scores', () => {
  test('three wrong 1-mark MCQs at -1/3 are exactly -1; msq and nat score by their keys', async () => {
    const { user, quiz, ids } = await setup()
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    expect(attempt.total).toBe(7)
    const out = await submitAttempt({
      attemptId: attempt.id,
      answers: [
        { questionId: ids[0], selectedOption: 3 },
        { questionId: ids[1], selectedOption: 3 },
        { questionId: ids[2], selectedOption: 3 },
        { questionId: ids[3], selectedOption: null, selectedOptions: [0, 2] },
        { questionId: ids[4], selectedOption: null, numericAnswer: '2.6' },
      ],
      now: at(60),
    })
    expect(out.attempt.score_units).toBe(3 * 30000)
    expect(out.attempt.score).toBe(3)
    const result = (await getResult({ userId: user.id, quizId: quiz.id, now: at(61) }))!
    expect(result.details.map((d) => d.awardedMarks)).toEqual([-1 / 3, -1 / 3, -1 / 3, 2, 2])
    expect(result.details[3]).toMatchObject({ type: 'msq', selectedOptions: [0, 2], correctOptions: [0, 2] })
    expect(result.details[4]).toMatchObject({ type: 'nat', numericAnswer: '2.6', answerMin: '2.50', answerMax: '2.60' })
    expect(result.mode).toBe('ranked')
  })
})

describe('practice re-attempt', () => {
  test('opens only after the ranked attempt; one open at a time; never in the leaderboard or rank', async () => {
    const { user, quiz, ids } = await setup()
    const other = await createUser(db)
    await expect(startPractice({ userId: user.id, quiz, timed: false, now: T0 })).rejects.toThrow(
      'Submit the test first',
    )
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    await submitAttempt({ attemptId: attempt.id, answers: [{ questionId: ids[0], selectedOption: 0 }], now: at(10) })
    const r2 = await startAttempt({ userId: other.id, quiz, now: T0 })
    await submitAttempt({ attemptId: r2.attempt.id, answers: [{ questionId: ids[0], selectedOption: 3 }], now: at(20) })

    const [p1, p2] = await Promise.all([
      startPractice({ userId: user.id, quiz, timed: false, now: at(30) }),
      startPractice({ userId: user.id, quiz, timed: false, now: at(31) }),
    ])
    expect(p1.attempt.id).toBe(p2.attempt.id)
    expect(p1.attempt.mode).toBe('practice')
    expect(p1.attempt.deadline_at).toBeNull()
    const done = await submitAttempt({
      attemptId: p1.attempt.id,
      answers: [
        { questionId: ids[3], selectedOption: null, selectedOptions: [0, 2] },
        { questionId: ids[4], selectedOption: null, numericAnswer: '2.5' },
      ],
      now: at(40),
    })
    expect(done.attempt.score).toBe(4)
    expect(await getOpenPractice(user.id, quiz.id, at(41))).toBeUndefined()
    const timed = await startPractice({ userId: user.id, quiz, timed: true, now: at(50) })
    expect(timed.created).toBe(true)
    expect(timed.attempt.deadline_at).toBe(at(50 + 30 * 60).toISOString())

    const board = (await getLeaderboard({ quizId: quiz.id, viewerId: user.id, now: at(60) }))!
    expect(board.participants).toBe(2)
    expect([...board.topThree, ...board.others].map((e) => e.score)).toEqual([1, -1 / 3])
    expect(board.viewer).toMatchObject({ rank: 1, score: 1 })
    // The learner's result stays the ranked one.
    expect((await getResult({ userId: user.id, quizId: quiz.id, now: at(61) }))!.score).toBe(1)
  })
})

describe('v1 API for the older client, and the answer key canary', () => {
  test('a quiz with msq/nat is left out of the list and its GET answers 400; MCQ-only keeps working', async () => {
    const typed = await createQuiz(db, { questions: paper })
    const plain = await createQuiz(db, {
      questions: [{ questionText: 'Q', options: opts, correctOption: 1, marks: 60000, negativeMarks: 20000 }],
    })
    const list = await call('GET', '/')
    const ids = list.body.data.map((q: { _id: string }) => q._id)
    expect(ids).toContain(plain.id)
    expect(ids).not.toContain(typed.id)
    const learner = await createUser(db)
    const cookie = await signedInCookie(learner.id)
    expect(await call('GET', `/${typed.id}`, { cookie })).toMatchObject({
      status: 400,
      body: { success: false, message: 'This test needs the website: it has question types this app cannot show.' },
    })
    expect(await db.selectFrom('attempts').select('id').where('quiz_id', '=', typed.id).execute()).toHaveLength(0)
    expect((await call('POST', '/submit', { cookie, body: { quizId: typed.id, answers: [] } })).status).toBe(400)
    // MCQ-only with its own marks: 2 marks right.
    expect((await call('GET', `/${plain.id}`, { cookie })).status).toBe(200)
    const sub = await call('POST', '/submit', {
      cookie,
      body: { quizId: plain.id, answers: [{ questionId: plain.questionIds[0], selectedOption: 1 }] },
    })
    expect(sub.status).toBe(200)
    expect(sub.body).toMatchObject({ success: true, score: 2, total: 2 })
  })

  test('learner question data and the save API never carry msq/nat keys or explanations', async () => {
    const { user, quiz, ids } = await setup()
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: T0 })
    const questions = await attemptTestQuestions(quiz.id, attempt.started_at)
    for (const q of questions)
      expect(Object.keys(q).sort()).toEqual([
        'id',
        'marks',
        'negativeMarks',
        'optionsHtml',
        'questionHtml',
        'section',
        'type',
      ])
    expect(questions.map((q) => [q.marks, q.negativeMarks])).toEqual([
      ['1.00', '0.33'],
      ['1.00', '0.33'],
      ['1.00', '0.33'],
      ['2.00', '0.00'],
      ['2.00', '0.00'],
    ])
    const text = JSON.stringify(questions)
    for (const secret of ['SECRET-MSQ-EXPLANATION', 'SECRET-NAT-EXPLANATION', '2.50', '2.60', 'correct'])
      expect(text).not.toContain(secret)
    const cookie = await signedInCookie(user.id)
    const res = await call('POST', `/${quiz.id}/answers`, {
      cookie,
      body: { answers: [{ questionId: ids[4], selectedOption: null, numericAnswer: '2.55' }] },
    })
    expect(res.status).toBe(200)
    const body = JSON.stringify(res.body)
    for (const secret of ['SECRET', '2.50', '2.60', 'correct']) expect(body).not.toContain(secret)
  })
})

describe('a timed practice whose clock ran out', () => {
  test('a post from its page lands on the practice page with its result, not on the ranked result', async () => {
    const quiz = await createQuiz(db, { title: 'Practice clock', timeLimit: 1, questions: paper })
    const user = await createUser(db)
    const row = (await getQuiz(quiz.id))!
    const { attempt } = await startAttempt({ userId: user.id, quiz: row })
    await submitAttempt({ attemptId: attempt.id })
    const { attempt: practice } = await startPractice({ userId: user.id, quiz: row, timed: true })
    // The practice clock ran out long ago (deadline + grace passed) while the learner was away.
    await db
      .updateTable('attempts')
      .set({ started_at: '2020-01-01T10:00:00.000Z', deadline_at: '2020-01-01T10:01:00.000Z' })
      .where('id', '=', practice.id)
      .execute()
    const page = await import('~/routes/quiz/attempt')
    const cookie = await signedInCookie(user.id)
    const res = await callRoute(page.action, `/quiz/${quiz.id}`, {
      cookie,
      params: { quizId: quiz.id },
      form: { intent: 'next', q: '1', selectedOption: '0' },
    })
    expect(res.status).toBe(302)
    expect(res.location).toBe(`/quiz/${quiz.id}?practice`)
    const scored = await db
      .selectFrom('attempts')
      .select(['submitted_at', 'mode'])
      .where('id', '=', practice.id)
      .executeTakeFirstOrThrow()
    expect(scored).toMatchObject({ mode: 'practice' })
    expect(scored.submitted_at).not.toBeNull()
  })
})
