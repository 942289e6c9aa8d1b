import { describe, expect, test, vi } from 'vitest'
import { createCourse, createUser, setQuizPrice } from '../../db/factories'
import * as checkout from '~/routes/buy/checkout'
import * as demo from '~/routes/buy/demo-gateway'
import * as unlock from '~/routes/buy/unlock-quizzes'
import * as success from '~/routes/buy/payment-success'
import { db } from '~/utils/db.server'
import { cookieFor, form, run } from './payments-helpers'

// The demo gateway (no Razorpay keys): checkout -> demo page -> the same signature verification -> enrolment.

const enrolments = async (userId: string) => (await db.selectFrom('enrollments').select('id').where('user_id', '=', userId).execute()).length

describe('demo gateway', () => {
  test('checkout -> demo page -> pay -> payment success, enrolled exactly once', async () => {
    const user = await createUser(db)
    const stranger = await createUser(db)
    await createCourse(db, { linkAddress: 'demo-course', discountedPrice: 999 })
    const cookie = await cookieFor(user.id)
    const toDemo = (await run(() => checkout.action({ request: form({ intent: 'pay', phone: '9876543210' }, cookie), params: { id: 'demo-course' }, context: {} } as never))) as Response
    const location = toDemo.headers.get('Location')!
    const orderId = location.split('/').pop()!
    const page = (await demo.loader({ request: new Request(`http://localhost${location}`, { headers: { Cookie: cookie } }), params: { orderId }, context: {} } as never)) as any
    expect(page).toMatchObject({ amount: 999 })
    // Another learner cannot see or pay someone else's demo order.
    const strangerCookie = await cookieFor(stranger.id)
    const denied = await run(() => demo.loader({ request: new Request(`http://localhost${location}`, { headers: { Cookie: strangerCookie } }), params: { orderId }, context: {} } as never))
    expect((denied as any).init?.status ?? (denied as Response).status).toBe(404)

    const paid = (await run(() => demo.action({ request: form({ intent: 'pay' }, cookie), params: { orderId }, context: {} } as never))) as Response
    expect(paid.headers.get('Location')).toMatch(/^\/payment-success\?paymentId=pay_demo[0-9a-f]+$/)
    const again = (await run(() => demo.action({ request: form({ intent: 'pay' }, cookie), params: { orderId }, context: {} } as never))) as Response
    expect(again.status).toBe(302)
    expect(await enrolments(user.id)).toBe(1)

    // Already enrolled: the checkout page offers Go to My Course and refuses a second order.
    const view = (await checkout.loader({ request: new Request('http://localhost/checkout/demo-course', { headers: { Cookie: cookie } }), params: { id: 'demo-course' }, context: {} } as never)) as any
    expect(view.enrolled).toBe(true)
  })

  test('cancel returns to checkout; signed-out checkout asks to log in', async () => {
    const user = await createUser(db)
    await createCourse(db, { linkAddress: 'cancel-course' })
    const cookie = await cookieFor(user.id)
    const toDemo = (await run(() => checkout.action({ request: form({ intent: 'pay', phone: '9876543210' }, cookie), params: { id: 'cancel-course' }, context: {} } as never))) as Response
    const orderId = toDemo.headers.get('Location')!.split('/').pop()!
    const cancelled = (await run(() => demo.action({ request: form({ intent: 'cancel' }, cookie), params: { orderId }, context: {} } as never))) as Response
    expect(cancelled.headers.get('Location')).toBe('/checkout/cancel-course')
    expect(await enrolments(user.id)).toBe(0)
    const anon = (await run(() => checkout.loader({ request: new Request('http://localhost/checkout/cancel-course'), params: { id: 'cancel-course' }, context: {} } as never))) as Response
    expect(anon.headers.get('Location')).toBe('/login?redirectTo=%2Fcheckout%2Fcancel-course')
    const missing = (await checkout.loader({ request: new Request('http://localhost/checkout/nope', { headers: { Cookie: cookie } }), params: { id: 'nope' }, context: {} } as never)) as any
    expect(missing.init.status).toBe(404)
    expect(missing.data.course).toBeNull()
  })

  test('quiz bundle: login needed, bought through the demo gateway, then refused as already purchased', async () => {
    await setQuizPrice(db, { actualPrice: 399, discountedPrice: 99 })
    const anon = (await run(() => unlock.action({ request: form({}), params: {}, context: {} } as never))) as Response
    expect(anon.headers.get('Location')).toBe('/login?redirectTo=%2Fquizzes%2Funlock')
    const user = await createUser(db)
    const cookie = await cookieFor(user.id)
    const toDemo = (await run(() => unlock.action({ request: form({ amount: '1' }, cookie), params: {}, context: {} } as never))) as Response
    const orderId = toDemo.headers.get('Location')!.split('/').pop()!
    const order = await db.selectFrom('orders').select(['amount_paise', 'item_type']).where('id', '=', orderId).executeTakeFirstOrThrow()
    expect(order).toEqual({ amount_paise: 9900, item_type: 'quiz_bundle' })
    await run(() => demo.action({ request: form({ intent: 'pay' }, cookie), params: { orderId }, context: {} } as never))
    const u = await db.selectFrom('users').select('has_access_to_quizzes').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(u.has_access_to_quizzes).toBe(1)
    const twice = (await run(() => unlock.action({ request: form({}, cookie), params: {}, context: {} } as never))) as any
    expect(twice.data.error).toBe('You have already purchased mock test series')
  })

  test('payment success shows the id or twelve X characters', () => {
    const call = (q: string) => success.loader({ request: new Request(`http://localhost/payment-success${q}`), params: {}, context: {} } as never)
    expect(call('?paymentId=pay_ABC123')).toEqual({ paymentId: 'pay_ABC123' })
    expect(call('')).toEqual({ paymentId: 'XXXXXXXXXXXX' })
    expect(call('?paymentId=%3Cscript%3E')).toEqual({ paymentId: 'XXXXXXXXXXXX' })
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
