import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { createQuiz } from '../../db/factories'
import { callRoute, signedInUser } from '../support/harness'
import * as attemptRoute from '~/routes/quiz/attempt'
import * as paperRoute from '~/routes/quiz/paper'
import { db } from '~/utils/db.server'

// The test page carries the markup of the question on screen only (its HTML stays within the first TCP flight
// however long the paper); /quiz/{id}/paper gives the open attempt's questions to the page once it has hydrated,
// to that learner only, and never the key or the explanations.

const question = (n: number) => ({
  questionText: `Question ${n}: $K_m = ${n}$`,
  options: [`$${n}a$`, `$${n}b$`, `$${n}c$`, `$${n}d$`],
  correctOption: 2,
  explanation: `Secret working ${n}`,
})

async function openTest() {
  const quiz = await createQuiz(db, { questions: [1, 2, 3, 4, 5].map(question) })
  const learner = await signedInUser('user')
  const opts = { cookie: learner.cookie, params: { quizId: quiz.id } }
  await callRoute(attemptRoute.action, `/quiz/${quiz.id}`, { ...opts, form: { intent: 'start' } })
  return { quiz, learner, opts }
}

describe('the test page and its paper', () => {
  test('the page holds the markup of the question on screen only; the others are their id and section', async () => {
    const { quiz, opts } = await openTest()
    const page = await callRoute(attemptRoute.loader, `/quiz/${quiz.id}?q=3`, opts)
    const questions = page.data.questions as Array<Record<string, unknown>>
    expect(questions).toHaveLength(5)
    expect(questions.map((q) => q.id)).toEqual(quiz.questionIds)
    expect(questions[2]!.questionHtml).toContain('<math')
    expect(questions[2]!.optionsHtml).toHaveLength(4)
    for (const i of [0, 1, 3, 4]) expect(Object.keys(questions[i]!).sort()).toEqual(['id', 'section'])
    expect(JSON.stringify(page.data)).not.toContain('Question 1:')
  })

  test('the paper: every question of the open attempt with its markup, never the key or the explanation', async () => {
    const { quiz, learner, opts } = await openTest()
    const res = await callRoute(paperRoute.loader, `/quiz/${quiz.id}/paper`, opts)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('private, no-store')
    const attempt = await db
      .selectFrom('attempts')
      .select('id')
      .where('user_id', '=', learner.id)
      .executeTakeFirstOrThrow()
    expect(res.headers.get('X-Attempt-Id')).toBe(attempt.id)
    expect(res.data.questions.map((q: { id: string }) => q.id)).toEqual(quiz.questionIds)
    expect(res.data.questions[4]).toMatchObject({ type: 'mcq', marks: '1.00', negativeMarks: '0.25' })
    expect(res.data.questions[4].questionHtml).toContain('Question 5')
    const text = JSON.stringify(res.data)
    expect(text).not.toContain('Secret working')
    expect(text).not.toMatch(/correct/i)
  })

  test('learners of one version get the same bytes, compressed once; the attempt is named in a header', async () => {
    const { quiz, opts } = await openTest()
    const other = await signedInUser('user')
    const otherOpts = { cookie: other.cookie, params: { quizId: quiz.id } }
    await callRoute(attemptRoute.action, `/quiz/${quiz.id}`, { ...otherOpts, form: { intent: 'start' } })
    const br = { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }
    const a = await callRoute(paperRoute.loader, `/quiz/${quiz.id}/paper`, { ...opts, ...br })
    const b = await callRoute(paperRoute.loader, `/quiz/${quiz.id}/paper`, { ...otherOpts, ...br })
    expect(a.headers.get('Content-Encoding')).toBe('br')
    expect(a.headers.get('X-Attempt-Id')).not.toBe(b.headers.get('X-Attempt-Id'))
    const bytesA = Buffer.from(await a.response!.arrayBuffer())
    const bytesB = Buffer.from(await b.response!.arrayBuffer())
    expect(bytesA.equals(bytesB)).toBe(true)
    const json = JSON.parse(zlib.brotliDecompressSync(bytesA).toString())
    expect(json.questions.map((q: { id: string }) => q.id)).toEqual(quiz.questionIds)
    expect(JSON.stringify(json)).not.toMatch(/correct|Secret working/i)
  })

  test('nobody else gets it: signed out 401, no open attempt 404, a paid quiz without access 403', async () => {
    const { quiz } = await openTest()
    const path = `/quiz/${quiz.id}/paper`
    expect((await callRoute(paperRoute.loader, path, { params: { quizId: quiz.id } })).status).toBe(401)
    const other = await signedInUser('user')
    const none = await callRoute(paperRoute.loader, path, { cookie: other.cookie, params: { quizId: quiz.id } })
    expect(none.status).toBe(404)
    const paid = await createQuiz(db, { category: 'paid' })
    const denied = await callRoute(paperRoute.loader, `/quiz/${paid.id}/paper`, {
      cookie: other.cookie,
      params: { quizId: paid.id },
    })
    expect(denied.status).toBe(403)
  })
})
