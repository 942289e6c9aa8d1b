import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startRazorpayServer, sign, type RazorpayStandIn } from '../support/standins/razorpay'
import { callApi, callRoute, signedInCookie } from '../support/harness'

// Razorpay path against the Razorpay-shaped stand-in with real signatures: forged callbacks enrol
// nobody, a client amount is ignored, callback + webhooks enrol exactly once.

let rzp: RazorpayStandIn
beforeAll(async () => {
  rzp = await startRazorpayServer(0)
  Object.assign(process.env, rzp.env)
})
afterAll(async () => rzp?.close())

const app = async () => {
  const [{ db }, factories, orders, fulfilment, callbacks, callback] = await Promise.all([
    import('~/utils/db.server'),
    import('../../db/factories'),
    import('~/routes/api/orders'),
    import('~/models/money/payment.server'),
    import('~/models/money/payment-callbacks.server'),
    import('~/routes/buy/razorpay-callback'),
  ])
  return { db, f: factories, orders, payment: { ...fulfilment, ...callbacks }, callback }
}

async function enrolments(userId: string, courseId?: string) {
  const { db } = await app()
  let q = db.selectFrom('enrollments').select('id').where('user_id', '=', userId)
  if (courseId) q = q.where('course_id', '=', courseId)
  return (await q.execute()).length
}

async function buyCourse(opts: { price?: number; amount?: number; grantsQuizAccess?: boolean } = {}) {
  const { db, f, orders } = await app()
  const user = await f.createUser(db)
  const course = await f.createCourse(db, {
    actualPrice: 4999,
    discountedPrice: opts.price ?? 2999,
    grantsQuizAccess: opts.grantsQuizAccess,
  })
  const cookie = await signedInCookie(user.id)
  const res = await callApi(orders, 'POST', '/api/v1/orders/create-order', {
    cookie,
    json: { courseId: course.id, amount: opts.amount ?? 1, phone: '9876543210', itemType: 'course' },
  })
  return { user, course, cookie, res }
}

const webhookBody = (orderId: string, paymentId: string, amount: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          order_id: orderId,
          amount,
          currency: 'INR',
          status: 'captured',
          ...extra,
        },
      },
    },
  })

async function webhook(body: string, opts: { eventId?: string; signature?: string } = {}) {
  const { orders } = await app()
  return callApi(orders, 'POST', '/api/v1/orders/verify-payment', {
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': opts.signature ?? sign(rzp.webhookSecret, body),
      ...(opts.eventId ? { 'X-Razorpay-Event-Id': opts.eventId } : {}),
    },
  })
}

describe('create-order', () => {
  test('charges the server price through Razorpay; the client amount is ignored', async () => {
    const { res } = await buyCourse({ price: 2999, amount: 1 })
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.order).toMatchObject({
      entity: 'order',
      amount: 299900,
      amount_due: 299900,
      currency: 'INR',
      status: 'created',
    })
    expect(res.body.order.id).toMatch(/^order_/)
    expect(rzp.orders.get(res.body.order.id)?.amount).toBe(299900)
  })

  test('refuses a bad itemType, a bad course id, an unknown course and no session', async () => {
    const { db, f, orders } = await app()
    const user = await f.createUser(db)
    const cookie = await signedInCookie(user.id)
    const call = (body: unknown, c: string | undefined = cookie) =>
      callApi(orders, 'POST', '/api/v1/orders/create-order', { cookie: c, json: body })
    expect(await call({ itemType: 'book' })).toMatchObject({
      status: 400,
      body: { message: "Invalid or missing itemType. Must be 'course' or 'quiz'." },
    })
    expect((await call({ itemType: 'course', courseId: { $ne: null } })).status).toBe(400)
    expect((await call({ itemType: 'course', courseId: 'a'.repeat(24) })).status).toBe(404)
    expect((await call({ itemType: 'course', courseId: 'a'.repeat(24), phone: ['x'] })).status).toBe(400)
    expect((await call({ itemType: 'quiz' }, '')).status).toBe(401)
  })

  test('already enrolled or bundle owned -> 409; revoked -> 403', async () => {
    const { db, f, orders } = await app()
    const user = await f.createUser(db, { hasAccessToQuizzes: true })
    const course = await f.createCourse(db)
    const revokedCourse = await f.createCourse(db)
    await f.enrol(db, { userId: user.id, courseId: course.id })
    await f.enrol(db, { userId: user.id, courseId: revokedCourse.id, isActive: false })
    const cookie = await signedInCookie(user.id)
    const call = (body: unknown) => callApi(orders, 'POST', '/api/v1/orders/create-order', { cookie, json: body })
    expect(await call({ itemType: 'course', courseId: course.id, amount: 1 })).toMatchObject({ status: 409 })
    expect(await call({ itemType: 'quiz', amount: 1 })).toMatchObject({
      status: 409,
      body: { message: 'You have already purchased mock test series' },
    })
    expect(await call({ itemType: 'course', courseId: revokedCourse.id })).toMatchObject({
      status: 403,
      body: { message: 'Access has been revoked by the admin, contact admin.' },
    })
  })
})

describe('callback', () => {
  test('a real signature enrols the buyer once, grants premium and (per course) quiz access, and mails', async () => {
    const { db, callback } = await app()
    const { user, course, res } = await buyCourse({ grantsQuizAccess: true })
    const orderId = res.body.order.id as string
    const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`
    const fields = {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(rzp.keySecret, `${orderId}|${paymentId}`),
    }
    // No session: the callback arrives from Razorpay's page.
    const out = await callRoute(callback.action, '/payments/razorpay/callback', { form: fields })
    expect(out.status).toBe(302)
    expect(out.headers.get('Location')).toBe(`/payment-success?paymentId=${paymentId}`)
    const again = await callRoute(callback.action, '/payments/razorpay/callback', { form: fields })
    expect(again.headers.get('Location')).toContain('/payment-success')
    expect(await enrolments(user.id, course.id)).toBe(1)
    const u = await db
      .selectFrom('users')
      .select(['is_premium_member', 'has_access_to_quizzes', 'mobile_number'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    // The course's quiz access is worked out from the open enrolment, not copied onto the user.
    expect(u).toEqual({ is_premium_member: 1, has_access_to_quizzes: 0, mobile_number: '9876543210' })
    const { hasPaidQuizAccess } = await import('~/models/enrolment/access.server')
    expect(await hasPaidQuizAccess(user.id)).toBe(true)
    const order = await db
      .selectFrom('orders')
      .select(['status', 'provider_payment_id', 'amount_paise'])
      .where('provider_order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({ status: 'paid', provider_payment_id: paymentId, amount_paise: 299900 })
    const events = await db
      .selectFrom('payment_events')
      .innerJoin('orders', 'orders.id', 'payment_events.order_id')
      .select(['payment_events.fulfilled', 'payment_events.source'])
      .where('orders.provider_order_id', '=', orderId)
      .execute()
    expect(events.filter((e) => e.fulfilled === 1)).toHaveLength(1)
    const outbox = process.env.OUTBOX_DIR!
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    const mail = mails.find((m) => m.includes(user.email))
    expect(mail).toContain(`/my-courses/${course.id}`)
    expect(mail).toContain('https://chat.whatsapp.com/sample-group')
    expect(mail).toContain('/quizzes')
  })

  test('1,000 forged signature/id combinations enrol nobody', async () => {
    const { db, payment } = await app()
    const bought = await Promise.all([buyCourse(), buyCourse(), buyCourse()])
    const orderIds = bought.map((b) => b.res.body.order.id as string)
    const wrongSecret = crypto.randomBytes(16).toString('hex')
    let accepted = 0
    for (let i = 0; i < 1000; i++) {
      const orderId = i % 10 === 0 ? `order_${crypto.randomBytes(7).toString('hex')}` : orderIds[i % orderIds.length]
      const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`
      const otherOrder = orderIds[(i + 1) % orderIds.length]
      const signatures = [
        crypto.randomBytes(32).toString('hex'),
        sign(wrongSecret, `${orderId}|${paymentId}`),
        sign(rzp.keySecret, `${otherOrder}|${paymentId}`), // valid for another order
        sign(rzp.keySecret, `${orderId}|${paymentId}x`), // valid for another payment id
        sign(rzp.keySecret, `${orderId}${paymentId}`), // wrong message layout
        '',
        'zz'.repeat(32),
      ]
      const signature = signatures[i % signatures.length]
      const res = await payment.verifyCheckoutPayment({ providerOrderId: orderId, paymentId, signature })
      if (res.ok) accepted++
    }
    expect(accepted).toBe(0)
    for (const b of bought) expect(await enrolments(b.user.id)).toBe(0)
    const paid = await db
      .selectFrom('orders')
      .select('id')
      .where('provider_order_id', 'in', orderIds)
      .where('status', '=', 'paid')
      .execute()
    expect(paid).toHaveLength(0)
    // Wrong types never crash.
    expect(
      (await payment.verifyCheckoutPayment({ providerOrderId: ['x'], paymentId: { $ne: 1 }, signature: 5 })).ok,
    ).toBe(false)
  })

  test("a signature valid for another user's order enrols nobody", async () => {
    const victim = await buyCourse()
    const attacker = await buyCourse()
    const { payment } = await app()
    const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`
    const victimSignature = sign(rzp.keySecret, `${victim.res.body.order.id}|${paymentId}`)
    const res = await payment.verifyCheckoutPayment({
      providerOrderId: attacker.res.body.order.id,
      paymentId,
      signature: victimSignature,
    })
    expect(res.ok).toBe(false)
    expect(await enrolments(attacker.user.id)).toBe(0)
    expect(await enrolments(victim.user.id)).toBe(0)
  })
})

test('a failed payment posted by the hosted page returns to that checkout with its message', async () => {
  const { callback, db } = await app()
  const { res, course } = await buyCourse()
  const link = (
    await db.selectFrom('courses').select('link_address').where('id', '=', course.id).executeTakeFirstOrThrow()
  ).link_address
  const fields = {
    'error[code]': 'BAD_REQUEST_ERROR',
    'error[description]': 'Your payment has been cancelled.',
    'error[metadata]': JSON.stringify({ payment_id: 'pay_x', order_id: res.body.order.id }),
  }
  const out = await callRoute(callback.action, '/payments/razorpay/callback', { form: fields })
  expect(out.headers.get('Location')).toBe(`/checkout/${link}`)
  const junk = await callRoute(callback.action, '/payments/razorpay/callback', { form: { 'error[metadata]': '{bad' } })
  expect(junk.headers.get('Location')).toBe('/')
})

describe('webhook', () => {
  test('the same webhook 3 times plus the callback -> exactly 1 enrolment', async () => {
    const { db, payment } = await app()
    const { user, course, res } = await buyCourse()
    const orderId = res.body.order.id as string
    const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`
    const body = webhookBody(orderId, paymentId, 299900)
    const eventId = `evt_${crypto.randomBytes(7).toString('hex')}`
    const results = await Promise.all([
      webhook(body, { eventId }),
      webhook(body, { eventId }),
      webhook(body, { eventId }),
    ])
    for (const r of results) expect(r.status).toBe(200)
    expect(
      results.filter((r) => r.body.success === true && r.body.message === 'Payment processed').length,
    ).toBeGreaterThanOrEqual(1)
    const cb = await payment.verifyCheckoutPayment({
      providerOrderId: orderId,
      paymentId,
      signature: sign(rzp.keySecret, `${orderId}|${paymentId}`),
    })
    expect(cb.ok).toBe(true)
    expect(await enrolments(user.id, course.id)).toBe(1)
    const events = await db
      .selectFrom('payment_events')
      .select(['fulfilled', 'event_id', 'source'])
      .innerJoin('orders', 'orders.id', 'payment_events.order_id')
      .where('orders.provider_order_id', '=', orderId)
      .execute()
    expect(events.filter((e) => e.event_id === eventId)).toHaveLength(1)
    expect(events.filter((e) => e.fulfilled === 1)).toHaveLength(1)
  })

  test('verified over the raw body; bad signature 401; unexpected event; amount, currency and status checked', async () => {
    const { res, user } = await buyCourse()
    const orderId = res.body.order.id as string
    const body = webhookBody(orderId, 'pay_abc123', 299900)
    // A re-serialised body (what the old server signed) does not verify.
    const reserialised = JSON.stringify(JSON.parse(body), null, 1)
    expect(await webhook(reserialised, { signature: sign(rzp.webhookSecret, body) })).toMatchObject({
      status: 401,
      body: { message: 'Invalid signature' },
    })
    expect((await webhook(body, { signature: 'x' })).status).toBe(401)
    expect((await webhook(body, { signature: sign('wrong', body) })).status).toBe(401)
    expect(await webhook(JSON.stringify({ event: 'refund.created', payload: {} }))).toMatchObject({
      status: 200,
      body: { success: false, message: 'Unexpected event' },
    })
    expect(await webhook(webhookBody('order_unknown123', 'pay_x1', 299900))).toMatchObject({
      body: { success: false, message: 'Order not found' },
    })
    expect((await webhook(webhookBody(orderId, 'pay_x2', 100))).body.success).toBe(false)
    expect((await webhook(webhookBody(orderId, 'pay_x3', 299900, { currency: 'USD' }))).body.success).toBe(false)
    expect((await webhook(webhookBody(orderId, 'pay_x4', 299900, { status: 'authorized' }))).body.success).toBe(false)
    expect(await enrolments(user.id)).toBe(0)
    expect(await webhook(body, { eventId: 'evt_ok_1' })).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: 'Payment processed',
        razorpay_order_id: orderId,
        razorpay_payment_id: 'pay_abc123',
      },
    })
    expect(await enrolments(user.id)).toBe(1)
  })
})

describe('quiz bundle and free orders', () => {
  test('the bundle is priced from settings and grants quiz access after the webhook', async () => {
    const { db, f, orders } = await app()
    await f.setQuizPrice(db, { actualPrice: 599, discountedPrice: 149 })
    const user = await f.createUser(db)
    const cookie = await signedInCookie(user.id)
    const res = await callApi(orders, 'POST', '/api/v1/orders/create-order', {
      cookie,
      json: { amount: 1, itemType: 'quiz' },
    })
    expect(res.body.order).toMatchObject({ amount: 14900, notes: { itemType: 'quiz', courseId: '' } })
    await webhook(webhookBody(res.body.order.id, 'pay_bundle1', 14900), { eventId: 'evt_bundle_1' })
    const u = await db
      .selectFrom('users')
      .select(['has_access_to_quizzes', 'is_premium_member'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(u).toEqual({ has_access_to_quizzes: 1, is_premium_member: 0 })
  })

  test('validate-coupon-code remembers a 100% coupon and create-order enrols at once with a zero-amount paid order', async () => {
    const { db, f, orders } = await app()
    const user = await f.createUser(db)
    const course = await f.createCourse(db)
    await f.createCoupon(db, { courseId: course.id, code: 'free100', discount: 100 })
    const cookie = await signedInCookie(user.id)
    const v = await callApi(orders, 'POST', '/api/v1/orders/validate-coupon-code', {
      cookie,
      json: { courseId: course.id, couponCode: 'FREE100' },
    })
    expect(v).toMatchObject({
      status: 200,
      body: { success: true, message: 'Coupon applied successfully.', discount: 100 },
    })
    const res = await callApi(orders, 'POST', '/api/v1/orders/create-order', {
      cookie,
      json: { courseId: course.id, amount: 2999, itemType: 'course' },
    })
    expect(res.status).toBe(200)
    expect(res.body.order).toMatchObject({ amount: 0, status: 'paid' })
    expect(await enrolments(user.id, course.id)).toBe(1)
    const order = await db
      .selectFrom('orders')
      .select(['status', 'amount_paise', 'provider', 'coupon_id'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({ status: 'paid', amount_paise: 0, provider: 'free' })
    expect(order.coupon_id).not.toBeNull()
  })
})

// A coupon's usage limit was checked when an order was made, never when it was paid: ten open
// orders with a coupon limited to 1 were all paid at the discount.
describe('coupon usage limit at payment', () => {
  async function openOrdersWithCoupon(n: number, usageLimit: number) {
    const { db, f, orders } = await app()
    const course = await f.createCourse(db, { actualPrice: 4999, discountedPrice: 2000 })
    await f.createCoupon(db, { courseId: course.id, code: 'onlyone', discount: 50, usageLimit })
    const buyers = []
    for (let i = 0; i < n; i++) {
      const user = await f.createUser(db)
      const cookie = await signedInCookie(user.id)
      const v = await callApi(orders, 'POST', '/api/v1/orders/validate-coupon-code', {
        cookie,
        json: { courseId: course.id, couponCode: 'ONLYONE' },
      })
      expect(v.status).toBe(200)
      const res = await callApi(orders, 'POST', '/api/v1/orders/create-order', {
        cookie,
        json: { courseId: course.id, itemType: 'course' },
      })
      expect(res.body.order.amount).toBe(100000) // every order was made at the discount while no use was paid
      buyers.push({ user, orderId: res.body.order.id as string })
    }
    return { course, buyers }
  }

  test('ten open orders, limit 1, paid at once by callbacks and webhooks: one enrolment, nine refunds flagged for staff', async () => {
    const { db, callback, payment } = await app()
    const { course, buyers } = await openOrdersWithCoupon(10, 1)
    const outcomes = await Promise.all(
      buyers.map(async ({ orderId }, i) => {
        const paymentId = `pay_limit${i}${crypto.randomBytes(4).toString('hex')}`
        if (i % 2) {
          const res = await webhook(webhookBody(orderId, paymentId, 100000), { eventId: `evt_limit_${orderId}` })
          return res.body.success ? 'enrolled' : res.body.message
        }
        const fields = {
          razorpay_order_id: orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: sign(rzp.keySecret, `${orderId}|${paymentId}`),
        }
        const out = await callRoute(callback.action, '/payments/razorpay/callback', { form: fields })
        return out.headers.get('Location')?.startsWith('/payment-success') ? 'enrolled' : 'refund'
      }),
    )
    expect(outcomes.filter((o) => o === 'enrolled')).toHaveLength(1)
    const enrolled = await db.selectFrom('enrollments').select('user_id').where('course_id', '=', course.id).execute()
    expect(enrolled).toHaveLength(1)
    const rows = await db
      .selectFrom('orders')
      .select(['status', 'refund_reason'])
      .where('course_id', '=', course.id)
      .execute()
    expect(rows.filter((r) => r.status === 'paid' && r.refund_reason === null)).toHaveLength(1)
    expect(rows.filter((r) => r.status === 'paid' && r.refund_reason === 'coupon_limit')).toHaveLength(9)
    // Each refused payment is in the audit log for staff (no actor: the server recorded it).
    const refusedIds = (
      await db
        .selectFrom('orders')
        .select('id')
        .where('course_id', '=', course.id)
        .where('refund_reason', '=', 'coupon_limit')
        .execute()
    )
      .map((r) => r.id)
      .sort()
    const audits = await db
      .selectFrom('audit_log')
      .select(['target_id', 'actor_id'])
      .where('action', '=', 'payment.refund_due')
      .where('target_id', 'in', refusedIds)
      .execute()
    expect(audits.map((a) => a.target_id).sort()).toEqual(refusedIds)
    expect(audits.every((a) => a.actor_id === null)).toBe(true)
    // The learners refused are not premium because of this order.
    const refused = buyers.filter((b) => b.user.id !== enrolled[0].user_id).map((b) => b.user.id)
    const premium = await db.selectFrom('users').select('is_premium_member').where('id', 'in', refused).execute()
    expect(premium.every((u) => u.is_premium_member === 0)).toBe(true)
    // A repeated callback of a refused order tells the learner the same, never "success".
    const refusedOrder = await db
      .selectFrom('orders')
      .select(['provider_order_id', 'provider_payment_id'])
      .where('course_id', '=', course.id)
      .where('refund_reason', '=', 'coupon_limit')
      .executeTakeFirstOrThrow()
    const again = await payment.verifyCheckoutPayment({
      providerOrderId: refusedOrder.provider_order_id,
      paymentId: refusedOrder.provider_payment_id,
      signature: sign(rzp.keySecret, `${refusedOrder.provider_order_id}|${refusedOrder.provider_payment_id}`),
    })
    expect(again).toMatchObject({ ok: false, message: payment.COUPON_LIMIT_REFUND })
    // The learner is told by e-mail too.
    const outbox = process.env.OUTBOX_DIR!
    const refundMails = fs
      .readdirSync(outbox)
      .filter((f) => fs.readFileSync(path.join(outbox, f), 'utf8').includes('your payment will be refunded'))
    expect(refundMails.length).toBeGreaterThanOrEqual(9)
  })

  test('a limit of 3 takes exactly 3 payments; the coupon then reads as used up', async () => {
    const { db, callback, f } = await app()
    const { course, buyers } = await openOrdersWithCoupon(5, 3)
    for (const [i, { orderId }] of buyers.entries()) {
      const paymentId = `pay_three${i}${crypto.randomBytes(4).toString('hex')}`
      const fields = {
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: sign(rzp.keySecret, `${orderId}|${paymentId}`),
      }
      await callRoute(callback.action, '/payments/razorpay/callback', { form: fields })
    }
    expect(await db.selectFrom('enrollments').select('id').where('course_id', '=', course.id).execute()).toHaveLength(3)
    const { validateCoupon } = await import('~/models/money/coupon.server')
    expect(await validateCoupon({ courseId: course.id, code: 'onlyone' })).toMatchObject({
      ok: false,
      message: 'This coupon has reached its usage limit.',
    })
    void f
  })

  test('a 100% coupon whose last use went meanwhile fails the order instead of enrolling (nothing to refund)', async () => {
    const { db, f, payment } = await app()
    const course = await f.createCourse(db)
    const coupon = await f.createCoupon(db, { courseId: course.id, code: 'freeone', discount: 100, usageLimit: 1 })
    // Two zero-amount orders made while the coupon still had its one use (the window createOrder cannot close).
    const ids = []
    for (const user of [await f.createUser(db), await f.createUser(db)]) {
      const id = crypto.randomBytes(12).toString('hex')
      const now = new Date().toISOString()
      await db
        .insertInto('orders')
        .values({
          id,
          user_id: user.id,
          item_type: 'course',
          course_id: course.id,
          coupon_id: coupon.id,
          amount_paise: 0,
          currency: 'INR',
          status: 'created',
          provider: 'free',
          provider_order_id: `order_free${id}`,
          provider_payment_id: null,
          phone: null,
          created_at: now,
          updated_at: now,
          paid_at: null,
        })
        .execute()
      ids.push(id)
    }
    const outcomes = await Promise.all(
      ids.map((orderId) => payment.fulfilOrder({ orderId, source: 'free', paymentId: null })),
    )
    expect(outcomes.map((o) => o.fulfilled).sort()).toEqual([false, true])
    const rows = await db.selectFrom('orders').select(['status', 'refund_reason']).where('id', 'in', ids).execute()
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'paid'])
    expect(rows.every((r) => r.refund_reason === null)).toBe(true)
    expect(await db.selectFrom('enrollments').select('id').where('course_id', '=', course.id).execute()).toHaveLength(1)
  })
})
