import { describe, expect, test } from 'vitest'
import { createCoupon, createCourse, createUser } from '../../db/factories'
import { validateCoupon } from '~/models/money/coupon.server'
import * as orders from '~/routes/api/orders'
import * as checkout from '~/routes/buy/checkout'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie } from '../support/harness'

// Coupons at checkout: case-insensitive codes, optional expiry, usage limit over PAID orders,
// the no-JS apply flow, and the API twin's shapes.

async function paidOrder(userId: string, courseId: string, couponId: string, status: 'paid' | 'created' = 'paid') {
  const now = new Date().toISOString()
  await db
    .insertInto('orders')
    .values({
      id: Math.random().toString(16).slice(2).padEnd(24, '0').slice(0, 24),
      user_id: userId,
      item_type: 'course',
      course_id: courseId,
      coupon_id: couponId,
      amount_paise: 100,
      status,
      provider: 'demo',
      provider_order_id: `order_t${Math.random().toString(36).slice(2)}`,
      provider_payment_id: null,
      phone: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .execute()
}

describe('validateCoupon', () => {
  test('case-insensitive, per course; expiry; usage limit counts paid orders only', async () => {
    const course = await createCourse(db)
    const other = await createCourse(db)
    const user = await createUser(db)
    await createCoupon(db, { courseId: course.id, code: 'Save20', discount: 20 })
    expect(await validateCoupon({ courseId: course.id, code: ' SAVE20 ' })).toMatchObject({
      ok: true,
      coupon: { discount: 20 },
    })
    expect(await validateCoupon({ courseId: other.id, code: 'SAVE20' })).toEqual({
      ok: false,
      status: 404,
      message: 'Invalid coupon code.',
    })

    await createCoupon(db, {
      courseId: course.id,
      code: 'old',
      discount: 10,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    })
    expect(await validateCoupon({ courseId: course.id, code: 'OLD' })).toEqual({
      ok: false,
      status: 400,
      message: 'This coupon has expired.',
    })
    await createCoupon(db, {
      courseId: course.id,
      code: 'later',
      discount: 10,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect((await validateCoupon({ courseId: course.id, code: 'LATER' })).ok).toBe(true)

    const limited = await createCoupon(db, { courseId: course.id, code: 'two', discount: 10, usageLimit: 2 })
    await paidOrder(user.id, course.id, limited.id, 'created')
    await paidOrder(user.id, course.id, limited.id, 'created')
    await paidOrder(user.id, course.id, limited.id, 'paid')
    expect((await validateCoupon({ courseId: course.id, code: 'two' })).ok).toBe(true)
    await paidOrder(user.id, course.id, limited.id, 'paid')
    expect(await validateCoupon({ courseId: course.id, code: 'two' })).toEqual({
      ok: false,
      status: 400,
      message: 'This coupon has reached its usage limit.',
    })
  })
})

describe('validate-coupon-code API', () => {
  test('shapes and messages', async () => {
    const course = await createCourse(db)
    await createCoupon(db, { courseId: course.id, code: 'welcome', discount: 15 })
    const call = (body: unknown) => callApi(orders, 'POST', '/api/v1/orders/validate-coupon-code', { json: body })
    expect(await call({ courseId: course.id, couponCode: 'WELCOME' })).toMatchObject({
      status: 200,
      body: { success: true, message: 'Coupon applied successfully.', discount: 15 },
    })
    expect(await call({ courseId: course.id })).toMatchObject({
      status: 400,
      body: { success: false, message: 'All fields are required.' },
    })
    expect(await call({ courseId: course.id, couponCode: { $ne: null } })).toMatchObject({ status: 400 })
    expect(await call({ courseId: course.id, couponCode: 'NOPE' })).toMatchObject({
      status: 404,
      body: { success: false, message: 'Invalid coupon code.' },
    })
  })

  test('a failed validation forgets the remembered coupon, so create-order charges the full price', async () => {
    const user = await createUser(db)
    const course = await createCourse(db, { discountedPrice: 1000 })
    await createCoupon(db, { courseId: course.id, code: 'half', discount: 50 })
    const cookie = await signedInCookie(user.id)
    const call = (path: string, body: unknown) =>
      callApi(orders, 'POST', `/api/v1/orders${path}`, { cookie, json: body })
    await call('/validate-coupon-code', { courseId: course.id, couponCode: 'HALF' })
    expect(
      (await call('/create-order', { courseId: course.id, itemType: 'course', amount: 1 })).body.order.amount,
    ).toBe(50000)
    await call('/validate-coupon-code', { courseId: course.id, couponCode: 'WRONG' })
    expect(
      (await call('/create-order', { courseId: course.id, itemType: 'course', amount: 1 })).body.order.amount,
    ).toBe(100000)
  })
})

describe('checkout page (no JS)', () => {
  test('apply: empty code, bad code, good code -> ?coupon= and the discounted price', async () => {
    const user = await createUser(db)
    const course = await createCourse(db, {
      actualPrice: 4999,
      discountedPrice: 2999,
      linkAddress: 'coupon-page-course',
    })
    await createCoupon(db, { courseId: course.id, code: 'ten', discount: 10 })
    const cookie = await signedInCookie(user.id)
    const params = { id: 'coupon-page-course' }
    const act = (fields: Record<string, string>) =>
      callRoute(checkout.action, '/checkout/coupon-page-course', { form: fields, cookie, params })

    const empty = await act({ intent: 'apply', couponCode: '' })
    expect(JSON.stringify(empty.data.result)).toContain('Enter a coupon code first')
    const bad = await act({ intent: 'apply', couponCode: 'nope' })
    expect(JSON.stringify(bad.data.result)).toContain('Invalid coupon code.')
    const good = await act({ intent: 'apply', couponCode: 'ten' })
    expect(good.status).toBe(302)
    expect(good.location).toBe('/checkout/coupon-page-course?coupon=TEN')

    const page = await callRoute(checkout.loader, '/checkout/coupon-page-course', {
      query: { coupon: 'TEN' },
      cookie,
      params,
    })
    expect(page.data.coupon).toEqual({ code: 'TEN', discount: 10 })
    const stale = await callRoute(checkout.loader, '/checkout/coupon-page-course', {
      query: { coupon: 'BOGUS' },
      cookie,
      params,
    })
    expect(stale.data.coupon).toBeNull()
    expect(stale.data.couponError).toBe('Invalid coupon code.')
  })

  test('pay: phone validated; demo gateway order priced by the server with the re-validated coupon', async () => {
    const user = await createUser(db)
    const course = await createCourse(db, { discountedPrice: 2999, linkAddress: 'pay-page-course' })
    await createCoupon(db, { courseId: course.id, code: 'ten', discount: 10 })
    const cookie = await signedInCookie(user.id)
    const params = { id: 'pay-page-course' }
    const act = (fields: Record<string, string>) =>
      callRoute(checkout.action, '/checkout/pay-page-course', { form: fields, cookie, params })
    const short = await act({ intent: 'pay', phone: '12345' })
    expect(JSON.stringify(short.data.result)).toContain('Enter a valid phone number')
    const bogus = await act({ intent: 'pay', phone: '9876543210', appliedCoupon: 'BOGUS' })
    expect(JSON.stringify(bogus.data.result)).toContain('Invalid coupon code.')
    const ok = await act({ intent: 'pay', phone: '9876543210', appliedCoupon: 'TEN', amount: '1' })
    expect(ok.status).toBe(302)
    expect(ok.location).toMatch(/^\/payments\/demo\/[0-9a-f]{24}$/)
    const order = await db
      .selectFrom('orders')
      .select(['amount_paise', 'provider', 'coupon_id'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(order.amount_paise).toBe((2999 - Math.floor((2999 * 10) / 100)) * 100)
    expect(order.provider).toBe('demo')
  })
})

describe('create-order with a remembered coupon that no longer holds', () => {
  test('used up or expired: 400 with the reason, as the OpenAPI document says; then forgotten, full price', async () => {
    const course = await createCourse(db, { discountedPrice: 1000 })
    const usedUp = await createCoupon(db, { courseId: course.id, code: 'once', discount: 50, usageLimit: 1 })
    const expiring = await createCourse(db, { discountedPrice: 2000 })
    await createCoupon(db, { courseId: expiring.id, code: 'soon', discount: 50, expiresAt: '2099-01-01T00:00:00Z' })
    const buyer = await createUser(db)
    const cookie = await signedInCookie(buyer.id)
    const call = (path: string, body: unknown) =>
      callApi(orders, 'POST', `/api/v1/orders${path}`, { cookie, json: body })
    expect((await call('/validate-coupon-code', { courseId: course.id, couponCode: 'ONCE' })).status).toBe(200)
    expect((await call('/validate-coupon-code', { courseId: expiring.id, couponCode: 'SOON' })).status).toBe(200)
    // Someone else pays with the last use; the other coupon expires.
    await paidOrder((await createUser(db)).id, course.id, usedUp.id)
    await db.updateTable('coupons').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('code', '=', 'soon').execute()

    const refused = await call('/create-order', { courseId: course.id, itemType: 'course', amount: 500 })
    expect(refused).toMatchObject({
      status: 400,
      body: { success: false, message: 'This coupon has reached its usage limit.' },
    })
    const expired = await call('/create-order', { courseId: expiring.id, itemType: 'course', amount: 1000 })
    expect(expired).toMatchObject({ status: 400, body: { success: false, message: 'This coupon has expired.' } })
    const made = await db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute()
    expect(made).toEqual([])

    // The learner has been told; the next order is at the full price.
    const again = await call('/create-order', { courseId: course.id, itemType: 'course', amount: 500 })
    expect(again.status).toBe(200)
    expect(again.body.order.amount).toBe(100000)
    expect((await call('/create-order', { courseId: expiring.id, itemType: 'course' })).body.order.amount).toBe(200000)
  })

  test('the OpenAPI document promises that 400', async () => {
    const [{ openApiDocument }, { v1Resources }] = await Promise.all([
      import('~/routes/api/openapi-document.server'),
      import('~/routes/api/openapi.server'),
    ])
    const doc = openApiDocument(v1Resources) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }
    const text = JSON.stringify(doc.paths['/api/v1/orders/create-order'].post.responses['400'])
    expect(text).toContain('remembered coupon that no longer holds')
  })
})
