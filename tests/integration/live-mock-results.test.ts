import { describe, expect, test } from 'vitest'
import { callApi, callRoute, signedInCookie } from '../support/harness'
import { learner, seedLiveMock, sit } from '../support/live-mock'
import { createUser } from '../../db/factories'
import { startPractice, submitAttempt } from '~/models/quiz/attempt.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { runSweep } from '~/models/sweep/sweep.server'
import { loader as resultPage } from '~/routes/quiz/result'
import { loader as leaderboardPage } from '~/routes/quiz/leaderboard'
import { action as staffAction, loader as staffPage } from '~/routes/admin/quiz-result'
import { loader as quizApiGet, action as quizApiPost } from '~/routes/api/quiz'
import { action as adminApiPost } from '~/routes/api/admin'
import { db } from '~/utils/db.server'
import { rankedPapers } from '~/models/quiz/revision.server'

// A live mock's results (app/models/quiz/live-results.server.ts): withheld on the result page, its data, the
// leaderboard and the API until published; then the All-India rank, percentile (the one definition), section ranks,
// topper and average of the ranked attempts only: an override's attempt ranks, a practice attempt after the window
// never enters and is told where it would have ranked. Staff publish, hold and set overrides, audited. The pages read
// the real clock, so the window here is in the past and the attempts are made with an injected one.

const HOUR = 3600_000
const send = async () => {}

async function seededWindow() {
  const now = Date.now()
  const opensAt = new Date(now - 4 * HOUR)
  const closesAt = new Date(now - 2 * HOUR)
  const quiz = await seedLiveMock({ opensAt, closesAt, timeLimit: 60 })
  const t = (minutes: number) => new Date(opensAt.getTime() + minutes * 60_000)
  // Botany = Q1, Q2; Zoology = Q3, Q4 (+1 / -0.25 each).
  const a = await sit(quiz, [0, 1, 2, 3], { startAt: t(0), submitAt: t(20) }) // 4: 2 + 2
  const b = await sit(quiz, [0, 1, null, null], { startAt: t(0), submitAt: t(21) }) // 2: 2 + 0
  const c = await sit(quiz, [null, null, 2, 3], { startAt: t(0), submitAt: t(22) }) // 2: 0 + 2, later than b
  const d = await sit(quiz, [1, null, null, null], { startAt: t(0), submitAt: t(23) }) // -0.25
  // A learner with a separate window after the paper's: their attempt ranks with everyone's.
  const e = await learner()
  await db
    .insertInto('live_mock_overrides')
    .values({
      quiz_id: quiz.id,
      user_id: e.id,
      extra_minutes: 0,
      opens_at: new Date(now - 100 * 60_000).toISOString(),
      closes_at: new Date(now - 30 * 60_000).toISOString(),
      set_by: null,
      set_at: opensAt.toISOString(),
    })
    .execute()
  await sit(quiz, [0, 1, 2, null], { startAt: new Date(now - 95 * 60_000), submitAt: new Date(now - 60 * 60_000) }, e) // 3
  return { quiz, a, b, c, d, e }
}

const asLearner = async (id: string) => ({ cookie: await signedInCookie(id) })

describe('before publication', () => {
  test('the result page and its data show only "Submitted. Results at", the leaderboard and API nothing', async () => {
    const { quiz, c } = await seededWindow()
    const opts = { ...(await asLearner(c.user.id)), params: { quizId: quiz.id } }
    const page = await callRoute(resultPage, `/quiz/result/${quiz.id}`, opts)
    expect(page.data.result).toBeNull()
    // The latest close of any learner's window: the override's.
    expect(page.data.resultsAt).toMatch(/^Submitted\. Results at .* IST\.$/)
    const text = JSON.stringify(page.data)
    for (const secret of ['SECRET-EXPLANATION', 'score', 'correct', 'rank']) expect(text).not.toContain(secret)
    const board = await callRoute(leaderboardPage, `/quiz/leaderboard/${quiz.id}`, opts)
    expect(board.data.board).toBeNull()
    expect(board.data.resultsAt).toMatch(/^The All-India ranks are published at .* IST\.$/)
    const api = await callApi(
      { loader: quizApiGet, action: quizApiPost },
      'GET',
      `/api/v1/quiz/${quiz.id}/leaderboard`,
      {
        cookie: opts.cookie,
      },
    )
    expect(api.status).toBe(403)
    expect(api.text).not.toContain(c.user.email)
    // Nor the practice lists, saved questions or progress (they read the key and the score).
    expect(await rankedPapers(c.user)).toEqual([])
    // The older client does not list it yet.
    const list = await callApi({ loader: quizApiGet, action: quizApiPost }, 'GET', '/api/v1/quiz')
    expect(list.body.data.map((q: { _id: string }) => q._id)).not.toContain(quiz.id)
  })

  test("the older client's submit during the window answers 'Results at' with no score or key", async () => {
    const now = Date.now()
    const quiz = await seedLiveMock({ opensAt: new Date(now - HOUR), closesAt: new Date(now + HOUR) })
    const me = await learner()
    const res = await callApi({ loader: quizApiGet, action: quizApiPost }, 'POST', '/api/v1/quiz/submit', {
      cookie: await signedInCookie(me.id),
      json: { quizId: quiz.id, answers: [{ questionId: quiz.questionIds[0], selectedOption: 0 }] },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, withheld: true })
    expect(res.body.message).toMatch(/^Submitted\. Results at .*IST\.$/)
    expect(res.text).not.toMatch(/score|correctAnswer|resultDetails/)
  })
})

describe('after publication', () => {
  test('All-India rank, percentile, section ranks, topper and average; the override ranks; practice never enters', async () => {
    const { quiz, c, e } = await seededWindow()
    const run = await runSweep({ send, origin: 'https://x.example' })
    expect(run.published).toContain(quiz.id)
    const page = await callRoute(resultPage, `/quiz/result/${quiz.id}`, {
      ...(await asLearner(c.user.id)),
      params: { quizId: quiz.id },
    })
    const r = page.data.result
    // a 4, e 3, b 2 (earlier), c 2, d -0.25.
    expect(r.rank).toBe(4)
    expect(r.participants).toBe(5)
    expect(r.percentile).toBe('60.00')
    expect(r.topper).toBe('4.00')
    expect(page.data.live.sections).toEqual([
      { name: 'Botany', rank: '4 of 5' },
      { name: 'Zoology', rank: '1 of 5' },
    ])
    const mine = await callRoute(resultPage, `/quiz/result/${quiz.id}`, {
      ...(await asLearner(e.id)),
      params: { quizId: quiz.id },
    })
    expect(mine.data.result.rank).toBe(2)
    expect((await rankedPapers(c.user)).map((p) => p.quiz.id)).toEqual([quiz.id])

    // After the window: an unranked attempt, never in the ranks, told where it would have ranked.
    const late = await learner()
    const { attempt } = await startPractice({ userId: late.id, quiz: (await getQuiz(quiz.id))!, timed: true })
    await submitAttempt({
      attemptId: attempt.id,
      answers: [0, 1, 2].map((o, i) => ({ questionId: quiz.questionIds[i]!, selectedOption: o })),
    })
    const practice = await callRoute(resultPage, `/quiz/result/${quiz.id}`, {
      ...(await asLearner(late.id)),
      params: { quizId: quiz.id },
    })
    expect(practice.data.result.practice).toBe(true)
    expect(practice.data.live.wouldHaveRanked).toBe('2 of 5')
    const again = await callRoute(resultPage, `/quiz/result/${quiz.id}`, {
      ...(await asLearner(c.user.id)),
      params: { quizId: quiz.id },
    })
    expect(again.data.result.participants).toBe(5)
    // Listed for the older client once published.
    const list = await callApi({ loader: quizApiGet, action: quizApiPost }, 'GET', '/api/v1/quiz')
    expect(list.body.data.map((q: { _id: string }) => q._id)).toContain(quiz.id)
  })
})

describe('a key correction', () => {
  test('Publish results re-scores and re-ranks everyone once, audited; the sweep leaves it to staff', async () => {
    const { quiz, a, b, c } = await seededWindow()
    // The editor's save of a corrected key (decision 002): Q3 archived, a new version of the same bank question
    // whose key is A (option 0) instead of C.
    const q3 = await db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', quiz.questionIds[2]!)
      .executeTakeFirstOrThrow()
    const stamp = new Date().toISOString()
    await db.updateTable('questions').set({ archived_at: stamp }).where('id', '=', q3.id).execute()
    await db
      .insertInto('questions')
      .values({ ...q3, id: `${q3.id.slice(0, 20)}beef`, correct_option: 0, created_at: stamp, archived_at: null })
      .execute()
    expect((await runSweep({ send, origin: 'https://x.example' })).published).not.toContain(quiz.id)
    const staff = await createUser(db, { role: 'admin' })
    const opts = { cookie: await signedInCookie(staff.id), params: { quizId: quiz.id } }
    expect((await callRoute(staffPage, `/admin/quiz-result/${quiz.id}`, opts)).data.live.correctionPending).toBe(true)
    await callRoute(staffAction, `/admin/quiz-result/${quiz.id}`, {
      ...opts,
      method: 'POST',
      form: { intent: 'publish' },
    })
    await callRoute(staffAction, `/admin/quiz-result/${quiz.id}`, {
      ...opts,
      method: 'POST',
      form: { intent: 'publish' },
    })
    const units = async (id: string) =>
      Number(
        (await db.selectFrom('attempts').select('score_units').where('id', '=', id).executeTakeFirstOrThrow())
          .score_units,
      )
    // a and c chose C on Q3: +1 became -0.25; b left it.
    expect(await units(a.attemptId)).toBe(2.75 * 30000)
    expect(await units(c.attemptId)).toBe(0.75 * 30000)
    expect(await units(b.attemptId)).toBe(2 * 30000)
    // The review agrees with the stored score; c now ranks below b by score, not only by time.
    const page = await callRoute(resultPage, `/quiz/result/${quiz.id}`, {
      ...(await asLearner(c.user.id)),
      params: { quizId: quiz.id },
    })
    expect(page.data.result.score).toBe('0.75')
    expect(page.data.result.rank).toBe(4)
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_id', '=', quiz.id)
      .where('action', '=', 'live_mock.rescore')
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]!.details!)).toEqual({ corrected: 1, rescored: 3 })
  })
})

describe('staff', () => {
  test('Hold keeps the sweep from publishing; Publish publishes now; both audited; registrations shown', async () => {
    const { quiz } = await seededWindow()
    const staff = await createUser(db, { role: 'admin' })
    const opts = { cookie: await signedInCookie(staff.id), params: { quizId: quiz.id } }
    const held = await callRoute(staffAction, `/admin/quiz-result/${quiz.id}`, {
      ...opts,
      method: 'POST',
      form: { intent: 'hold' },
    })
    expect(held.status).toBe(200)
    expect((await runSweep({ send, origin: 'https://x.example' })).published).not.toContain(quiz.id)
    const view = await callRoute(staffPage, `/admin/quiz-result/${quiz.id}`, opts)
    expect(view.data.live.held).toBe(true)
    expect(view.data.live.registrations).toBe(0)
    await callRoute(staffAction, `/admin/quiz-result/${quiz.id}`, {
      ...opts,
      method: 'POST',
      form: { intent: 'publish' },
    })
    expect((await getQuiz(quiz.id))!.results_published_at).not.toBeNull()
    const audit = await db.selectFrom('audit_log').select('action').where('target_id', '=', quiz.id).execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['live_mock.hold', 'live_mock.publish'])
  })

  test('overrides: the API names the refused field; the form keeps what was typed; a good one is saved and audited', async () => {
    const now = Date.now()
    const quiz = await seedLiveMock({ opensAt: new Date(now + HOUR), closesAt: new Date(now + 3 * HOUR) })
    const staff = await createUser(db, { role: 'admin' })
    const cookie = await signedInCookie(staff.id)
    const who = await learner()
    const post = (json: Record<string, unknown>) =>
      callApi({ loader: quizApiGet, action: adminApiPost }, 'POST', `/api/v1/admin/quiz/${quiz.id}/overrides`, {
        cookie,
        json,
      })
    expect((await post({ extraMinutes: 10 })).body).toMatchObject({ success: false, field: 'userId' })
    expect((await post({ userId: who.id, extraMinutes: -3 })).body).toMatchObject({ field: 'extraMinutes' })
    expect((await post({ userId: who.id, opensAt: 'tomorrow' })).body).toMatchObject({ field: 'opensAt' })
    const ok = await post({ userId: who.id, extraMinutes: 20 })
    expect(ok.status).toBe(200)
    const row = await db.selectFrom('live_mock_overrides').selectAll().where('user_id', '=', who.id).executeTakeFirst()
    expect(row?.extra_minutes).toBe(20)
    const form = await callRoute(staffAction, `/admin/quiz-result/${quiz.id}`, {
      cookie,
      params: { quizId: quiz.id },
      method: 'POST',
      form: { intent: 'override', userId: who.id, extraMinutes: 'ten', opensAt: '', closesAt: '' },
    })
    expect(form.status).toBe(400)
    expect(form.data).toMatchObject({ field: 'extraMinutes', values: { extraMinutes: 'ten' } })
    // By e-mail: the same learner's override replaced.
    const byMail = await callRoute(staffAction, `/admin/quiz-result/${quiz.id}`, {
      cookie,
      params: { quizId: quiz.id },
      method: 'POST',
      form: { intent: 'override', userId: who.email.toUpperCase(), extraMinutes: '5', opensAt: '', closesAt: '' },
    })
    expect(byMail.status).toBe(200)
    const replaced = await db.selectFrom('live_mock_overrides').selectAll().where('user_id', '=', who.id).execute()
    expect(replaced.map((r) => r.extra_minutes)).toEqual([5])
    const audit = await db.selectFrom('audit_log').select('action').where('target_id', '=', quiz.id).execute()
    expect(audit.map((a) => a.action)).toEqual(['live_mock.override', 'live_mock.override'])
  })
})
