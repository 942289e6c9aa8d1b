// Access periods: a paid order for a course with accessDays N ends access N days after the later of now and the
// current end; renewing early never loses days; each order extends once however often it is fulfilled; access
// stops at the end everywhere (player, notes, get-full-course, current-user, profile, the purchase panel); staff
// set an end by page or API. The clock is injected: the models take `now`, and the routes read a faked Date.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createCoupon, createCourse, createLecture, createSection, createUser, enrol } from '../../db/factories'
import { db } from '~/utils/db.server'
import * as adminApi from '~/routes/api/admin'
import * as coursesApi from '~/routes/api/courses'
import * as ordersApi from '~/routes/api/orders'
import * as usersApi from '~/routes/api/users'
import * as checkout from '~/routes/buy/checkout'
import * as demo from '~/routes/buy/demo-gateway'
import * as courseUsersPage from '~/routes/admin/course-users'
import * as detail from '~/routes/courses/detail'
import * as player from '~/routes/learn/player'
import * as note from '~/routes/learn/note'
import * as profile from '~/routes/profile/index'
import { fulfilOrder, regrantPaidOrder } from '~/models/money/payment.server'
import { courseAccess } from '~/models/enrolment/access.server'
import { enrolByHand } from '~/models/enrolment/hand-enrolment.server'
import { setCourseAccess } from '~/models/enrolment/staff.server'
import { liveCourseAccess } from '~/models/insight/access-stats.server'
import { courseForm, pngFile } from '../support/catalogue'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'

const DAY = 86_400_000
const day0 = new Date('2027-01-01T04:30:00.000Z') // 10:00 in India
const day = (n: number) => new Date(day0.getTime() + n * DAY)
const iso = (n: number) => day(n).toISOString()

/** The routes' clock: Date only, so database drivers' timers run as usual. */
function at(n: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(day(n))
}
afterEach(() => {
  vi.useRealTimers()
})

let admin = { id: '', cookie: '' }
beforeAll(async () => {
  admin = await signedInUser('admin', { name: 'Ada Admin' })
})

async function liveCourse(input: { accessDays?: number | null; linkAddress?: string } = {}) {
  const course = await createCourse(db, {
    mode: 'live',
    courseTitle: 'Genetics Live',
    accessDays: input.accessDays === undefined ? 30 : input.accessDays,
    linkAddress: input.linkAddress,
    discountedPrice: 999,
  })
  const section = await createSection(db, { courseId: course.id, title: 'Week 1' })
  const lecture = await createLecture(db, {
    sectionId: section.id,
    title: 'Mendel',
    videoURL: 'https://www.youtube.com/embed/x',
    noteURL: 'https://example.test/notes.pdf',
  })
  return { ...course, lectureId: lecture.id }
}

const enrolment = (userId: string, courseId: string) =>
  db
    .selectFrom('enrollments')
    .select(['id', 'is_active', 'access_until'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst()

const order = (id: string) =>
  db.selectFrom('orders').select(['status', 'access_until', 'renewal']).where('id', '=', id).executeTakeFirstOrThrow()

/** Checkout page -> demo gateway -> pay, as a browser without JS: the order's id. */
async function buyOnPage(cookie: string, linkAddress: string) {
  const toDemo = await callRoute(checkout.action, `/checkout/${linkAddress}`, {
    form: { intent: 'pay', phone: '9876543210' },
    cookie,
    params: { id: linkAddress },
  })
  expect(toDemo.location).toMatch(/^\/payments\/demo\//)
  const orderId = toDemo.location!.split('/').pop()!
  const paid = await callRoute(demo.action, toDemo.location!, { form: { intent: 'pay' }, cookie, params: { orderId } })
  expect(paid.location).toMatch(/^\/payment-success/)
  return orderId
}

describe('buying and renewing', () => {
  test('a 30-day course bought on day 0 and renewed on day 20 ends on day 60; the order remembers its end', async () => {
    const learner = await createUser(db)
    const course = await liveCourse({ linkAddress: 'genetics-live-renew' })
    at(0)
    const first = await buyOnPage(await signedInCookie(learner.id), course.linkAddress)
    expect((await enrolment(learner.id, course.id))?.access_until).toBe(iso(30))
    expect(await order(first)).toEqual({ status: 'paid', access_until: iso(30), renewal: 0 })

    at(20)
    const cookie = await signedInCookie(learner.id)
    // The checkout offers the renewal while access lasts: its button reads 'Renew'.
    const page = await callRoute(checkout.loader, `/checkout/${course.linkAddress}`, {
      cookie,
      params: { id: course.linkAddress },
    })
    expect(page.data).toMatchObject({ enrolled: false, renewal: { until: iso(30), ended: false } })
    const second = await buyOnPage(cookie, course.linkAddress)
    expect((await enrolment(learner.id, course.id))?.access_until).toBe(iso(60))
    expect(await order(second)).toEqual({ status: 'paid', access_until: iso(60), renewal: 1 })
  })

  test('fulfilling the same order again (callback, webhook, admin Fulfil) extends once', async () => {
    const learner = await createUser(db)
    const course = await liveCourse()
    at(0)
    const created = await callApi(ordersApi, 'POST', '/api/v1/orders/create-order', {
      cookie: await signedInCookie(learner.id),
      json: { courseId: course.id, itemType: 'course', phone: '9876543210' },
    })
    expect(created.status).toBe(200)
    const orderId = (
      await db.selectFrom('orders').select('id').where('user_id', '=', learner.id).executeTakeFirstOrThrow()
    ).id
    vi.useRealTimers()
    expect(await fulfilOrder({ orderId, source: 'callback', paymentId: 'pay_1', now: day(0) })).toMatchObject({
      fulfilled: true,
    })
    expect(
      await fulfilOrder({ orderId, source: 'webhook', paymentId: 'pay_1', eventId: 'evt_1', now: day(5) }),
    ).toMatchObject({ fulfilled: false })
    expect(await fulfilOrder({ orderId, source: 'callback', paymentId: 'pay_1', now: day(6) })).toMatchObject({
      fulfilled: false,
    })
    expect(await regrantPaidOrder({ orderId, actorId: admin.id })).toEqual({ kind: 'not-needed', orderId })
    expect((await enrolment(learner.id, course.id))?.access_until).toBe(iso(30))

    // The enrolment row removed by hand: Fulfil restores the end this order bought, not a second period.
    await db.deleteFrom('enrollments').where('user_id', '=', learner.id).execute()
    expect(await regrantPaidOrder({ orderId, actorId: admin.id })).toEqual({ kind: 'regranted', orderId })
    expect(await regrantPaidOrder({ orderId, actorId: admin.id })).toEqual({ kind: 'not-needed', orderId })
    expect((await enrolment(learner.id, course.id))?.access_until).toBe(iso(30))
  })

  test('a hand enrolment and a 100% coupon each give one period', async () => {
    const course = await liveCourse()
    const byHand = await createUser(db, { email: 'by.hand.period@example.test' })
    const outcome = await enrolByHand({
      actorId: admin.id,
      email: 'by.hand.period@example.test',
      courseId: course.id,
      note: 'cash',
      now: day(3),
    })
    expect(outcome.ok && outcome.enrollment.accessUntil).toBe(iso(33))
    expect((await enrolment(byHand.id, course.id))?.access_until).toBe(iso(33))

    const coupon = await createCoupon(db, { courseId: course.id, code: 'FREEMONTH', discount: 100 })
    expect(coupon.id).toBeTruthy()
    const free = await createUser(db)
    at(4)
    const paid = await callRoute(checkout.action, `/checkout/${course.linkAddress}`, {
      form: { intent: 'pay', phone: '9876543210', appliedCoupon: 'FREEMONTH' },
      cookie: await signedInCookie(free.id),
      params: { id: course.linkAddress },
    })
    expect(paid.location).toBe('/payment-success')
    expect((await enrolment(free.id, course.id))?.access_until).toBe(iso(34))
  })

  test('a course for good is bought once; after an end staff set, it can be bought again, for good', async () => {
    const learner = await createUser(db)
    const course = await liveCourse({ accessDays: null })
    at(0)
    let cookie = await signedInCookie(learner.id)
    await buyOnPage(cookie, course.linkAddress)
    expect((await enrolment(learner.id, course.id))?.access_until).toBeNull()
    const again = await callApi(ordersApi, 'POST', '/api/v1/orders/create-order', {
      cookie,
      json: { courseId: course.id, itemType: 'course', phone: '9876543210' },
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('You are already enrolled in this course')

    await db
      .updateTable('enrollments')
      .set({ access_until: iso(1) })
      .where('user_id', '=', learner.id)
      .execute()
    at(2)
    cookie = await signedInCookie(learner.id)
    await buyOnPage(cookie, course.linkAddress)
    expect((await enrolment(learner.id, course.id))?.access_until).toBeNull()
  })

  test('granting access again after the end gives one period from now; before it, the end is kept', async () => {
    const course = await liveCourse()
    const learner = await createUser(db)
    await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: iso(10) })
    await setCourseAccess({ actorId: admin.id, userId: learner.id, courseId: course.id, active: false, now: day(5) })
    await setCourseAccess({ actorId: admin.id, userId: learner.id, courseId: course.id, active: true, now: day(6) })
    expect((await enrolment(learner.id, course.id))?.access_until).toBe(iso(10))
    await setCourseAccess({ actorId: admin.id, userId: learner.id, courseId: course.id, active: true, now: day(12) })
    expect((await enrolment(learner.id, course.id))?.access_until).toBe(iso(42))
  })
})

describe("a new course's access days", () => {
  test('the course API without accessDays gives a live course 30 days and a recorded one access for good', async () => {
    const create = async (mode: string, extra: Record<string, string> = {}) => {
      const { accessDays: _blank, ...fields } = courseForm({
        cardTitle: `Days ${mode} ${Object.keys(extra).length}`,
        mode,
      })
      const res = await callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
        cookie: admin.cookie,
        multipart: { ...fields, ...extra, courseImage: pngFile() },
      })
      expect(res.status).toBe(200)
      return (
        await db
          .selectFrom('courses')
          .select('access_days')
          .where('id', '=', res.body.course._id)
          .executeTakeFirstOrThrow()
      ).access_days
    }
    expect(await create('live')).toBe(30)
    expect(await create('recorded')).toBeNull()
    // Said outright, empty is for good and a number is kept, whatever the mode.
    expect(await create('live', { accessDays: '' })).toBeNull()
    expect(await create('recorded', { accessDays: '90' })).toBe(90)
  })
})

describe('access stops at the end', () => {
  test('player, notes, get-full-course, current-user, profile and the panel; staff still open it', async () => {
    const learner = await createUser(db)
    const course = await liveCourse({ linkAddress: 'genetics-live-ends' })
    await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: iso(30) })
    const instructor = await createUser(db, { role: 'instructor' })

    const look = async (n: number) => {
      at(n)
      const cookie = await signedInCookie(learner.id)
      const opts = { cookie, params: { id: course.id } }
      // The player first: opening it records the lecture the profile's Continue link resumes at (run alongside, which
      // of the two reads first would be up to the scheduling of their statements).
      const page = await callRoute(player.loader, `/my-courses/${course.id}`, opts)
      const [notes, api, me, mine, panel] = await Promise.all([
        callRoute(note.loader, `/my-courses/${course.id}/notes/${course.lectureId}`, {
          cookie,
          params: { id: course.id, lectureId: course.lectureId },
        }),
        callApi(coursesApi, 'GET', `/api/v1/courses/get-full-course/${course.id}`, { cookie }),
        callApi(usersApi, 'GET', '/api/v1/users/current-user', { cookie }),
        callRoute(profile.loader, '/profile', { cookie }),
        callRoute(detail.loader, `/courses/${course.linkAddress}`, { cookie, params: { id: course.linkAddress } }),
      ])
      return { page, notes, api, me, mine, panel }
    }

    const open = await look(29)
    expect(open.page.status).toBe(200)
    expect(open.notes.status).not.toBe(401)
    expect(open.api.status).toBe(200)
    expect(open.me.body.data.enrolledCourses).toEqual([course.id])
    expect(open.mine.data.courses).toEqual([
      {
        id: course.id,
        title: 'Genetics Live',
        accessUntil: iso(30),
        progress: { done: 0, total: 1, percent: 0 },
        continueTo: `/my-courses/${course.id}?lecture=${course.lectureId}`,
      },
    ])
    expect(open.panel.data.page.viewer).toEqual({ access: 'open', until: iso(30), renewable: true })

    const ended = await look(30)
    expect(ended.page.status).toBe(403)
    expect(ended.page.data).toMatchObject({
      error: 'Your access ended on 31 Jan 2027',
      renew: `/checkout/${course.linkAddress}`,
      course: null,
    })
    expect(ended.notes.status).toBe(401)
    expect(ended.api.status).toBe(401)
    expect(ended.api.body).toMatchObject({
      message: 'Your access to this course ended on 31 Jan 2027. Renew it on the website.',
    })
    expect(ended.me.body.data.enrolledCourses).toEqual([])
    expect(ended.mine.data.courses).toEqual([])
    expect(ended.panel.data.page.viewer).toEqual({ access: 'ended', until: iso(30) })

    // After the end the checkout offers the renewal from today.
    const renew = await callRoute(checkout.loader, `/checkout/${course.linkAddress}`, {
      cookie: await signedInCookie(learner.id),
      params: { id: course.linkAddress },
    })
    expect(renew.data).toMatchObject({ enrolled: false, renewal: { until: iso(30), ended: true } })

    const staff = await callRoute(player.loader, `/my-courses/${course.id}`, {
      cookie: await signedInCookie(instructor.id),
      params: { id: course.id },
    })
    expect(staff.status).toBe(200)
    vi.useRealTimers()
    expect(await courseAccess({ id: learner.id, role: 'user' }, course.id, day(29))).toMatchObject({ ok: true })
    expect(await courseAccess({ id: learner.id, role: 'user' }, course.id, day(30))).toMatchObject({
      ok: false,
      reason: 'ended',
    })
  })
})

describe('staff set the end', () => {
  const postUntil = (courseId: string, form: Record<string, string>, cookie = admin.cookie) =>
    callRoute(courseUsersPage.action, `/admin/premium-users/${courseId}?until=${form.userId}`, {
      cookie,
      params: { courseId },
      form: { intent: 'until', ...form },
    })

  test('the page: a date lasts through that day in India time, empty is for good, audited; bad input named', async () => {
    const course = await liveCourse()
    const learner = await createUser(db)
    const { id } = await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: iso(30) })

    const saved = await postUntil(course.id, { userId: learner.id, accessUntil: '2027-03-15' })
    expect(saved.status).toBe(302)
    expect(saved.location).toBe(`/admin/premium-users/${course.id}`)
    expect((await enrolment(learner.id, course.id))?.access_until).toBe('2027-03-15T18:29:59.999Z')
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'access.until')
      .where('target_id', '=', id)
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0].actor_id).toBe(admin.id)
    expect(JSON.parse(audit[0].details!)).toMatchObject({ from: iso(30), to: '2027-03-15T18:29:59.999Z' })

    const bad = await postUntil(course.id, { userId: learner.id, accessUntil: '15/03/2027' })
    expect(bad.status).toBe(400)
    expect(bad.data.result.error.accessUntil[0]).toMatch(/accessUntil must be a date/)
    expect((await enrolment(learner.id, course.id))?.access_until).toBe('2027-03-15T18:29:59.999Z')

    const stranger = await createUser(db)
    const notEnrolled = await postUntil(course.id, { userId: stranger.id, accessUntil: '2027-03-15' })
    expect(notEnrolled.status).toBe(404)

    const forGood = await postUntil(course.id, { userId: learner.id, accessUntil: '' })
    expect(forGood.status).toBe(302)
    expect((await enrolment(learner.id, course.id))?.access_until).toBeNull()

    const instructor = await signedInUser('instructor')
    const refused = await postUntil(course.id, { userId: learner.id, accessUntil: '2027-03-15' }, instructor.cookie)
    expect(refused.location).toBe('/admin/dashboard')
    expect((await enrolment(learner.id, course.id))?.access_until).toBeNull()
  })

  test('the page lists each end ("For good" when none) and filters "ends within 7 days"', async () => {
    const course = await liveCourse()
    const soon = await createUser(db, { name: 'Soon Learner' })
    const later = await createUser(db, { name: 'Later Learner' })
    const forGood = await createUser(db, { name: 'Forever Learner' })
    const now = new Date()
    const inDays = (n: number) => new Date(now.getTime() + n * DAY).toISOString()
    await enrol(db, { userId: soon.id, courseId: course.id, accessUntil: inDays(3) })
    await enrol(db, { userId: later.id, courseId: course.id, accessUntil: inDays(20) })
    await enrol(db, { userId: forGood.id, courseId: course.id })
    const all = await callRoute(courseUsersPage.loader, `/admin/premium-users/${course.id}`, {
      cookie: admin.cookie,
      params: { courseId: course.id },
    })
    expect(Object.fromEntries(all.data.users.map((u: any) => [u.name, u.accessUntil]))).toEqual({
      'Soon Learner': inDays(3),
      'Later Learner': inDays(20),
      'Forever Learner': null,
    })
    const filtered = await callRoute(courseUsersPage.loader, `/admin/premium-users/${course.id}?ends=soon`, {
      cookie: admin.cookie,
      params: { courseId: course.id },
    })
    expect(filtered.data.endsSoon).toBe(true)
    expect(filtered.data.users.map((u: any) => u.name)).toEqual(['Soon Learner'])
    const dialog = await callRoute(courseUsersPage.loader, `/admin/premium-users/${course.id}?until=${soon.id}`, {
      cookie: admin.cookie,
      params: { courseId: course.id },
    })
    expect(dialog.data.until).toMatchObject({ userId: soon.id, accessUntil: inDays(3) })
  })

  test('the API: an ISO date, a timestamp or null; 400 names the field; 404 not enrolled; 403 for an instructor', async () => {
    const course = await liveCourse()
    const learner = await createUser(db)
    await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: iso(30) })
    const post = (json: unknown, cookie = admin.cookie) =>
      callApi(adminApi, 'POST', '/api/v1/admin/set-access-until', { cookie, json })

    const byDate = await post({ userId: learner.id, courseId: course.id, accessUntil: '2027-02-01' })
    expect(byDate.status).toBe(200)
    expect(byDate.body).toMatchObject({
      success: true,
      enrollment: { userId: learner.id, courseId: course.id, accessUntil: '2027-02-01T18:29:59.999Z' },
    })
    const byTime = await post({ userId: learner.id, courseId: course.id, accessUntil: '2027-02-01T10:00:00+05:30' })
    expect(byTime.body.enrollment.accessUntil).toBe('2027-02-01T04:30:00.000Z')
    const forGood = await post({ userId: learner.id, courseId: course.id, accessUntil: null })
    expect(forGood.body.enrollment.accessUntil).toBeNull()
    expect((await enrolment(learner.id, course.id))?.access_until).toBeNull()

    const bad = await post({ userId: learner.id, courseId: course.id, accessUntil: 'next week' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/^accessUntil must be/)
    const missing = await post({ userId: learner.id, courseId: course.id })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toMatch(/^accessUntil/)
    const noCourse = await post({ userId: learner.id, accessUntil: null })
    expect(noCourse.body.message).toBe('courseId is required')
    const stranger = await createUser(db)
    const notEnrolled = await post({ userId: stranger.id, courseId: course.id, accessUntil: null })
    expect(notEnrolled.status).toBe(404)
    const instructor = await signedInUser('instructor')
    const refused = await post(
      { userId: learner.id, courseId: course.id, accessUntil: '2027-02-01' },
      instructor.cookie,
    )
    expect(refused.status).toBe(403)
    expect((await enrolment(learner.id, course.id))?.access_until).toBeNull()
  })

  test('the dashboard counts, per live course, access now, ending within 7 days and renewals in 30 days', async () => {
    const course = await liveCourse({ linkAddress: 'genetics-live-dash' })
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createUser(db)))
    await enrol(db, { userId: a.id, courseId: course.id, accessUntil: iso(3) })
    await enrol(db, { userId: b.id, courseId: course.id, accessUntil: iso(20) })
    await enrol(db, { userId: c.id, courseId: course.id, accessUntil: iso(-1) })
    await enrol(db, { userId: d.id, courseId: course.id, isActive: false, accessUntil: iso(5) })
    // b renews: a paid order for a course they already had.
    at(-2)
    await buyOnPage(await signedInCookie(b.id), course.linkAddress)
    vi.useRealTimers()
    const mine = (await liveCourseAccess(day(0))).find((r) => r.courseId === course.id)
    expect(mine).toMatchObject({ withAccess: 2, endingSoon: 1, renewals: 1 })
    const later = (await liveCourseAccess(day(40))).find((r) => r.courseId === course.id)
    // b's renewal on day -2 extended day 20 to day 50; it was paid more than 30 days before day 40.
    expect(later).toMatchObject({ withAccess: 1, endingSoon: 0, renewals: 0 })
  })
})
