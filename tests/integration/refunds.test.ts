// Refunds through the Razorpay-shaped stand-in with real signatures: partial then full (access kept, then ended,
// audited; credit notes that add up to the invoice), more than is left refused, concurrent refunds (two admins, or
// on PostgreSQL two instances' pools) never exceeding the payment, refund webhooks processed once (de-duplicated,
// and only the first of several events changes anything), a refund made in Razorpay's dashboard recorded, a gateway
// refusal recorded as failed, the quiz bundle, the demo gateway, the one-click refund of a payment held for a refund,
// and the API's answers. Both databases.
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { openPostgres, type DB } from '../../db/client'
import {
  refundWebhookBody,
  sign,
  startRazorpayServer,
  type RazorpayStandIn,
  type StandInRefund,
} from '../support/standins/razorpay'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'

vi.hoisted(() => {
  Object.assign(process.env, {
    GSTIN: '19AAACB1234C1ZC',
    BUSINESS_NAME: 'BioCoach Academy',
    BUSINESS_ADDRESS: '12 College Street, Kolkata 700073',
    BUSINESS_STATE: '19',
  })
})

let rzp: RazorpayStandIn
beforeAll(async () => {
  rzp = await startRazorpayServer(0)
  Object.assign(process.env, rzp.env)
})
afterAll(async () => rzp?.close())

// Imported after the stand-in's keys are in the environment (the app reads it once).
const app = async () => {
  const [{ db, dialect }, f, orders, admin, callback, refundPage, paymentsPage, model, enrolment, receipts, refunded] =
    await Promise.all([
      import('~/utils/db.server'),
      import('../../db/factories'),
      import('~/routes/api/orders'),
      import('~/routes/api/admin'),
      import('~/routes/buy/razorpay-callback'),
      import('~/routes/admin/refund'),
      import('~/routes/admin/payments'),
      import('~/models/money/refund.server'),
      import('~/models/enrolment/access.server'),
      import('~/models/money/receipts.server'),
      import('~/models/money/refunded.server'),
    ])
  return { db, dialect, f, orders, admin, callback, refundPage, paymentsPage, model, enrolment, receipts, refunded }
}

/** A learner buys a course through create-order and the stand-in's checkout: a paid, fulfilled Razorpay order. */
async function buy(opts: { price?: number; grantsQuizAccess?: boolean; bundle?: boolean } = {}) {
  const { db, f, orders, callback } = await app()
  const user = await f.createUser(db)
  const course = await f.createCourse(db, {
    discountedPrice: opts.price ?? 2999,
    grantsQuizAccess: opts.grantsQuizAccess,
  })
  const cookie = await signedInCookie(user.id)
  const created = await callApi(orders, 'POST', '/api/v1/orders/create-order', {
    cookie,
    json: opts.bundle ? { itemType: 'quiz' } : { itemType: 'course', courseId: course.id },
  })
  expect(created.status).toBe(200)
  const answer = rzp.pay(created.body.order.id)
  const paid = await callRoute(callback.action, '/payments/razorpay/callback', { form: answer })
  expect(paid.location).toMatch(/^\/payment-success/)
  const order = await db
    .selectFrom('orders')
    .select(['id', 'amount_paise'])
    .where('provider_order_id', '=', created.body.order.id)
    .executeTakeFirstOrThrow()
  return {
    user,
    course,
    cookie,
    orderId: order.id,
    amountPaise: order.amount_paise,
    paymentId: answer.razorpay_payment_id,
  }
}

let admin: { id: string; cookie: string }
beforeAll(async () => {
  admin = await signedInUser('admin')
})

const refundApi = async (json: unknown, cookie = admin.cookie) =>
  callApi((await app()).admin, 'POST', '/api/v1/admin/refund', { cookie, json })

async function webhook(body: string, eventId?: string) {
  const { orders } = await app()
  return callApi(orders, 'POST', '/api/v1/orders/verify-payment', {
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': sign(rzp.webhookSecret, body),
      ...(eventId ? { 'X-Razorpay-Event-Id': eventId } : {}),
    },
  })
}

const refundsOf = async (orderId: string) =>
  (await app()).db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()

async function audit(orderId: string) {
  const { db } = await app()
  return db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where((eb) => eb.or([eb('target_id', '=', orderId), eb('details', 'like', `%${orderId}%`)]))
    .orderBy('created_at')
    .execute()
}

describe('refunding an order', () => {
  test('a part keeps access; more than is left is refused; the rest ends access; credit notes add up', async () => {
    const { db, refundPage, enrolment, receipts } = await app()
    const { user, course, orderId, paymentId } = await buy({ price: 2999 })
    const params = { orderId }
    const path = `/admin/payments/${orderId}/refund`

    // The page: review, then confirm.
    const review = await callRoute(refundPage.action, path, {
      cookie: admin.cookie,
      params,
      form: { intent: 'review', amount: '1000', reason: 'Missed the first week' },
    })
    expect(review.data.confirm).toEqual({ amountPaise: 100_000, reason: 'Missed the first week', full: false })
    expect(await refundsOf(orderId)).toHaveLength(0)
    const done = await callRoute(refundPage.action, path, {
      cookie: admin.cookie,
      params,
      form: { intent: 'refund', amount: '1000', reason: 'Missed the first week' },
    })
    expect(done.location).toBe(`/admin/payments?q=${orderId}`)
    const [first] = await refundsOf(orderId)
    expect(first).toMatchObject({
      amount_paise: 100_000,
      status: 'processed',
      actor_id: admin.id,
      reason: 'Missed the first week',
      provider_refund_id: expect.stringMatching(/^rfnd_/),
      credit_note_number: expect.stringMatching(/^CN\d{4}-\d{2}\/\d{6}$/),
    })
    expect(rzp.refunds.get(first.provider_refund_id!)).toMatchObject({
      amount: 100_000,
      payment_id: paymentId,
      notes: { refundId: first.id, orderId },
    })
    expect((await enrolment.courseAccess({ id: user.id, role: 'user' }, course.id)).ok).toBe(true)

    // More than is left: on the page, a message on the amount; through the API, a 400 naming it.
    const tooMuch = await callRoute(refundPage.action, path, {
      cookie: admin.cookie,
      params,
      form: { intent: 'refund', amount: '2000', reason: 'Everything' },
    })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.data.result.error.amount).toEqual(['At most ₹1,999.00 is left to refund'])
    const apiTooMuch = await refundApi({ orderId, amount: 1999.01, reason: 'Everything' })
    expect(apiTooMuch.status).toBe(400)
    expect(apiTooMuch.body.message).toBe('amount: At most ₹1,999.00 is left to refund on this order')
    expect(await refundsOf(orderId)).toHaveLength(1)

    // The rest, through the API: refunded in full, access ends, audited.
    const rest = await refundApi({ orderId, reason: 'Left the course' })
    expect(rest.status).toBe(200)
    expect(rest.body).toMatchObject({
      success: true,
      refund: { orderId, amount: 1999, amountPaise: 199_900, status: 'processed', fullyRefunded: true },
    })
    const access = await enrolment.courseAccess({ id: user.id, role: 'user' }, course.id)
    expect(access).toMatchObject({ ok: false, reason: 'ended' })
    const actions = (await audit(orderId)).map((a) => a.action)
    expect(actions.filter((a) => a === 'payment.refund')).toHaveLength(2)
    expect(actions.filter((a) => a === 'access.refund_end')).toHaveLength(1)

    // The credit notes take back exactly what the invoice charged.
    const invoice = await db
      .selectFrom('invoices')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    const notes = await refundsOf(orderId)
    const sum = (k: 'credit_taxable_paise' | 'credit_cgst_paise' | 'credit_sgst_paise' | 'credit_igst_paise') =>
      notes.reduce((a, r) => a + Number(r[k]), 0)
    expect([sum('credit_taxable_paise'), sum('credit_cgst_paise'), sum('credit_sgst_paise')]).toEqual([
      Number(invoice.taxable_paise),
      Number(invoice.cgst_paise),
      Number(invoice.sgst_paise),
    ])
    expect(notes[0].credit_note_number).not.toBe(notes[1].credit_note_number)
    const receipt = await receipts.getReceipt(orderId, { id: user.id, role: 'user' })
    expect(receipt).toMatchObject({ status: 'refunded', refundedPaise: 299_900 })
    expect(receipt!.refunds.map((r) => r.creditNote?.number)).toEqual(notes.map((r) => r.credit_note_number))

    // Nothing left: 409, and the page says so.
    expect(await refundApi({ orderId, reason: 'again' })).toMatchObject({
      status: 409,
      body: { message: 'Nothing is left to refund on this order' },
    })
    const again = await callRoute(refundPage.action, path, {
      cookie: admin.cookie,
      params,
      form: { intent: 'review', reason: 'again' },
    })
    expect(again.status).toBe(409)
  })

  test('concurrent refunds never exceed the payment: two admins, several instances', async () => {
    const { db, dialect, model, refunded } = await app()
    const other: DB = dialect === 'postgres' ? openPostgres(process.env.DATABASE_URL!, { max: 4 }).db : db
    const second = await signedInUser('admin')
    try {
      const { orderId } = await buy({ price: 2999 })
      // Six refunds of ₹900 at once: three fit in ₹2,999, the fourth would not.
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          model.refundOrder({
            orderId,
            amountPaise: 90_000,
            reason: `refund ${i}`,
            actorId: i % 2 ? second.id : admin.id,
            db: i % 2 ? other : db,
          }),
        ),
      )
      expect(outcomes.filter((o) => o.kind === 'refunded')).toHaveLength(3)
      expect(outcomes.filter((o) => o.kind === 'refused' && o.reason === 'too-much')).toHaveLength(3)
      expect(await refunded.refundedPaise(db, orderId)).toBe(270_000)
      // Two admins refunding "the rest" at once: one refunds ₹299, the other finds nothing left.
      const rest = await Promise.all([
        model.refundOrder({ orderId, reason: 'rest', actorId: admin.id, db }),
        model.refundOrder({ orderId, reason: 'rest', actorId: second.id, db: other }),
      ])
      expect(
        rest.map((o) => (o.kind === 'refunded' ? o.amountPaise : o.kind === 'refused' ? o.reason : o.kind)).sort(),
      ).toEqual([29_900, 'nothing-left'].sort())
      expect(await refunded.refundedPaise(db, orderId)).toBe(299_900)
      const payment = [...rzp.payments.values()].find(
        (p) => p.refunded > 0 && p.amount === 299_900 && p.refunded === 299_900,
      )
      expect(payment).toBeDefined()
    } finally {
      if (other !== db) await other.destroy()
    }
  })

  test('a refund webhook is processed once: repeated, re-sent under another id, or after the answer', async () => {
    const { db } = await app()
    const { orderId } = await buy({ price: 2999 })
    rzp.refundStatus = 'pending'
    let pending: Awaited<ReturnType<typeof refundApi>>
    try {
      pending = await refundApi({ orderId, amount: 500, reason: 'Partial' })
    } finally {
      rzp.refundStatus = 'processed'
    }
    expect(pending.body.refund).toMatchObject({ status: 'pending', creditNote: null })
    const [row] = await refundsOf(orderId)
    const standIn = rzp.refunds.get(row.provider_refund_id!)!
    const payment = rzp.payments.get(standIn.payment_id)!
    const body = refundWebhookBody(standIn, 'refund.processed', payment)
    const answers = [
      await webhook(body, 'evt_refund_1'),
      await webhook(body, 'evt_refund_1'),
      await webhook(body, 'evt_refund_2'),
    ]
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [200, 'Refund recorded'],
      [200, 'Refund event already processed'],
      [200, 'Refund recorded'],
    ])
    const [after] = await refundsOf(orderId)
    expect(after).toMatchObject({ status: 'processed', credit_note_number: expect.stringMatching(/^CN/) })
    const counters = await db
      .selectFrom('refunds')
      .select('credit_note_number')
      .where('order_id', '=', orderId)
      .execute()
    expect(counters.filter((c) => c.credit_note_number)).toHaveLength(1)
    const events = await db
      .selectFrom('payment_events')
      .select('event_id')
      .where('order_id', '=', orderId)
      .where('source', '=', 'refund.processed')
      .execute()
    expect(events.map((e) => e.event_id).sort()).toEqual(['evt_refund_1', 'evt_refund_2'])
    // A bad signature changes nothing.
    const forged = await callApi((await app()).orders, 'POST', '/api/v1/orders/verify-payment', {
      body,
      headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': 'a'.repeat(64) },
    })
    expect(forged.status).toBe(401)
  })

  test('refund.failed gives the amount back to refund; a webhook overtaking the answer still finds its refund', async () => {
    const { orderId } = await buy({ price: 2999 })
    rzp.refundStatus = 'pending'
    try {
      expect((await refundApi({ orderId, reason: 'all of it' })).body.refund.status).toBe('pending')
    } finally {
      rzp.refundStatus = 'processed'
    }
    const [row] = await refundsOf(orderId)
    const standIn = rzp.refunds.get(row.provider_refund_id!)!
    standIn.status = 'failed'
    const failed = await webhook(
      refundWebhookBody(standIn, 'refund.failed', rzp.payments.get(standIn.payment_id)!),
      `evt_${crypto.randomBytes(6).toString('hex')}`,
    )
    expect(failed.body).toMatchObject({ success: true, message: 'Refund failure recorded' })
    expect((await refundsOf(orderId))[0]).toMatchObject({ status: 'failed', credit_note_number: null })
    expect((await audit(orderId)).some((a) => a.action === 'payment.refund_failed' && a.actor_id === null)).toBe(true)
    // The stand-in gives the money back to refund too; a new refund of the whole payment goes through.
    rzp.payments.get(standIn.payment_id)!.refunded = 0
    expect((await refundApi({ orderId, reason: 'try again' })).body.refund).toMatchObject({
      amountPaise: 299_900,
      status: 'processed',
    })

    // The webhook naming our refund id (in its notes) before we stored Razorpay's id.
    const { db } = await app()
    const second = await buy({ price: 1500 })
    const ourId = crypto.randomBytes(12).toString('hex')
    const now = new Date().toISOString()
    await db
      .insertInto('refunds')
      .values({
        id: ourId,
        order_id: second.orderId,
        amount_paise: 50_000,
        status: 'pending',
        reason: 'in flight',
        actor_id: admin.id,
        provider_refund_id: null,
        failure: null,
        accepted_at: null,
        processed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    const overtaking: StandInRefund = {
      ...standIn,
      id: `rfnd_${crypto.randomBytes(7).toString('hex')}`,
      amount: 50_000,
      payment_id: second.paymentId,
      notes: { refundId: ourId, orderId: second.orderId },
      receipt: ourId,
    }
    const answer = await webhook(
      refundWebhookBody(overtaking, 'refund.processed', { orderId: 'order_x', amount: 150_000, refunded: 50_000 }),
      `evt_${crypto.randomBytes(6).toString('hex')}`,
    )
    expect(answer.body.message).toBe('Refund recorded')
    expect(await refundsOf(second.orderId)).toEqual([
      expect.objectContaining({ id: ourId, status: 'processed', provider_refund_id: overtaking.id }),
    ])
  })

  test("a refund made in Razorpay's dashboard is recorded once, and only if it fits", async () => {
    const { orderId, paymentId } = await buy({ price: 2999 })
    const made: StandInRefund = {
      id: `rfnd_${crypto.randomBytes(7).toString('hex')}`,
      entity: 'refund',
      amount: 299_900,
      currency: 'INR',
      payment_id: paymentId,
      notes: {},
      receipt: null,
      acquirer_data: { arn: null },
      created_at: Math.floor(Date.now() / 1000),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: 'normal',
    }
    const body = refundWebhookBody(made, 'refund.processed', { orderId: 'order_x', amount: 299_900, refunded: 299_900 })
    expect((await webhook(body)).body.message).toBe('Refund recorded')
    expect((await webhook(body)).body.message).toBe('Refund recorded')
    expect(await refundsOf(orderId)).toEqual([
      expect.objectContaining({
        amount_paise: 299_900,
        status: 'processed',
        actor_id: null,
        reason: 'Refunded in the Razorpay dashboard',
        provider_refund_id: made.id,
      }),
    ])
    const tooMuch = refundWebhookBody({ ...made, id: 'rfnd_another000001' }, 'refund.processed', {
      orderId: 'order_x',
      amount: 299_900,
      refunded: 299_900,
    })
    expect((await webhook(tooMuch)).body).toMatchObject({
      success: false,
      message: 'Refund exceeds what is left of the payment',
    })
  })

  test('Razorpay refusing the refund: recorded as failed, nothing refunded, the admin told why', async () => {
    const { db, f, refundPage } = await app()
    const user = await f.createUser(db)
    const id = crypto.randomBytes(12).toString('hex')
    const now = new Date().toISOString()
    await db
      .insertInto('orders')
      .values({
        id,
        user_id: user.id,
        item_type: 'quiz_bundle',
        course_id: null,
        coupon_id: null,
        amount_paise: 9_900,
        currency: 'INR',
        status: 'paid',
        provider: 'razorpay',
        provider_order_id: `order_${crypto.randomBytes(7).toString('hex')}`,
        provider_payment_id: `pay_${crypto.randomBytes(7).toString('hex')}`,
        phone: null,
        created_at: now,
        updated_at: now,
        paid_at: now,
      })
      .execute()
    const out = await callRoute(refundPage.action, `/admin/payments/${id}/refund`, {
      cookie: admin.cookie,
      params: { orderId: id },
      form: { intent: 'refund', amount: '', reason: 'Duplicate payment' },
    })
    expect(out.status).toBe(502)
    expect(out.data.result.error['']).toEqual(['Razorpay refused the refund: The id provided does not exist'])
    expect(await refundsOf(id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        failure: 'Razorpay refused the refund: The id provided does not exist',
      }),
    ])
  })
})

describe('what a full refund takes back', () => {
  test('quiz access goes with the bundle unless another bundle order still pays for it; a course refund leaves it', async () => {
    const { db } = await app()
    const quizAccess = async (userId: string) =>
      (await db.selectFrom('users').select('has_access_to_quizzes').where('id', '=', userId).executeTakeFirstOrThrow())
        .has_access_to_quizzes
    const bundle = await buy({ bundle: true })
    expect(await quizAccess(bundle.user.id)).toBe(1)
    expect((await refundApi({ orderId: bundle.orderId, reason: 'Bought by mistake' })).status).toBe(200)
    expect(await quizAccess(bundle.user.id)).toBe(0)

    // Two paid bundle orders (a double payment): refunding one leaves the other's quiz access.
    const twice = await buy({ bundle: true })
    const second = await db.selectFrom('orders').selectAll().where('id', '=', twice.orderId).executeTakeFirstOrThrow()
    await db
      .insertInto('orders')
      .values({ ...second, id: crypto.randomBytes(12).toString('hex'), provider_order_id: null })
      .execute()
    expect((await refundApi({ orderId: twice.orderId, reason: 'Paid twice' })).status).toBe(200)
    expect(await quizAccess(twice.user.id)).toBe(1)

    // A course that grants quiz access: the refund moves the course's end and writes nothing on the learner
    // (quiz access from a course is worked out from the open course when read).
    const viaCourse = await buy({ grantsQuizAccess: true })
    const before = await quizAccess(viaCourse.user.id)
    expect((await refundApi({ orderId: viaCourse.orderId, reason: 'Course cancelled' })).status).toBe(200)
    expect(await quizAccess(viaCourse.user.id)).toBe(before)
    // ... and with the course's only paid period refunded, the paid tests close with it.
    expect(await (await app()).enrolment.hasPaidQuizAccess(viaCourse.user.id)).toBe(false)
    const ends = (await audit(viaCourse.orderId)).filter((a) => a.action === 'access.refund_end')
    expect(ends).toHaveLength(1)
    expect(JSON.parse(ends[0].details!)).toMatchObject({ courseId: viaCourse.course.id })
  })

  test('a partial refund of a course that grants quiz access keeps both', async () => {
    const { enrolment } = await app()
    const { user, course, orderId } = await buy({ grantsQuizAccess: true, price: 2000 })
    expect((await refundApi({ orderId, amount: '1999.99', reason: 'Goodwill' })).status).toBe(200)
    expect((await enrolment.courseAccess({ id: user.id, role: 'user' }, course.id)).ok).toBe(true)
    // The course's quiz access is worked out from the open enrolment (decision 026).
    expect(await enrolment.hasPaidQuizAccess(user.id)).toBe(true)
  })
})

describe('payments held for a refund, and the demo gateway', () => {
  test('the one-click refund of a coupon-over-limit payment refunds it in full and ends nothing', async () => {
    const { db, paymentsPage, enrolment } = await app()
    const { user, course, orderId } = await buy({ price: 1000 })
    // Held for a refund (what fulfilment does when the coupon is over its limit), while an enrolment exists
    // from elsewhere: the refund must not end it.
    await db.updateTable('orders').set({ refund_reason: 'coupon_limit' }).where('id', '=', orderId).execute()
    const loaded = await callRoute(paymentsPage.loader, '/admin/payments', { cookie: admin.cookie })
    expect(loaded.data.refundDue.orders.map((o: { id: string }) => o.id)).toContain(orderId)
    const out = await callRoute(paymentsPage.action, '/admin/payments', {
      cookie: admin.cookie,
      form: { intent: 'refund-due', orderId },
    })
    expect(out.location).toBe('/admin/payments')
    expect(await refundsOf(orderId)).toEqual([expect.objectContaining({ amount_paise: 100_000, status: 'processed' })])
    expect((await enrolment.courseAccess({ id: user.id, role: 'user' }, course.id)).ok).toBe(true)
    const reloaded = await callRoute(paymentsPage.loader, '/admin/payments', { cookie: admin.cookie })
    expect(reloaded.data.refundDue.orders.map((o: { id: string }) => o.id)).not.toContain(orderId)
    // Only flagged payments take the one-click path.
    const other = await buy()
    const refused = await callRoute(paymentsPage.action, '/admin/payments', {
      cookie: admin.cookie,
      form: { intent: 'refund-due', orderId: other.orderId },
    })
    expect(refused.location).toBe('/admin/payments')
    expect(await refundsOf(other.orderId)).toEqual([])
  })

  test('a demo-gateway payment is refunded locally, with its credit note', async () => {
    const { db, f, model } = await app()
    const user = await f.createUser(db)
    const id = crypto.randomBytes(12).toString('hex')
    const now = new Date().toISOString()
    await db
      .insertInto('orders')
      .values({
        id,
        user_id: user.id,
        item_type: 'quiz_bundle',
        course_id: null,
        coupon_id: null,
        amount_paise: 9_900,
        currency: 'INR',
        status: 'created',
        provider: 'demo',
        provider_order_id: `order_demo${crypto.randomBytes(7).toString('hex')}`,
        provider_payment_id: null,
        phone: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
      })
      .execute()
    const { fulfilOrder } = await import('~/models/money/payment.server')
    await fulfilOrder({ orderId: id, source: 'demo', paymentId: 'pay_demo0000000001' })
    const before = rzp.refunds.size
    const out = await model.refundOrder({ orderId: id, reason: 'Demo', actorId: admin.id })
    expect(out).toMatchObject({
      kind: 'refunded',
      status: 'processed',
      full: true,
      creditNote: expect.stringMatching(/^CN/),
    })
    expect(rzp.refunds.size).toBe(before)
  })
})

describe('the model', () => {
  test('an amount of zero or less (or not whole paise) is refused with a reason, nothing recorded', async () => {
    const { model } = await app()
    const { orderId } = await buy({ price: 999 })
    for (const amountPaise of [0, -100, 0.5, Number.NaN]) {
      const out = await model.refundOrder({ orderId, amountPaise, reason: 'x', actorId: admin.id })
      expect(out).toEqual({
        kind: 'refused',
        reason: 'not-positive',
        message: 'The amount to refund must be more than ₹0',
        leftPaise: 0,
      })
    }
    expect(await refundsOf(orderId)).toEqual([])
  })
})

describe('refunded so far', () => {
  test('the SQL form (refundedPaiseOf) and the JS form (refundedSoFar) agree on every status', async () => {
    const { db, refunded } = await app()
    const { refundedSoFar } = await import('~/lib/refunds')
    const { orderId } = await buy({ price: 999 })
    const now = new Date().toISOString()
    const rows = [
      { amount_paise: 1_000, status: 'pending' as const },
      { amount_paise: 2_000, status: 'processed' as const },
      { amount_paise: 4_000, status: 'failed' as const },
    ]
    for (const r of rows)
      await db
        .insertInto('refunds')
        .values({
          ...r,
          id: crypto.randomBytes(12).toString('hex'),
          order_id: orderId,
          reason: 'boundary',
          actor_id: null,
          provider_refund_id: null,
          failure: null,
          accepted_at: null,
          processed_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute()
    const js = refundedSoFar(rows.map((r) => ({ amountPaise: r.amount_paise, status: r.status })))
    expect(js).toBe(3_000)
    expect(await refunded.refundedPaise(db, orderId)).toBe(js)
  })
})

describe('the API', () => {
  test('400s name the field; 404 unknown order; 409 unpaid; admins only', async () => {
    const { db, f } = await app()
    expect(await refundApi({ orderId: 'a'.repeat(24) })).toMatchObject({
      status: 400,
      body: { message: 'Reason is required' },
    })
    expect(await refundApi({ reason: 'x' })).toMatchObject({ status: 400, body: { message: 'orderId is required' } })
    expect((await refundApi({ orderId: 'a'.repeat(24), reason: 'x', amount: 'lots' })).body.message).toMatch(
      /^Amount must be in rupees/,
    )
    expect((await refundApi({ orderId: 'a'.repeat(24), reason: 'x', amount: 0 })).status).toBe(400)
    expect(await refundApi({ orderId: 'a'.repeat(24), reason: 'x' })).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    })
    const user = await f.createUser(db)
    const course = await f.createCourse(db)
    const created = await callApi((await app()).orders, 'POST', '/api/v1/orders/create-order', {
      cookie: await signedInCookie(user.id),
      json: { itemType: 'course', courseId: course.id },
    })
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('provider_order_id', '=', created.body.order.id)
      .executeTakeFirstOrThrow()
    expect(await refundApi({ orderId: order.id, reason: 'x' })).toMatchObject({
      status: 409,
      body: { message: 'Only a paid order can be refunded' },
    })
    expect(
      (await refundApi({ orderId: order.id, reason: 'x' }, (await signedInUser('instructor')).cookie)).status,
    ).toBe(403)
    expect((await refundApi({ orderId: order.id, reason: 'x' }, '')).status).toBe(401)
  })
})

describe('net revenue', () => {
  test('the dashboard takes refunds away by the day they were made; the payments CSV shows refunded and net', async () => {
    const { db } = await app()
    const [insight, dashboard, csv] = await Promise.all([
      import('~/models/insight/insight.server'),
      import('~/routes/admin/dashboard'),
      import('~/routes/admin/export/payments-csv'),
    ])
    const before = await insight.refundSummary()
    const { orderId, user } = await buy({ price: 2999 })
    expect((await refundApi({ orderId, amount: 999, reason: 'Part' })).status).toBe(200)
    const after = await insight.refundSummary()
    expect(after.todayPaise - before.todayPaise).toBe(99_900)
    expect(after.allTimePaise - before.allTimePaise).toBe(99_900)
    const page = await callRoute(dashboard.loader, '/admin/dashboard', { cookie: admin.cookie })
    const { summary, net } = page.data.money
    expect(net.allTimePaise).toBe(summary.allTimePaise - after.allTimePaise)
    expect(net.todayPaise).toBe(summary.todayPaise - after.todayPaise)

    const email = (await db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow())
      .email
    const res = await callRoute(csv.loader, `/admin/export/payments.csv?q=${encodeURIComponent(email)}`, {
      cookie: admin.cookie,
    })
    const text = new TextDecoder().decode(await res.response!.arrayBuffer())
    const [header, row] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    const cells = Object.fromEntries(header.split(',').map((h, i) => [h, row.split(',')[i]]))
    expect(cells).toMatchObject({ status: 'paid', amount_inr: '2999.00', refunded_inr: '999.00', net_inr: '2000.00' })
  })
})
