import { describe, expect, test, vi } from 'vitest'

// Limits on (issue 10 #5); the env is read lazily, so set it before anything asks.
vi.hoisted(() => {
  process.env.RATE_LIMIT = 'on'
})

import { createCoupon, createCourse, createUser } from '../../db/factories'
import { COUPON_FAILURES_PER_WINDOW, COUPON_TOO_MANY } from '~/models/coupon.server'
import * as orders from '~/routes/api/orders'
import * as checkout from '~/routes/buy/checkout'
import { db } from '~/utils/db.server'
import { cookieFor, form, run } from './payments-helpers'

// issue 10 #5: validate-coupon-code answered 150 anonymous guesses without a 429. Failed coupon checks are now
// limited per client address and per account, on the API and on the checkout page alike.

async function validate(body: unknown, address: string, cookie?: string) {
  const request = new Request('http://localhost/api/v1/orders/validate-coupon-code', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  })
  const res = (await orders.action({ request, params: { '*': 'validate-coupon-code' }, context: { clientAddress: address } } as never)) as Response
  return { status: res.status, body: await res.json() }
}

describe('coupon guessing', () => {
  test('150 anonymous guesses from one address: 10 answered, the rest 429; the real code still works elsewhere', async () => {
    const course = await createCourse(db)
    await createCoupon(db, { courseId: course.id, code: 'secret42', discount: 30 })
    const statuses: number[] = []
    for (let i = 0; i < 150; i++) statuses.push((await validate({ courseId: course.id, couponCode: `GUESS${i}` }, '198.51.100.50')).status)
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
    const cookie = await cookieFor(user.id)
    for (let i = 0; i < COUPON_FAILURES_PER_WINDOW - 1; i++) {
      expect((await validate({ courseId: course.id, couponCode: `NOPE${i}` }, `203.0.113.${i}`, cookie)).status).toBe(404)
    }
    // The 10th failure is on the checkout page (JS off: a plain post).
    const url = `http://localhost/checkout/${'coupon-limit-course'}`
    let out = (await run(() => checkout.action({ request: form({ intent: 'apply', couponCode: 'NOPE-PAGE' }, cookie, url), params: { id: 'coupon-limit-course' }, context: { clientAddress: '203.0.113.200' } } as never))) as { init?: { status?: number } }
    expect(out.init?.status).toBe(404)
    out = (await run(() => checkout.action({ request: form({ intent: 'apply', couponCode: 'NOPE-PAGE2' }, cookie, url), params: { id: 'coupon-limit-course' }, context: { clientAddress: '203.0.113.201' } } as never))) as { init?: { status?: number }; data?: unknown }
    expect(out.init?.status).toBe(429)
    expect(JSON.stringify((out as { data?: unknown }).data)).toContain(COUPON_TOO_MANY)
    expect((await validate({ courseId: course.id, couponCode: 'NOPE-API' }, '203.0.113.202', cookie)).status).toBe(429)
    // Someone else is not affected.
    expect((await validate({ courseId: course.id, couponCode: 'NOPE' }, '203.0.113.203')).status).toBe(404)
  })
})
