// Scheduling a live mock (docs/decisions/029-live-mocks.md): the quiz editor's opensAt/closesAt in India time, posted
// as a plain form (JavaScript off), and the admin API's twin in ISO 8601 with an offset. A refusal names the field
// and keeps what was typed; once a live mock has opened and learners have started it, its opening stays and its close
// only moves later (app/models/quiz/schedule.server.ts).
import { beforeAll, describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import * as adminApi from '~/routes/api/admin'
import * as createQuizPage from '~/routes/admin/create-quiz'
import * as editQuizPage from '~/routes/admin/edit-quiz'
import * as quizzesPage from '~/routes/admin/quizzes'
import { register } from '~/models/quiz/live-mock.server'
import { windowToLocal as toIndiaLocal } from '~/lib/quiz/window-input'
import { callApi, callRoute, signedInUser } from '../support/harness'

let staff = { id: '', cookie: '' }
beforeAll(async () => {
  staff = await signedInUser('instructor')
})

const opts = (p: string) => [`${p} A`, `${p} B`, `${p} C`, `${p} D`]

/** The editor's fields as a browser without JavaScript posts them. */
const pageForm = (title: string, window: { opensAt: string; closesAt: string }, timeLimit = '60') => ({
  title,
  description: 'All-India mock',
  category: 'free',
  timeLimit,
  opensAt: window.opensAt,
  closesAt: window.closesAt,
  intent: 'save',
  'questions[0].questionText': 'Which enzyme unwinds DNA?',
  'questions[0].type': 'mcq',
  'questions[0].correctOption': '1',
  ...Object.fromEntries(opts('Q').map((o, j) => [`questions[0].options[${j}]`, o])),
})

type SaveReply = { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }

const stored = (id: string) =>
  db.selectFrom('quizzes').select(['opens_at', 'closes_at']).where('id', '=', id).executeTakeFirstOrThrow()
const byTitle = (title: string) =>
  db.selectFrom('quizzes').select(['id', 'opens_at', 'closes_at']).where('title', '=', title).executeTakeFirst()

describe('the quiz editor (form posts, JavaScript off)', () => {
  test('saves the window typed in India time, shows it back, and clears it', async () => {
    const saved = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: pageForm('Mock with window', { opensAt: '2031-03-01T10:00', closesAt: '2031-03-01T12:00' }),
      cookie: staff.cookie,
    })
    expect(saved.location).toBe('/admin/quizzes')
    const quiz = (await byTitle('Mock with window'))!
    expect([quiz.opens_at, quiz.closes_at]).toEqual(['2031-03-01T04:30:00.000Z', '2031-03-01T06:30:00.000Z'])

    const edit = await callRoute(editQuizPage.loader, `/admin/edit-quiz/${quiz.id}`, {
      cookie: staff.cookie,
      params: { quizId: quiz.id },
    })
    expect(edit.data.values).toMatchObject({ opensAt: '2031-03-01T10:00', closesAt: '2031-03-01T12:00' })

    // Before the opening the window moves freely; both empty makes it an anytime paper again.
    const moved = await callRoute(editQuizPage.action, `/admin/edit-quiz/${quiz.id}`, {
      form: pageForm('Mock with window', { opensAt: '2031-03-02T09:30', closesAt: '2031-03-02T11:00' }),
      cookie: staff.cookie,
      params: { quizId: quiz.id },
    })
    expect(moved.location).toBe('/admin/quizzes')
    expect(await stored(quiz.id)).toEqual({
      opens_at: '2031-03-02T04:00:00.000Z',
      closes_at: '2031-03-02T05:30:00.000Z',
    })
    await callRoute(editQuizPage.action, `/admin/edit-quiz/${quiz.id}`, {
      form: pageForm('Mock with window', { opensAt: '', closesAt: '' }),
      cookie: staff.cookie,
      params: { quizId: quiz.id },
    })
    expect(await stored(quiz.id)).toEqual({ opens_at: null, closes_at: null })
  })

  test.each([
    [
      'a half window',
      { opensAt: '2031-03-01T10:00', closesAt: '' },
      '60',
      'closesAt',
      /Enter when the live mock closes/,
    ],
    ['a half window', { opensAt: '', closesAt: '2031-03-01T12:00' }, '60', 'opensAt', /Enter when the live mock opens/],
    [
      'a close before the opening',
      { opensAt: '2031-03-01T10:00', closesAt: '2031-03-01T09:00' },
      '60',
      'closesAt',
      /close after it opens/,
    ],
    [
      'a window shorter than the limit',
      { opensAt: '2031-03-01T10:00', closesAt: '2031-03-01T10:45' },
      '60',
      'closesAt',
      /at least as long as the time limit \(60 min\)/,
    ],
    [
      'a date that does not exist',
      { opensAt: '2031-02-30T10:00', closesAt: '2031-03-01T12:00' },
      '60',
      'opensAt',
      /Opens at must be a date and time/,
    ],
  ] as const)('refuses %s, naming the field and keeping what was typed', async (_, window, limit, field, message) => {
    const title = `Refused ${field} ${window.opensAt}-${window.closesAt}`
    const res = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: pageForm(title, window, limit),
      cookie: staff.cookie,
    })
    expect(res.status).toBe(400)
    const { result } = res.data as SaveReply
    expect(Object.keys(result.error)).toEqual([field])
    expect(result.error[field]!.join(' ')).toMatch(message)
    // Conform leaves an empty field out of what it sends back; every typed one comes back as typed.
    const typed = Object.fromEntries(Object.entries(window).filter(([, v]) => v))
    expect(result.initialValue).toMatchObject({ title, timeLimit: limit, ...typed })
    expect(await byTitle(title)).toBeUndefined()
  })
})

/** A live mock on the real clock (the editor saves with it): its window `from`..`to` minutes from now. */
async function scheduled(from: number, to: number, { sat = 0, timeLimit = 30 } = {}) {
  const title = `Live ${newId()}`
  const quiz = await createQuiz(db, {
    title,
    timeLimit,
    questions: [{ questionText: 'Q', options: opts('Q'), correctOption: 0 }],
  })
  // Whole minutes, as the editor sets them.
  const at = (m: number) => new Date(Math.floor(Date.now() / 60_000 + m) * 60_000).toISOString()
  await db
    .updateTable('quizzes')
    .set({ opens_at: at(from), closes_at: at(to) })
    .where('id', '=', quiz.id)
    .execute()
  for (let i = 0; i < sat; i++) {
    const learner = await createUser(db, { role: 'user' })
    await db
      .insertInto('attempts')
      .values({ id: newId(), user_id: learner.id, quiz_id: quiz.id, started_at: at(from + 1), total: 1 })
      .execute()
  }
  return { ...quiz, title, ...(await stored(quiz.id)) }
}

/** The edit page's post of `quiz` with this window (instants; '' for empty). */
const editWindow = (quiz: { id: string; title: string }, opensAt: string, closesAt: string) =>
  callRoute(editQuizPage.action, `/admin/edit-quiz/${quiz.id}`, {
    form: pageForm(
      quiz.title,
      { opensAt: opensAt && toIndiaLocal(opensAt), closesAt: closesAt && toIndiaLocal(closesAt) },
      '30',
    ),
    cookie: staff.cookie,
    params: { quizId: quiz.id },
  })
const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString()

describe('changing the window of a live mock that has opened', () => {
  test('with learners started: the opening stays, the window stays, the close moves only later', async () => {
    const quiz = await scheduled(-20, 100, { sat: 2 })
    const before = await stored(quiz.id)

    const moveOpening = await editWindow(quiz, later(quiz.opens_at!, 10), quiz.closes_at!)
    expect(moveOpening.status).toBe(400)
    const refused = (moveOpening.data as SaveReply).result
    expect(Object.keys(refused.error)).toEqual(['opensAt'])
    expect(refused.error.opensAt!.join(' ')).toMatch(/opened at .* and 2 learners have already started it/)
    expect(refused.initialValue).toMatchObject({ opensAt: toIndiaLocal(later(quiz.opens_at!, 10)) })

    const removed = await editWindow(quiz, '', '')
    expect(removed.status).toBe(400)
    expect(Object.keys((removed.data as SaveReply).result.error)).toEqual(['opensAt'])

    const earlier = await editWindow(quiz, quiz.opens_at!, later(quiz.closes_at!, -30))
    expect(earlier.status).toBe(400)
    expect((earlier.data as SaveReply).result.error.closesAt!.join(' ')).toMatch(/cannot close earlier/)
    expect(await stored(quiz.id)).toEqual(before)

    const extended = await editWindow(quiz, quiz.opens_at!, later(quiz.closes_at!, 30))
    expect(extended.location).toBe('/admin/quizzes')
    expect(Date.parse((await stored(quiz.id)).closes_at!)).toBe(Date.parse(later(quiz.closes_at!, 30)))
  })

  test('with nobody started yet the opening may still move', async () => {
    const quiz = await scheduled(-20, 100)
    const moved = await editWindow(quiz, later(quiz.opens_at!, 60), later(quiz.closes_at!, 60))
    expect(moved.location).toBe('/admin/quizzes')
  })

  test('once it has closed with learners who sat it, the window no longer changes', async () => {
    const quiz = await scheduled(-180, -60, { sat: 1 })
    const res = await editWindow(quiz, quiz.opens_at!, later(quiz.closes_at!, 120))
    expect(res.status).toBe(400)
    expect((res.data as SaveReply).result.error.closesAt!.join(' ')).toMatch(/closed at .* 1 learner has sat it/)
  })
})

const apiPaper = (window: Record<string, unknown>) => ({
  title: 'API live mock',
  description: 'All-India mock',
  category: 'free',
  timeLimit: 60,
  questions: [{ questionText: 'Q', options: opts('Q'), correctOption: 0 }],
  ...window,
})

describe('the admin API twin', () => {
  test('takes ISO with an offset, kept to the second; GET answers in India time with registrations', async () => {
    const created = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: apiPaper({ opensAt: '2031-03-01T10:00:30+05:30', closesAt: '2031-03-01T06:30:00Z' }),
      cookie: staff.cookie,
    })
    expect(created.status).toBe(201)
    const id = created.body.quiz._id as string
    expect(await stored(id)).toEqual({ opens_at: '2031-03-01T04:30:30.000Z', closes_at: '2031-03-01T06:30:00.000Z' })
    for (let i = 0; i < 2; i++) await register({ quizId: id, userId: (await createUser(db, { role: 'user' })).id })
    const one = await callApi(adminApi, 'GET', `/api/v1/admin/quiz/${id}`, { cookie: staff.cookie })
    expect(one.status).toBe(200)
    expect(one.body.data).toMatchObject({
      opensAt: '2031-03-01T10:00:30+05:30',
      closesAt: '2031-03-01T12:00:00+05:30',
      registrations: 2,
      resultsPublishedAt: null,
    })

    // The API's list carries the same, in India time.
    const apiList = await callApi(adminApi, 'GET', '/api/v1/admin/quizzes', { cookie: staff.cookie })
    expect(apiList.body.data.find((q: { _id: string }) => q._id === id)).toMatchObject({
      opensAt: '2031-03-01T10:00:30+05:30',
      closesAt: '2031-03-01T12:00:00+05:30',
      registrations: 2,
      resultsPublishedAt: null,
    })

    // The staff list shows the window in India time, the registrations and that results are not published.
    const list = await callRoute(quizzesPage.loader, '/admin/quizzes', { cookie: staff.cookie })
    expect(list.data.quizzes.find((q: { id: string }) => q.id === id)).toMatchObject({
      window: { opensAt: '2031-03-01T04:30:30.000Z', closesAt: '2031-03-01T06:30:00.000Z' },
      registrations: 2,
      resultsPublishedAt: null,
    })

    // PUT replaces the quiz: a window left out makes it an anytime paper.
    const put = await callApi(adminApi, 'PUT', `/api/v1/admin/quiz/${id}`, { json: apiPaper({}), cookie: staff.cookie })
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ opensAt: null, closesAt: null })
    expect(await stored(id)).toEqual({ opens_at: null, closes_at: null })
  })

  test.each([
    [{ opensAt: 'tomorrow', closesAt: '2031-03-01T12:00:00+05:30' }, /^opensAt must be ISO 8601 with an offset/],
    [{ opensAt: '2031-03-01T10:00:00', closesAt: '2031-03-01T12:00:00+05:30' }, /^opensAt must be ISO 8601/],
    [{ opensAt: '2031-03-01T10:00:00+05:30', closesAt: 1893456000 }, /^A time must be text/],
    [{ opensAt: '2031-03-01T10:00:00+05:30' }, /^closesAt: enter when the live mock closes/],
    [
      { opensAt: '2031-03-01T10:00:00+05:30', closesAt: '2031-03-01T10:30:00+05:30' },
      /^closesAt: the window must be at least as long as the time limit \(60 min\)/,
    ],
    [
      { opensAt: '2031-03-01T10:00:00+05:30', closesAt: '2031-03-01T09:00:00+05:30' },
      /^closesAt: the live mock must close after it opens/,
    ],
  ])('refuses %j naming the field', async (window, message) => {
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: apiPaper(window),
      cookie: staff.cookie,
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ success: false })
    expect(res.body.message).toMatch(message)
  })

  test('PUT cannot move the opening of a live mock learners have started', async () => {
    const quiz = await scheduled(-20, 100, { sat: 1, timeLimit: 60 })
    const iso = (at: string) => new Date(Date.parse(at)).toISOString()
    const res = await callApi(adminApi, 'PUT', `/api/v1/admin/quiz/${quiz.id}`, {
      json: apiPaper({ opensAt: later(quiz.opens_at!, 5), closesAt: iso(quiz.closes_at!) }),
      cookie: staff.cookie,
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^opensAt: This live mock opened at/)
    const ok = await callApi(adminApi, 'PUT', `/api/v1/admin/quiz/${quiz.id}`, {
      json: apiPaper({ opensAt: iso(quiz.opens_at!), closesAt: later(quiz.closes_at!, 15) }),
      cookie: staff.cookie,
    })
    expect(ok.status).toBe(200)
  })
})
