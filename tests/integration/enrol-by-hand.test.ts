// Enrolling a learner by hand (admin): the course users page's 'Enrol a learner' form and its API twin,
// POST /api/v1/admin/enrol. The enrolment is recorded with source 'manual' and staff's note, grants what buying the
// course grants (quiz access where the course gives it) without an order, is audited and e-mailed; refusals change
// nothing; instructors are refused by the page action and the API.
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createCoupon, createCourse, createLecture, createSection, createUser, enrol } from '../../db/factories'
import { db } from '~/utils/db.server'
import * as adminApi from '~/routes/api/admin'
import * as coursesApi from '~/routes/api/courses'
import * as courseUsersPage from '~/routes/admin/course-users'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'

let admin = { id: '', cookie: '' }
let instructor = { id: '', cookie: '' }
beforeAll(async () => {
  admin = await signedInUser('admin', { name: 'Ada Admin' })
  instructor = await signedInUser('instructor')
})

const outbox = () => process.env.OUTBOX_DIR!
function mailsTo(email: string) {
  if (!fs.existsSync(outbox())) return []
  return fs
    .readdirSync(outbox())
    .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`))
}

async function courseWithALecture(input: { grantsQuizAccess?: boolean } = {}) {
  const course = await createCourse(db, { courseTitle: 'Cell Biology Live', ...input })
  const section = await createSection(db, { courseId: course.id, title: 'Basics' })
  await createLecture(db, { sectionId: section.id, title: 'Intro', videoURL: 'https://www.youtube.com/embed/x' })
  return course
}

const enrolment = (userId: string, courseId: string) =>
  db
    .selectFrom('enrollments')
    .select(['id', 'is_active', 'source', 'note'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst()

/** The premium flag and paid quiz access as it is worked out now (a course's quiz access is never copied). */
const flags = async (userId: string) => {
  const { hasPaidQuizAccess } = await import('~/models/enrolment/access.server')
  const row = await db
    .selectFrom('users')
    .select('is_premium_member')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return { is_premium_member: row.is_premium_member, has_access_to_quizzes: (await hasPaidQuizAccess(userId)) ? 1 : 0 }
}

const manualAudits = (enrollmentId: string) =>
  db
    .selectFrom('audit_log')
    .select(['actor_id', 'details'])
    .where('action', '=', 'enrollment.manual')
    .where('target_id', '=', enrollmentId)
    .execute()

const countRows = async (table: 'enrollments' | 'audit_log' | 'orders') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Posts the page's 'Enrol a learner' form as a browser without JS would. */
const postForm = (courseId: string, form: Record<string, string>, cookie = admin.cookie) =>
  callRoute(courseUsersPage.action, `/admin/premium-users/${courseId}`, {
    cookie,
    params: { courseId },
    form: { intent: 'enrol', _js: '0', ...form },
  })

const postApi = (json: unknown, cookie = admin.cookie) =>
  callApi(adminApi, 'POST', '/api/v1/admin/enrol', { cookie, json })

const fullCourse = async (courseId: string, userId: string) =>
  callApi(coursesApi, 'GET', `/api/v1/courses/get-full-course/${courseId}`, { cookie: await signedInCookie(userId) })

describe('the page form', () => {
  test('enrols by e-mail in any case with source and note, grants quiz access, audits, mails, no order', async () => {
    const course = await courseWithALecture({ grantsQuizAccess: true })
    const learner = await createUser(db, { name: 'Lena Learner', email: 'lena.hand@example.test' })
    const coupon = await createCoupon(db, { courseId: course.id, code: 'cash10', discount: 10 })
    await db
      .insertInto('coupon_selections')
      .values({ user_id: learner.id, course_id: course.id, coupon_id: coupon.id, created_at: new Date().toISOString() })
      .execute()
    expect((await fullCourse(course.id, learner.id)).status).toBe(401)
    const ordersBefore = await countRows('orders')

    const res = await postForm(course.id, { email: '  Lena.Hand@EXAMPLE.test ', note: 'paid in cash, receipt 114' })
    expect(res.status).toBe(302)
    expect(res.location).toBe(`/admin/premium-users/${course.id}`)

    const row = await enrolment(learner.id, course.id)
    expect(row).toMatchObject({ is_active: 1, source: 'manual', note: 'paid in cash, receipt 114' })
    expect(await flags(learner.id)).toEqual({ is_premium_member: 1, has_access_to_quizzes: 1 })
    // What a purchase clears, a hand enrolment clears too; and no order is made.
    expect(
      await db.selectFrom('coupon_selections').select('user_id').where('user_id', '=', learner.id).execute(),
    ).toEqual([])
    expect(await countRows('orders')).toBe(ordersBefore)

    const audits = await manualAudits(row!.id)
    expect(audits).toHaveLength(1)
    expect(audits[0].actor_id).toBe(admin.id)
    expect(JSON.parse(audits[0].details!)).toMatchObject({
      userId: learner.id,
      email: 'lena.hand@example.test',
      courseId: course.id,
      note: 'paid in cash, receipt 114',
      quizAccess: true,
    })

    const mail = mailsTo('lena.hand@example.test').find((m) => m.includes('You are enrolled: Cell Biology Live'))
    expect(mail).toBeDefined()
    expect(mail).toContain(`/my-courses/${course.id}`)
    expect(mail).toContain('premium mock test series')
    expect(mail).not.toContain('receipt 114')

    const full = await fullCourse(course.id, learner.id)
    expect(full.status).toBe(200)
    expect(full.body.success).toBe(true)

    // The table shows how each learner came to be enrolled.
    const page = await callRoute(courseUsersPage.loader, `/admin/premium-users/${course.id}`, {
      cookie: admin.cookie,
      params: { courseId: course.id },
    })
    expect(page.data.users).toEqual([
      expect.objectContaining({
        userId: learner.id,
        source: 'manual',
        note: 'paid in cash, receipt 114',
        isActive: true,
      }),
    ])
  })

  test('with JS the form answers in place, cleared, and the course without quiz access grants none', async () => {
    const course = await courseWithALecture({ grantsQuizAccess: false })
    const learner = await createUser(db)
    const res = await postForm(course.id, { email: learner.email, note: 'scholarship', _js: '1' })
    expect(res.status).toBe(200)
    expect(res.location).toBeNull()
    expect(res.data.result).toEqual({ initialValue: null })
    expect(await flags(learner.id)).toEqual({ is_premium_member: 1, has_access_to_quizzes: 0 })
  })

  test('a draft course can be enrolled into', async () => {
    const course = await courseWithALecture()
    await db.updateTable('courses').set({ published: 0 }).where('id', '=', course.id).execute()
    const learner = await createUser(db)
    expect((await postForm(course.id, { email: learner.email, note: 'early batch' })).status).toBe(302)
    expect(await enrolment(learner.id, course.id)).toMatchObject({ is_active: 1, source: 'manual' })
  })

  test('refusals keep what was typed, say why on the e-mail field and change nothing', async () => {
    const course = await courseWithALecture()
    const enrolled = await createUser(db)
    await enrol(db, { userId: enrolled.id, courseId: course.id, source: 'purchase' })
    const revoked = await createUser(db)
    await enrol(db, { userId: revoked.id, courseId: course.id, isActive: false, source: 'purchase' })
    const staff = await createUser(db, { role: 'instructor' })
    const before = { enrollments: await countRows('enrollments'), audits: await countRows('audit_log') }

    const cases = [
      {
        email: 'Nobody.Here@example.test',
        status: 404,
        message: 'No account uses this e-mail. Ask the learner to sign up first.',
      },
      { email: enrolled.email, status: 409, message: 'This learner is already enrolled in this course.' },
      {
        email: revoked.email,
        status: 409,
        message: 'This learner is already enrolled, but their access was revoked. Grant their access again instead.',
      },
      {
        email: staff.email,
        status: 409,
        message: 'This e-mail belongs to a staff account. Staff open every course without being enrolled.',
      },
    ]
    for (const c of cases) {
      const res = await postForm(course.id, { email: c.email, note: 'paid in cash' })
      expect(res.status, c.email).toBe(c.status)
      expect(res.thrown).toBe(false)
      expect(res.data.result.error).toEqual({ email: [c.message] })
      expect(res.data.result.initialValue).toMatchObject({ email: c.email, note: 'paid in cash' })
    }
    expect(await enrolment(revoked.id, course.id)).toMatchObject({ is_active: 0, source: 'purchase', note: null })
    expect(await enrolment(enrolled.id, course.id)).toMatchObject({ is_active: 1, source: 'purchase', note: null })
    expect(await countRows('enrollments')).toBe(before.enrollments)
    expect(await countRows('audit_log')).toBe(before.audits)
  })

  test('bad fields are named; an unknown course is a 404', async () => {
    const course = await courseWithALecture()
    const empty = await postForm(course.id, { email: '', note: '' })
    expect(empty.status).toBe(400)
    expect(empty.data.result.error).toEqual({ email: ['Email is required'], note: ['Note is required'] })
    const long = await postForm(course.id, { email: 'someone@example.test', note: 'x'.repeat(201) })
    expect(long.data.result.error).toEqual({ note: ['Note is too long (at most 200 characters)'] })
    const learner = await createUser(db)
    const unknown = await postForm('a'.repeat(24), { email: learner.email, note: 'cash' })
    expect(unknown.status).toBe(404)
    expect(unknown.thrown).toBe(true)
    expect(await enrolment(learner.id, 'a'.repeat(24))).toBeUndefined()
  })

  test('an instructor is refused by the action and sees no form data to post', async () => {
    const course = await courseWithALecture()
    const learner = await createUser(db)
    const res = await postForm(course.id, { email: learner.email, note: 'cash' }, instructor.cookie)
    expect(res.status).toBe(302)
    expect(res.location).toBe('/admin/dashboard')
    expect(await enrolment(learner.id, course.id)).toBeUndefined()
    const page = await callRoute(courseUsersPage.loader, `/admin/premium-users/${course.id}`, {
      cookie: instructor.cookie,
      params: { courseId: course.id },
    })
    expect(page.data.isAdmin).toBe(false)
  })

  test('the grant/revoke toggle keeps working beside it and keeps the source and note', async () => {
    const course = await courseWithALecture()
    const learner = await createUser(db)
    await postForm(course.id, { email: learner.email, note: 'paid in cash, receipt 115' })
    const toggle = (intent: 'grant' | 'revoke') =>
      callRoute(courseUsersPage.action, `/admin/premium-users/${course.id}?confirm=${learner.id}`, {
        cookie: admin.cookie,
        params: { courseId: course.id },
        form: { userId: learner.id, intent },
      })
    expect((await toggle('revoke')).location).toBe(`/admin/premium-users/${course.id}`)
    expect(await enrolment(learner.id, course.id)).toMatchObject({ is_active: 0, source: 'manual' })
    expect((await fullCourse(course.id, learner.id)).status).toBe(401)
    await toggle('grant')
    expect(await enrolment(learner.id, course.id)).toMatchObject({
      is_active: 1,
      source: 'manual',
      note: 'paid in cash, receipt 115',
    })
  })
})

describe('POST /api/v1/admin/enrol', () => {
  test('enrols with source and note, answers the enrolment, audits and mails; the learner opens the course', async () => {
    const course = await courseWithALecture({ grantsQuizAccess: true })
    const learner = await createUser(db, { name: 'Api Learner', email: 'api.hand@example.test' })
    const res = await postApi({ email: 'API.Hand@example.test', courseId: course.id, note: 'paid by cheque 42' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: 'Api Learner is enrolled in Cell Biology Live',
      enrollment: {
        _id: expect.any(String),
        courseId: course.id,
        userId: learner.id,
        isActive: true,
        source: 'manual',
        note: 'paid by cheque 42',
        // The course sells access for good: no end.
        accessUntil: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        __v: 0,
      },
    })
    expect(await enrolment(learner.id, course.id)).toMatchObject({ source: 'manual', note: 'paid by cheque 42' })
    expect(await flags(learner.id)).toEqual({ is_premium_member: 1, has_access_to_quizzes: 1 })
    expect(await manualAudits(res.body.enrollment._id)).toHaveLength(1)
    expect(mailsTo('api.hand@example.test').some((m) => m.includes('You are enrolled: Cell Biology Live'))).toBe(true)
    expect((await fullCourse(course.id, learner.id)).status).toBe(200)

    const details = await callApi(adminApi, 'GET', `/api/v1/admin/get-user-details/${course.id}`, {
      cookie: instructor.cookie,
    })
    expect(details.body.users).toEqual([
      expect.objectContaining({ userId: learner.id, source: 'manual', note: 'paid by cheque 42' }),
    ])

    const again = await postApi({ email: learner.email, courseId: course.id, note: 'twice' })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ success: false, message: 'This learner is already enrolled in this course.' })
    expect(await manualAudits(res.body.enrollment._id)).toHaveLength(1)
  })

  test('two admins enrolling the same learner at once: one enrolment, one audit entry, the other told', async () => {
    const course = await courseWithALecture()
    const learner = await createUser(db)
    const second = await signedInUser('admin')
    const answers = await Promise.all([
      postApi({ email: learner.email, courseId: course.id, note: 'cash at the desk' }),
      postApi({ email: learner.email, courseId: course.id, note: 'cash at the office' }, second.cookie),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const row = await enrolment(learner.id, course.id)
    expect(await manualAudits(row!.id)).toHaveLength(1)
  })

  test('400 names the field; 404 for an unknown e-mail or course; 409 for revoked and staff; 403 for an instructor', async () => {
    const course = await courseWithALecture()
    const learner = await createUser(db)
    const before = await countRows('enrollments')
    const bad = async (json: unknown) => {
      const res = await postApi(json)
      expect(res.status).toBe(400)
      return res.body.message
    }
    expect(await bad({ courseId: course.id, note: 'cash' })).toBe('Email is required')
    expect(await bad({ email: 'nope', courseId: course.id, note: 'cash' })).toBe('Please enter a valid email address')
    expect(await bad({ email: { $ne: null }, courseId: course.id, note: 'cash' })).toBe('Email is required')
    expect(await bad({ email: learner.email, note: 'cash' })).toBe('courseId is required')
    expect(await bad({ email: learner.email, courseId: course.id })).toBe('Note is required')
    expect(await bad({ email: learner.email, courseId: course.id, note: 'x'.repeat(201) })).toBe(
      'Note is too long (at most 200 characters)',
    )

    const unknownEmail = await postApi({ email: 'ghost@example.test', courseId: course.id, note: 'cash' })
    expect(unknownEmail.status).toBe(404)
    expect(unknownEmail.body.message).toBe('No account uses this e-mail. Ask the learner to sign up first.')
    for (const courseId of ['b'.repeat(24), 'not-an-id']) {
      const unknownCourse = await postApi({ email: learner.email, courseId, note: 'cash' })
      expect(unknownCourse.status).toBe(404)
      expect(unknownCourse.body.message).toBe('Course not found')
    }

    const revoked = await createUser(db)
    await enrol(db, { userId: revoked.id, courseId: course.id, isActive: false })
    expect((await postApi({ email: revoked.email, courseId: course.id, note: 'cash' })).status).toBe(409)
    const staff = await createUser(db, { role: 'admin' })
    expect((await postApi({ email: staff.email, courseId: course.id, note: 'cash' })).status).toBe(409)

    const asInstructor = await postApi({ email: learner.email, courseId: course.id, note: 'cash' }, instructor.cookie)
    expect(asInstructor.status).toBe(403)
    expect((await postApi({ email: learner.email, courseId: course.id, note: 'cash' }, '')).status).toBe(401)
    expect(await countRows('enrollments')).toBe(before + 1)
    expect(await enrolment(learner.id, course.id)).toBeUndefined()
  })
})
