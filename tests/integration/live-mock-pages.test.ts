import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { callApi, callRoute, signedInCookie } from '../support/harness'
import { toastOf } from '../support/catalogue'
import { registrationCount } from '~/models/quiz/live-mock.server'
import { action as quizAction, loader as quizPage } from '~/routes/quiz/attempt'
import { loader as quizList } from '~/routes/quiz/list'
import { loader as paperEndpoint } from '~/routes/quiz/paper'
import { action as apiAction, loader as apiLoader } from '~/routes/api/quiz'
import { db } from '~/utils/db.server'

// The learner's pages of a live mock (app/routes/quiz/attempt.tsx, ./live-view.server.ts): the card and waiting
// room before the opening (counts per section, never a question), registering by a plain form post, the test page's
// deadline in India time for a page without JS, coming back to the same attempt after a dropped connection, and
// after the close the results line or, once published, the unranked attempt. The page reads the real clock, so
// each window is set around now.

const SECRET_TEXT = 'Which enzyme unwinds the double helix at the fork?'
const SECRET_OPTION = 'Topoisomerase-IV-canary'
const MIN = 60_000

async function liveMock({
  opensIn,
  closesIn,
  timeLimit = 60,
}: {
  opensIn: number
  closesIn: number
  timeLimit?: number
}) {
  const quiz = await createQuiz(db, {
    title: 'All-India Mock 1',
    description: 'Syllabus: cell biology and genetics.',
    timeLimit,
    questions: [
      {
        questionText: SECRET_TEXT,
        options: [SECRET_OPTION, 'Ligase', 'Primase', 'Gyrase'],
        correctOption: 0,
        section: 'Botany',
      },
      { questionText: 'Second botany question', options: ['a', 'b', 'c', 'd'], correctOption: 1, section: 'Botany' },
      {
        questionText: 'A zoology question',
        options: ['e', 'f', 'g', 'h'],
        correctOption: 2,
        section: 'Zoology',
        marks: 120000,
      },
    ],
  })
  // The questions were written well before the window, as staff would.
  await db
    .updateTable('questions')
    .set({ created_at: new Date(Date.now() - 86_400_000).toISOString() })
    .where('quiz_id', '=', quiz.id)
    .execute()
  await setWindow(quiz.id, opensIn, closesIn)
  return quiz
}

async function setWindow(quizId: string, opensIn: number, closesIn: number) {
  await db
    .updateTable('quizzes')
    .set({
      opens_at: new Date(Date.now() + opensIn * MIN).toISOString(),
      closes_at: new Date(Date.now() + closesIn * MIN).toISOString(),
    })
    .where('id', '=', quizId)
    .execute()
}

async function learnerCookie() {
  const user = await createUser(db, { role: 'user' })
  return { user, cookie: await signedInCookie(user.id) }
}

const page = (quizId: string, cookie: string, query = '') =>
  callRoute(quizPage, `/quiz/${quizId}${query}`, { cookie, params: { quizId } })
const post = (quizId: string, cookie: string, form: Record<string, string>) =>
  callRoute(quizAction, `/quiz/${quizId}`, { cookie, params: { quizId }, form })

describe('before the opening', () => {
  test('the card has the sections with counts and marks, the window and the server clock, and no question', async () => {
    const quiz = await liveMock({ opensIn: 30, closesIn: 150 })
    const { cookie } = await learnerCookie()
    const res = await page(quiz.id, cookie)
    expect(res.data).toMatchObject({
      view: 'live-before',
      title: 'All-India Mock 1',
      description: 'Syllabus: cell biology and genetics.',
      timeLimit: 60,
      registered: false,
      totalQuestions: 3,
      totalMarks: '6',
      sections: [
        { name: 'Botany', questions: 2, marks: '2' },
        { name: 'Zoology', questions: 1, marks: '4' },
      ],
    })
    expect(res.data.opensAtText).toMatch(/IST$/)
    expect(res.data.secondsUntilOpen).toBeGreaterThan(29 * 60)
    expect(Math.abs(Date.parse(res.data.now) - Date.now())).toBeLessThan(5000)
    const text = JSON.stringify(res.data)
    expect(text).not.toContain(SECRET_TEXT)
    expect(text).not.toContain(SECRET_OPTION)
    expect(text).not.toContain('Second botany question')
  })

  test('intent=register registers once, and the page becomes the waiting room', async () => {
    const quiz = await liveMock({ opensIn: 30, closesIn: 150 })
    const { cookie } = await learnerCookie()
    const first = await post(quiz.id, cookie, { intent: 'register' })
    expect(first.location).toBe(`/quiz/${quiz.id}`)
    const again = await post(quiz.id, cookie, { intent: 'register' })
    expect(again.location).toBe(`/quiz/${quiz.id}`)
    expect(await registrationCount(quiz.id)).toBe(1)
    expect((await page(quiz.id, cookie)).data).toMatchObject({ view: 'live-before', registered: true })
    // Registering is all a post can do before the opening: a start is still refused, nothing is created.
    const start = await post(quiz.id, cookie, { intent: 'start' })
    expect(start.status).toBe(403)
    expect(await db.selectFrom('attempts').select('id').where('quiz_id', '=', quiz.id).execute()).toEqual([])
  })

  test('a signed-out visitor cannot register, nor can anyone for a paper with no window', async () => {
    const quiz = await liveMock({ opensIn: 30, closesIn: 150 })
    const out = await callRoute(quizAction, `/quiz/${quiz.id}`, {
      params: { quizId: quiz.id },
      form: { intent: 'register' },
    })
    expect(out.status).toBe(401)
    const anytime = await createQuiz(db, {
      questions: [{ questionText: 'q', options: ['a', 'b', 'c', 'd'], correctOption: 0 }],
    })
    const { cookie } = await learnerCookie()
    expect((await post(anytime.id, cookie, { intent: 'register' })).status).toBe(400)
    expect(await registrationCount(quiz.id)).toBe(0)
    expect(await registrationCount(anytime.id)).toBe(0)
  })

  test('the quiz list shows the opening time', async () => {
    const quiz = await liveMock({ opensIn: 30, closesIn: 150 })
    const { cookie } = await learnerCookie()
    const list = await callRoute(quizList, '/quizzes', { cookie })
    const card = list.data.quizzes.find((q: { id: string }) => q.id === quiz.id)
    expect(card.live.text).toMatch(/^Live mock: opens .* IST$/)
  })
})

describe('during the window', () => {
  test('the intro says when it closes and how long a late start gets', async () => {
    const quiz = await liveMock({ opensIn: -100, closesIn: 20 })
    const { cookie } = await learnerCookie()
    const res = await page(quiz.id, cookie)
    expect(res.data.view).toBe('intro')
    expect(res.data.live).toMatchObject({ shortened: true })
    expect(res.data.live.minutesIfStartedNow).toBeGreaterThanOrEqual(19)
    expect(res.data.live.minutesIfStartedNow).toBeLessThanOrEqual(20)
  })

  test('the test page data has the deadline in India time and the time left; a late start ends at the close', async () => {
    const quiz = await liveMock({ opensIn: -100, closesIn: 20 })
    const { cookie } = await learnerCookie()
    expect((await post(quiz.id, cookie, { intent: 'start' })).location).toBe(`/quiz/${quiz.id}?q=1`)
    const res = await page(quiz.id, cookie, '?q=1')
    expect(res.data.view).toBe('test')
    expect(res.data.secondsLeft).toBeGreaterThan(19 * 60)
    expect(res.data.secondsLeft).toBeLessThanOrEqual(20 * 60)
    const row = await db.selectFrom('quizzes').select('closes_at').where('id', '=', quiz.id).executeTakeFirstOrThrow()
    const attempt = await db
      .selectFrom('attempts')
      .select('deadline_at')
      .where('quiz_id', '=', quiz.id)
      .executeTakeFirstOrThrow()
    expect(attempt.deadline_at).toBe(row.closes_at)
    expect(res.data.endsAt).toMatch(/^(\w{3}, \d+ \w{3} \d{4}, )?\d{1,2}:\d{2} [ap]m IST$/)
  })

  test('every timed paper, not only a live mock, says when the attempt ends', async () => {
    const quiz = await createQuiz(db, {
      timeLimit: 30,
      questions: [{ questionText: 'q', options: ['a', 'b', 'c', 'd'], correctOption: 0 }],
    })
    const { cookie } = await learnerCookie()
    await post(quiz.id, cookie, { intent: 'start' })
    const res = await page(quiz.id, cookie, '?q=1')
    expect(res.data.endsAt).toMatch(/\d{1,2}:\d{2} [ap]m IST$/)
    expect(res.data.secondsLeft).toBeGreaterThan(29 * 60)
  })

  test('a learner whose connection dropped comes back to the same attempt, answers and server time intact', async () => {
    const quiz = await liveMock({ opensIn: -5, closesIn: 115 })
    const { cookie } = await learnerCookie()
    await post(quiz.id, cookie, { intent: 'start' })
    const before = await page(quiz.id, cookie, '?q=1')
    const [q1, q2] = before.data.questions as { id: string }[]
    await post(quiz.id, cookie, { intent: 'next', q: '1', questionId: q1.id, selectedOption: '2' })
    await post(quiz.id, cookie, { intent: 'save', q: '2', questionId: q2.id, selectedOption: '3' })
    // The attempt started two minutes ago on the server's clock (as if the learner was away that long).
    const startedAt = new Date(Date.now() - 2 * MIN).toISOString()
    const deadline = new Date(Date.now() + 58 * MIN).toISOString()
    await db
      .updateTable('attempts')
      .set({ started_at: startedAt, deadline_at: deadline })
      .where('id', '=', before.data.attemptId)
      .execute()
    const back = await page(quiz.id, cookie)
    expect(back.data.view).toBe('test')
    expect(back.data.attemptId).toBe(before.data.attemptId)
    expect(back.data.answers[q1.id]).toMatchObject({ selectedOption: 2 })
    expect(back.data.answers[q2.id]).toMatchObject({ selectedOption: 3 })
    expect(back.data.secondsLeft).toBeGreaterThan(57 * 60)
    expect(back.data.secondsLeft).toBeLessThanOrEqual(58 * 60)
  })

  test('submitting goes to the result page (which says when the results come)', async () => {
    const quiz = await liveMock({ opensIn: -5, closesIn: 115 })
    const { cookie } = await learnerCookie()
    await post(quiz.id, cookie, { intent: 'start' })
    const res = await post(quiz.id, cookie, { intent: 'submit', q: '1' })
    expect(res.location).toBe(`/quiz/result/${quiz.id}`)
    // The result page says when results come; the toast only that the test went in.
    expect((await toastOf(res))?.message).toBe('Your test has been submitted.')
  })
})

describe('after the close', () => {
  test('the page says when results come; once published it offers the unranked attempt, a practice attempt', async () => {
    const quiz = await liveMock({ opensIn: -200, closesIn: -10 })
    const { cookie } = await learnerCookie()
    const closed = await page(quiz.id, cookie)
    expect(closed.data).toMatchObject({ view: 'live-closed', published: false })
    expect(closed.data.resultsAt).toMatch(/IST$/)
    expect(JSON.stringify(closed.data)).not.toContain(SECRET_TEXT)
    // Not before publication: the keys are still withheld.
    expect((await post(quiz.id, cookie, { intent: 'practice', practiceTiming: 'timed' })).status).toBe(409)
    expect((await post(quiz.id, cookie, { intent: 'start' })).status).toBe(409)

    await db
      .updateTable('quizzes')
      .set({ results_published_at: new Date().toISOString() })
      .where('id', '=', quiz.id)
      .execute()
    expect((await page(quiz.id, cookie)).data).toMatchObject({ view: 'live-closed', published: true })
    const started = await post(quiz.id, cookie, { intent: 'practice', practiceTiming: 'timed' })
    expect(started.location).toBe(`/quiz/${quiz.id}?q=1`)
    const test1 = await page(quiz.id, cookie, '?q=1')
    expect(test1.data).toMatchObject({ view: 'test', mode: 'practice' })
    // The enhanced page's paper and background saving find the unranked attempt too (no ranked attempt exists).
    const q1 = (test1.data.questions as { id: string }[])[0]
    const paper = await callRoute(paperEndpoint, `/quiz/${quiz.id}/paper`, { cookie, params: { quizId: quiz.id } })
    expect(paper.status).toBe(200)
    expect(paper.headers.get('X-Attempt-Id')).toBe(test1.data.attemptId)
    const api = await callApi({ loader: apiLoader, action: apiAction }, 'POST', `/api/v1/quiz/${quiz.id}/answers`, {
      cookie,
      json: { answers: [{ questionId: q1.id, selectedOption: 3 }] },
    })
    expect(api.status).toBe(200)
    expect((await page(quiz.id, cookie, '?q=1')).data.answers[q1.id]).toMatchObject({ selectedOption: 3 })
    // Without JS its answers are saved by the page's form, then it is submitted.
    const saved = await post(quiz.id, cookie, { intent: 'save', q: '1', questionId: q1.id, selectedOption: '0' })
    expect(saved.location).toBe(`/quiz/${quiz.id}?q=1`)
    expect((await page(quiz.id, cookie, '?q=1')).data.answers[q1.id]).toMatchObject({ selectedOption: 0 })
    const done = await post(quiz.id, cookie, { intent: 'submit', q: '1' })
    expect(done.location).toBe(`/quiz/${quiz.id}?practice`)
    const attempts = await db
      .selectFrom('attempts')
      .select(['mode', 'submitted_at'])
      .where('quiz_id', '=', quiz.id)
      .execute()
    expect(attempts).toEqual([{ mode: 'practice', submitted_at: expect.any(String) }])
    expect((await page(quiz.id, cookie, '?practice')).data.view).toBe('practice')
  })
})
