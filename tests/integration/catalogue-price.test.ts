import { describe, expect, test, vi } from 'vitest'

vi.hoisted(() => {
  // A webhook secret without Razorpay keys: checkout still uses the demo gateway, and a Razorpay webhook can be
  // signed for an order made earlier through Razorpay.
  process.env.RAZORPAY_WEBHOOK_SECRET = 'catalogue-price-webhook-secret'
})

import { createCourse, createUser } from '../../db/factories'
import * as checkout from '~/routes/buy/checkout'
import * as demo from '~/routes/buy/demo-gateway'
import * as ordersApi from '~/routes/api/orders'
import * as coursesApi from '~/routes/api/courses'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { sign } from '../support/standins/razorpay'
import { auditOf } from '../support/catalogue'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'

// A price change applies to orders made from then on. An order keeps the amount it was made at, paid or still
// open, and an open one is fulfilled at that amount by every door (the demo gateway's checkout callback, Razorpay's
// webhook, which checks the payment against the stored amount).

const orderRow = (id: string) =>
  db
    .selectFrom('orders')
    .select(['amount_paise', 'status', 'paid_at', 'provider_payment_id', 'course_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

async function demoOrder(linkAddress: string) {
  const user = await createUser(db)
  const cookie = await signedInCookie(user.id)
  const res = await callRoute(checkout.action, `/checkout/${linkAddress}`, {
    form: { intent: 'pay', phone: '9876543210' },
    cookie,
    params: { id: linkAddress },
  })
  const location = res.location!
  expect(location).toMatch(/^\/payments\/demo\/[0-9a-f]{24}$/)
  return { user, cookie, location, orderId: location.split('/').pop()! }
}

const payDemo = (o: { cookie: string; location: string; orderId: string }) =>
  callRoute(demo.action, o.location, { form: { intent: 'pay' }, cookie: o.cookie, params: { orderId: o.orderId } })

function webhook(providerOrderId: string, paymentId: string, amount: number) {
  const raw = JSON.stringify({
    entity: 'event',
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: paymentId, order_id: providerOrderId, amount, currency: 'INR', status: 'captured' } },
    },
  })
  return callApi(ordersApi, 'POST', '/api/v1/orders/verify-payment', {
    body: raw,
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': sign(process.env.RAZORPAY_WEBHOOK_SECRET!, raw),
    },
  })
}

const enrolled = async (userId: string, courseId: string) =>
  Boolean(
    await db
      .selectFrom('enrollments')
      .select('id')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirst(),
  )

describe('changing a price', () => {
  test('leaves paid and open orders as they were; the open ones still fulfil at their own amount', async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db, { linkAddress: 'price-course', actualPrice: 4999, discountedPrice: 2999 })

    // Before the change: one order paid, one open through the demo gateway, one open through Razorpay.
    const paid = await demoOrder('price-course')
    expect((await payDemo(paid)).location).toMatch(/^\/payment-success/)
    const open = await demoOrder('price-course')
    const razorpayBuyer = await createUser(db)
    const razorpayOrderId = newId()
    await db
      .insertInto('orders')
      .values({
        id: razorpayOrderId,
        user_id: razorpayBuyer.id,
        item_type: 'course',
        course_id: course.id,
        coupon_id: null,
        amount_paise: 299900,
        currency: 'INR',
        status: 'created',
        provider: 'razorpay',
        provider_order_id: 'order_pricechange01',
        provider_payment_id: null,
        phone: null,
        created_at: nowIso(),
        updated_at: nowIso(),
        paid_at: null,
      })
      .execute()
    const paidBefore = await orderRow(paid.orderId)
    expect(paidBefore).toMatchObject({ amount_paise: 299900, status: 'paid' })
    expect(await orderRow(open.orderId)).toMatchObject({ amount_paise: 299900, status: 'created' })

    // The admin raises the price (the API's partial update: the two prices alone).
    const put = await callApi(coursesApi, 'PUT', `/api/v1/courses/${course.id}`, {
      cookie: admin.cookie,
      json: { actualPrice: 6999, discountedPrice: 4999 },
    })
    expect(put.status).toBe(200)
    expect(put.body.course).toMatchObject({ actualPrice: 6999, discountedPrice: 4999 })
    const [entry] = (await auditOf(course.id)).filter((a) => a.action === 'course.update')
    expect(entry.details.changes).toEqual({
      actualPrice: { from: 4999, to: 6999 },
      discountedPrice: { from: 2999, to: 4999 },
    })

    // Every existing order is as it was.
    expect(await orderRow(paid.orderId)).toEqual(paidBefore)
    expect(await orderRow(open.orderId)).toMatchObject({ amount_paise: 299900, status: 'created' })
    expect(await orderRow(razorpayOrderId)).toMatchObject({ amount_paise: 299900, status: 'created' })

    // The open demo order shows and is paid at its own amount.
    const page = await callRoute(demo.loader, open.location, { cookie: open.cookie, params: { orderId: open.orderId } })
    expect(page.data).toMatchObject({ amount: 2999 })
    expect((await payDemo(open)).location).toMatch(/^\/payment-success/)
    expect(await orderRow(open.orderId)).toMatchObject({ amount_paise: 299900, status: 'paid' })
    expect(await enrolled(open.user.id, course.id)).toBe(true)

    // Razorpay's webhook: a payment of the new price does not match the order; one of the order's amount fulfils it.
    const wrong = await webhook('order_pricechange01', 'pay_pricechange01', 499900)
    expect(wrong.body).toMatchObject({ success: false, message: 'Payment does not match the order' })
    expect(await enrolled(razorpayBuyer.id, course.id)).toBe(false)
    const right = await webhook('order_pricechange01', 'pay_pricechange02', 299900)
    expect(right.body).toMatchObject({ success: true })
    expect(await orderRow(razorpayOrderId)).toMatchObject({ amount_paise: 299900, status: 'paid' })
    expect(await enrolled(razorpayBuyer.id, course.id)).toBe(true)

    // An order made now is at the new price.
    const later = await demoOrder('price-course')
    expect((await orderRow(later.orderId)).amount_paise).toBe(499900)
  })

  test('a price sent alone is checked against the stored other price', async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db, { actualPrice: 1000, discountedPrice: 800 })
    const put = (json: Record<string, number>) =>
      callApi(coursesApi, 'PUT', `/api/v1/courses/${course.id}`, { cookie: admin.cookie, json })
    const tooHigh = await put({ discountedPrice: 1200 })
    expect(tooHigh.status).toBe(400)
    expect(tooHigh.body.message).toBe('Discounted price cannot be more than the actual price')
    expect((await put({ actualPrice: 500 })).status).toBe(400)
    expect((await put({ discountedPrice: 1000 })).status).toBe(200)
    const row = await db
      .selectFrom('courses')
      .select(['actual_price', 'discounted_price'])
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ actual_price: 1000, discounted_price: 1000 })
  })
})
