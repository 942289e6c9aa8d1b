import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { callApi, callRoute, signedInCookie } from '../support/harness'
import { quizGate, QuizError } from '~/models/quiz/access.server'
import { startAttempt, startPractice } from '~/models/quiz/attempt.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { isRegistered, register, registrationCount } from '~/models/quiz/live-mock.server'
import { loader as quizPage } from '~/routes/quiz/attempt'
import { loader as paperEndpoint } from '~/routes/quiz/paper'
import { loader as apiLoader, action as apiAction } from '~/routes/api/quiz'
import { db } from '~/utils/db.server'

// A live mock's window with an injected clock (app/lib/quiz/window.ts, app/models/quiz/live-mock.server.ts): nothing
// of the paper before the learner's opening, on any path; a late starter's deadline; an override's; no ranked start
// after the close; the unranked attempt only once results are published.

const OPENS = new Date('2031-03-01T04:30:00.000Z') // 10:00 India time
const CLOSES = new Date('2031-03-01T06:30:00.000Z') // 12:00
const minutes = (n: number, from = OPENS) => new Date(from.getTime() + n * 60_000)
const SECRET_TEXT = 'Which enzyme unwinds the double helix at the fork?'

async function liveMock(timeLimit = 60) {
  const quiz = await createQuiz(db, {
    timeLimit,
    questions: [{ questionText: SECRET_TEXT, options: ['Helicase', 'Ligase', 'Primase', 'Gyrase'], correctOption: 0 }],
  })
  // Questions written before the window, as staff would.
  await db
    .updateTable('questions')
    .set({ created_at: '2031-02-01T00:00:00.000Z' })
    .where('quiz_id', '=', quiz.id)
    .execute()
  await db
    .updateTable('quizzes')
    .set({ opens_at: OPENS.toISOString(), closes_at: CLOSES.toISOString() })
    .where('id', '=', quiz.id)
    .execute()
  return (await getQuiz(quiz.id))!
}

const learner = async () => ({ ...(await createUser(db, { role: 'user' })), role: 'user' as const })

describe('before the opening', () => {
  test('the gate refuses every path that reads the paper; staff are not held', async () => {
    const quiz = await liveMock()
    const me = await learner()
    const gate = await quizGate(me, quiz.id, minutes(-1))
    expect(gate).toMatchObject({ ok: false, reason: 'not-open' })
    expect((await quizGate(me, quiz.id, OPENS)).ok).toBe(true)
    const staff = { ...(await createUser(db, { role: 'admin' })), role: 'admin' as const }
    expect((await quizGate(staff, quiz.id, minutes(-60))).ok).toBe(true)
  })

  test('the quiz page, its data, the paper endpoint and the API carry no question before the opening', async () => {
    // The real clock: a window that opens in an hour.
    const quiz = await liveMock()
    const start = new Date(Date.now() + 3600_000)
    await db
      .updateTable('quizzes')
      .set({ opens_at: start.toISOString(), closes_at: minutes(120, start).toISOString() })
      .where('id', '=', quiz.id)
      .execute()
    const me = await learner()
    const cookie = await signedInCookie(me.id)
    const page = await callRoute(quizPage, `/quiz/${quiz.id}`, { cookie, params: { quizId: quiz.id } })
    expect(JSON.stringify(page.data)).not.toContain(SECRET_TEXT)
    expect(page.status).toBe(403)
    const paper = await callRoute(paperEndpoint, `/quiz/${quiz.id}/paper`, { cookie, params: { quizId: quiz.id } })
    expect(paper.status).toBe(403)
    expect(JSON.stringify(paper.data ?? '')).not.toContain(SECRET_TEXT)
    const api = await callApi({ loader: apiLoader, action: apiAction }, 'GET', `/api/v1/quiz/${quiz.id}`, { cookie })
    expect(api.status).toBe(403)
    expect(api.text).not.toContain(SECRET_TEXT)
    expect(await db.selectFrom('attempts').select('id').where('quiz_id', '=', quiz.id).execute()).toEqual([])
  })

  test('registering is once per learner, and counted', async () => {
    const quiz = await liveMock()
    const [a, b] = [await learner(), await learner()]
    await register({ quizId: quiz.id, userId: a.id, now: minutes(-600) })
    await register({ quizId: quiz.id, userId: a.id, now: minutes(-500) })
    await register({ quizId: quiz.id, userId: b.id, now: minutes(-400) })
    expect(await registrationCount(quiz.id)).toBe(2)
    expect(await isRegistered(quiz.id, a.id)).toBe(true)
  })
})

describe('during and after the window', () => {
  test('an early starter gets the time limit; a late one min(limit, close - now)', async () => {
    const quiz = await liveMock(60)
    const early = await learner()
    const late = await learner()
    const a = await startAttempt({ userId: early.id, quiz, now: minutes(5) })
    expect(a.attempt.deadline_at).toBe(minutes(65).toISOString())
    const b = await startAttempt({ userId: late.id, quiz, now: minutes(100) })
    expect(b.attempt.deadline_at).toBe(CLOSES.toISOString())
  })

  test('an override: extra minutes lengthen the limit and the close; a separate window opens later for them', async () => {
    const quiz = await liveMock(60)
    const extra = await learner()
    const moved = await learner()
    await db
      .insertInto('live_mock_overrides')
      .values([
        { quiz_id: quiz.id, user_id: extra.id, extra_minutes: 20, set_at: OPENS.toISOString() },
        {
          quiz_id: quiz.id,
          user_id: moved.id,
          extra_minutes: 0,
          opens_at: minutes(24 * 60).toISOString(),
          closes_at: minutes(26 * 60).toISOString(),
          set_at: OPENS.toISOString(),
        },
      ])
      .execute()
    const a = await startAttempt({ userId: extra.id, quiz, now: minutes(110) })
    expect(a.attempt.deadline_at).toBe(minutes(140).toISOString())
    expect(await quizGate(moved, quiz.id, minutes(30))).toMatchObject({ ok: false, reason: 'not-open' })
    await expect(startAttempt({ userId: moved.id, quiz, now: minutes(30) })).rejects.toThrow(QuizError)
    const b = await startAttempt({ userId: moved.id, quiz, now: minutes(24 * 60 + 90) })
    expect(b.attempt.deadline_at).toBe(minutes(26 * 60).toISOString())
  })

  test('an override set, changed or removed after the paper was read counts from the next request (it renews the paper)', async () => {
    const quiz = await liveMock(60)
    const late = await learner()
    const gate = () => quizGate(late, quiz.id, minutes(30))
    // The gate has read the paper (and its overrides: none) into memory.
    expect(await gate()).toMatchObject({ ok: true })
    const override = { quiz_id: quiz.id, user_id: late.id, extra_minutes: 0, set_at: OPENS.toISOString() }
    await db
      .insertInto('live_mock_overrides')
      .values({ ...override, opens_at: minutes(60).toISOString(), closes_at: minutes(180).toISOString() })
      .execute()
    expect(await gate()).toMatchObject({ ok: false, reason: 'not-open' })
    await db
      .updateTable('live_mock_overrides')
      .set({ opens_at: minutes(20).toISOString() })
      .where('user_id', '=', late.id)
      .execute()
    expect(await gate()).toMatchObject({ ok: true, live: { phase: 'open' } })
    await db.deleteFrom('live_mock_overrides').where('user_id', '=', late.id).execute()
    const standard = await gate()
    expect(standard).toMatchObject({ ok: true })
    expect(standard.ok && standard.live?.window.closesAt.toISOString()).toBe(CLOSES.toISOString())
  })

  test('no ranked start after the close; the unranked attempt opens only once results are published', async () => {
    const quiz = await liveMock(60)
    const me = await learner()
    await expect(startAttempt({ userId: me.id, quiz, now: minutes(121) })).rejects.toMatchObject({
      problem: 'window-closed',
    })
    await expect(startPractice({ userId: me.id, quiz, timed: true, now: minutes(130) })).rejects.toMatchObject({
      problem: 'window-closed',
    })
    await db
      .updateTable('quizzes')
      .set({ results_published_at: minutes(125).toISOString() })
      .where('id', '=', quiz.id)
      .execute()
    const published = (await getQuiz(quiz.id))!
    const { attempt } = await startPractice({ userId: me.id, quiz: published, timed: true, now: minutes(130) })
    expect(attempt.mode).toBe('practice')
    expect(attempt.deadline_at).toBe(minutes(190).toISOString())
  })
})
