// "May this learner buy or renew this course" is one rule (app/lib/purchase.ts): the course page's button, the
// checkout and create-order agree. Two cases where they used to disagree: access with an end (staff set one) on a
// course sold for good, where the panel offered 'Renew' that the checkout and create-order refused; and a revoked
// learner, to whom the checkout offered a payment form that create-order refused. Both databases.
import { describe, expect, test } from 'vitest'
import { createCourse, createUser, enrol } from '../../db/factories'
import * as ordersApi from '~/routes/api/orders'
import * as checkout from '~/routes/buy/checkout'
import * as detail from '~/routes/courses/detail'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie } from '../support/harness'

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString()

async function look(userId: string, course: { id: string; linkAddress: string }) {
  const cookie = await signedInCookie(userId)
  const params = { id: course.linkAddress }
  const [panel, page, order] = await Promise.all([
    callRoute(detail.loader, `/courses/${course.linkAddress}`, { cookie, params }),
    callRoute(checkout.loader, `/checkout/${course.linkAddress}`, { cookie, params }),
    callApi(ordersApi, 'POST', '/api/v1/orders/create-order', {
      cookie,
      json: { itemType: 'course', courseId: course.id, phone: '9876543210' },
    }),
  ])
  return { viewer: panel.data.page.viewer, checkout: page.data, order }
}

describe('the course page, the checkout and create-order agree', () => {
  test('an end on a course sold for good: no Renew anywhere, create-order 409', async () => {
    const course = await createCourse(db, { accessDays: null, linkAddress: 'standing-for-good' })
    const learner = await createUser(db)
    const until = inDays(10)
    await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: until })
    const seen = await look(learner.id, course)
    expect(seen.viewer).toEqual({ access: 'open', until, renewable: false })
    expect(seen.checkout).toMatchObject({ enrolled: true, revoked: null, renewal: null })
    expect(seen.order).toMatchObject({ status: 409, body: { message: 'You are already enrolled in this course' } })
  })

  test('a period on a live batch: Renew on the panel and the checkout, and create-order makes the order', async () => {
    const course = await createCourse(db, { mode: 'live', accessDays: 30, linkAddress: 'standing-live' })
    const learner = await createUser(db)
    const until = inDays(10)
    await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: until })
    const seen = await look(learner.id, course)
    expect(seen.viewer).toEqual({ access: 'open', until, renewable: true })
    expect(seen.checkout).toMatchObject({ enrolled: false, revoked: null, renewal: { until, ended: false } })
    expect(seen.order.status).toBe(200)
  })

  test('revoked: the checkout says why instead of a payment form, create-order 403 with the same words', async () => {
    const course = await createCourse(db, { mode: 'live', accessDays: 30, linkAddress: 'standing-revoked' })
    const learner = await createUser(db)
    await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: inDays(10), isActive: false })
    const seen = await look(learner.id, course)
    const revoked = 'Access has been revoked by the admin, contact admin.'
    expect(seen.checkout).toMatchObject({ enrolled: false, revoked, renewal: null })
    expect(seen.order).toMatchObject({ status: 403, body: { message: revoked } })
  })
})
