// The v1 API twins of doubts (docs/decisions/034-doubts.md), called through their resource modules on SQLite and
// PostgreSQL: a lecture's and a question's thread (read and ask), and the staff inbox with its work. Each refusal
// is the ApiError shape with the model's message, and nothing of a thread reaches a caller without access.
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createLecture, createQuiz, createSection, enrol } from '../../db/factories'
import * as lecturesModule from '~/routes/api/lectures'
import * as quizModule from '~/routes/api/quiz'
import * as adminModule from '~/routes/api/admin'
import { getQuiz } from '~/models/quiz/catalog.server'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { db } from '~/utils/db.server'
import { callApi, signedInUser } from '../support/harness'
import { pngBytes } from '../support/images'

type Who = { id: string; cookie: string; email: string }
let learner: Who
let outsider: Who
let staff: Who
let courseId = ''
let lectureId = ''
let quizId = ''
let questionId = ''
const SECRET = 'Secret doubt about the Krebs cycle'

const lectureUrl = () => `/api/v1/lectures/${lectureId}/doubts`
const questionUrl = () => `/api/v1/quiz/${quizId}/questions/${questionId}/doubts`
const lectures = (method: string, url: string, who?: Who, body: Record<string, unknown> = {}) =>
  callApi(lecturesModule, method, url, { cookie: who?.cookie, ...body })
const quiz = (method: string, url: string, who?: Who, body: Record<string, unknown> = {}) =>
  callApi(quizModule, method, url, { cookie: who?.cookie, ...body })
const admin = (method: string, url: string, body: Record<string, unknown> = {}, who: Who = staff) =>
  callApi(adminModule, method, url, { cookie: who.cookie, ...body })

const apiError = (statusCode: number, message: string) => ({
  statusCode,
  data: null,
  message,
  success: false,
  errors: [],
})

beforeAll(async () => {
  learner = await signedInUser('user')
  outsider = await signedInUser('user')
  staff = await signedInUser('instructor')
  courseId = (await createCourse(db, { courseTitle: 'Biochemistry' })).id
  const section = await createSection(db, { courseId, title: 'Metabolism' })
  lectureId = (await createLecture(db, { sectionId: section.id, title: 'Krebs', videoURL: 'https://youtu.be/x' })).id
  await enrol(db, { userId: learner.id, courseId })
  const made = await createQuiz(db, { title: 'Metabolism test' })
  quizId = made.id
  questionId = made.questionIds[0]
})

describe('a lecture’s doubts', () => {
  test('ask (JSON, then multipart with an image) and read: pending mine, then answered for everyone', async () => {
    const asked = await lectures('POST', lectureUrl(), learner, { json: { body: SECRET, videoAt: '12:34' } })
    expect(asked.status).toBe(201)
    expect(asked.body).toMatchObject({
      success: true,
      doubt: { body: SECRET, videoAt: 754, status: 'open', answer: null, helped: 0, mine: true, imageUrl: null },
    })
    expect(asked.body.doubt.bodyHtml).toContain(SECRET)
    const form = new FormData()
    form.append('body', 'With a sketch: $\\ce{C6H12O6}$')
    form.append('image', new File([pngBytes(9, 9)], 'sketch.png', { type: 'image/png' }))
    const withImage = await lectures('POST', lectureUrl(), learner, { multipart: form })
    expect(withImage.status).toBe(201)
    expect(withImage.body.doubt.imageUrl).toBe(`http://localhost/doubt-images/${withImage.body.doubt._id}/question`)
    expect(withImage.body.doubt.videoAt).toBeNull()

    const mine = await lectures('GET', lectureUrl(), learner)
    expect(mine.status).toBe(200)
    expect(mine.body).toMatchObject({ success: true, answeredCount: 0, page: 1, pages: 1 })
    expect(mine.body.doubts.map((d: { _id: string }) => d._id).sort()).toEqual(
      [asked.body.doubt._id, withImage.body.doubt._id].sort(),
    )
    // Staff answer it: it is public now, and not the staff's own.
    const answered = await admin('POST', `/api/v1/admin/doubts/${asked.body.doubt._id}/answer`, {
      json: { body: 'Eight steps, **two** turns per glucose.' },
    })
    expect(answered.status).toBe(200)
    expect(answered.body).toMatchObject({ success: true, doubt: { status: 'answered', hidden: false } })
    expect(answered.body.doubt.answer.bodyHtml).toContain('<strong>two</strong>')
    const staffView = await lectures('GET', lectureUrl(), staff)
    expect(staffView.body.answeredCount).toBe(1)
    expect(staffView.body.doubts).toHaveLength(1)
    expect(staffView.body.doubts[0]).toMatchObject({ mine: false, body: SECRET, answer: { body: expect.any(String) } })
  })

  test('refusals: signed out 401, no access 403 without a word of the thread, unknown 404, bad fields 400', async () => {
    expect((await lectures('GET', lectureUrl())).status).toBe(401)
    for (const call of [
      () => lectures('GET', lectureUrl(), outsider),
      () => lectures('POST', lectureUrl(), outsider, { json: { body: 'Let me in' } }),
    ]) {
      const refused = await call()
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual(
        apiError(403, 'You can ask and read doubts of this course only while you have access to it.'),
      )
      expect(refused.text).not.toContain('Krebs')
    }
    const unknown = await lectures('GET', `/api/v1/lectures/${'a'.repeat(24)}/doubts`, learner)
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('That lecture is no longer in this course.')
    expect((await lectures('GET', '/api/v1/lectures/nope/doubts', learner)).status).toBe(404)

    const tooLong = await lectures('POST', lectureUrl(), learner, { json: { body: 'x'.repeat(5001) } })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body).toMatchObject({ success: false, field: 'body' })
    expect(tooLong.body.message).toMatch(/too long/)
    const empty = await lectures('POST', lectureUrl(), learner, { json: {} })
    expect(empty.body).toMatchObject({ field: 'body', message: 'Please write your doubt.' })
    const badTime = await lectures('POST', lectureUrl(), learner, { json: { body: 'When?', videoAt: 'soon' } })
    expect(badTime.status).toBe(400)
    expect(badTime.body.field).toBe('videoAt')
    const form = new FormData()
    form.append('body', 'Too big a picture')
    form.append('image', new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }))
    const big = await lectures('POST', lectureUrl(), learner, { multipart: form })
    expect(big.status).toBe(400)
    expect(big.body).toMatchObject({
      field: 'image',
      message: 'The image is larger than 1 MB. Please choose a smaller one.',
    })
    const notJson = await lectures('POST', lectureUrl(), learner, {
      body: 'body=hi',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(notJson.status).toBe(415)
  })

  test('at most 10 an hour: 429 naming the body', async () => {
    const busy = await signedInUser('user')
    await enrol(db, { userId: busy.id, courseId })
    for (let i = 0; i < 10; i++)
      expect((await lectures('POST', lectureUrl(), busy, { json: { body: `Doubt ${i}` } })).status).toBe(201)
    const refused = await lectures('POST', lectureUrl(), busy, { json: { body: 'One more' } })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ field: 'body', message: expect.stringMatching(/at most 10 doubts an hour/) })
  })
})

describe('a question’s doubts', () => {
  test('before the learner submitted: 403, asking too', async () => {
    const refused = await quiz('GET', questionUrl(), learner)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual(apiError(403, 'Doubts on a question open once you have submitted the test.'))
    expect((await quiz('POST', questionUrl(), learner, { json: { body: 'Why B?' } })).status).toBe(403)
  })

  test('after submission: ask and read; a question not of this paper is 404; older paths are unchanged', async () => {
    const { attempt } = await startAttempt({ userId: learner.id, quiz: (await getQuiz(quizId))! })
    await submitAttempt({ attemptId: attempt.id })
    const asked = await quiz('POST', questionUrl(), learner, { json: { body: 'Why the mitochondrion?', videoAt: 5 } })
    expect(asked.status).toBe(201)
    expect(asked.body.doubt).toMatchObject({ body: 'Why the mitochondrion?', videoAt: null, mine: true })
    const read = await quiz('GET', `${questionUrl()}?page=1`, learner)
    expect(read.status).toBe(200)
    expect(read.body.doubts.map((d: { _id: string }) => d._id)).toEqual([asked.body.doubt._id])
    const other = await quiz('GET', `/api/v1/quiz/${quizId}/questions/${'b'.repeat(24)}/doubts`, learner)
    expect(other.status).toBe(404)
    expect(other.body.message).toBe('That question is not in this test.')
    // The quiz resource's own paths still answer as before.
    expect((await quiz('GET', `/api/v1/quiz/${quizId}/leaderboard`, learner)).status).toBe(200)
    expect((await quiz('GET', '/api/v1/quiz/bundle/price')).status).toBe(200)
  })
})

describe('the staff inbox', () => {
  test('lists with filters and pages; learners are refused', async () => {
    const list = await admin('GET', `/api/v1/admin/doubts?courseId=${courseId}&status=open`)
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ success: true, page: 1 })
    expect(list.body.total).toBeGreaterThan(10)
    const first = list.body.doubts[0]
    expect(first).toMatchObject({ status: 'open', lecture: { courseId, lectureId, courseTitle: 'Biochemistry' } })
    expect(first.learner).toMatchObject({ _id: expect.any(String), email: expect.any(String) })
    const byQuiz = await admin('GET', `/api/v1/admin/doubts?quizId=${quizId}`)
    expect(byQuiz.body.doubts[0].question).toMatchObject({ quizId, questionId, key: 'B' })
    const page2 = await admin('GET', `/api/v1/admin/doubts?courseId=${courseId}&page=2`)
    expect(page2.body.page).toBe(2)
    const bad = await admin('GET', '/api/v1/admin/doubts?status=maybe')
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('status')
    expect((await admin('GET', '/api/v1/admin/doubts', {}, learner)).status).toBe(403)
  })

  test('answer, resolve, hide and show; 404 and 400 with the field', async () => {
    const id = (await admin('GET', `/api/v1/admin/doubts?quizId=${quizId}`)).body.doubts[0]._id
    const form = new FormData()
    form.append('body', 'Because $ATP$ is made there.')
    form.append('image', new File([pngBytes(5, 5)], 'a.png', { type: 'image/png' }))
    const answered = await admin('POST', `/api/v1/admin/doubts/${id}/answer`, { multipart: form })
    expect(answered.status).toBe(200)
    expect(answered.body.message).toBe('Answer saved. The learner has been told.')
    expect(answered.body.doubt.answer.imageUrl).toBe(`http://localhost/doubt-images/${id}/answer`)
    const empty = await admin('POST', `/api/v1/admin/doubts/${id}/answer`, { json: { body: ' ' } })
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({ field: 'body', message: 'Please write the answer.' })
    const unknown = `/api/v1/admin/doubts/${'c'.repeat(24)}`
    for (const action of ['answer', 'resolve', 'hide']) {
      const missing = await admin('POST', `${unknown}/${action}`, { json: { body: 'x' } })
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe('That doubt was not found.')
    }
    const hidden = await admin('POST', `/api/v1/admin/doubts/${id}/hide`)
    expect(hidden.body).toMatchObject({ success: true, message: 'Hidden from learners.', doubt: { hidden: true } })
    expect((await quiz('GET', questionUrl(), learner)).body.doubts).toEqual([])
    const shown = await admin('POST', `/api/v1/admin/doubts/${id}/hide`, { json: { hidden: false } })
    expect(shown.body.doubt.hidden).toBe(false)
    expect((await admin('POST', `/api/v1/admin/doubts/${id}/hide`, { json: { hidden: 'yes' } })).body.field).toBe(
      'hidden',
    )
    const resolved = await admin('POST', `/api/v1/admin/doubts/${id}/resolve`)
    expect(resolved.body).toMatchObject({
      success: true,
      message: 'Marked as resolved.',
      doubt: { status: 'resolved' },
    })
    expect((await admin('POST', `/api/v1/admin/doubts/${id}/resolve`, {}, learner)).status).toBe(403)
  })
})
