// A paid live mock and a learner whose paid access has ended since they registered, started or sat it: the access
// period ran out, staff revoked it, or the payment was refunded (a course that grants quiz access, or the quiz
// bundle). Every surface refuses them with the quiz gate's status (app/models/quiz/access.server.ts `quizGate`) and
// no question text, option or key in the body: the quiz page and its waiting room, the registration and start
// posts, the page's `.data`, the test page, /quiz/{id}/paper, the answer saves, the figures before the opening,
// and the older client's API (the figures from the opening are a known gap, marked below). After publication their
// own result page shows nothing of the paper, as for any paid quiz whose access has ended (app/routes/quiz/result.tsx
// goes through the same gate): their rank and score reach them by the rank e-mail, which carries nothing more. The
// reminders go only to learners who hold access when they are read and when they are sent
// (app/models/quiz/live-mails.server.ts). The pages read the real clock, so their windows are set around now; the
// e-mails run on the sweep's injected clock, as in tests/integration/live-mock-close.test.ts.
import crypto from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createQuiz, createUser } from '../../db/factories'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'
import { pngBytes } from '../support/images'
import { adminApi } from '~/routes/api/admin.server'
import * as quizApi from '~/routes/api/quiz'
import * as attemptPage from '~/routes/quiz/attempt'
import * as imageRoute from '~/routes/quiz/image'
import * as paperRoute from '~/routes/quiz/paper'
import * as resultPage from '~/routes/quiz/result'
import { grantCourse } from '~/models/enrolment/grant.server'
import { setCourseAccess } from '~/models/enrolment/staff.server'
import { fulfilOrder } from '~/models/money/payment.server'
import { refundOrder } from '~/models/money/refund.server'
import { updateQuiz } from '~/models/quiz/editing.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { quizGate } from '~/models/quiz/access.server'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { register, registrationCount } from '~/models/quiz/live-mock.server'
import { dueLiveReminders } from '~/models/quiz/live-mails.server'
import { runSweep } from '~/models/sweep/sweep.server'
import type { Mail } from '~/services/mail.server'
import { db } from '~/utils/db.server'

const SECRET_TEXT = 'Which enzyme unwinds the double helix at the replication fork'
const SECRET_OPTION = 'Helicase-option-canary'
const SECRET_EXPLANATION = 'Explanation-canary: helicase breaks the hydrogen bonds'
const SECOND_TEXT = 'Second question text canary'
const MIN = 60_000
const DAY = 24 * 60 * MIN

/** Nothing of the paper: no question, option or explanation, and no key field. */
function expectNothingOfThePaper(body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null)
  for (const secret of [SECRET_TEXT, SECRET_OPTION, SECRET_EXPLANATION, SECOND_TEXT, 'Ligase-b'])
    expect(text).not.toContain(secret)
  expect(text).not.toMatch(/correct_?option|explanation/i)
}

let admin: { id: string; cookie: string }
beforeAll(async () => {
  admin = await signedInUser('admin')
})

// ---- The ways paid access ends ----------------------------------------------------------------------------------

/** A paid order (the demo gateway) fulfilled at `at`, as checkout fulfils it. */
async function paidOrder(userId: string, item: { courseId: string } | 'quiz_bundle', at: Date) {
  const id = crypto.randomBytes(12).toString('hex')
  const stamp = at.toISOString()
  await db
    .insertInto('orders')
    .values({
      id,
      user_id: userId,
      item_type: item === 'quiz_bundle' ? 'quiz_bundle' : 'course',
      course_id: item === 'quiz_bundle' ? null : item.courseId,
      coupon_id: null,
      amount_paise: 49_900,
      currency: 'INR',
      status: 'created',
      provider: 'demo',
      provider_order_id: `order_demo${crypto.randomBytes(7).toString('hex')}`,
      provider_payment_id: null,
      phone: null,
      created_at: stamp,
      updated_at: stamp,
      paid_at: null,
    })
    .execute()
  const paid = await fulfilOrder({ orderId: id, source: 'demo', paymentId: `pay_demo${id.slice(0, 10)}`, now: at })
  expect(paid.fulfilled).toBe(true)
  return id
}

const grant = (userId: string, courseId: string, at: Date) =>
  db.transaction().execute((trx) => grantCourse(trx, { userId, courseId, source: 'purchase', now: at.toISOString() }))

/** Gives the learner paid quiz access as of `at`; the function it returns ends that access at a later `at`. */
type Way = { name: string; give: (userId: string, at: Date) => Promise<(at: Date) => Promise<void>> }

const WAYS: Way[] = [
  {
    name: 'the access period ended',
    give: async (userId, at) => {
      // A 30-day test series bought 20 days before `at`.
      const course = await createCourse(db, { grantsQuizAccess: true, accessDays: 30 })
      await grant(userId, course.id, new Date(at.getTime() - 20 * DAY))
      // The pages read the real clock, so the period's last days are not waited for: its end is moved to just
      // before the moment, as the clock would have brought it.
      return async (end) => {
        await db
          .updateTable('enrollments')
          .set({ access_until: new Date(end.getTime() - MIN).toISOString() })
          .where('user_id', '=', userId)
          .where('course_id', '=', course.id)
          .execute()
      }
    },
  },
  {
    name: 'staff revoked it',
    give: async (userId, at) => {
      const course = await createCourse(db, { grantsQuizAccess: true, accessDays: null })
      await grant(userId, course.id, new Date(at.getTime() - 5 * DAY))
      return async (end) => {
        await setCourseAccess({ actorId: admin.id, userId, courseId: course.id, active: false, now: end })
      }
    },
  },
  {
    name: 'the course payment was refunded',
    give: async (userId, at) => {
      const course = await createCourse(db, { grantsQuizAccess: true, accessDays: 365 })
      const orderId = await paidOrder(userId, { courseId: course.id }, new Date(at.getTime() - 2 * DAY))
      return async (end) => {
        const out = await refundOrder({ orderId, reason: 'Asked for it', actorId: admin.id, now: end })
        expect(out).toMatchObject({ kind: 'refunded', full: true })
      }
    },
  },
  {
    name: 'the quiz bundle payment was refunded',
    give: async (userId, at) => {
      const orderId = await paidOrder(userId, 'quiz_bundle', new Date(at.getTime() - 2 * DAY))
      return async (end) => {
        const out = await refundOrder({ orderId, reason: 'Asked for it', actorId: admin.id, now: end })
        expect(out).toMatchObject({ kind: 'refunded', full: true })
      }
    },
  },
]

// ---- The paper -------------------------------------------------------------------------------------------------

/**
 * A paid live mock of two MCQs, the first with an explanation, written a day before its window (`opensAt` to
 * `closesAt`). With `figure`, the first question shows a figure staff uploaded: such a paper is not for the older
 * client (its list leaves it out, GET quiz/{id} sends it to the website), so the API's papers have none.
 */
async function paidLiveMock(opensAt: Date, closesAt: Date, { figure = true } = {}) {
  const { id } = await createQuiz(db, { category: 'paid', questions: [] })
  const upload = figure
    ? await callApi(adminApi, 'POST', `/api/v1/admin/quiz/${id}/images`, {
        cookie: admin.cookie,
        multipart: { image: new File([pngBytes()], 'gel.png', { type: 'image/png' }), alt: 'gel' },
      })
    : null
  if (upload) expect(upload.status).toBe(200)
  const saved = await updateQuiz({
    actorId: admin.id,
    quizId: id,
    input: {
      title: 'All-India Mock (paid)',
      description: 'Syllabus: molecular biology.',
      category: 'paid',
      timeLimit: 60,
      questions: [
        {
          questionText: figure ? `${SECRET_TEXT}? ![gel](gel.png)` : `${SECRET_TEXT}?`,
          options: [SECRET_OPTION, 'Ligase-b', 'Primase-c', 'Gyrase-d'],
          correctOption: 0,
          explanation: SECRET_EXPLANATION,
        },
        { questionText: SECOND_TEXT, options: ['p', 'q', 'r', 's'], correctOption: 1 },
      ],
    },
  })
  expect(saved?.ok).toBe(true)
  await db
    .updateTable('questions')
    .set({ created_at: new Date(opensAt.getTime() - DAY).toISOString() })
    .where('quiz_id', '=', id)
    .execute()
  await db
    .updateTable('quizzes')
    .set({ opens_at: opensAt.toISOString(), closes_at: closesAt.toISOString() })
    .where('id', '=', id)
    .execute()
  const quiz = (await getQuiz(id))!
  const questionIds = (
    await db
      .selectFrom('questions')
      .select('id')
      .where('quiz_id', '=', id)
      .where('archived_at', 'is', null)
      .orderBy('position')
      .execute()
  ).map((r) => r.id)
  return { quiz, questionIds, figure: upload ? new URL(upload.body.image.url).pathname : '' }
}

const fromNow = (minutes: number) => new Date(Date.now() + minutes * MIN)

// ---- The surfaces ----------------------------------------------------------------------------------------------

const page = (quizId: string, cookie: string, query = '') =>
  callRoute(attemptPage.loader, `/quiz/${quizId}${query}`, { cookie, params: { quizId } })
const pageData = (quizId: string, cookie: string) =>
  callRoute(attemptPage.loader, `/quiz/${quizId}.data`, { cookie, params: { quizId } })
const post = (quizId: string, cookie: string, form: Record<string, string>) =>
  callRoute(attemptPage.action, `/quiz/${quizId}`, { cookie, params: { quizId }, form })
const paper = (quizId: string, cookie: string) =>
  callRoute(paperRoute.loader, `/quiz/${quizId}/paper`, { cookie, params: { quizId } })
const saveAnswers = (quizId: string, cookie: string, questionId: string, selectedOption: number) =>
  callApi(quizApi, 'POST', `/api/v1/quiz/${quizId}/answers`, {
    cookie,
    json: { answers: [{ questionId, selectedOption }] },
  })
const apiQuiz = (quizId: string, cookie: string) => callApi(quizApi, 'GET', `/api/v1/quiz/${quizId}`, { cookie })
const apiList = (cookie?: string) => callApi(quizApi, 'GET', '/api/v1/quiz', { cookie })
const result = (quizId: string, cookie: string, data = '') =>
  callRoute(resultPage.loader, `/quiz/result/${quizId}${data}`, { cookie, params: { quizId } })
async function figure(url: string, cookie: string) {
  const [, imageId, name] = /^\/quiz-images\/([^/]+)\/([^/]+)$/.exec(url)!
  return callRoute(imageRoute.loader, url, { cookie, params: { imageId, name } })
}

const REFUSED = { success: false, statusCode: 403, data: null, message: 'You do not have access to this paid quiz.' }

/** A learner holding paid access now, signed in; `end()` ends it now. */
async function learnerWith(way: Way) {
  const user = await createUser(db, { role: 'user' })
  const end = await way.give(user.id, new Date())
  return { user, cookie: await signedInCookie(user.id), end: () => end(new Date()) }
}

describe.each(WAYS)('a paid live mock when $name', (way) => {
  test('before the opening: the waiting room, registration, start, paper, saves, figure and API refuse', async () => {
    const { quiz, questionIds, figure: fig } = await paidLiveMock(fromNow(30), fromNow(150))
    const { user, cookie, end } = await learnerWith(way)
    // With access: the waiting room, and registering works.
    expect((await page(quiz.id, cookie)).data).toMatchObject({ view: 'live-before', registered: false })
    expect((await post(quiz.id, cookie, { intent: 'register' })).location).toBe(`/quiz/${quiz.id}`)
    expect(await registrationCount(quiz.id)).toBe(1)

    await end()
    const waiting = await page(quiz.id, cookie)
    expect(waiting.status).toBe(403)
    expect(waiting.data).toMatchObject({ view: 'denied', status: 403 })
    expectNothingOfThePaper(waiting.data)
    const data = await pageData(quiz.id, cookie)
    expect(data.status).toBe(403)
    expectNothingOfThePaper(data.data)

    // Registering again, or a first registration by another learner whose access ended, is refused.
    const again = await post(quiz.id, cookie, { intent: 'register' })
    expect(again.status).toBe(403)
    const other = await learnerWith(way)
    await other.end()
    expect((await post(quiz.id, other.cookie, { intent: 'register' })).status).toBe(403)
    expect(await registrationCount(quiz.id)).toBe(1)

    const start = await post(quiz.id, cookie, { intent: 'start' })
    expect(start.status).toBe(403)
    expectNothingOfThePaper(start.data)
    const p = await paper(quiz.id, cookie)
    expect(p.status).toBe(403)
    expectNothingOfThePaper(p.data)
    const save = await saveAnswers(quiz.id, cookie, questionIds[0]!, 0)
    expect(save.status).toBe(403)
    expect(save.body).toMatchObject(REFUSED)
    expect((await figure(fig, cookie)).status).toBe(404)
    const api = await apiQuiz(quiz.id, cookie)
    expect(api.status).toBe(403)
    expect(api.body).toMatchObject(REFUSED)
    // The older client's list does not show a live mock before its results are published.
    const list = await apiList(cookie)
    expect(list.status).toBe(200)
    expect(list.body.data.map((q: { _id: string }) => q._id)).not.toContain(quiz.id)
    expectNothingOfThePaper(list.text)
    // Nothing was started for them anywhere.
    expect(await db.selectFrom('attempts').select('id').where('user_id', '=', user.id).execute()).toEqual([])
  })

  test('during the window, after starting: the test page, its data, paper, saves and start refuse', async () => {
    const { quiz, questionIds } = await paidLiveMock(fromNow(-5), fromNow(115), { figure: false })
    const { user, cookie, end } = await learnerWith(way)
    // With access: the test page, the paper, the saves and the older client's GET all serve the attempt.
    expect((await post(quiz.id, cookie, { intent: 'start' })).location).toBe(`/quiz/${quiz.id}?q=1`)
    const open = await page(quiz.id, cookie, '?q=1')
    expect(open.data.view).toBe('test')
    expect(JSON.stringify(open.data)).toContain(SECRET_TEXT)
    expect((await paper(quiz.id, cookie)).status).toBe(200)
    expect((await saveAnswers(quiz.id, cookie, questionIds[0]!, 2)).status).toBe(200)
    expect((await apiQuiz(quiz.id, cookie)).text).toContain(SECRET_TEXT)

    await end()
    for (const res of [
      await page(quiz.id, cookie, '?q=1'),
      await page(quiz.id, cookie),
      await pageData(quiz.id, cookie),
    ]) {
      expect(res.status).toBe(403)
      expect(res.data.view).toBe('denied')
      expectNothingOfThePaper(res.data)
    }
    const p = await paper(quiz.id, cookie)
    expect(p.status).toBe(403)
    expectNothingOfThePaper(p.data)
    expect(p.headers.get('X-Attempt-Id')).toBeNull()
    // Neither the enhanced page's saves nor the form's post reach the attempt.
    expect((await saveAnswers(quiz.id, cookie, questionIds[0]!, 3)).status).toBe(403)
    const formSave = await post(quiz.id, cookie, {
      intent: 'save',
      q: '1',
      questionId: questionIds[0]!,
      selectedOption: '1',
    })
    expect(formSave.status).toBe(403)
    const submit = await post(quiz.id, cookie, { intent: 'submit', q: '1' })
    expect(submit.status).toBe(403)
    expect((await post(quiz.id, cookie, { intent: 'start' })).status).toBe(403)
    const attempt = await db
      .selectFrom('attempts')
      .select(['id', 'submitted_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(attempt.submitted_at).toBeNull()
    const answers = await db
      .selectFrom('attempt_answers')
      .select(['question_id', 'selected_option'])
      .where('attempt_id', '=', attempt.id)
      .where('selected_option', 'is not', null)
      .execute()
    expect(answers).toEqual([{ question_id: questionIds[0], selected_option: 2 }])
    const api = await apiQuiz(quiz.id, cookie)
    expect(api.status).toBe(403)
    expect(api.body).toMatchObject(REFUSED)
    const apiSubmit = await callApi(quizApi, 'POST', '/api/v1/quiz/submit', {
      cookie,
      json: { quizId: quiz.id, answers: [{ questionId: questionIds[0], selectedOption: 0 }] },
    })
    expect(apiSubmit.status).toBe(403)
    expectNothingOfThePaper(apiSubmit.text)
  })

  test('after publication, having sat it: no result page, analysis, leaderboard, practice or paper', async () => {
    const opensAt = fromNow(-200)
    const { quiz, questionIds } = await paidLiveMock(opensAt, fromNow(-10), { figure: false })
    const { user, cookie, end } = await learnerWith(way)
    const { attempt } = await startAttempt({ userId: user.id, quiz, now: new Date(opensAt.getTime() + 5 * MIN) })
    await submitAttempt({
      attemptId: attempt.id,
      answers: [{ questionId: questionIds[0]!, selectedOption: 0 }],
      now: new Date(opensAt.getTime() + 30 * MIN),
    })
    await db
      .updateTable('quizzes')
      .set({ results_published_at: fromNow(-5).toISOString() })
      .where('id', '=', quiz.id)
      .execute()
    // With access the result page holds the review with the key and the explanation.
    const seen = await result(quiz.id, cookie)
    expect(seen.data.result).not.toBeNull()
    expect(JSON.stringify(seen.data)).toContain(SECRET_EXPLANATION)

    await end()
    for (const res of [await result(quiz.id, cookie), await result(quiz.id, cookie, '.data')]) {
      expect(res.data).toEqual({ result: null, saved: [], resultsAt: null, live: null })
      expectNothingOfThePaper(res.data)
    }
    const quizPage = await page(quiz.id, cookie)
    expect(quizPage.status).toBe(403)
    expect(quizPage.location).toBeNull()
    expectNothingOfThePaper(quizPage.data)
    expect((await post(quiz.id, cookie, { intent: 'practice', practiceTiming: 'timed' })).status).toBe(403)
    expect((await paper(quiz.id, cookie)).status).toBe(403)
    const board = await callApi(quizApi, 'GET', `/api/v1/quiz/${quiz.id}/leaderboard`, { cookie })
    expect(board.status).toBe(403)
    expect(board.text).not.toContain(user.email)
    const api = await apiQuiz(quiz.id, cookie)
    expect(api.status).toBe(403)
    expectNothingOfThePaper(api.text)
    // Published, it is listed to the older client like any paper: its title and question ids, nothing more.
    const list = await apiList(cookie)
    expect(list.body.data.map((q: { _id: string }) => q._id)).toContain(quiz.id)
    expectNothingOfThePaper(list.text)
    expect(await db.selectFrom('attempts').select('mode').where('user_id', '=', user.id).execute()).toEqual([
      { mode: 'ranked' },
    ])
  })

  // A paid paper's figures are its access's, at all times (app/routes/quiz/image.ts, canSeePaidFigure): the address
  // alone opens nothing once access has ended.
  test('during the window, the figure of the paper is refused too', async () => {
    const { quiz, figure: fig } = await paidLiveMock(fromNow(-5), fromNow(115))
    const { cookie, end } = await learnerWith(way)
    await post(quiz.id, cookie, { intent: 'start' })
    await end()
    expect((await figure(fig, cookie)).status).toBe(404)
  })
})

// ---- The e-mails, on the sweep's clock -------------------------------------------------------------------------

const OPENS = new Date('2031-05-01T04:30:00.000Z') // 10:00 India time
const CLOSES = new Date('2031-05-01T06:30:00.000Z')
const at = (minutes: number, from = OPENS) => new Date(from.getTime() + minutes * MIN)
const ORIGIN = 'https://live.example'

const sweep = (now: Date, mails: Mail[]) => runSweep({ db, now, origin: ORIGIN, send: async (m) => void mails.push(m) })

describe.each(WAYS)('the e-mails of a paid live mock when $name', (way) => {
  test('reminders go to registered learners who hold access, not to one whose access ended', async () => {
    const { quiz } = await paidLiveMock(OPENS, CLOSES)
    const holder = await createUser(db, { role: 'user' })
    const lost = await createUser(db, { role: 'user' })
    await way.give(holder.id, at((-3 * DAY) / MIN))
    const end = await way.give(lost.id, at((-3 * DAY) / MIN))
    for (const u of [holder, lost]) await register({ quizId: quiz.id, userId: u.id, now: at((-3 * DAY) / MIN) })
    await end(at((-2 * DAY) / MIN))
    const mails: Mail[] = []
    await sweep(at(-23 * 60), mails)
    await sweep(at(-14), mails)
    // (Other tests' mocks share this file's database: only this paper's reminders are looked at.)
    const mine = mails.filter((m) => m.text.includes(`/quiz/${quiz.id}`))
    expect(mine.map((m) => m.to)).toEqual([holder.email, holder.email])
  })

  test('access ending between the read and the send drops the reminder (stillDue)', async () => {
    const { quiz } = await paidLiveMock(OPENS, CLOSES)
    const lost = await createUser(db, { role: 'user' })
    const end = await way.give(lost.id, at((-3 * DAY) / MIN))
    await register({ quizId: quiz.id, userId: lost.id, now: at((-3 * DAY) / MIN) })
    const now = at(-20 * 60)
    const jobs = (await dueLiveReminders({ conn: db, now, origin: ORIGIN })).filter((j) => j.key.includes(quiz.id))
    expect(jobs.map((j) => j.mail.to)).toEqual([lost.email])
    expect(await jobs[0]!.stillDue!(db)).toBe(true)
    await end(now)
    expect(await jobs[0]!.stillDue!(db)).toBe(false)
  })

  test('the rank e-mail: the rank and score still reach a learner who sat it, but no link to the key', async () => {
    const { quiz, questionIds } = await paidLiveMock(OPENS, CLOSES)
    const holder = { ...(await createUser(db, { role: 'user', name: 'Holder Learner' })), name: 'Holder Learner' }
    const lost = { ...(await createUser(db, { role: 'user', name: 'Lost Learner' })), name: 'Lost Learner' }
    await way.give(holder.id, at((-3 * DAY) / MIN))
    const end = await way.give(lost.id, at((-3 * DAY) / MIN))
    for (const [u, pick, submitAt] of [
      [holder, 0, 20],
      [lost, 1, 25],
    ] as const) {
      const { attempt } = await startAttempt({ userId: u.id, quiz, now: at(1) })
      await submitAttempt({
        attemptId: attempt.id,
        answers: [{ questionId: questionIds[0]!, selectedOption: pick }],
        now: at(submitAt),
      })
    }
    await end(at(40))
    const mails: Mail[] = []
    await sweep(at(3, CLOSES), mails) // closes and publishes, then the rank e-mails
    const rank = mails.filter((m) => m.subject.includes('All-India rank') && [holder.email, lost.email].includes(m.to))
    expect(rank.map((m) => m.to).sort()).toEqual([holder.email, lost.email].sort())
    const mine = rank.find((m) => m.to === lost.email)!
    const theirs = rank.find((m) => m.to === holder.email)!
    expect(mine.subject).toContain('Your All-India rank: 2 of 2')
    expect(mine.text).toContain('Your All-India rank: 2 of 2')
    expect(mine.text).toMatch(/Your score: -?[\d.]+ \/ \d+/)
    expect(mine.text).not.toContain('/quiz/result/')
    expect(mine.text).toContain('access to paid mock tests has ended')
    expect(theirs.text).toContain(`${ORIGIN}/quiz/result/${quiz.id}`)
    for (const m of rank) {
      expectNothingOfThePaper(`${m.subject}\n${m.text}`)
      // Nobody else's name or address.
      const other = m.to === lost.email ? holder : lost
      expect(`${m.subject}\n${m.text}`).not.toContain(other.email)
      expect(m.text).not.toContain(other.name)
    }
  })
})

describe('the reminder asks at the moment it is sent', () => {
  test('a period that runs out between the read and the send: the reminder is dropped', async () => {
    const { quiz } = await paidLiveMock(OPENS, CLOSES)
    const learner = await createUser(db, { role: 'user' })
    const course = await createCourse(db, { grantsQuizAccess: true, accessDays: 30 })
    await grant(learner.id, course.id, at((-10 * DAY) / MIN))
    await register({ quizId: quiz.id, userId: learner.id, now: at((-3 * DAY) / MIN) })
    const now = at(-20 * 60)
    // The period ends 50 ms after the sweep's read.
    await db
      .updateTable('enrollments')
      .set({ access_until: new Date(now.getTime() + 50).toISOString() })
      .where('user_id', '=', learner.id)
      .execute()
    const jobs = (await dueLiveReminders({ conn: db, now, origin: ORIGIN })).filter((j) => j.key.includes(quiz.id))
    expect(jobs.map((j) => j.mail.to)).toEqual([learner.email])
    // The sweep's clock runs on from its `now` (app/models/sweep/sweep.server.ts): by the send the end has passed.
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(await jobs[0]!.stillDue!(db)).toBe(false)
  })
})

describe('the quiz gate reads access at its own clock', () => {
  test('a gate asked at a moment after the period ended refuses, as the window is read at that moment', async () => {
    const quiz = await createQuiz(db, {
      category: 'paid',
      questions: [{ questionText: 'q', options: ['a', 'b', 'c', 'd'], correctOption: 0 }],
    })
    const learner = await createUser(db, { role: 'user' })
    const course = await createCourse(db, { grantsQuizAccess: true, accessDays: 30 })
    await grant(learner.id, course.id, new Date(Date.now() - 20 * DAY))
    const viewer = { id: learner.id, role: 'user' as const }
    expect((await quizGate(viewer, quiz.id)).ok).toBe(true)
    expect(await quizGate(viewer, quiz.id, new Date(Date.now() + 11 * DAY))).toMatchObject({
      ok: false,
      reason: 'no-access',
    })
  })
})
