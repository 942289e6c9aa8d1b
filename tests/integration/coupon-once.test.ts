// A coupon counts once per learner: one 100%-off coupon cannot renew a live batch again and again. A second use by
// the same learner is refused on the checkout page (a form error, what was typed kept), by validate-coupon-code and
// create-order (400 {message}), and again when the order is paid: two orders made before either was paid, the
// second payment is taken but held for a refund with its reason, never fulfilled or invoiced. Other learners may
// still use it. Both databases.
import { describe, expect, test } from 'vitest'
import { createCoupon, createCourse, createUser } from '../../db/factories'
import { rememberCoupon } from '~/models/money/coupon.server'
import { listRefundDue } from '~/models/money/payments-admin.server'
import * as orders from '~/routes/api/orders'
import * as checkout from '~/routes/buy/checkout'
import * as demo from '~/routes/buy/demo-gateway'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie } from '../support/harness'

const USED = 'You have already used this coupon'

async function liveBatch(linkAddress: string) {
  return createCourse(db, { mode: 'live', accessDays: 30, discountedPrice: 1000, linkAddress })
}

const checkoutPost = (linkAddress: string, cookie: string, form: Record<string, string>) =>
  callRoute(checkout.action, `/checkout/${linkAddress}`, { form, cookie, params: { id: linkAddress } })

/** The checkout's pay button with a coupon: a free order is paid at once; a paid one goes to the demo gateway. */
const payWithCoupon = (linkAddress: string, cookie: string, code: string) =>
  checkoutPost(linkAddress, cookie, { intent: 'pay', phone: '9876543210', appliedCoupon: code })

async function payOnDemo(location: string, cookie: string) {
  const orderId = location.split('/').pop()!
  return callRoute(demo.action, location, { form: { intent: 'pay' }, cookie, params: { orderId } })
}

const endOf = async (userId: string, courseId: string) =>
  (
    await db
      .selectFrom('enrollments')
      .select('access_until')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow()
  ).access_until

describe('a coupon counts once per learner', () => {
  test('a 100% coupon renews once: the second use is refused on the page, the typed code kept', async () => {
    const course = await liveBatch('once-free-batch')
    await createCoupon(db, { courseId: course.id, code: 'FREEMONTH', discount: 100 })
    const learner = await createUser(db)
    const cookie = await signedInCookie(learner.id)
    const first = await payWithCoupon(course.linkAddress, cookie, 'FREEMONTH')
    expect(first.location).toBe('/payment-success')
    const end = await endOf(learner.id, course.id)

    // Apply again (a renewal): a form error on the coupon field, the code as typed kept in the field.
    const apply = await checkoutPost(course.linkAddress, cookie, { intent: 'apply', couponCode: 'freemonth ' })
    expect(apply.status).toBe(400)
    expect(apply.data.result.error.couponCode).toEqual([USED])
    expect(apply.data.result.initialValue.couponCode).toBe('freemonth ')
    // The link with ?coupon= says the same; paying with it makes no order.
    const page = await callRoute(checkout.loader, `/checkout/${course.linkAddress}?coupon=FREEMONTH`, {
      cookie,
      params: { id: course.linkAddress },
    })
    expect(page.data).toMatchObject({ coupon: null, couponError: USED })
    const again = await payWithCoupon(course.linkAddress, cookie, 'FREEMONTH')
    expect(again.status).toBe(400)
    expect(again.data.result.error['']).toEqual([USED])
    const made = await db.selectFrom('orders').select('id').where('user_id', '=', learner.id).execute()
    expect(made).toHaveLength(1)
    expect(await endOf(learner.id, course.id)).toBe(end)

    // Someone else may still use it.
    const other = await createUser(db)
    expect((await payWithCoupon(course.linkAddress, await signedInCookie(other.id), 'FREEMONTH')).location).toBe(
      '/payment-success',
    )
  })

  test('the API: validate-coupon-code and create-order (a remembered coupon) answer 400 with the message', async () => {
    const course = await liveBatch('once-api-batch')
    const coupon = await createCoupon(db, { courseId: course.id, code: 'HALF', discount: 50 })
    const learner = await createUser(db)
    const cookie = await signedInCookie(learner.id)
    const first = await payWithCoupon(course.linkAddress, cookie, 'HALF')
    expect((await payOnDemo(first.location!, cookie)).location).toMatch(/^\/payment-success/)

    const validate = await callApi(orders, 'POST', '/api/v1/orders/validate-coupon-code', {
      cookie,
      json: { courseId: course.id, couponCode: 'half' },
    })
    expect(validate).toMatchObject({ status: 400, body: { success: false, message: USED } })
    // A coupon remembered before the first use was paid: create-order refuses it too.
    await rememberCoupon(learner.id, course.id, coupon.id)
    const created = await callApi(orders, 'POST', '/api/v1/orders/create-order', {
      cookie,
      json: { itemType: 'course', courseId: course.id },
    })
    expect(created).toMatchObject({ status: 400, body: { success: false, message: USED } })
    // Anonymous, the coupon is as good as ever (there is no learner to have used it).
    const anonymous = await callApi(orders, 'POST', '/api/v1/orders/validate-coupon-code', {
      json: { courseId: course.id, couponCode: 'half' },
    })
    expect(anonymous.status).toBe(200)
  })

  test('two orders made before either was paid: the second payment is held for a refund, not fulfilled', async () => {
    const course = await liveBatch('once-pay-batch')
    await createCoupon(db, { courseId: course.id, code: 'HALF', discount: 50 })
    const learner = await createUser(db)
    const cookie = await signedInCookie(learner.id)
    const a = await payWithCoupon(course.linkAddress, cookie, 'HALF')
    const b = await payWithCoupon(course.linkAddress, cookie, 'HALF')
    expect(a.location).toMatch(/^\/payments\/demo\//)
    expect(b.location).toMatch(/^\/payments\/demo\//)
    expect((await payOnDemo(a.location!, cookie)).location).toMatch(/^\/payment-success/)
    const end = await endOf(learner.id, course.id)

    const second = await payOnDemo(b.location!, cookie)
    expect(second.location).toBe(`/checkout/${course.linkAddress}`)
    // The learner is told why (the toast's cookie carries the message, base64 before its signature).
    const toast = second.headers.getSetCookie().find((c) => c.startsWith('toast-session='))!
    expect(Buffer.from(toast.split('=')[1].split('.')[0], 'base64').toString()).toContain(
      'You had already used this coupon, so you have not been enrolled.',
    )
    const orderId = b.location!.split('/').pop()!
    const row = await db
      .selectFrom('orders')
      .select(['status', 'refund_reason', 'access_until'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'paid', refund_reason: 'coupon_used', access_until: null })
    expect(await endOf(learner.id, course.id)).toBe(end)
    expect(await db.selectFrom('invoices').select('number').where('order_id', '=', orderId).execute()).toEqual([])
    const due = (await listRefundDue()).orders.find((o) => o.id === orderId)
    expect(due).toMatchObject({ refundDue: true, refundReason: 'The learner had already used this coupon' })
  })
})
