import { describe, expect, test, vi } from 'vitest'

// Limits on; the env is read lazily, so set it before anything asks.
vi.hoisted(() => {
  process.env.RATE_LIMIT = 'on'
})

import { createCoupon, createCourse, createUser } from '../../db/factories'
import { COUPON_FAILURES_PER_WINDOW, COUPON_TOO_MANY } from '~/models/money/coupon.server'
import * as orders from '~/routes/api/orders'
import * as checkout from '~/routes/buy/checkout'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie } from '../support/harness'

// Without a limit, validate-coupon-code would answer 150 anonymous guesses without a 429. Failed coupon checks are
// limited per client address and per account, on the API and on the checkout page alike.

async function validate(body: unknown, address: string, cookie?: string) {
  const { status, body: answer } = await callApi(orders, 'POST', '/api/v1/orders/validate-coupon-code', {
    json: body,
    address,
    cookie,
  })
  return { status, body: answer }
}

describe('coupon guessing', () => {
  test('150 anonymous guesses from one address: 10 answered, the rest 429; the real code still works elsewhere', async () => {
    const course = await createCourse(db)
    await createCoupon(db, { courseId: course.id, code: 'secret42', discount: 30 })
    const statuses: number[] = []
    for (let i = 0; i < 150; i++)
      statuses.push((await validate({ courseId: course.id, couponCode: `GUESS${i}` }, '198.51.100.50')).status)
    expect(statuses.slice(0, COUPON_FAILURES_PER_WINDOW).every((s) => s === 404)).toBe(true)
    expect(statuses.slice(COUPON_FAILURES_PER_WINDOW).every((s) => s === 429)).toBe(true)
    // Even the right code is refused from that address now: the limit is what stops the search.
    const blocked = await validate({ courseId: course.id, couponCode: 'SECRET42' }, '198.51.100.50')
    expect(blocked).toMatchObject({ status: 429, body: { success: false, message: COUPON_TOO_MANY } })
    expect((await validate({ courseId: course.id, couponCode: 'SECRET42' }, '198.51.100.51')).status).toBe(200)
  })

  test('a signed-in account is limited across addresses, and the checkout page shares the count', async () => {
    const course = await createCourse(db, { linkAddress: 'coupon-limit-course' })
    const user = await createUser(db)
    const cookie = await signedInCookie(user.id)
    for (let i = 0; i < COUPON_FAILURES_PER_WINDOW - 1; i++) {
      expect((await validate({ courseId: course.id, couponCode: `NOPE${i}` }, `203.0.113.${i}`, cookie)).status).toBe(
        404,
      )
    }
    // The 10th failure is on the checkout page (JS off: a plain post).
    const url = `/checkout/${'coupon-limit-course'}`
    const params = { id: 'coupon-limit-course' }
    let out = await callRoute(checkout.action, url, {
      form: { intent: 'apply', couponCode: 'NOPE-PAGE' },
      cookie,
      params,
      address: '203.0.113.200',
    })
    expect(out.status).toBe(404)
    out = await callRoute(checkout.action, url, {
      form: { intent: 'apply', couponCode: 'NOPE-PAGE2' },
      cookie,
      params,
      address: '203.0.113.201',
    })
    expect(out.status).toBe(429)
    expect(JSON.stringify(out.data)).toContain(COUPON_TOO_MANY)
    expect((await validate({ courseId: course.id, couponCode: 'NOPE-API' }, '203.0.113.202', cookie)).status).toBe(429)
    // Someone else is not affected.
    expect((await validate({ courseId: course.id, couponCode: 'NOPE' }, '203.0.113.203')).status).toBe(404)
  })
})
