// GET /api/v1/openapi.json is a valid OpenAPI 3.1 document generated from the endpoint tables; it
// lists every endpoint, and every answer recorded while calling each endpoint's success and error paths below
// validates against the schema it documents for that status (ajv, JSON Schema 2020-12).
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

const openaiPort = vi.hoisted(() => {
  // Below 32768: outside Linux's ephemeral range, so no outgoing connection (PostgreSQL's, say) already holds it.
  const p = 24000 + Math.floor(Math.random() * 2000)
  process.env.OPENAI_API_KEY = 'stand-in-key'
  process.env.OPENAI_BASE_URL = `http://127.0.0.1:${p}/v1`
  process.env.OPENAI_MODEL = 'stand-in-model'
  process.env.RAZORPAY_WEBHOOK_SECRET = 'openapi-test-webhook-secret'
  return p
})

import { Ajv2020 } from 'ajv/dist/2020'
import { Validator } from '@seriousme/openapi-schema-validator'
import {
  createCourse,
  createCoupon,
  createLecture,
  createQuiz,
  createSection,
  createUser,
  enrol,
} from '../../db/factories'
import { sign } from '../support/standins/razorpay'
import { startOpenaiServer, type OpenAiStandIn } from '../support/standins/openai'
import { v1Resources } from '~/routes/api/openapi.server'
import { fullPath } from '~/routes/api/endpoints.server'
import { db } from '~/utils/db.server'
import { callApi, CookieJar, lastCode, signedInUser } from '../support/harness'
import { pngBytes } from '../support/images'

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: unknown }> }>
  >
  components: unknown
}
type Recorded = { operation: string; path: string; method: string; status: number; type: string; body: unknown }

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
const PDF = new TextEncoder().encode('%PDF-1.4\n%stand-in note\n')
const ADDRESS = '10.11.12.13'

/** The documented path of the endpoint a URL reaches, found the way the dispatcher finds it. */
function documentedPath(method: string, pathname: string): string {
  for (const resource of v1Resources) {
    for (const e of resource.endpoints) {
      const pattern = fullPath(resource, e)
      const regex = new RegExp('^' + pattern.replace(/:(\w+)/g, '[^/]+') + '$')
      if ((e.method === method || (method === 'HEAD' && e.method === 'GET')) && regex.test(pathname))
        return pattern.replace(/:(\w+)/g, '{$1}')
    }
  }
  throw new Error(`no endpoint answers ${method} ${pathname}`)
}

const recorded: Recorded[] = []

/** Calls an endpoint through its resource module (as React Router would) and records the answer. */
async function call(
  method: string,
  url: string,
  options: {
    cookie?: string
    jar?: CookieJar
    json?: unknown
    form?: FormData
    raw?: string
    headers?: Record<string, string>
  } = {},
) {
  const cookie = [options.cookie, options.jar?.cookies.size ? options.jar.header() : ''].filter(Boolean).join('; ')
  const pathname = new URL(url, 'http://localhost').pathname
  const resource = v1Resources.find((r) => pathname === r.mount || pathname.startsWith(r.mount + '/'))!
  const res = await callApi(resource, method, url, {
    cookie,
    json: options.json,
    multipart: options.json === undefined ? options.form : undefined,
    body: options.json === undefined && !options.form ? options.raw : undefined,
    headers: {
      ...(options.json === undefined && !options.form && options.raw !== undefined
        ? { 'Content-Type': 'application/json' }
        : {}),
      ...options.headers,
    },
    address: ADDRESS,
  })
  options.jar?.take(res.response)
  const type = res.headers.get('Content-Type') ?? ''
  const parsed = type.includes('json') ? res.body : null
  const path = documentedPath(method, pathname)
  recorded.push({
    operation: `${method} ${path}`,
    path,
    method: method.toLowerCase(),
    status: res.status,
    type,
    body: parsed,
  })
  return { status: res.status, body: parsed as any, headers: res.headers }
}

const form = (fields: Record<string, string | Blob>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}
const backdateCodes = (email: string) =>
  db
    .updateTable('verifications')
    .set({ last_sent_at: new Date(Date.now() - 60_000).toISOString() })
    .where('email', '=', email)
    .execute()

let openai: OpenAiStandIn
let doc: Doc
beforeAll(async () => {
  openai = await startOpenaiServer(openaiPort)
  const res = await call('GET', '/api/v1/openapi.json')
  expect(res.status).toBe(200)
  doc = res.body
})
afterAll(async () => openai?.close())

describe('GET /api/v1/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  test('lists every endpoint of the tables, and nothing else', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const tables = v1Resources.flatMap((r) =>
      r.endpoints.map((e) => `${e.method} ${fullPath(r, e).replace(/:(\w+)/g, '{$1}')}`),
    )
    expect(listed.sort()).toEqual(tables.sort())
  })
})

describe('recorded answers', () => {
  test("each endpoint's success and error paths answer what the document says", async () => {
    const admin = await signedInUser('admin')
    const instructor = await signedInUser('instructor')
    const learner = await signedInUser('user', { mobileNumber: '9876543210' })
    const course = await createCourse(db, { cardTitle: 'OpenAPI Course', linkAddress: 'openapi-course' })
    const other = await createCourse(db, { cardTitle: 'Other Course', linkAddress: 'other-course' })
    const section = await createSection(db, { courseId: course.id, title: 'Basics' })
    const external = await createLecture(db, {
      sectionId: section.id,
      title: 'Intro',
      videoURL: 'https://www.youtube.com/embed/x',
      noteURL: 'https://example.com/n.pdf',
    })
    const free = await createQuiz(db, { title: 'Free quiz', category: 'free' })
    const paid = await createQuiz(db, { title: 'Paid quiz', category: 'paid' })
    const spare = await createQuiz(db, { title: 'To delete' })
    await createCoupon(db, { courseId: other.id, code: 'save10', discount: 10 })
    await enrol(db, { userId: learner.id, courseId: course.id })
    const unknownId = 'aaaaaaaaaaaaaaaaaaaaaaaa'

    // /users: sign-up, login, profile, password reset.
    const email = 'openapi-signup@example.test'
    const signup = new CookieJar()
    expect(
      (
        await call('POST', '/api/v1/users/register', {
          json: { name: 'New', email, password: 'Str0ng!pass' },
          jar: signup,
        })
      ).status,
    ).toBe(200)
    expect((await call('POST', '/api/v1/users/register', { json: { email } })).status).toBe(400)
    expect((await call('POST', '/api/v1/users/resend-otp', { json: { email }, jar: signup })).status).toBe(429)
    await backdateCodes(email)
    expect((await call('POST', '/api/v1/users/resend-otp', { json: { email }, jar: signup })).status).toBe(200)
    expect((await call('POST', '/api/v1/users/resend-otp', { json: { email: 'nobody@example.test' } })).status).toBe(
      404,
    )
    expect(
      (await call('POST', '/api/v1/users/verify-otp', { json: { email, otp: '000000x' }, jar: signup })).status,
    ).toBe(400)
    expect(
      (await call('POST', '/api/v1/users/verify-otp', { json: { email, otp: lastCode(email) }, jar: signup })).status,
    ).toBe(200)
    expect((await call('POST', '/api/v1/users/login', { json: { email, password: 'Str0ng!pass' } })).status).toBe(200)
    expect((await call('POST', '/api/v1/users/login', { json: { email, password: 'wrong' } })).status).toBe(401)
    expect(
      (await call('POST', '/api/v1/users/login', { json: { email: 'nobody@example.test', password: 'x' } })).status,
    ).toBe(404)
    expect((await call('POST', '/api/v1/users/login', { raw: '{bad' })).status).toBe(400)
    expect((await call('GET', '/api/v1/users/current-user', { cookie: learner.cookie })).status).toBe(200)
    expect((await call('GET', '/api/v1/users/current-user')).status).toBe(401)
    expect(
      (
        await call('POST', '/api/v1/users/update-user-details', {
          cookie: learner.cookie,
          json: { instituteName: 'IISc' },
        })
      ).status,
    ).toBe(200)
    expect((await call('POST', '/api/v1/users/update-user-details', { cookie: learner.cookie, json: {} })).status).toBe(
      400,
    )
    const photo = form({ profileImage: new File([PNG], 'me.png', { type: 'image/png' }) })
    expect(
      (await call('POST', '/api/v1/users/update-user-profile-image', { cookie: learner.cookie, form: photo })).status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/v1/users/update-user-profile-image', { cookie: learner.cookie, json: {} })).status,
    ).toBe(400)
    const resetter = await createUser(db, { email: 'openapi-reset@example.test' })
    const reset = new CookieJar()
    expect((await call('POST', '/api/v1/users/forgot-password', { json: { email: resetter.email } })).status).toBe(200)
    expect(
      (await call('POST', '/api/v1/users/forgot-password', { json: { email: 'nobody@example.test' } })).status,
    ).toBe(404)
    await backdateCodes(resetter.email)
    expect(
      (await call('POST', '/api/v1/users/resend-forgot-password-otp', { json: { email: resetter.email } })).status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/v1/users/verify-forgot-password-otp', { json: { email: resetter.email, otp: 'nope' } }))
        .status,
    ).toBe(400)
    expect(
      (
        await call('POST', '/api/v1/users/reset-password', {
          json: { email: resetter.email, newpassword: 'N3w!password' },
        })
      ).status,
    ).toBe(401)
    const code = lastCode(resetter.email)
    expect(
      (
        await call('POST', '/api/v1/users/verify-forgot-password-otp', {
          json: { email: resetter.email, otp: code },
          jar: reset,
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('POST', '/api/v1/users/reset-password', {
          json: { email: resetter.email, newpassword: 'N3w!password' },
          jar: reset,
        })
      ).status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/v1/users/logout', { cookie: learner.cookie.replace(/=.*/, '=stale') })).status,
    ).toBe(200)

    // /courses: catalogue, player, staff authoring.
    expect((await call('GET', '/api/v1/courses/get-all-courses')).status).toBe(200)
    expect(
      (await call('POST', '/api/v1/courses/get-course-details', { json: { linkAddress: 'openapi-course' } })).status,
    ).toBe(200)
    expect((await call('POST', '/api/v1/courses/get-course-details', { json: { linkAddress: 'none' } })).status).toBe(
      404,
    )
    expect(
      (await call('POST', '/api/v1/courses/get-course-details', { json: { linkAddress: { $ne: null } } })).status,
    ).toBe(400)
    expect(
      (await call('POST', '/api/v1/courses/get-enrolled-courses', { json: { courseIds: [course.id] } })).status,
    ).toBe(200)
    expect((await call('POST', '/api/v1/courses/get-enrolled-courses', { json: { courseIds: 'x' } })).status).toBe(400)
    expect(
      (await call('GET', `/api/v1/courses/get-all-sections/${course.id}`, { cookie: instructor.cookie })).status,
    ).toBe(200)
    expect(
      (await call('GET', `/api/v1/courses/get-all-sections/${course.id}`, { cookie: learner.cookie })).status,
    ).toBe(403)
    expect((await call('GET', `/api/v1/courses/get-all-sections/${unknownId}`, { cookie: admin.cookie })).status).toBe(
      404,
    )
    const image = new File([PNG], 'c.png', { type: 'image/png' })
    const courseForm = form({
      cardTitle: 'Made by API',
      subTitle: 'Sub',
      courseTag: 'M.Sc Entrance',
      mode: 'live',
      language: 'English',
      actualPrice: '999',
      discountedPrice: '499',
      courseTitle: 'Made by API',
      courseDescription: 'About',
      whatsappLink: 'https://chat.whatsapp.com/x',
      courseImage: image,
    })
    expect(
      (await call('POST', '/api/v1/courses/create-course', { cookie: admin.cookie, form: courseForm })).status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/v1/courses/create-course', { cookie: admin.cookie, form: form({ cardTitle: 'x' }) }))
        .status,
    ).toBe(400)
    expect(
      (await call('POST', '/api/v1/courses/create-course', { cookie: instructor.cookie, form: form({}) })).status,
    ).toBe(403)
    // /api/v1/courses/{courseId}: edit (JSON or multipart with an image) and delete.
    expect(
      (
        await call('PUT', `/api/v1/courses/${other.id}`, {
          cookie: admin.cookie,
          json: { courseTitle: 'Other, renamed', published: false, accessDays: 365 },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('PUT', `/api/v1/courses/${other.id}`, {
          cookie: admin.cookie,
          form: form({
            published: 'true',
            accessDays: '',
            courseImage: new File([PNG], 'n.png', { type: 'image/png' }),
          }),
        })
      ).status,
    ).toBe(200)
    expect(
      (await call('PUT', `/api/v1/courses/${other.id}`, { cookie: admin.cookie, json: { accessDays: 0 } })).status,
    ).toBe(400)
    expect(
      (await call('PUT', `/api/v1/courses/${unknownId}`, { cookie: admin.cookie, json: { courseTitle: 'x' } })).status,
    ).toBe(404)
    expect((await call('PUT', `/api/v1/courses/${other.id}`, { cookie: instructor.cookie, json: {} })).status).toBe(403)
    const spareCourse = await createCourse(db, { cardTitle: 'Spare Course', linkAddress: 'spare-course' })
    expect((await call('DELETE', `/api/v1/courses/${spareCourse.id}`, { cookie: admin.cookie })).status).toBe(200)
    expect((await call('DELETE', `/api/v1/courses/${spareCourse.id}`, { cookie: admin.cookie })).status).toBe(404)
    expect((await call('DELETE', `/api/v1/courses/${course.id}`, { cookie: admin.cookie })).status).toBe(409)
    const sectionForm = form({
      courseId: course.id,
      sectionTitle: 'Notes',
      lectureTitle: 'L1',
      videoURL: 'https://www.youtube.com/embed/y',
      noteTitle: 'N',
      noteURL: new File([PDF], 'n.pdf'),
    })
    const added = await call('POST', '/api/v1/courses/add-section', { cookie: instructor.cookie, form: sectionForm })
    expect(added.status).toBe(200)
    const missingCourse = form({
      courseId: unknownId,
      sectionTitle: 'S',
      lectureTitle: 'L',
      videoURL: 'https://www.youtube.com/embed/z',
    })
    expect(
      (await call('POST', '/api/v1/courses/add-section', { cookie: instructor.cookie, form: missingCourse })).status,
    ).toBe(404)
    expect(
      (
        await call('POST', '/api/v1/courses/add-lecture', {
          cookie: instructor.cookie,
          form: form({ sectionId: section.id, title: 'L2', videoURL: 'https://www.youtube.com/embed/w' }),
        })
      ).status,
    ).toBe(201)
    expect(
      (await call('POST', '/api/v1/courses/add-lecture', { cookie: instructor.cookie, form: form({ title: 'L3' }) }))
        .status,
    ).toBe(400)
    // Course content: edit, move and delete, on a course of its own (the rows around keep theirs).
    const content = await createCourse(db, { cardTitle: 'Content Course', linkAddress: 'content-course' })
    const one = await createSection(db, { courseId: content.id, title: 'One' })
    const two = await createSection(db, { courseId: content.id, title: 'Two' })
    const video = 'https://www.youtube.com/embed/c'
    const first = await createLecture(db, { sectionId: one.id, title: 'A', videoURL: video })
    const second = await createLecture(db, { sectionId: one.id, title: 'B', videoURL: video })
    const sections = '/api/v1/courses/sections'
    const lectures = '/api/v1/courses/lectures'
    const staff = { cookie: instructor.cookie }
    expect(
      (await call('PUT', `${sections}/${two.id}`, { ...staff, json: { title: 'Second', position: 1 } })).status,
    ).toBe(200)
    expect((await call('PUT', `${sections}/${two.id}`, { ...staff, json: { position: 9 } })).status).toBe(400)
    expect((await call('PUT', `${sections}/${unknownId}`, { ...staff, json: { title: 'x' } })).status).toBe(404)
    expect(
      (await call('PUT', `${lectures}/${second.id}`, { ...staff, json: { title: 'Bee', position: 1 } })).status,
    ).toBe(200)
    const note = form({ noteTitle: 'N', noteURL: new File([PDF], 'n.pdf') })
    expect((await call('PUT', `${lectures}/${first.id}`, { ...staff, form: note })).status).toBe(200)
    expect((await call('PUT', `${lectures}/${first.id}`, { ...staff, json: { videoURL: 'x' } })).status).toBe(400)
    expect((await call('PUT', `${lectures}/${unknownId}`, { ...staff, json: { title: 'x' } })).status).toBe(404)
    expect((await call('DELETE', `${lectures}/${first.id}`, staff)).status).toBe(200)
    expect((await call('DELETE', `${lectures}/${first.id}`, staff)).status).toBe(404)
    expect((await call('DELETE', `${sections}/${one.id}`, staff)).status).toBe(200)
    expect((await call('DELETE', `${sections}/${one.id}`, staff)).status).toBe(404)
    expect((await call('DELETE', `${sections}/${two.id}`, { cookie: learner.cookie })).status).toBe(403)
    expect((await call('GET', `/api/v1/courses/get-full-course/${course.id}`, { cookie: learner.cookie })).status).toBe(
      200,
    )
    expect((await call('GET', `/api/v1/courses/get-full-course/${other.id}`, { cookie: learner.cookie })).status).toBe(
      401,
    )
    expect((await call('GET', '/api/v1/courses/get-full-course/nope', { cookie: learner.cookie })).status).toBe(400)
    expect(
      (await call('GET', `/api/v1/courses/notes/${course.id}/${added.body.lecture._id}`, { cookie: learner.cookie }))
        .status,
    ).toBe(200)
    expect(
      (await call('GET', `/api/v1/courses/notes/${course.id}/${external.id}`, { cookie: learner.cookie })).status,
    ).toBe(302)
    expect(
      (await call('GET', `/api/v1/courses/notes/${other.id}/${external.id}`, { cookie: learner.cookie })).status,
    ).toBe(401)
    expect(
      (await call('GET', `/api/v1/courses/notes/${course.id}/${unknownId}`, { cookie: learner.cookie })).status,
    ).toBe(404)

    // /orders: coupons, orders at the server's price, the webhook.
    expect(
      (
        await call('POST', '/api/v1/orders/validate-coupon-code', {
          cookie: learner.cookie,
          json: { courseId: other.id, couponCode: 'SAVE10' },
        })
      ).status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/v1/orders/validate-coupon-code', { json: { courseId: other.id, couponCode: 'NOPE' } }))
        .status,
    ).toBe(404)
    expect((await call('POST', '/api/v1/orders/validate-coupon-code', { json: {} })).status).toBe(400)
    expect(
      (
        await call('POST', '/api/v1/orders/create-order', {
          cookie: learner.cookie,
          json: { itemType: 'course', courseId: other.id, amount: 1 },
        })
      ).status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/v1/orders/create-order', { cookie: learner.cookie, json: { itemType: 'quiz' } }))
        .status,
    ).toBe(200)
    expect(
      (
        await call('POST', '/api/v1/orders/create-order', {
          cookie: learner.cookie,
          json: { itemType: 'course', courseId: course.id },
        })
      ).status,
    ).toBe(409)
    expect(
      (await call('POST', '/api/v1/orders/create-order', { cookie: learner.cookie, json: { itemType: 'box' } })).status,
    ).toBe(400)
    expect((await call('POST', '/api/v1/orders/create-order', { json: { itemType: 'quiz' } })).status).toBe(401)
    const event = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_1', order_id: 'order_unknown' } } },
    })
    const signature = sign(process.env.RAZORPAY_WEBHOOK_SECRET!, event)
    expect(
      (
        await call('POST', '/api/v1/orders/verify-payment', {
          raw: event,
          headers: { 'X-Razorpay-Signature': signature },
        })
      ).status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/v1/orders/verify-payment', { raw: event, headers: { 'X-Razorpay-Signature': 'bad' } }))
        .status,
    ).toBe(401)

    // /quiz: list, price, a learner's attempt, the leaderboard.
    expect((await call('GET', '/api/v1/quiz')).status).toBe(200)
    expect((await call('GET', '/api/v1/quiz/bundle/price')).status).toBe(200)
    const opened = await call('GET', `/api/v1/quiz/${free.id}`, { cookie: learner.cookie })
    expect(opened.status).toBe(200)
    expect((await call('GET', `/api/v1/quiz/${paid.id}`, { cookie: learner.cookie })).status).toBe(403)
    expect((await call('GET', '/api/v1/quiz/nope', { cookie: learner.cookie })).status).toBe(400)
    const answers = [{ questionId: opened.body.data.questions[0]._id, selectedOption: 1 }]
    expect(
      (await call('POST', `/api/v1/quiz/${free.id}/answers`, { cookie: learner.cookie, json: { answers } })).status,
    ).toBe(200)
    expect(
      (await call('POST', `/api/v1/quiz/${free.id}/answers`, { cookie: learner.cookie, json: { answers: 'x' } }))
        .status,
    ).toBe(400)
    expect(
      (await call('POST', `/api/v1/quiz/${free.id}/answers`, { cookie: admin.cookie, json: { answers } })).status,
    ).toBe(404)
    expect(
      (await call('POST', '/api/v1/quiz/submit', { cookie: learner.cookie, json: { quizId: free.id, answers } }))
        .status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/v1/quiz/submit', { cookie: learner.cookie, json: { quizId: free.id, answers } }))
        .status,
    ).toBe(400)
    expect(
      (await call('POST', `/api/v1/quiz/${free.id}/answers`, { cookie: learner.cookie, json: { answers } })).status,
    ).toBe(409)
    expect(
      (await call('POST', '/api/v1/quiz/submit', { cookie: learner.cookie, json: { quizId: paid.id, answers: [] } }))
        .status,
    ).toBe(403)
    expect((await call('GET', `/api/v1/quiz/${free.id}/leaderboard`, { cookie: learner.cookie })).status).toBe(200)
    // /admin/quiz/{quizId}/images: an upload, a missing alt text, a learner.
    const figure = () => new File([pngBytes(12, 9)], 'gel.png', { type: 'image/png' })
    expect(
      (
        await call('POST', `/api/v1/admin/quiz/${free.id}/images`, {
          cookie: admin.cookie,
          form: form({ image: figure(), alt: 'A gel' }),
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('POST', `/api/v1/admin/quiz/${free.id}/images`, {
          cookie: admin.cookie,
          form: form({ image: figure() }),
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await call('POST', `/api/v1/admin/quiz/${free.id}/images`, {
          cookie: learner.cookie,
          form: form({ image: figure(), alt: 'A gel' }),
        })
      ).status,
    ).toBe(403)
    // /admin/quiz/{quizId}/questions: the bank questions of one paper added to another, a short blueprint, a learner.
    const target = await createQuiz(db, { title: 'From the bank' })
    const bankIds = (
      await db.selectFrom('questions').select('bank_question_id').where('quiz_id', '=', paid.id).execute()
    ).map((r) => r.bank_question_id)
    const addFromBank = (json: unknown, cookie = admin.cookie) =>
      call('POST', `/api/v1/admin/quiz/${target.id}/questions`, { cookie, json })
    expect((await addFromBank({ questionIds: bankIds })).status).toBe(200)
    expect((await addFromBank({ blueprint: [{ count: 300 }] })).status).toBe(400)
    expect((await addFromBank({ questionIds: bankIds }, learner.cookie)).status).toBe(403)
    expect(
      (
        await call('POST', `/api/v1/admin/quiz/${unknownId}/questions`, {
          cookie: admin.cookie,
          json: { questionIds: bankIds },
        })
      ).status,
    ).toBe(404)
    // A practice set of the learner's mistakes: its answers saved in the background, then closed.
    const { startPracticeSet, getPracticeSet } = await import('~/models/quiz/practice-set.server')
    const learnerRow = { id: learner.id, role: 'user' as const, has_access_to_quizzes: 0 }
    const practised = await startPracticeSet({ user: learnerRow, questionIds: free.questionIds.slice(1), title: 'API' })
    if (!practised.ok) throw new Error('practice set refused')
    const setAnswers = `/api/v1/quiz/practice-sets/${practised.setId}/answers`
    const setAnswer = [{ questionId: free.questionIds[1], selectedOption: 2 }]
    expect((await call('POST', setAnswers, { cookie: learner.cookie, json: { answers: setAnswer } })).status).toBe(200)
    expect((await call('POST', setAnswers, { cookie: learner.cookie, json: { answers: 'x' } })).status).toBe(400)
    expect((await call('POST', setAnswers, { cookie: admin.cookie, json: { answers: setAnswer } })).status).toBe(404)
    const { submitAttempt } = await import('~/models/quiz/attempt.server')
    await submitAttempt({ attemptId: (await getPracticeSet(learner.id, practised.setId))!.attempt.id })
    expect((await call('POST', setAnswers, { cookie: learner.cookie, json: { answers: setAnswer } })).status).toBe(409)
    expect((await call('GET', `/api/v1/quiz/${unknownId}/leaderboard`, { cookie: learner.cookie })).status).toBe(404)

    // /admin: every route, as staff.
    for (const path of [
      'stats/users',
      'stats/premium-users',
      'stats/courses',
      'get-all-users?limit=5',
      'courses-with-user-counts',
      'quizzes',
    ]) {
      expect((await call('GET', `/api/v1/admin/${path}`, { cookie: instructor.cookie })).status).toBe(200)
    }
    expect((await call('GET', '/api/v1/admin/get-all-users?limit=0', { cookie: admin.cookie })).status).toBe(400)
    expect((await call('GET', `/api/v1/admin/get-user-details/${course.id}`, { cookie: admin.cookie })).status).toBe(
      200,
    )
    expect((await call('GET', `/api/v1/admin/get-user-details/${unknownId}`, { cookie: admin.cookie })).status).toBe(
      404,
    )
    expect(
      (
        await call('POST', '/api/v1/admin/revoke-access', {
          cookie: admin.cookie,
          json: { userId: learner.id, courseId: course.id },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('POST', '/api/v1/admin/grant-access', {
          cookie: admin.cookie,
          json: { userId: learner.id, courseId: course.id },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('POST', '/api/v1/admin/grant-access', {
          cookie: admin.cookie,
          json: { userId: learner.id, courseId: other.id },
        })
      ).status,
    ).toBe(404)
    expect((await call('POST', '/api/v1/admin/revoke-access', { cookie: instructor.cookie, json: {} })).status).toBe(
      403,
    )
    const accessUntil = (json: unknown) =>
      call('POST', '/api/v1/admin/set-access-until', { cookie: admin.cookie, json })
    expect((await accessUntil({ userId: learner.id, courseId: course.id, accessUntil: '2030-01-31' })).status).toBe(200)
    expect((await accessUntil({ userId: learner.id, courseId: course.id, accessUntil: 'soon' })).status).toBe(400)
    expect((await accessUntil({ userId: learner.id, courseId: other.id, accessUntil: null })).status).toBe(404)
    await createUser(db, { email: 'openapi-walk-in@example.test' })
    const enrolBody = { email: 'openapi-walk-in@example.test', courseId: other.id, note: 'paid in cash, receipt 114' }
    expect((await call('POST', '/api/v1/admin/enrol', { cookie: admin.cookie, json: enrolBody })).status).toBe(200)
    expect((await call('POST', '/api/v1/admin/enrol', { cookie: admin.cookie, json: enrolBody })).status).toBe(409)
    expect(
      (await call('POST', '/api/v1/admin/enrol', { cookie: admin.cookie, json: { ...enrolBody, note: '' } })).status,
    ).toBe(400)
    expect(
      (await call('POST', '/api/v1/admin/enrol', { cookie: admin.cookie, json: { ...enrolBody, courseId: unknownId } }))
        .status,
    ).toBe(404)
    // A paid order (demo gateway: recorded locally) refunded in part, then the rest; then nothing is left.
    const refundOrderId = 'c'.repeat(24)
    const paidAt = new Date().toISOString()
    await db
      .insertInto('orders')
      .values({
        id: refundOrderId,
        user_id: learner.id,
        item_type: 'quiz_bundle',
        course_id: null,
        coupon_id: null,
        amount_paise: 9_900,
        currency: 'INR',
        status: 'paid',
        provider: 'demo',
        provider_order_id: 'order_demoopenapi',
        provider_payment_id: 'pay_demoopenapi',
        phone: null,
        created_at: paidAt,
        updated_at: paidAt,
        paid_at: paidAt,
      })
      .execute()
    const refund = (json: unknown) => call('POST', '/api/v1/admin/refund', { cookie: admin.cookie, json })
    expect((await refund({ orderId: refundOrderId, amount: 9.5, reason: 'part' })).status).toBe(200)
    expect((await refund({ orderId: refundOrderId, amount: 500, reason: 'too much' })).status).toBe(400)
    expect((await refund({ orderId: refundOrderId, reason: 'the rest' })).status).toBe(200)
    expect((await refund({ orderId: refundOrderId, reason: 'again' })).status).toBe(409)
    expect((await refund({ orderId: refundOrderId })).status).toBe(400)
    expect((await refund({ orderId: unknownId, reason: 'x' })).status).toBe(404)
    const created = await call('POST', '/api/v1/admin/create-coupon', {
      cookie: admin.cookie,
      json: { couponCode: 'API20', courseId: course.id, discount: '20' },
    })
    expect(created.status).toBe(200)
    expect(
      (await call('POST', '/api/v1/admin/create-coupon', { cookie: admin.cookie, json: { couponCode: 'API20' } }))
        .status,
    ).toBe(400)
    expect((await call('GET', '/api/v1/admin/coupons', { cookie: admin.cookie })).status).toBe(200)
    expect(
      (
        await call('POST', '/api/v1/admin/delete-coupon', {
          cookie: admin.cookie,
          json: { couponId: created.body.coupon._id },
        })
      ).status,
    ).toBe(200)
    expect(
      (await call('POST', '/api/v1/admin/delete-coupon', { cookie: admin.cookie, json: { couponId: unknownId } }))
        .status,
    ).toBe(404)
    const quizBody = {
      title: 'API quiz',
      description: 'D',
      category: 'free',
      timeLimit: 5,
      questions: [{ questionText: 'Q?', options: ['a', 'b', 'c', 'd'], correctOption: 2, explanation: 'because' }],
    }
    expect(
      (await call('POST', '/api/v1/admin/create-quiz', { cookie: instructor.cookie, json: quizBody })).status,
    ).toBe(201)
    expect(
      (await call('POST', '/api/v1/admin/create-quiz', { cookie: instructor.cookie, json: { title: 'x' } })).status,
    ).toBe(400)
    const generated = { title: 'Cells', description: 'Practice', subject: 'Biology', topic: 'Cells', numQuestions: 2 }
    expect(
      (await call('POST', '/api/v1/admin/generate-quiz', { cookie: instructor.cookie, json: generated })).status,
    ).toBe(200)
    expect((await call('POST', '/api/v1/admin/generate-quiz', { cookie: instructor.cookie, json: {} })).status).toBe(
      400,
    )
    expect((await call('GET', `/api/v1/admin/quiz/${free.id}`, { cookie: instructor.cookie })).status).toBe(200)
    expect((await call('GET', `/api/v1/admin/quiz/${unknownId}`, { cookie: instructor.cookie })).status).toBe(404)
    expect(
      (await call('PUT', `/api/v1/admin/quiz/${paid.id}`, { cookie: instructor.cookie, json: quizBody })).status,
    ).toBe(200)
    expect(
      (
        await call('PUT', `/api/v1/admin/quiz/${paid.id}`, {
          cookie: instructor.cookie,
          json: { ...quizBody, questions: [{ questionText: 'Q' }] },
        })
      ).status,
    ).toBe(400)
    expect((await call('GET', `/api/v1/admin/quiz/${free.id}/results`, { cookie: instructor.cookie })).status).toBe(200)
    // A live mock's override (app/routes/api/admin/live-mocks.server.ts): saved, a refused field, an unknown quiz.
    const opens = new Date(Date.now() + 86_400_000)
    await db
      .updateTable('quizzes')
      .set({ opens_at: opens.toISOString(), closes_at: new Date(opens.getTime() + 7_200_000).toISOString() })
      .where('id', '=', spare.id)
      .execute()
    const overrides = `/api/v1/admin/quiz/${spare.id}/overrides`
    const override = { userId: learner.id, extraMinutes: 15 }
    expect((await call('POST', overrides, { cookie: instructor.cookie, json: override })).status).toBe(200)
    expect(
      (await call('POST', overrides, { cookie: instructor.cookie, json: { ...override, extraMinutes: -1 } })).status,
    ).toBe(400)
    expect(
      (await call('POST', `/api/v1/admin/quiz/${unknownId}/overrides`, { cookie: instructor.cookie, json: override }))
        .status,
    ).toBe(404)
    expect((await call('DELETE', `/api/v1/admin/quiz/${spare.id}`, { cookie: instructor.cookie })).status).toBe(200)
    expect((await call('DELETE', `/api/v1/admin/quiz/${spare.id}`, { cookie: instructor.cookie })).status).toBe(404)
    // /admin/questions: the question bank.
    const bankBody = {
      questionText: 'Which organelle makes ATP?',
      options: ['Nucleus', 'Mitochondrion', 'Golgi body', 'Ribosome'],
      correctOption: 1,
      subject: 'Cell biology',
      topic: 'Organelles',
      exams: ['GATE XL'],
      year: 2020,
    }
    const bank = '/api/v1/admin/questions'
    const bankAdded = await call('POST', bank, { cookie: instructor.cookie, json: bankBody })
    expect(bankAdded.status).toBe(201)
    expect((await call('POST', bank, { cookie: instructor.cookie, json: { ...bankBody, topic: '' } })).status).toBe(400)
    expect((await call('GET', `${bank}?topic=Organelles&year=2020`, { cookie: instructor.cookie })).status).toBe(200)
    expect((await call('GET', `${bank}?year=soon`, { cookie: instructor.cookie })).status).toBe(400)
    const bankId = bankAdded.body.question._id
    expect((await call('GET', `${bank}/${bankId}`, { cookie: instructor.cookie })).status).toBe(200)
    expect((await call('GET', `${bank}/${unknownId}`, { cookie: instructor.cookie })).status).toBe(404)
    expect(
      (await call('PUT', `${bank}/${bankId}`, { cookie: instructor.cookie, json: { ...bankBody, year: null } })).status,
    ).toBe(200)
    expect((await call('PUT', `${bank}/${bankId}`, { cookie: instructor.cookie, json: {} })).status).toBe(400)
    expect((await call('PUT', `${bank}/${unknownId}`, { cookie: instructor.cookie, json: bankBody })).status).toBe(404)
    expect((await call('DELETE', `${bank}/${bankId}`, { cookie: instructor.cookie })).status).toBe(200)
    expect((await call('DELETE', `${bank}/${unknownId}`, { cookie: instructor.cookie })).status).toBe(404)
    expect(
      (
        await call('PUT', '/api/v1/admin/reset-quiz-price', {
          cookie: admin.cookie,
          json: { actualPrice: '499', discountedPrice: 149 },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('PUT', '/api/v1/admin/reset-quiz-price', {
          cookie: admin.cookie,
          json: { actualPrice: 1, discountedPrice: 2 },
        })
      ).status,
    ).toBe(400)
    expect((await call('GET', '/api/v1/admin/stats/users')).status).toBe(401)

    // Doubts (docs/decisions/034-doubts.md): a lecture's and a question's threads, the staff inbox and its work.
    const doubtCourse = await createCourse(db, { cardTitle: 'Doubts Course', linkAddress: 'doubts-course' })
    const doubtSection = await createSection(db, { courseId: doubtCourse.id, title: 'Doubts' })
    const doubtLecture = await createLecture(db, {
      sectionId: doubtSection.id,
      title: 'Asked about',
      videoURL: 'https://www.youtube.com/embed/x',
    })
    await enrol(db, { userId: learner.id, courseId: doubtCourse.id })
    const outsider = await signedInUser('user')
    const lectureDoubts = `/api/v1/lectures/${doubtLecture.id}/doubts`
    const asked = await call('POST', lectureDoubts, {
      cookie: learner.cookie,
      json: { body: 'Why $x^2$?', videoAt: '1:05' },
    })
    expect(asked.status).toBe(201)
    expect((await call('POST', lectureDoubts, { cookie: learner.cookie, json: { body: '' } })).status).toBe(400)
    expect((await call('GET', lectureDoubts, { cookie: learner.cookie })).status).toBe(200)
    expect((await call('GET', lectureDoubts, { cookie: outsider.cookie })).status).toBe(403)
    expect((await call('GET', `/api/v1/lectures/${unknownId}/doubts`, { cookie: learner.cookie })).status).toBe(404)
    const doubtQuiz = await createQuiz(db, { title: 'Doubts quiz' })
    const questionDoubts = `/api/v1/quiz/${doubtQuiz.id}/questions/${doubtQuiz.questionIds[0]}/doubts`
    expect(
      (await call('POST', questionDoubts, { cookie: instructor.cookie, json: { body: 'Is B right?' } })).status,
    ).toBe(201)
    expect((await call('GET', questionDoubts, { cookie: instructor.cookie })).status).toBe(200)
    expect((await call('GET', questionDoubts, { cookie: learner.cookie })).status).toBe(403)
    expect((await call('GET', '/api/v1/admin/doubts?status=open', { cookie: instructor.cookie })).status).toBe(200)
    expect((await call('GET', '/api/v1/admin/doubts?status=maybe', { cookie: instructor.cookie })).status).toBe(400)
    const doubtWork = `/api/v1/admin/doubts/${asked.body.doubt._id}`
    expect(
      (await call('POST', `${doubtWork}/answer`, { cookie: instructor.cookie, json: { body: 'Yes.' } })).status,
    ).toBe(200)
    expect((await call('POST', `${doubtWork}/answer`, { cookie: instructor.cookie, json: { body: '' } })).status).toBe(
      400,
    )
    expect(
      (
        await call('POST', `/api/v1/admin/doubts/${unknownId}/answer`, {
          cookie: instructor.cookie,
          json: { body: 'x' },
        })
      ).status,
    ).toBe(404)
    expect((await call('POST', `${doubtWork}/resolve`, { cookie: instructor.cookie })).status).toBe(200)
    expect((await call('POST', `${doubtWork}/hide`, { cookie: instructor.cookie })).status).toBe(200)
    expect((await call('POST', `${doubtWork}/hide`, { cookie: instructor.cookie, json: { hidden: 'x' } })).status).toBe(
      400,
    )

    // Every answer is documented for its endpoint and status, and its body matches the documented schema.
    const ajv = new Ajv2020({ strict: false, allErrors: true })
    const problems: string[] = []
    for (const r of recorded) {
      const documented = doc.paths[r.path]?.[r.method]?.responses[String(r.status)]
      if (!documented) {
        problems.push(`${r.operation} answered an undocumented ${r.status}`)
        continue
      }
      if (!r.type.includes('json')) {
        if (!documented.content?.['application/octet-stream'] && !documented.headers)
          problems.push(`${r.operation} ${r.status}: ${r.type} is not what is documented`)
        continue
      }
      const schema = documented.content?.['application/json']?.schema
      if (!schema) {
        problems.push(`${r.operation} ${r.status}: JSON answered, none documented`)
        continue
      }
      const validate = ajv.compile({
        $id: `https://biocoach.test/${recorded.indexOf(r)}`,
        components: doc.components,
        ...(schema as object),
      })
      if (!validate(r.body))
        problems.push(
          `${r.operation} ${r.status}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(r.body).slice(0, 300)}`,
        )
    }
    expect(problems).toEqual([])

    // Every documented success answer was exercised.
    const successes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) =>
        Object.keys(op.responses)
          .filter((s) => Number(s) < 400)
          .map((s) => `${method.toUpperCase()} ${path} ${s}`),
      ),
    )
    const seen = new Set(recorded.map((r) => `${r.operation} ${r.status}`))
    expect(successes.filter((s) => !seen.has(s))).toEqual([])
  }, 60_000)
})
