import { beforeAll, describe, expect, test } from 'vitest'
import { createCoupon, createCourse, createLecture, createSection, createUser, enrol } from '../../db/factories'
import * as home from '~/routes/public/home'
import * as list from '~/routes/courses/list'
import * as bsc from '~/routes/courses/bsc-hons-batch'
import * as semester from '~/routes/courses/semester'
import * as detail from '~/routes/courses/detail'
import * as redirect from '~/routes/public/course-redirect'
import * as checkout from '~/routes/buy/checkout'
import * as player from '~/routes/learn/player'
import * as allCourses from '~/routes/admin/all-courses'
import * as coursesApi from '~/routes/api/courses'
import * as ordersApi from '~/routes/api/orders'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'

// A draft (published = 0) is on no public list and not for sale: its pages answer 404 with the texts a missing
// course gets, to everyone but staff, who see it marked; a learner already enrolled keeps the player.

type Who = { id: string; cookie: string }
let msc: { id: string; linkAddress: string }
let bscDraft: { id: string; linkAddress: string }
let published: { id: string; linkAddress: string }
let learner: Who
let enrolled: Who
let instructor: Who
let admin: Who

const unpublish = (id: string) => db.updateTable('courses').set({ published: 0 }).where('id', '=', id).execute()
const orderCount = async (courseId: string) =>
  (await db.selectFrom('orders').select('id').where('course_id', '=', courseId).execute()).length
const links = (courses: Array<{ linkAddress: string }>) => courses.map((c) => c.linkAddress)

beforeAll(async () => {
  msc = await createCourse(db, { cardTitle: 'Draft MSc', linkAddress: 'draft-msc', courseTag: 'M.Sc Entrance' })
  bscDraft = await createCourse(db, { cardTitle: 'Semester III', linkAddress: 'semester-iii', courseTag: 'B.Sc Hons.' })
  published = await createCourse(db, { cardTitle: 'On Sale', linkAddress: 'on-sale', courseTag: 'M.Sc Entrance' })
  await createCourse(db, { cardTitle: 'Semester I', linkAddress: 'semester-i', courseTag: 'B.Sc Hons.' })
  const section = await createSection(db, { courseId: msc.id, title: 'Unit 1' })
  await createLecture(db, { sectionId: section.id, title: 'Welcome', videoURL: 'https://youtu.be/dQw4w9WgXcQ' })
  await createCoupon(db, { courseId: msc.id, code: 'draft10', discount: 10 })
  learner = await signedInUser('user')
  const enrolledUser = await createUser(db)
  await enrol(db, { userId: enrolledUser.id, courseId: msc.id })
  enrolled = { id: enrolledUser.id, cookie: await signedInCookie(enrolledUser.id) }
  instructor = await signedInUser('instructor')
  admin = await signedInUser('admin')
  await unpublish(msc.id)
  await unpublish(bscDraft.id)
})

describe('public lists leave drafts out', () => {
  test('/courses, the home carousel, the B.Sc list and get-all-courses', async () => {
    expect(links((await callRoute(list.loader, '/courses')).data.courses)).toEqual(['on-sale'])
    expect(links((await callRoute(home.loader, '/')).data.courses)).toEqual(['on-sale'])
    expect(links((await callRoute(bsc.loader, '/courses/bsc-hons-batch')).data.courses)).toEqual(['semester-i'])
    const api = await callApi(coursesApi, 'GET', '/api/v1/courses/get-all-courses', { cookie: admin.cookie })
    expect(api.body.courses.map((c: { _id: string }) => c._id)).toEqual([published.id, expect.any(String)])
    expect(JSON.stringify(api.body)).not.toContain(msc.id)
    expect(JSON.stringify(api.body)).not.toContain(bscDraft.id)
  })

  test("get-enrolled-courses: a draft's id gets no title back, whoever asks", async () => {
    const titleOf = async (id: string) =>
      (await db.selectFrom('courses').select('course_title').where('id', '=', id).executeTakeFirstOrThrow())
        .course_title
    for (const cookie of [undefined, enrolled.cookie, admin.cookie]) {
      const res = await callApi(coursesApi, 'POST', '/api/v1/courses/get-enrolled-courses', {
        json: { courseIds: [msc.id, published.id, bscDraft.id] },
        cookie,
      })
      expect(res.status).toBe(200)
      expect(res.body.courses).toEqual([{ _id: published.id, courseTitle: await titleOf(published.id) }])
      expect(JSON.stringify(res.body)).not.toContain(await titleOf(msc.id))
    }
  })
})

describe("a draft's own addresses", () => {
  test('detail and semester pages: 404 (No Course Found) to visitors and learners, the course to staff', async () => {
    for (const cookie of [undefined, learner.cookie, enrolled.cookie]) {
      const page = await callRoute(detail.loader, '/courses/draft-msc', { cookie, params: { id: 'draft-msc' } })
      expect(page.status).toBe(404)
      expect(page.data.page).toBeNull()
      const sem = await callRoute(semester.loader, '/courses/bsc-hons-batch/semester-iii', {
        cookie,
        params: { id: 'semester-iii' },
      })
      expect(sem.status).toBe(404)
    }
    for (const staff of [instructor, admin]) {
      const page = await callRoute(detail.loader, '/courses/draft-msc', {
        cookie: staff.cookie,
        params: { id: 'draft-msc' },
      })
      expect(page.status).toBe(200)
      expect(page.data.page).toMatchObject({ draft: true, course: { linkAddress: 'draft-msc' } })
    }
    const live = await callRoute(detail.loader, '/courses/on-sale', { cookie: admin.cookie, params: { id: 'on-sale' } })
    expect(live.data.page.draft).toBe(false)
  })

  test('the /:id redirect is a 404 and get-course-details "Course not found"', async () => {
    const old = await callRoute(redirect.loader, '/draft-msc', { params: { id: 'draft-msc' } })
    expect(old.status).toBe(404)
    expect(old.location).toBeNull()
    expect((await callRoute(redirect.loader, '/on-sale', { params: { id: 'on-sale' } })).location).toBe(
      '/courses/on-sale',
    )
    const details = await callApi(coursesApi, 'POST', '/api/v1/courses/get-course-details', {
      json: { linkAddress: 'draft-msc' },
    })
    expect(details.status).toBe(404)
    expect(details.body.message).toBe('Course not found')
  })

  test('checkout: "Course not found" (404) to learners; staff see it marked, without a coupon applied', async () => {
    const page = await callRoute(checkout.loader, '/checkout/draft-msc', {
      cookie: learner.cookie,
      params: { id: 'draft-msc' },
    })
    expect(page.status).toBe(404)
    expect(page.data.course).toBeNull()
    const staff = await callRoute(checkout.loader, '/checkout/draft-msc?coupon=DRAFT10', {
      cookie: admin.cookie,
      params: { id: 'draft-msc' },
    })
    expect(staff.status).toBe(200)
    expect(staff.data.course).toMatchObject({ id: msc.id, draft: true })
    expect(staff.data.coupon).toBeNull()
  })
})

describe('no order for a draft, whoever asks', () => {
  test('the checkout page: applying a coupon and paying go back to the page; no order is made', async () => {
    for (const who of [learner, admin]) {
      const apply = await callRoute(checkout.action, '/checkout/draft-msc', {
        cookie: who.cookie,
        params: { id: 'draft-msc' },
        form: { intent: 'apply', couponCode: 'DRAFT10' },
      })
      expect(apply.location).toBe('/checkout/draft-msc')
      const pay = await callRoute(checkout.action, '/checkout/draft-msc', {
        cookie: who.cookie,
        params: { id: 'draft-msc' },
        form: { intent: 'pay', phone: '9876543210' },
      })
      expect(pay.location).toBe('/checkout/draft-msc')
    }
    expect(await orderCount(msc.id)).toBe(0)
  })

  test('the API: create-order answers 404 Course not found, validate-coupon-code as for a missing course', async () => {
    for (const who of [learner, admin]) {
      const order = await callApi(ordersApi, 'POST', '/api/v1/orders/create-order', {
        cookie: who.cookie,
        json: { itemType: 'course', courseId: msc.id, phone: '9876543210' },
      })
      expect(order.status).toBe(404)
      expect(order.body.message).toBe('Course not found')
      const coupon = await callApi(ordersApi, 'POST', '/api/v1/orders/validate-coupon-code', {
        cookie: who.cookie,
        json: { courseId: msc.id, couponCode: 'DRAFT10' },
      })
      expect(coupon.status).toBe(404)
      expect(coupon.body.message).toBe('Invalid coupon code.')
    }
    const remembered = await db.selectFrom('coupon_selections').select('user_id').execute()
    expect(remembered).toEqual([])
    expect(await orderCount(msc.id)).toBe(0)
  })
})

describe('who keeps a draft', () => {
  test('an enrolled learner keeps the player and get-full-course', async () => {
    const page = await callRoute(player.loader, `/my-courses/${msc.id}`, {
      cookie: enrolled.cookie,
      params: { id: msc.id },
    })
    expect(page.status).toBe(200)
    expect(page.data.error).toBeNull()
    const full = await callApi(coursesApi, 'GET', `/api/v1/courses/get-full-course/${msc.id}`, {
      cookie: enrolled.cookie,
    })
    expect(full.status).toBe(200)
    expect(full.body.course.sections[0].lectures[0].title).toBe('Welcome')
    // Not a way in for anyone else.
    const stranger = await callApi(coursesApi, 'GET', `/api/v1/courses/get-full-course/${msc.id}`, {
      cookie: learner.cookie,
    })
    expect(stranger.status).toBe(401)
  })

  test('the staff course list shows drafts, marked', async () => {
    const res = await callRoute(allCourses.loader, '/admin/all-courses', { cookie: instructor.cookie })
    const byId = new Map(res.data.courses.map((c: { id: string; published: boolean }) => [c.id, c.published]))
    expect(byId.get(msc.id)).toBe(false)
    expect(byId.get(published.id)).toBe(true)
  })
})
