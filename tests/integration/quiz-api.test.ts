import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { loader, action } from '~/routes/api/quiz'
import { setQuizPrice } from '~/models/catalogue/settings.server'
import { db } from '~/utils/db.server'
import { callApi, signedInCookie } from '../support/harness'

// The /api/v1/quiz table (docs/legacy-api.md §2.4, §5 #4) called the way the router calls it.

async function call(method: string, path: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) {
  const res = await callApi({ loader, action }, method, `/api/v1/quiz${path}`, { cookie, json: body })
  return { status: res.status, body: res.body }
}

const questions = [
  { questionText: 'Q1', options: ['a', 'b', 'c', 'd'], correctOption: 1, explanation: 'because 1' },
  { questionText: 'Q2', options: ['a', 'b', 'c', 'd'], correctOption: 2 },
  { questionText: 'Q3', options: ['a', 'b', 'c', 'd'], correctOption: 0 },
]

describe('GET quiz and bundle price', () => {
  test('lists quizzes free before paid with question ids; bundle price shape', async () => {
    const paid = await createQuiz(db, { category: 'paid', title: 'Paid one', questions })
    const free = await createQuiz(db, { category: 'free', title: 'Free one', questions })
    const { status, body } = await call('GET', '/')
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    const ids = body.data.map((q: { _id: string }) => q._id)
    expect(ids.indexOf(free.id)).toBeLessThan(ids.indexOf(paid.id))
    const item = body.data.find((q: { _id: string }) => q._id === free.id)
    expect(item).toEqual({
      _id: free.id,
      title: 'Free one',
      description: 'A practice quiz.',
      timeLimit: 10,
      category: 'free',
      questions: free.questionIds,
    })
    await setQuizPrice({ actualPrice: 499, discountedPrice: 149 })
    expect(await call('GET', '/bundle/price')).toEqual({
      status: 200,
      body: { success: true, quizPrice: { actualPrice: 499, discountedPrice: 149, __v: 0 } },
    })
  })
})

describe('GET quiz/{id}', () => {
  test('401 signed out, 403 paid without access, 404 unknown, 400 malformed; learner opens the attempt, staff does not', async () => {
    const paid = await createQuiz(db, { category: 'paid', questions })
    const free = await createQuiz(db, { category: 'free', questions })
    const learner = await createUser(db)
    const staff = await createUser(db, { role: 'admin' })
    const lc = await signedInCookie(learner.id)
    expect((await call('GET', `/${free.id}`)).status).toBe(401)
    expect(await call('GET', `/${paid.id}`, { cookie: lc })).toMatchObject({
      status: 403,
      body: { success: false, message: 'You do not have access to this paid quiz.' },
    })
    expect(await call('GET', `/${'a'.repeat(24)}`, { cookie: lc })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Quiz not found.' },
    })
    expect((await call('GET', '/not-an-id', { cookie: lc })).status).toBe(400)

    const res = await call('GET', `/${free.id}`, { cookie: lc })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.data).sort()).toEqual([
      '_id',
      'category',
      'createdAt',
      'description',
      'questions',
      'timeLimit',
      'title',
      'updatedAt',
    ])
    expect(res.body.data.questions[0]).toEqual({
      _id: free.questionIds[0],
      questionText: 'Q1',
      options: ['a', 'b', 'c', 'd'],
    })
    expect(JSON.stringify(res.body)).not.toMatch(/correct|explanation|because 1/i)
    await call('GET', `/${free.id}`, { cookie: lc })
    expect(await db.selectFrom('attempts').select('id').where('user_id', '=', learner.id).execute()).toHaveLength(1)

    const sc = await signedInCookie(staff.id)
    expect((await call('GET', `/${paid.id}`, { cookie: sc })).status).toBe(200)
    expect(await db.selectFrom('attempts').select('id').where('user_id', '=', staff.id).execute()).toHaveLength(0)
  })
})

describe('POST quiz/submit', () => {
  test('validates, scores, returns the result shape, and refuses a second submit', async () => {
    const quiz = await createQuiz(db, { questions })
    const other = await createQuiz(db, { questions })
    const user = await createUser(db)
    const c = await signedInCookie(user.id)
    expect((await call('POST', '/submit', { body: { quizId: quiz.id, answers: [] } })).status).toBe(401)
    expect(await call('POST', '/submit', { cookie: c, body: { quizId: { $ne: null }, answers: [] } })).toMatchObject({
      status: 400,
      body: { message: 'Invalid quizId' },
    })
    expect(await call('POST', '/submit', { cookie: c, body: { quizId: quiz.id, answers: 'x' } })).toMatchObject({
      status: 400,
      body: { message: 'Answers must be a non-empty array' },
    })
    expect(await call('POST', '/submit', { cookie: c, body: { quizId: 'b'.repeat(24), answers: [] } })).toMatchObject({
      status: 404,
      body: { message: 'Quiz not found' },
    })
    expect(
      (
        await call('POST', '/submit', {
          cookie: c,
          body: { quizId: quiz.id, answers: [{ questionId: quiz.questionIds[0], selectedOption: 4 }] },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await call('POST', '/submit', {
          cookie: c,
          body: { quizId: quiz.id, answers: [{ questionId: { $gt: '' }, selectedOption: 1 }] },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await call('POST', '/submit', {
          cookie: c,
          body: { quizId: quiz.id, answers: [{ questionId: other.questionIds[0], selectedOption: 1 }] },
        })
      ).status,
    ).toBe(400)
    expect(
      await db.selectFrom('attempts').select('submitted_at').where('user_id', '=', user.id).executeTakeFirst(),
    ).toMatchObject({ submitted_at: null })

    const res = await call('POST', '/submit', {
      cookie: c,
      body: {
        quizId: quiz.id,
        answers: [
          { questionId: quiz.questionIds[0], selectedOption: 1 },
          { questionId: quiz.questionIds[1], selectedOption: 0 },
        ],
      },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, quizId: quiz.id, score: 0.75, total: 3, percentage: '25.00' })
    expect(res.body.resultDetails).toEqual([
      {
        questionId: quiz.questionIds[0],
        question: 'Q1',
        options: ['a', 'b', 'c', 'd'],
        selectedOption: 1,
        correctAnswer: 1,
        isCorrect: true,
        awardedMarks: 1,
      },
      {
        questionId: quiz.questionIds[1],
        question: 'Q2',
        options: ['a', 'b', 'c', 'd'],
        selectedOption: 0,
        correctAnswer: 2,
        isCorrect: false,
        awardedMarks: -0.25,
      },
      {
        questionId: quiz.questionIds[2],
        question: 'Q3',
        options: ['a', 'b', 'c', 'd'],
        selectedOption: null,
        correctAnswer: 0,
        isCorrect: false,
        awardedMarks: 0,
      },
    ])
    expect(await call('POST', '/submit', { cookie: c, body: { quizId: quiz.id, answers: [] } })).toMatchObject({
      status: 400,
      body: { message: 'You have already attempted this quiz' },
    })
  })

  test('an empty answers array is valid (score 0)', async () => {
    const quiz = await createQuiz(db, { questions })
    const user = await createUser(db)
    const res = await call('POST', '/submit', {
      cookie: await signedInCookie(user.id),
      body: { quizId: quiz.id, answers: [] },
    })
    expect(res).toMatchObject({ status: 200, body: { score: 0, total: 3, percentage: '0.00' } })
  })

  test('20 parallel submits: one 200, one attempt, one result', async () => {
    const quiz = await createQuiz(db, { questions })
    const user = await createUser(db)
    const c = await signedInCookie(user.id)
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/submit', {
          cookie: c,
          body: { quizId: quiz.id, answers: [{ questionId: quiz.questionIds[0], selectedOption: 1 }] },
        }),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(
      results.filter((r) => r.status === 400).every((r) => r.body.message === 'You have already attempted this quiz'),
    ).toBe(true)
    const rows = await db
      .selectFrom('attempts')
      .select(['score', 'submitted_at'])
      .where('user_id', '=', user.id)
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0].score).toBe(1)
  })

  test('paid quiz without access: 403 on submit, answers and leaderboard', async () => {
    const quiz = await createQuiz(db, { category: 'paid', questions })
    const user = await createUser(db)
    const c = await signedInCookie(user.id)
    const msg = { success: false, message: 'You do not have access to this paid quiz.' }
    expect(await call('POST', '/submit', { cookie: c, body: { quizId: quiz.id, answers: [] } })).toMatchObject({
      status: 403,
      body: msg,
    })
    expect(await call('POST', `/${quiz.id}/answers`, { cookie: c, body: { answers: [] } })).toMatchObject({
      status: 403,
      body: msg,
    })
    expect(await call('GET', `/${quiz.id}/leaderboard`, { cookie: c })).toMatchObject({ status: 403, body: msg })
    expect(await db.selectFrom('attempts').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
  })
})

describe('GET quiz/{id}/leaderboard', () => {
  test('entries have the old shape, sorted by score then time', async () => {
    const quiz = await createQuiz(db, { questions })
    const a = await createUser(db, { name: 'Asha', profileImage: 'https://img.example/a.png' })
    const b = await createUser(db, { name: 'Bala' })
    await call('POST', '/submit', {
      cookie: await signedInCookie(b.id),
      body: { quizId: quiz.id, answers: [{ questionId: quiz.questionIds[0], selectedOption: 1 }] },
    })
    await call('POST', '/submit', {
      cookie: await signedInCookie(a.id),
      body: {
        quizId: quiz.id,
        answers: [
          { questionId: quiz.questionIds[0], selectedOption: 1 },
          { questionId: quiz.questionIds[1], selectedOption: 2 },
        ],
      },
    })
    const res = await call('GET', `/${quiz.id}/leaderboard`, { cookie: await signedInCookie(b.id) })
    expect(res.status).toBe(200)
    expect(res.body.data.quiz).toEqual({ title: expect.any(String), totalQuestions: 3, totalMarks: 3 })
    expect(res.body.data.others).toEqual([])
    const [first, second] = res.body.data.topThree
    expect(first).toEqual({
      _id: expect.any(String),
      user: { _id: a.id, name: 'Asha', profileImage: 'https://img.example/a.png' },
      quiz: quiz.id,
      score: 2,
      total: 3,
      attemptedAt: expect.any(String),
      __v: 0,
    })
    expect(second.user).toEqual({ _id: b.id, name: 'Bala' })
    expect(await call('GET', `/${'c'.repeat(24)}/leaderboard`, { cookie: await signedInCookie(b.id) })).toMatchObject({
      status: 404,
      body: { message: 'Leaderboard not found' },
    })
  })
})
