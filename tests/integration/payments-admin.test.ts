// The admin payments page (listing, search, filters, paging), the "paid but not
// fulfilled" reconciliation and its Fulfil action (exactly once, also against itself and the webhook, audited),
// the payments and users CSV exports (round trip through papaparse, filters), and who may use them. Both DBs.
import crypto from 'node:crypto'
import Papa from 'papaparse'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { callApi, callRoute, signedInUser } from '../support/harness'

const WEBHOOK_SECRET = vi.hoisted(() => {
  const secret = 'whsec_payments_admin_test'
  process.env.RAZORPAY_WEBHOOK_SECRET = secret
  return secret
})

const app = async () => {
  const [{ db }, f, page, paymentsCsv, usersCsv, model, usersExport, orders] = await Promise.all([
    import('~/utils/db.server'),
    import('../../db/factories'),
    import('~/routes/admin/payments'),
    import('~/routes/admin/export/payments-csv'),
    import('~/routes/admin/export/users-csv'),
    import('~/models/money/payments-admin.server'),
    import('~/models/accounts/users-export.server'),
    import('~/routes/api/orders'),
  ])
  return { db, f, page, paymentsCsv, usersCsv, model, usersExport, orders }
}

const hex = (n = 12) => crypto.randomBytes(n).toString('hex')

type OrderInput = {
  userId: string
  itemType?: 'course' | 'quiz_bundle'
  courseId?: string | null
  status?: 'created' | 'paid' | 'failed'
  amountPaise?: number
  provider?: 'razorpay' | 'demo' | 'free'
  createdAt?: string
  refundReason?: string | null
  couponId?: string | null
}

/** An order as create-order and fulfilOrder leave it (ids shaped like Razorpay's). */
async function makeOrder(input: OrderInput) {
  const { db } = await app()
  const id = hex()
  const createdAt = input.createdAt ?? new Date().toISOString()
  const status = input.status ?? 'paid'
  const providerOrderId = `order_${hex(7)}`
  const providerPaymentId = status === 'paid' ? `pay_${hex(7)}` : null
  await db
    .insertInto('orders')
    .values({
      id,
      user_id: input.userId,
      item_type: input.itemType ?? 'course',
      course_id: input.itemType === 'quiz_bundle' ? null : (input.courseId ?? null),
      coupon_id: input.couponId ?? null,
      amount_paise: input.amountPaise ?? 99_900,
      currency: 'INR',
      status,
      provider: input.provider ?? 'razorpay',
      provider_order_id: providerOrderId,
      provider_payment_id: providerPaymentId,
      phone: '9876543210',
      created_at: createdAt,
      updated_at: createdAt,
      paid_at: status === 'paid' ? createdAt : null,
      refund_reason: input.refundReason ?? null,
    })
    .execute()
  return { id, providerOrderId, providerPaymentId }
}

let admin: { id: string; cookie: string }
let instructor: { id: string; cookie: string }
let learner: { id: string; cookie: string }

beforeAll(async () => {
  admin = await signedInUser('admin')
  instructor = await signedInUser('instructor')
  learner = await signedInUser('user')
})

async function csvOf(response: Response | null) {
  expect(response).not.toBeNull()
  expect(response!.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
  const bytes = new Uint8Array(await response!.arrayBuffer())
  // The UTF-8 byte-order mark (Response.text() would silently drop it).
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
  expect(text.startsWith('\uFEFF')).toBe(true)
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  return parsed
}

describe('listing, search, filters, paging', () => {
  let tag: string
  let ids: Record<string, { id: string; providerOrderId: string; providerPaymentId: string | null }>
  beforeAll(async () => {
    const { db, f } = await app()
    tag = hex(4)
    const course = await f.createCourse(db, { courseTitle: `Genetics ${tag}` })
    const coupon = await f.createCoupon(db, { courseId: course.id, code: `off${tag}`, discount: 10 })
    const hindi = await f.createUser(db, { name: 'अनन्या शर्मा', email: `ananya-${tag}@example.test` })
    const guarded = await f.createUser(db, {
      name: '=HYPERLINK("http://x.example","y")',
      email: `eq-${tag}@example.test`,
    })
    // Around the start of 24 Nov 2026 in India (18:30 UTC on the 23rd).
    ids = {
      paid: await makeOrder({
        userId: hindi.id,
        courseId: course.id,
        amountPaise: 269_910,
        couponId: coupon.id,
        createdAt: '2026-11-23T18:30:00.000Z',
      }),
      created: await makeOrder({
        userId: hindi.id,
        courseId: course.id,
        status: 'created',
        createdAt: '2026-11-23T18:29:59.999Z',
      }),
      failed: await makeOrder({
        userId: guarded.id,
        itemType: 'quiz_bundle',
        status: 'failed',
        amountPaise: 9_900,
        createdAt: '2026-11-25T10:00:00.000Z',
      }),
      bundle: await makeOrder({
        userId: guarded.id,
        itemType: 'quiz_bundle',
        amountPaise: 9_900,
        provider: 'demo',
        createdAt: '2026-11-26T10:00:00.000Z',
      }),
    }
    // Fulfilled as fulfilOrder would have: no gap for the reconciliation to report.
    await f.enrol(db, { userId: hindi.id, courseId: course.id })
    await db.updateTable('users').set({ has_access_to_quizzes: 1 }).where('id', '=', guarded.id).execute()
  })

  const load = async (query: string) => {
    const { page } = await app()
    const res = await callRoute(page.loader, `/admin/payments${query}`, { cookie: admin.cookie })
    expect(res.status).toBe(200)
    return res.data as Awaited<ReturnType<typeof page.loader>>
  }
  const orderIds = (data: { payments: Array<{ id: string }> }) => data.payments.map((p) => p.id)

  test('search by part of an e-mail lists the learner’s orders, newest first, with every column', async () => {
    const data = await load(`?q=ANANYA-${tag}`)
    expect(orderIds(data)).toEqual([ids.paid.id, ids.created.id])
    expect(data.total).toBe(2)
    expect(data.payments[0]).toMatchObject({
      learnerName: 'अनन्या शर्मा',
      learnerEmail: `ananya-${tag}@example.test`,
      itemType: 'course',
      courseTitle: `Genetics ${tag}`,
      amountPaise: 269_910,
      couponCode: `off${tag}`,
      status: 'paid',
      provider: 'razorpay',
      providerOrderId: ids.paid.providerOrderId,
      providerPaymentId: ids.paid.providerPaymentId,
      paidAt: '2026-11-23T18:30:00.000Z',
      createdAt: '2026-11-23T18:30:00.000Z',
    })
    expect(data.errors).toEqual([])
  })

  test('search by our order id, the gateway order id or the payment id finds exactly that order', async () => {
    for (const q of [ids.bundle.id, ids.bundle.providerOrderId, ids.bundle.providerPaymentId!])
      expect(orderIds(await load(`?q=${q}`))).toEqual([ids.bundle.id])
    expect(orderIds(await load(`?q=pay_nothing_like_it`))).toEqual([])
  })

  test('status and IST day filters (To inclusive), combined with search', async () => {
    const mine = (extra: string) => load(`?q=-${tag}@example.test${extra}`).then(orderIds)
    expect(await mine('')).toHaveLength(4)
    expect(await mine('&status=paid')).toEqual([ids.bundle.id, ids.paid.id])
    expect(await mine('&status=failed')).toEqual([ids.failed.id])
    expect(await mine('&status=created')).toEqual([ids.created.id])
    // 18:29:59.999Z on the 23rd is still 23 Nov in India; 18:30Z is 24 Nov.
    expect(await mine('&from=2026-11-24&to=2026-11-24')).toEqual([ids.paid.id])
    expect(await mine('&to=2026-11-23')).toEqual([ids.created.id])
    expect(await mine('&from=2026-11-25')).toEqual([ids.bundle.id, ids.failed.id])
    expect(await mine('&from=2026-11-24&to=2026-11-25&status=paid')).toEqual([ids.paid.id])
  })

  test('a bad date or status is a message and is ignored, never an error', async () => {
    const data = await load(`?q=-${tag}@example.test&from=2026-13-01&status=refunded`)
    expect(data.errors).toEqual([
      'Unknown status "refunded": showing every status.',
      'From date "2026-13-01" is not a valid date (use YYYY-MM-DD): ignored.',
    ])
    expect(data.total).toBe(4)
    expect(data.exportHref).toBe(`/admin/export/payments.csv?q=-${tag}%40example.test`)
  })

  test('paged on the server: 20 a page, Prev/Next pages hold the rest; the batched reader agrees', async () => {
    const { db, f, model } = await app()
    const pager = await f.createUser(db, { email: `pager-${tag}@example.test`, hasAccessToQuizzes: true })
    const start = Date.parse('2026-10-01T00:00:00.000Z')
    for (let i = 0; i < 23; i++)
      await makeOrder({
        userId: pager.id,
        itemType: 'quiz_bundle',
        createdAt: new Date(start + i * 60_000).toISOString(),
        // Two pairs share a timestamp: the id breaks the tie the same way in every read.
        ...(i === 5 || i === 6 ? { createdAt: new Date(start + 5 * 60_000).toISOString() } : {}),
      })
    const first = await load(`?q=pager-${tag}`)
    const second = await load(`?q=pager-${tag}&page=2`)
    expect(first.total).toBe(23)
    expect(first.pages).toBe(2)
    expect(first.payments).toHaveLength(20)
    expect(second.payments).toHaveLength(3)
    const paged = [...orderIds(first), ...orderIds(second)]
    expect(new Set(paged).size).toBe(23)
    const filters = (await import('~/lib/payment-filters')).parsePaymentFilters(
      new URLSearchParams(`q=pager-${tag}`),
    ).filters
    const batched: string[] = []
    for await (const p of model.eachPayment(filters, 4)) batched.push(p.id)
    expect(batched).toEqual(paged)
    expect((await load(`?q=pager-${tag}&page=99`)).payments).toEqual([])
  })

  test('payments.csv: BOM, header, rows, Hindi name, a formula-looking name guarded, the filters honoured', async () => {
    const { paymentsCsv } = await app()
    const res = await callRoute(
      paymentsCsv.loader, // From 1 Nov: the pager's October orders share the e-mail ending.
      `/admin/export/payments.csv?q=-${tag}@example.test&from=2026-11-01`,
      {
        cookie: admin.cookie,
      },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Disposition')).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/)
    const parsed = await csvOf(res.response)
    expect(parsed.meta.fields).toEqual([...paymentsCsv.PAYMENTS_CSV_HEADER])
    expect(parsed.data.map((r) => r.order_id)).toEqual([ids.bundle.id, ids.failed.id, ids.paid.id, ids.created.id])
    expect(parsed.data[2]).toEqual({
      order_id: ids.paid.id,
      created_at: '2026-11-23T18:30:00.000Z',
      paid_at: '2026-11-23T18:30:00.000Z',
      status: 'paid',
      refund_due: 'false',
      learner_name: 'अनन्या शर्मा',
      learner_email: `ananya-${tag}@example.test`,
      item: `Genetics ${tag}`,
      course_id: expect.stringMatching(/^[0-9a-f]{24}$/),
      amount_inr: '2699.10',
      currency: 'INR',
      coupon: `off${tag}`,
      gateway: 'razorpay',
      gateway_order_id: ids.paid.providerOrderId,
      gateway_payment_id: ids.paid.providerPaymentId,
      refunded_inr: '0.00',
      net_inr: '2699.10',
    })
    expect(parsed.data[0]).toMatchObject({ learner_name: `'=HYPERLINK("http://x.example","y")`, item: 'Quiz bundle' })
    expect(parsed.data[0].gateway).toBe('demo')

    const filtered = await callRoute(
      paymentsCsv.loader,
      `/admin/export/payments.csv?q=-${tag}@example.test&status=paid&from=2026-11-24&to=2026-11-24`,
      { cookie: admin.cookie },
    )
    expect((await csvOf(filtered.response)).data.map((r) => r.order_id)).toEqual([ids.paid.id])

    const bad = await callRoute(paymentsCsv.loader, '/admin/export/payments.csv?to=2026-02-30', {
      cookie: admin.cookie,
    })
    expect(bad.status).toBe(400)
    expect(await bad.response!.text()).toBe('To date "2026-02-30" is not a valid date (use YYYY-MM-DD): ignored.')
  })

  test('users.csv: the All Users name filter, newest first, Hindi and guarded names, no password hash', async () => {
    const { usersCsv, usersExport } = await app()
    const res = await callRoute(usersCsv.loader, `/admin/export/users.csv?q=${encodeURIComponent('अनन्या')}`, {
      cookie: instructor.cookie,
    })
    const parsed = await csvOf(res.response)
    expect(parsed.meta.fields).toEqual([...usersExport.USERS_CSV_HEADER])
    expect(parsed.data.map((r) => r.email)).toContain(`ananya-${tag}@example.test`)
    expect(parsed.data.every((r) => r.name === 'अनन्या शर्मा')).toBe(true)
    const row = parsed.data.find((r) => r.email === `ananya-${tag}@example.test`)!
    expect(row).toMatchObject({ role: 'user', is_premium_member: 'true', has_access_to_quizzes: 'false' })
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)

    const all = await csvOf(
      (await callRoute(usersCsv.loader, '/admin/export/users.csv?q=hyperlink', { cookie: admin.cookie })).response,
    )
    expect(all.data.map((r) => r.name)).toEqual([`'=HYPERLINK("http://x.example","y")`])
    const everyone = await csvOf(
      (await callRoute(usersCsv.loader, '/admin/export/users.csv', { cookie: admin.cookie })).response,
    )
    const { db } = await app()
    const count = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
    expect(everyone.data).toHaveLength(count)
    const created = everyone.data.map((r) => r.created_at)
    expect([...created].sort().reverse()).toEqual(created)
    expect(Object.keys(everyone.data[0])).not.toContain('password_hash')
  })
})

describe('reconciliation: paid but not fulfilled', () => {
  const enrolments = async (userId: string, courseId: string) => {
    const { db } = await app()
    return db
      .selectFrom('enrollments')
      .select(['id', 'is_active'])
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .execute()
  }
  const audits = async (orderId: string) => {
    const { db } = await app()
    return db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'target_type', 'target_id', 'details'])
      .where('target_id', '=', orderId)
      .where('action', '=', 'payment.regrant')
      .execute()
  }
  const fulfil = async (orderId: string, cookie = admin.cookie, query = '') => {
    const { page } = await app()
    return callRoute(page.action, `/admin/payments${query}`, { form: { orderId }, cookie })
  }
  const toast = (res: { headers: Headers }) => res.headers.getSetCookie().join(';')

  /** A paid course order whose enrolment was removed by hand. */
  async function brokenCourseOrder(opts: Partial<OrderInput> = {}) {
    const { db, f } = await app()
    const user = await f.createUser(db)
    const course = await f.createCourse(db, { grantsQuizAccess: false })
    const order = await makeOrder({ userId: user.id, courseId: course.id, ...opts })
    await f.enrol(db, { userId: user.id, courseId: course.id, source: 'purchase' })
    await db.deleteFrom('enrollments').where('user_id', '=', user.id).execute()
    await db.updateTable('users').set({ is_premium_member: 0 }).where('id', '=', user.id).execute()
    return { user, course, order }
  }

  test('lists exactly the paid orders whose enrolment or quiz access is missing', async () => {
    const { db, f, model, page } = await app()
    // Paid orders are kept (their rows cannot be deleted): the orders of earlier tests are set aside instead.
    const earlier = await model.listUnfulfilled()
    const fresh = (orders: { id: string }[]) =>
      orders.map((o) => o.id).filter((id) => !earlier.orders.some((e) => e.id === id))
    const course = await f.createCourse(db)
    const ok = await f.createUser(db, { hasAccessToQuizzes: true })
    await makeOrder({ userId: ok.id, courseId: course.id })
    await f.enrol(db, { userId: ok.id, courseId: course.id })
    await makeOrder({ userId: ok.id, itemType: 'quiz_bundle' })
    const revoked = await f.createUser(db)
    await makeOrder({ userId: revoked.id, courseId: course.id })
    await f.enrol(db, { userId: revoked.id, courseId: course.id, isActive: false })
    const other = await f.createUser(db)
    await makeOrder({ userId: other.id, courseId: course.id, status: 'created' })
    await makeOrder({ userId: other.id, courseId: course.id, status: 'failed' })
    await makeOrder({ userId: other.id, courseId: course.id, refundReason: 'coupon_limit' })

    const broken = await brokenCourseOrder({ createdAt: '2026-11-01T00:00:00.000Z' })
    const noQuizzes = await f.createUser(db)
    const bundle = await makeOrder({ userId: noQuizzes.id, itemType: 'quiz_bundle' })

    const listed = await model.listUnfulfilled()
    expect(listed.total).toBe(earlier.total + 2)
    expect(fresh(listed.orders)).toEqual([bundle.id, broken.order.id])
    const res = await callRoute(page.loader, '/admin/payments', { cookie: admin.cookie })
    expect(fresh(res.data.unfulfilled.orders)).toEqual([bundle.id, broken.order.id])
  })

  test('Fulfil restores one enrolment, audited with who and which order; pressing again changes nothing', async () => {
    const { model } = await app()
    const { user, course, order } = await brokenCourseOrder()
    const first = await fulfil(order.id, admin.cookie, '?status=paid&q=x')
    expect(first.status).toBe(302)
    expect(first.location).toBe('/admin/payments?status=paid&q=x')
    expect(toast(first)).toContain('toast-session=')
    expect(await enrolments(user.id, course.id)).toEqual([expect.objectContaining({ is_active: 1 })])
    const { db } = await app()
    const row = await db
      .selectFrom('users')
      .select('is_premium_member')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.is_premium_member).toBe(1)
    const entries = await audits(order.id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actor_id: admin.id, target_type: 'order', target_id: order.id })
    expect(JSON.parse(entries[0].details!)).toMatchObject({ userId: user.id, courseId: course.id, itemType: 'course' })
    expect((await model.listUnfulfilled()).orders.map((o) => o.id)).not.toContain(order.id)

    const again = await fulfil(order.id)
    expect(again.status).toBe(302)
    expect(await enrolments(user.id, course.id)).toHaveLength(1)
    expect(await audits(order.id)).toHaveLength(1)
    // The order's payment bookkeeping is untouched.
    const o = await db
      .selectFrom('orders')
      .select(['status', 'paid_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect(o).toEqual({ status: 'paid', paid_at: expect.any(String) })
    expect(await db.selectFrom('payment_events').select('id').where('order_id', '=', order.id).execute()).toEqual([])
  })

  test('a bundle order: Fulfil restores quiz access once', async () => {
    const { db, f } = await app()
    const user = await f.createUser(db)
    const order = await makeOrder({ userId: user.id, itemType: 'quiz_bundle' })
    await Promise.all([fulfil(order.id), fulfil(order.id)])
    const row = await db
      .selectFrom('users')
      .select('has_access_to_quizzes')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.has_access_to_quizzes).toBe(1)
    expect(await audits(order.id)).toHaveLength(1)
  })

  test('two admins at once and the webhook for the same order: exactly one enrolment, one audit entry', async () => {
    const { db, f, orders } = await app()
    const secondAdmin = await signedInUser('admin')
    for (let round = 0; round < 3; round++) {
      const { user, course, order } = await brokenCourseOrder()
      const body = JSON.stringify({
        event: 'payment.captured',
        payload: {
          payment: {
            entity: {
              id: order.providerPaymentId,
              order_id: order.providerOrderId,
              amount: 99_900,
              currency: 'INR',
              status: 'captured',
            },
          },
        },
      })
      const signature = crypto.createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')
      const [a, b, hook] = await Promise.all([
        fulfil(order.id),
        fulfil(order.id, secondAdmin.cookie),
        callApi(orders, 'POST', '/api/v1/orders/verify-payment', {
          body,
          headers: {
            'Content-Type': 'application/json',
            'X-Razorpay-Signature': signature,
            'X-Razorpay-Event-Id': `evt_${hex(6)}`,
          },
        }),
      ])
      expect([a.status, b.status]).toEqual([302, 302])
      expect(hook.status).toBe(200)
      expect(await enrolments(user.id, course.id)).toHaveLength(1)
      expect(await audits(order.id)).toHaveLength(1)
      // The webhook found the order already paid: recorded, not fulfilled a second time.
      const events = await db
        .selectFrom('payment_events')
        .select('fulfilled')
        .where('order_id', '=', order.id)
        .execute()
      expect(events).toEqual([{ fulfilled: 0 }])
    }
    // An order whose webhook is still on its way is not the admin's to fulfil: the webhook does it, once.
    const user = await f.createUser(db)
    const course = await f.createCourse(db)
    const open = await makeOrder({ userId: user.id, courseId: course.id, status: 'created' })
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: {
            id: `pay_${hex(7)}`,
            order_id: open.providerOrderId,
            amount: 99_900,
            currency: 'INR',
            status: 'captured',
          },
        },
      },
    })
    const signature = crypto.createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')
    await Promise.all([
      fulfil(open.id),
      callApi(orders, 'POST', '/api/v1/orders/verify-payment', {
        body,
        headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': signature },
      }),
      fulfil(open.id, secondAdmin.cookie),
    ])
    expect(await enrolments(user.id, course.id)).toHaveLength(1)
    expect(await audits(open.id)).toHaveLength(0)
  })

  test('refused: an unpaid order, one held for a refund, an unknown or malformed id', async () => {
    const { db, f } = await app()
    const user = await f.createUser(db)
    const course = await f.createCourse(db)
    const unpaid = await makeOrder({ userId: user.id, courseId: course.id, status: 'created' })
    const refund = await makeOrder({ userId: user.id, courseId: course.id, refundReason: 'coupon_limit' })
    for (const id of [unpaid.id, refund.id, hex(), 'not-an-id']) {
      const res = await fulfil(id)
      expect(res.status).toBe(302)
      expect(res.location).toBe('/admin/payments')
    }
    expect(await enrolments(user.id, course.id)).toEqual([])
    expect(await audits(unpaid.id)).toEqual([])
    expect(await audits(refund.id)).toEqual([])
  })
})

describe('who may use them', () => {
  const who = () => ({
    anonymous: undefined,
    learner: learner.cookie,
    instructor: instructor.cookie,
    admin: admin.cookie,
  })

  test('payments page, its action and payments.csv: admin only', async () => {
    const { page, paymentsCsv } = await app()
    const calls = [
      (cookie?: string) => callRoute(page.loader, '/admin/payments', { cookie }),
      (cookie?: string) => callRoute(page.action, '/admin/payments', { cookie, form: { orderId: hex() } }),
      (cookie?: string) => callRoute(paymentsCsv.loader, '/admin/export/payments.csv', { cookie }),
    ]
    for (const [i, call] of calls.entries()) {
      const w = who()
      const file = i === 2
      expect((await call(w.anonymous)).location).toMatch(/^\/login\?redirectTo=/)
      // The CSV answers 403 where the pages redirect (a redirect would be saved as the file).
      if (file) expect((await call(w.learner)).status).toBe(403)
      else expect((await call(w.learner)).location).toBe('/')
      if (file) expect((await call(w.instructor)).status).toBe(403)
      else expect((await call(w.instructor)).location).toBe('/admin/dashboard')
      const asAdmin = await call(w.admin)
      expect(asAdmin.location === null || asAdmin.location.startsWith('/admin/payments')).toBe(true)
    }
  })

  test('users.csv: staff (admin and instructor), like the All Users page', async () => {
    const { usersCsv } = await app()
    const call = (cookie?: string) => callRoute(usersCsv.loader, '/admin/export/users.csv', { cookie })
    expect((await call()).location).toMatch(/^\/login\?redirectTo=%2Fadmin%2Fexport%2Fusers.csv/)
    expect((await call(learner.cookie)).status).toBe(403)
    expect((await call(instructor.cookie)).status).toBe(200)
    expect((await call(admin.cookie)).status).toBe(200)
  })
})
