// Admin behaviour end to end through the API twins and the page actions: shapes of docs/legacy-api.md §2.5, uploads
// checked by their bytes, coupons, access e-mails, the audit log, CSV import with bad rows, and decision 002 (editing a
// quiz after an attempt keeps that attempt's questions and score).
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createQuiz, createUser, enrol, createSection } from '../../db/factories'
import { db } from '~/utils/db.server'
import * as adminApi from '~/routes/api/admin'
import * as coursesApi from '~/routes/api/courses'
import * as allUsersPage from '~/routes/admin/all-users'
import * as createQuizPage from '~/routes/admin/create-quiz'
import * as editQuizPage from '~/routes/admin/edit-quiz'
import * as createCoursePage from '~/routes/admin/create-course'
import * as resetPricePage from '~/routes/admin/reset-quiz-price'
import * as createCouponPage from '~/routes/admin/create-coupon'
import * as quizResultPage from '~/routes/admin/quiz-result'
import { getQuiz } from '~/models/quiz/catalog.server'
import { getResult } from '~/models/quiz/result.server'
import { saveAnswers, startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { getQuizPrice } from '~/models/catalogue/settings.server'
import { callApi, callRoute, signedInUser } from '../support/harness'

let admin = { id: '', cookie: '' }
let instructor = { id: '', cookie: '' }
beforeAll(async () => {
  admin = await signedInUser('admin', { name: 'Ada Admin' })
  instructor = await signedInUser('instructor')
})

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
const PDF = new TextEncoder().encode('%PDF-1.4\n%stand-in note\n')
const outbox = () => process.env.OUTBOX_DIR!
function mailsTo(email: string) {
  if (!fs.existsSync(outbox())) return []
  return fs
    .readdirSync(outbox())
    .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`))
}

describe('users, stats and course access', () => {
  test('stats and get-all-users shapes; ?limit; no password fields', async () => {
    await createUser(db, { name: 'Zed Newest', mobileNumber: '9876543210' })
    const stats = await callApi(adminApi, 'GET', '/api/v1/admin/stats/users', { cookie: instructor.cookie })
    expect(stats.body).toEqual({ success: true, totalUsers: expect.any(Number) })
    expect(
      (await callApi(adminApi, 'GET', '/api/v1/admin/stats/premium-users', { cookie: admin.cookie })).body,
    ).toEqual({ success: true, premiumUsers: expect.any(Number) })
    expect((await callApi(adminApi, 'GET', '/api/v1/admin/stats/courses', { cookie: admin.cookie })).body).toEqual({
      success: true,
      count: expect.any(Number),
    })
    const users = await callApi(adminApi, 'GET', '/api/v1/admin/get-all-users?limit=1', { cookie: admin.cookie })
    expect(users.body.message).toBe('Users fetched successfully')
    expect(users.body.users).toHaveLength(1)
    expect(users.body.users[0]).toMatchObject({
      name: 'Zed Newest',
      mobileNumber: '9876543210',
      role: 'user',
      isPremiumMember: false,
    })
    expect(users.body.users[0]).not.toHaveProperty('password')
    expect(users.body.users[0]).not.toHaveProperty('password_hash')
    expect(
      (await callApi(adminApi, 'GET', '/api/v1/admin/get-all-users?limit=abc', { cookie: admin.cookie })).status,
    ).toBe(400)
  })

  test('All Users page: case-insensitive name search and 8 a page', async () => {
    for (let i = 0; i < 9; i++) await createUser(db, { name: `Pagey Person ${i}` })
    const first = await callRoute(allUsersPage.loader, '/admin/all-users?q=PAGEY', { cookie: instructor.cookie })
    const d = first.data as { total: number; users: Array<{ name: string }>; pages: number }
    expect(d.total).toBe(9)
    expect(d.users).toHaveLength(8)
    expect(d.pages).toBe(2)
    const second = (
      await callRoute(allUsersPage.loader, '/admin/all-users?q=pagey&page=2', { cookie: instructor.cookie })
    ).data as { users: unknown[] }
    expect(second.users).toHaveLength(1)
    const none = (await callRoute(allUsersPage.loader, '/admin/all-users?q=%25_nobody', { cookie: instructor.cookie }))
      .data as { users: unknown[] }
    expect(none.users).toHaveLength(0)
  })

  test('grant and revoke flip the enrolment, e-mail the learner and are audited', async () => {
    const course = await createCourse(db, { courseTitle: 'Genetics Live' })
    const learner = await createUser(db, { name: 'Lena Learner' })
    await enrol(db, { userId: learner.id, courseId: course.id })
    const details = await callApi(adminApi, 'GET', `/api/v1/admin/get-user-details/${course.id}`, {
      cookie: instructor.cookie,
    })
    expect(details.body).toMatchObject({
      success: true,
      courseId: course.id,
      totalUsers: 1,
      users: [{ userId: learner.id, name: 'Lena Learner', isActive: true }],
    })
    expect(typeof details.body.courseName).toBe('string')

    const revoke = await callApi(adminApi, 'POST', '/api/v1/admin/revoke-access', {
      json: { userId: learner.id, courseId: course.id },
      cookie: admin.cookie,
    })
    expect(revoke.body).toMatchObject({
      success: true,
      message: 'Access revoked successfully',
      enrollment: { isActive: false },
    })
    expect(mailsTo(learner.email).some((m) => m.includes('revoked'))).toBe(true)
    const grant = await callApi(adminApi, 'POST', '/api/v1/admin/grant-access', {
      json: { userId: learner.id, courseId: course.id },
      cookie: admin.cookie,
    })
    expect(grant.body).toMatchObject({
      success: true,
      message: 'Access granted successfully',
      enrollment: { isActive: true },
    })
    expect(mailsTo(learner.email).some((m) => m.includes('granted'))).toBe(true)

    const stranger = await createUser(db)
    const notEnrolled = await callApi(adminApi, 'POST', '/api/v1/admin/grant-access', {
      json: { userId: stranger.id, courseId: course.id },
      cookie: admin.cookie,
    })
    expect(notEnrolled.status).toBe(404)
    expect(notEnrolled.body.message).toBe('User is not enrolled in this course')
    const operator = await callApi(adminApi, 'POST', '/api/v1/admin/grant-access', {
      json: { userId: { $ne: null }, courseId: course.id },
      cookie: admin.cookie,
    })
    expect(operator.status).toBe(400)

    const log = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_type', '=', 'enrollment')
      .execute()
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['access.revoke', 'access.grant']))
    expect(log.every((l) => l.actor_id === admin.id)).toBe(true)

    const counts = await callApi(adminApi, 'GET', '/api/v1/admin/courses-with-user-counts', {
      cookie: instructor.cookie,
    })
    expect(counts.body.courses.find((c: { _id: string }) => c._id === course.id)).toEqual({
      _id: course.id,
      cardTitle: expect.any(String),
      courseImage: expect.any(String),
      studentCount: 1,
    })
  })
})

describe('courses, sections and lectures (multipart, files checked by bytes)', () => {
  test('create-course: admin only, image by bytes, slug from cardTitle, unique', async () => {
    const form = (image: Blob) => {
      const f: Record<string, string | Blob> = {
        cardTitle: '  Plant   Physiology Batch ',
        subTitle: 'Recorded lectures',
        courseTag: 'M.Sc Entrance',
        mode: 'Recorded',
        language: 'English',
        actualPrice: '4999',
        discountedPrice: '2999',
        courseTitle: 'Plant Physiology',
        courseDescription: 'All of it.',
        whatsappLink: 'https://chat.whatsapp.com/abc',
        courseImage: image,
      }
      return f
    }
    const ok = await callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
      multipart: form(new File([PNG], 'x.png', { type: 'image/png' })),
      cookie: admin.cookie,
    })
    expect(ok.status).toBe(200)
    expect(ok.body.message).toBe('Course created successfully')
    expect(ok.body.course).toMatchObject({
      linkAddress: 'plant-physiology-batch',
      mode: 'recorded',
      actualPrice: 4999,
      discountedPrice: 2999,
    })
    // Absolute on the app's origin (here the request's; APP_URL when set).
    expect(ok.body.course.courseImage).toMatch(/^http:\/\/localhost\/uploads\/courses\/[0-9a-f]{24}\.png$/)
    const again = await callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
      multipart: form(new File([PNG], 'x.png')),
      cookie: admin.cookie,
    })
    expect(again.body.course.linkAddress).toBe('plant-physiology-batch-2')
    const fake = await callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
      multipart: form(new File(['<svg/>'], 'x.png', { type: 'image/png' })),
      cookie: admin.cookie,
    })
    expect(fake.status).toBe(400)
    expect(fake.body.message).toMatch(/PNG, JPEG or WebP/)
    const missing = await callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
      multipart: { cardTitle: 'x' },
      cookie: admin.cookie,
    })
    expect(missing.body.message).toBe('All fields are required')
    const byInstructor = await callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
      multipart: form(new File([PNG], 'x.png')),
      cookie: instructor.cookie,
    })
    expect(byInstructor.status).toBe(403)
  })

  test('the Create Course page shows field errors and succeeds with the toast', async () => {
    const bad = await callRoute(createCoursePage.action, '/admin/create-course', {
      form: { cardTitle: 'Only title' },
      cookie: admin.cookie,
    })
    expect(bad.status).toBe(400)
    const fields = {
      cardTitle: 'Zoology Crash',
      subTitle: 's',
      courseTag: 'b.sc hons.',
      mode: 'live',
      language: 'Hindi',
      actualPrice: '100',
      discountedPrice: '100',
      courseTitle: 'Zoology',
      courseDescription: 'd',
      whatsappLink: 'https://chat.whatsapp.com/z',
      grantsQuizAccess: 'on',
      courseImage: new File([PNG], 'z.png'),
    }
    const ok = await callRoute(createCoursePage.action, '/admin/create-course', { form: fields, cookie: admin.cookie })
    expect(ok.location).toBe('/admin/all-courses')
    const row = await db
      .selectFrom('courses')
      .select(['grants_quiz_access', 'link_address'])
      .where('card_title', '=', 'Zoology Crash')
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ grants_quiz_access: 1, link_address: 'zoology-crash' })
  })

  test('add-section (with a PDF note stored under notes/) and add-lecture; bad notes and URLs refused', async () => {
    const course = await createCourse(db)
    const sec = await callApi(coursesApi, 'POST', '/api/v1/courses/add-section', {
      multipart: {
        courseId: course.id,
        sectionTitle: 'Unit 1',
        lectureTitle: 'Intro',
        videoURL: 'https://www.youtube.com/embed/x',
        noteTitle: 'Notes',
        noteURL: new File([PDF], 'n.pdf'),
      },
      cookie: instructor.cookie,
    })
    expect(sec.status).toBe(200)
    expect(sec.body).toMatchObject({
      message: 'Section created successfully',
      section: { title: 'Unit 1' },
      lecture: { title: 'Intro', noteTitle: 'Notes' },
    })
    const stored = await db
      .selectFrom('lectures')
      .select('note_url')
      .where('id', '=', sec.body.lecture._id)
      .executeTakeFirstOrThrow()
    expect(stored.note_url).toMatch(/^notes\/[0-9a-f]{24}\.pdf$/)
    const lecture = await callApi(coursesApi, 'POST', '/api/v1/courses/add-lecture', {
      multipart: { sectionId: sec.body.section._id, title: 'Part 2', videoURL: 'https://www.youtube.com/embed/y' },
      cookie: instructor.cookie,
    })
    expect(lecture.status).toBe(201)
    expect(lecture.body.section.lectures).toHaveLength(2)
    const badNote = await callApi(coursesApi, 'POST', '/api/v1/courses/add-lecture', {
      multipart: {
        sectionId: sec.body.section._id,
        title: 'x',
        videoURL: 'https://y.example/v',
        noteURL: new File(['MZ not a pdf'], 'evil.pdf'),
      },
      cookie: instructor.cookie,
    })
    expect(badNote.status).toBe(400)
    const badUrl = await callApi(coursesApi, 'POST', '/api/v1/courses/add-section', {
      multipart: { courseId: course.id, sectionTitle: 'a', lectureTitle: 'b', videoURL: 'not a url' },
      cookie: instructor.cookie,
    })
    expect(badUrl.status).toBe(400)
    expect(
      (
        await callApi(coursesApi, 'POST', '/api/v1/courses/add-lecture', {
          multipart: { title: 'x' },
          cookie: instructor.cookie,
        })
      ).body.message,
    ).toBe('sectionId is required')
    expect(
      (
        await callApi(coursesApi, 'POST', '/api/v1/courses/add-lecture', {
          multipart: { sectionId: 'b'.repeat(24), title: 'x', videoURL: 'https://a.example' },
          cookie: instructor.cookie,
        })
      ).status,
    ).toBe(404)
  })
})

describe('coupons and the quiz price', () => {
  test('create (unique per course, lower-cased, discount 1-100), list, delete', async () => {
    const course = await createCourse(db, { cardTitle: 'Coupon Course' })
    const made = await callApi(adminApi, 'POST', '/api/v1/admin/create-coupon', {
      json: { couponCode: ' SAVE20 ', discount: '20', courseId: course.id },
      cookie: admin.cookie,
    })
    expect(made.body).toMatchObject({
      success: true,
      message: 'Coupon created successfully.',
      coupon: { couponCode: 'save20', discount: 20, courseId: course.id },
    })
    const dup = await callApi(adminApi, 'POST', '/api/v1/admin/create-coupon', {
      json: { couponCode: 'save20', discount: 10, courseId: course.id },
      cookie: admin.cookie,
    })
    expect(dup.status).toBe(400)
    expect(
      (
        await callApi(adminApi, 'POST', '/api/v1/admin/create-coupon', {
          json: { couponCode: 'X', discount: 101, courseId: course.id },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await callApi(adminApi, 'POST', '/api/v1/admin/create-coupon', {
          json: { couponCode: 'X' },
          cookie: admin.cookie,
        })
      ).body.message,
    ).toBe('All fields are required.')
    const list = await callApi(adminApi, 'GET', '/api/v1/admin/coupons', { cookie: admin.cookie })
    expect(list.body.coupons.find((c: { _id: string }) => c._id === made.body.coupon._id)).toMatchObject({
      couponCode: 'save20',
      discount: 20,
      courseId: { _id: course.id, cardTitle: 'Coupon Course' },
    })
    const del = await callApi(adminApi, 'POST', '/api/v1/admin/delete-coupon', {
      json: { couponId: made.body.coupon._id },
      cookie: admin.cookie,
    })
    expect(del.body).toMatchObject({ success: true, message: 'Coupon deleted successfully' })
    expect(
      (
        await callApi(adminApi, 'POST', '/api/v1/admin/delete-coupon', {
          json: { couponId: made.body.coupon._id },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404)
  })

  test('Create Coupon page: expiry and usage limit stored; without JS it redirects with the toast', async () => {
    const course = await createCourse(db)
    const res = await callRoute(createCouponPage.action, '/admin/create-coupon', {
      form: {
        couponCode: 'Diwali',
        discount: '15',
        courseId: course.id,
        expiresAt: '2030-01-31',
        usageLimit: '3',
        _js: '0',
      },
      cookie: admin.cookie,
    })
    expect(res.location).toBe('/admin/coupons')
    const row = await db
      .selectFrom('coupons')
      .select(['code', 'expires_at', 'usage_limit'])
      .where('course_id', '=', course.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ code: 'diwali', expires_at: '2030-01-31T18:29:59.999Z', usage_limit: 3 })
    const js = await callRoute(createCouponPage.action, '/admin/create-coupon', {
      form: { couponCode: 'Holi', discount: '5', courseId: course.id, _js: '1' },
      cookie: admin.cookie,
    })
    expect((js.data as { done: boolean }).done).toBe(true)
  })

  test('reset-quiz-price: both required, equal passes, discounted > actual refused', async () => {
    const both = await callRoute(resetPricePage.action, '/admin/reset-quiz-price', {
      form: { actualPrice: '', discountedPrice: '10' },
      cookie: admin.cookie,
    })
    expect(JSON.stringify(both.data)).toContain('Both prices are required')
    const greater = await callRoute(resetPricePage.action, '/admin/reset-quiz-price', {
      form: { actualPrice: '100', discountedPrice: '200' },
      cookie: admin.cookie,
    })
    expect(JSON.stringify(greater.data)).toContain('Discounted price must be less than Actual Price')
    const equal = await callRoute(resetPricePage.action, '/admin/reset-quiz-price', {
      form: { actualPrice: '150', discountedPrice: '150' },
      cookie: admin.cookie,
    })
    expect((equal.data as { saved: boolean }).saved).toBe(true)
    expect(await getQuizPrice()).toMatchObject({ actualPrice: 150, discountedPrice: 150 })
    const api = await callApi(adminApi, 'PUT', '/api/v1/admin/reset-quiz-price', {
      json: { actualPrice: 499, discountedPrice: 199 },
      cookie: admin.cookie,
    })
    expect(api.body).toEqual({
      success: true,
      data: { actualPrice: 499, discountedPrice: 199, __v: 0 },
      message: 'Quiz price reset successfully',
    })
    expect(
      (
        await callApi(adminApi, 'PUT', '/api/v1/admin/reset-quiz-price', {
          json: { actualPrice: 1 },
          cookie: admin.cookie,
        })
      ).body.message,
    ).toBe('Both prices are required')
  })
})

const q = (text: string, correct = 0) => ({
  questionText: text,
  options: [`${text} A`, `${text} B`, `${text} C`, `${text} D`],
  correctOption: correct,
})

describe('quizzes', () => {
  test('create-quiz API 201 shape, list, get, delete; bad questions refused', async () => {
    const created = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: { title: 'API quiz', description: 'd', category: 'paid', timeLimit: '20', questions: [q('One', 2)] },
      cookie: instructor.cookie,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      message: 'Quiz created successfully',
      quiz: { title: 'API quiz', category: 'paid', timeLimit: 20, questions: [expect.any(String)] },
    })
    const id = created.body.quiz._id
    const list = await callApi(adminApi, 'GET', '/api/v1/admin/quizzes', { cookie: instructor.cookie })
    expect(list.body.data.find((x: { _id: string }) => x._id === id)).toEqual({
      _id: id,
      title: 'API quiz',
      category: 'paid',
      noOfQuestions: 1,
      time: 20,
      attemptedBy: 0,
      opensAt: null,
      closesAt: null,
      registrations: 0,
      resultsPublishedAt: null,
    })
    const one = await callApi(adminApi, 'GET', `/api/v1/admin/quiz/${id}`, { cookie: instructor.cookie })
    expect(one.body.data.questions[0]).toMatchObject({
      questionText: 'One',
      correctOption: 2,
      options: ['One A', 'One B', 'One C', 'One D'],
    })
    expect(
      (
        await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
          json: {
            title: 'x',
            description: 'd',
            category: 'free',
            questions: [{ questionText: 'q', options: ['a', 'b'], correctOption: 0 }],
          },
          cookie: instructor.cookie,
        })
      ).body.message,
    ).toBe('Question 1: four options are required')
    expect(
      (
        await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
          json: { title: 'x' },
          cookie: instructor.cookie,
        })
      ).body.message,
    ).toBe('All fields are required')
    const del = await callApi(adminApi, 'DELETE', `/api/v1/admin/quiz/${id}`, { cookie: instructor.cookie })
    expect(del.body).toEqual({ success: true, message: 'Quiz and related data deleted successfully' })
    expect((await callApi(adminApi, 'GET', `/api/v1/admin/quiz/${id}`, { cookie: instructor.cookie })).status).toBe(404)
  })

  test('Create Quiz page: Add Question works as a plain submit (Conform list intent); correct 1-4 on screen, 0-3 stored', async () => {
    const base = {
      title: 'Page quiz',
      description: 'd',
      category: 'free',
      timeLimit: '5',
      'questions[0].questionText': 'Q1',
      'questions[0].options[0]': 'a',
      'questions[0].options[1]': 'b',
      'questions[0].options[2]': 'c',
      'questions[0].options[3]': 'd',
      'questions[0].correctOption': '4',
    }
    const insert = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: {
        ...base,
        __intent__: JSON.stringify({
          type: 'insert',
          payload: {
            name: 'questions',
            defaultValue: { questionText: '', options: ['', '', '', ''], correctOption: '' },
          },
        }),
      },
      cookie: instructor.cookie,
    })
    const result = (insert.data as { result: { initialValue: { questions: unknown[] } } }).result
    expect(result.initialValue.questions).toHaveLength(2)
    const saved = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: base,
      cookie: instructor.cookie,
    })
    expect(saved.location).toBe('/admin/quizzes')
    const quiz = await db.selectFrom('quizzes').select('id').where('title', '=', 'Page quiz').executeTakeFirstOrThrow()
    const question = await db
      .selectFrom('questions')
      .select('correct_option')
      .where('quiz_id', '=', quiz.id)
      .executeTakeFirstOrThrow()
    expect(question.correct_option).toBe(3)
    const bad = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { ...base, 'questions[0].correctOption': '5' },
      cookie: instructor.cookie,
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.data)).toContain('Correct option must be 1 to 4')
  })

  test('CSV import: preview with row errors, then "Use these questions" fills the form', async () => {
    const csv = 'question,o1,o2,o3,o4,correct,explanation\nGood one,a,b,c,d,2,because\nBad one,a,b,c,d,9\n'
    const preview = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { intent: 'csv-preview', csv: new File([csv], 'q.csv', { type: 'text/csv' }) },
      cookie: instructor.cookie,
    })
    const p = preview.data as {
      kind: string
      questions: Array<{ correctOption: number }>
      errors: Array<{ line: number; message: string }>
    }
    expect(p.kind).toBe('csv')
    expect(p.questions).toHaveLength(1)
    expect(p.errors).toEqual([{ line: 3, message: 'correct option must be 1, 2, 3 or 4' }])
    const used = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { intent: 'csv-use', csvData: JSON.stringify(p.questions) },
      cookie: instructor.cookie,
    })
    const fill = used.data as {
      kind: string
      values: { questions: Array<{ questionText: string; correctOption: string; explanation: string }> }
    }
    expect(fill.kind).toBe('fill')
    expect(fill.values.questions).toEqual([
      { questionText: 'Good one', options: ['a', 'b', 'c', 'd'], correctOption: '2', explanation: 'because' },
    ])
    expect(await db.selectFrom('quizzes').select('id').where('title', '=', '').executeTakeFirst()).toBeUndefined()
  })

  test('decision 002: editing after an attempt keeps the old attempt questions and score; never-seen rows are replaced', async () => {
    const { id: quizId } = await createQuiz(db, {
      title: 'Versioned',
      timeLimit: 0,
      questions: [q('Alpha', 0), q('Beta', 1), q('Gamma', 2)],
    })
    // Factories stamp rows slightly ahead of the clock; date the questions back so the attempt sees them.
    await db
      .updateTable('questions')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('quiz_id', '=', quizId)
      .execute()
    const learner = await createUser(db, { name: 'Vera', instituteName: 'Presidency' })
    const quiz = (await getQuiz(quizId))!
    const { attempt } = await startAttempt({ userId: learner.id, quiz })
    const [alpha, beta] = await db
      .selectFrom('questions')
      .select(['id', 'question_text'])
      .where('quiz_id', '=', quizId)
      .orderBy('position')
      .execute()
    await saveAnswers({
      attempt,
      answers: [
        { questionId: alpha.id, selectedOption: 0 },
        { questionId: beta.id, selectedOption: 3 },
      ],
    } as never)
    await submitAttempt({ attemptId: attempt.id })
    const before = (await getResult({ userId: learner.id, quizId }))!
    await new Promise((r) => setTimeout(r, 5))

    // Keep Alpha, change Beta (answered -> archived), drop Gamma (seen by the attempt, unanswered -> archived too),
    // add Delta. A question no attempt ever saw is deleted (checked with the API edit below).
    const form = {
      title: 'Versioned v2',
      description: 'A practice quiz.',
      category: 'free',
      timeLimit: '0',
      ...Object.fromEntries(
        [q('Alpha', 0), q('Beta changed', 1), q('Delta', 3)].flatMap((x, i) => [
          [`questions[${i}].questionText`, x.questionText],
          ...x.options.map((o, j) => [`questions[${i}].options[${j}]`, o]),
          [`questions[${i}].correctOption`, String(x.correctOption + 1)],
        ]),
      ),
    }
    const saved = await callRoute(editQuizPage.action, `/admin/edit-quiz/${quizId}`, {
      form,
      cookie: instructor.cookie,
      params: { quizId },
    })
    expect(saved.location).toBe('/admin/quizzes')

    const rows = await db
      .selectFrom('questions')
      .select(['id', 'question_text', 'archived_at'])
      .where('quiz_id', '=', quizId)
      .orderBy('position')
      .execute()
    const byText = Object.fromEntries(rows.map((r) => [r.question_text, r]))
    expect(byText.Alpha.id).toBe(alpha.id)
    expect(byText.Alpha.archived_at).toBeNull()
    expect(byText.Beta.archived_at).not.toBeNull()
    expect(byText.Gamma.archived_at).not.toBeNull()
    expect(byText['Beta changed'].archived_at).toBeNull()
    expect(byText.Delta.archived_at).toBeNull()

    const after = (await getResult({ userId: learner.id, quizId }))!
    expect(after.score).toBe(before.score)
    expect(after.total).toBe(before.total)
    expect(after.details.map((d) => d.question)).toEqual(before.details.map((d) => d.question))

    const edit = (
      await callRoute(editQuizPage.loader, `/admin/edit-quiz/${quizId}`, {
        cookie: instructor.cookie,
        params: { quizId },
      })
    ).data as { values: { questions: Array<{ questionText: string }> } }
    expect(edit.values.questions.map((x) => x.questionText)).toEqual(['Alpha', 'Beta changed', 'Delta'])

    // API twin follows the same rule; results list the submitted attempt in the v1 shape.
    const api = await callApi(adminApi, 'PUT', `/api/v1/admin/quiz/${quizId}`, {
      json: { title: 'Versioned v3', description: 'd', category: 'free', timeLimit: 0, questions: [q('Alpha', 0)] },
      cookie: admin.cookie,
    })
    expect(api.body).toMatchObject({
      success: true,
      message: 'Quiz updated successfully',
      data: { title: 'Versioned v3', questions: [{ _id: alpha.id }] },
    })
    const left = await db.selectFrom('questions').select('question_text').where('quiz_id', '=', quizId).execute()
    expect(left.map((r) => r.question_text).sort()).toEqual(['Alpha', 'Beta', 'Gamma']) // 'Beta changed' and Delta: never seen, deleted
    const results = await callApi(adminApi, 'GET', `/api/v1/admin/quiz/${quizId}/results`, {
      cookie: instructor.cookie,
    })
    expect(results.body.data.quizTitle).toBe('Versioned v3')
    expect(results.body.data.students).toEqual([
      {
        id: attempt.id,
        name: 'Vera',
        email: learner.email,
        profileImage: null,
        instituteName: 'Presidency',
        isPremiumMember: false,
        score: before.score,
        attemptedAt: expect.stringMatching(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (am|pm)$/),
        percentile: '100.00',
      },
    ])
    const page = (
      await callRoute(quizResultPage.loader, `/admin/quiz-result/${quizId}`, {
        cookie: instructor.cookie,
        params: { quizId },
      })
    ).data as { students: unknown[] }
    expect(page.students).toHaveLength(1)
    const audit = await db.selectFrom('audit_log').select('action').where('target_id', '=', quizId).execute()
    expect(audit.map((a) => a.action)).toEqual(['quiz.update', 'quiz.update'])
  })
})

describe('formats', () => {
  test('attemptedAt is en-IN in Asia/Kolkata; slugs; coupon expiry is the end of the day in India', async () => {
    const { formatAttemptedAt } = await import('~/lib/dates')
    const { slugFor } = await import('~/models/catalogue/course-authoring.server')
    const { expiryToIso } = await import('~/models/money/coupon.server')
    expect(formatAttemptedAt('2025-08-19T10:15:00.000Z')).toBe('19 Aug 2025, 03:45 pm')
    expect(formatAttemptedAt('2025-01-02T00:00:00.000Z')).toBe('02 Jan 2025, 05:30 am')
    expect(slugFor('  M.Sc.  Entrance Batch\tLive ')).toBe('m.sc.-entrance-batch-live')
    expect(expiryToIso('2030-01-31')).toBe('2030-01-31T18:29:59.999Z')
  })
})

describe('bad input is a clear 4xx, never a 500', () => {
  test('an image over 5 MB is refused with 413 JSON; wrong types in JSON bodies are 400', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10)
    big.set(PNG)
    const fields = {
      cardTitle: 'Big',
      subTitle: 's',
      courseTag: 't',
      mode: 'live',
      language: 'l',
      actualPrice: '1',
      discountedPrice: '1',
      courseTitle: 'c',
      courseDescription: 'd',
      whatsappLink: 'https://a.example',
      courseImage: new File([big], 'big.png'),
    }
    const res = await callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
      multipart: fields,
      cookie: admin.cookie,
    })
    expect(res.status).toBe(413)
    expect(res.body.message).toMatch(/too large/)
    const page = await callRoute(createCoursePage.action, '/admin/create-course', {
      form: fields,
      cookie: admin.cookie,
    })
    expect(page.status).toBe(400)
    expect(JSON.stringify(page.data)).toMatch(/too large/)
    const course = await createCourse(db)
    for (const body of [
      { couponCode: ['x'], discount: 10, courseId: course.id },
      { couponCode: 'x', discount: { $gt: 1 }, courseId: course.id },
      { couponCode: 'x', discount: 10, courseId: [course.id] },
    ]) {
      expect(
        (await callApi(adminApi, 'POST', '/api/v1/admin/create-coupon', { json: body, cookie: admin.cookie })).status,
      ).toBe(400)
    }
    expect(
      (
        await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
          json: { title: 't', description: 'd', category: 'free', questions: 'nope' },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await callApi(adminApi, 'PUT', '/api/v1/admin/reset-quiz-price', {
          json: { actualPrice: [1], discountedPrice: 1 },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await callApi(adminApi, 'POST', '/api/v1/admin/delete-coupon', {
          json: { couponId: { $ne: 1 } },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400)
    const section = await createSection(db, { courseId: course.id, title: 's' })
    expect(section.id).toHaveLength(24)
  })
})
