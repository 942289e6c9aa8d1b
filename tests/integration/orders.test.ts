import { describe, expect, test, vi } from 'vitest'
import { createCourse, createUser, setQuizPrice } from '../../db/factories'
import * as checkout from '~/routes/buy/checkout'
import * as demo from '~/routes/buy/demo-gateway'
import * as unlock from '~/routes/buy/unlock-quizzes'
import * as success from '~/routes/buy/payment-success'
import { db } from '~/utils/db.server'
import { callRoute, signedInCookie } from '../support/harness'

// The demo gateway (no Razorpay keys): checkout -> demo page -> the same signature verification -> enrolment.

const enrolments = async (userId: string) =>
  (await db.selectFrom('enrollments').select('id').where('user_id', '=', userId).execute()).length

describe('demo gateway', () => {
  test('checkout -> demo page -> pay -> payment success, enrolled exactly once', async () => {
    const user = await createUser(db)
    const stranger = await createUser(db)
    await createCourse(db, { linkAddress: 'demo-course', discountedPrice: 999 })
    const cookie = await signedInCookie(user.id)
    const toDemo = await callRoute(checkout.action, '/checkout/demo-course', {
      form: { intent: 'pay', phone: '9876543210' },
      cookie,
      params: { id: 'demo-course' },
    })
    const location = toDemo.location!
    const orderId = location.split('/').pop()!
    const page = await callRoute(demo.loader, location, { cookie, params: { orderId } })
    expect(page.data).toMatchObject({ amount: 999 })
    // Another learner cannot see or pay someone else's demo order.
    const strangerCookie = await signedInCookie(stranger.id)
    const denied = await callRoute(demo.loader, location, { cookie: strangerCookie, params: { orderId } })
    expect(denied.status).toBe(404)

    const paid = await callRoute(demo.action, location, { form: { intent: 'pay' }, cookie, params: { orderId } })
    expect(paid.location).toMatch(/^\/payment-success\?paymentId=pay_demo[0-9a-f]+$/)
    const again = await callRoute(demo.action, location, { form: { intent: 'pay' }, cookie, params: { orderId } })
    expect(again.status).toBe(302)
    expect(await enrolments(user.id)).toBe(1)

    // Already enrolled: the checkout page offers Go to My Course and refuses a second order.
    const view = await callRoute(checkout.loader, '/checkout/demo-course', { cookie, params: { id: 'demo-course' } })
    expect(view.data.enrolled).toBe(true)
  })

  test('cancel returns to checkout; signed-out checkout asks to log in', async () => {
    const user = await createUser(db)
    await createCourse(db, { linkAddress: 'cancel-course' })
    const cookie = await signedInCookie(user.id)
    const toDemo = await callRoute(checkout.action, '/checkout/cancel-course', {
      form: { intent: 'pay', phone: '9876543210' },
      cookie,
      params: { id: 'cancel-course' },
    })
    const orderId = toDemo.location!.split('/').pop()!
    const cancelled = await callRoute(demo.action, toDemo.location!, {
      form: { intent: 'cancel' },
      cookie,
      params: { orderId },
    })
    expect(cancelled.location).toBe('/checkout/cancel-course')
    expect(await enrolments(user.id)).toBe(0)
    const anon = await callRoute(checkout.loader, '/checkout/cancel-course', { params: { id: 'cancel-course' } })
    expect(anon.location).toBe('/login?redirectTo=%2Fcheckout%2Fcancel-course')
    const missing = await callRoute(checkout.loader, '/checkout/nope', { cookie, params: { id: 'nope' } })
    expect(missing.status).toBe(404)
    expect(missing.data.course).toBeNull()
  })

  test('quiz bundle: login needed, bought through the demo gateway, then refused as already purchased', async () => {
    await setQuizPrice(db, { actualPrice: 399, discountedPrice: 99 })
    const anon = await callRoute(unlock.action, '/quizzes/unlock', { form: {} })
    expect(anon.location).toBe('/login?redirectTo=%2Fquizzes')
    const user = await createUser(db)
    const cookie = await signedInCookie(user.id)
    const toDemo = await callRoute(unlock.action, '/quizzes/unlock', { form: { amount: '1' }, cookie })
    const orderId = toDemo.location!.split('/').pop()!
    const order = await db
      .selectFrom('orders')
      .select(['amount_paise', 'item_type'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({ amount_paise: 9900, item_type: 'quiz_bundle' })
    await callRoute(demo.action, toDemo.location!, { form: { intent: 'pay' }, cookie, params: { orderId } })
    const u = await db
      .selectFrom('users')
      .select('has_access_to_quizzes')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(u.has_access_to_quizzes).toBe(1)
    const twice = await callRoute(unlock.action, '/quizzes/unlock', { form: {}, cookie })
    expect(twice.data.error).toBe('You have already purchased mock test series')
  })

  test('payment success shows the id or twelve X characters', async () => {
    const call = async (q: string) => (await callRoute(success.loader, `/payment-success${q}`)).data
    expect(await call('?paymentId=pay_ABC123')).toEqual({ paymentId: 'pay_ABC123' })
    expect(await call('')).toEqual({ paymentId: 'XXXXXXXXXXXX' })
    expect(await call('?paymentId=%3Cscript%3E')).toEqual({ paymentId: 'XXXXXXXXXXXX' })
  })
})

describe('production', () => {
  test('the demo gateway refuses to run when APP_ENV=production', async () => {
    vi.resetModules()
    process.env.APP_ENV = 'production'
    process.env.SESSION_SECRET = 'prod-secret-for-test'
    try {
      const payments = await import('~/services/payments.server')
      expect(() => payments.getGateway()).toThrow(payments.PaymentsUnavailableError)
      expect(payments.signingSecretFor('demo')).toBeNull()
    } finally {
      delete process.env.APP_ENV
      delete process.env.SESSION_SECRET
      vi.resetModules()
    }
  })
})
