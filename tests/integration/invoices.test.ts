// Receipts and GST tax invoices: numbered consecutively per financial year with no gap or duplicate under 20
// concurrent payments (on PostgreSQL across two instances' connection pools; one SQLite file is served by one
// instance, whose transactions its writer lock serialises), a new series each April by India time, the tax split
// by place of supply, a receipt without tax for a 100% coupon or without GSTIN, the receipt page and PDF for the
// buyer and admins only, the purchases list, and the purchase mail with its PDF sent once (and by the sweep when the
// first send failed or never happened). Both databases.
import fs from 'node:fs'
import path from 'node:path'
import { PDFParse } from 'pdf-parse'
import { describe, expect, test, vi } from 'vitest'
import { createCoupon, createCourse, createUser } from '../../db/factories'
import { openPostgres, type DB } from '../../db/client'
import { callRoute, signedInCookie, signedInUser } from '../support/harness'

vi.hoisted(() => {
  Object.assign(process.env, {
    GSTIN: '19AAACB1234C1ZC',
    BUSINESS_NAME: 'BioCoach Academy',
    BUSINESS_ADDRESS: '12 College Street, Kolkata 700073',
    BUSINESS_STATE: 'West Bengal',
  })
})

const { db, dialect } = await import('~/utils/db.server')
const { fulfilOrder } = await import('~/models/money/payment.server')
const { issueInvoice, nextDocumentNumber, sellerFromEnv } = await import('~/models/money/documents.server')
const { deliver, CLAIM_RETRY_MINUTES } = await import('~/models/jobs/claims.server')
const { runSweep } = await import('~/models/sweep/sweep.server')
const { purchaseMailJob } = await import('~/models/money/purchase-mail.server')
const { newId } = await import('~/utils/ids.server')

const pdfText = async (bytes: Uint8Array) => (await new PDFParse({ data: bytes }).getText()).text

/** An order as create-order leaves it (demo gateway), ready to be paid. */
async function openOrder(input: {
  userId: string
  courseId?: string | null
  amountPaise?: number
  state?: string | null
  couponId?: string | null
}) {
  const id = newId()
  const now = new Date().toISOString()
  await db
    .insertInto('orders')
    .values({
      id,
      user_id: input.userId,
      item_type: input.courseId === null ? 'quiz_bundle' : 'course',
      course_id: input.courseId ?? null,
      coupon_id: input.couponId ?? null,
      amount_paise: input.amountPaise ?? 299_900,
      currency: 'INR',
      status: 'created',
      provider: input.amountPaise === 0 ? 'free' : 'demo',
      provider_order_id: `order_demo${newId().slice(0, 16)}`,
      provider_payment_id: null,
      phone: null,
      state: input.state ?? null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .execute()
  return id
}

const pay = (orderId: string, now: Date, conn: DB = db) =>
  fulfilOrder({ orderId, source: 'demo', paymentId: `pay_demo${newId().slice(0, 14)}`, now, db: conn })

const invoiceOf = (orderId: string) =>
  db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow()

describe('invoice numbers', () => {
  test('20 concurrent payments across two instances: consecutive from 1, no gap, no duplicate', async () => {
    const other = dialect === 'postgres' ? openPostgres(process.env.DATABASE_URL!, { max: 5 }).db : db
    try {
      const course = await createCourse(db, { discountedPrice: 2999 })
      const orders = await Promise.all(
        Array.from({ length: 20 }, async () => openOrder({ userId: (await createUser(db)).id, courseId: course.id })),
      )
      const at = new Date('2031-06-15T06:00:00.000Z')
      const outcomes = await Promise.all(orders.map((id, i) => pay(id, at, i % 2 ? other : db)))
      expect(outcomes.every((o) => o.fulfilled)).toBe(true)
      const numbers = (await Promise.all(orders.map(invoiceOf))).map((i) => i.number).sort()
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `2031-32/${String(i + 1).padStart(6, '0')}`))
      const counter = await db
        .selectFrom('document_counters')
        .select('last_number')
        .where('series', '=', 'INV')
        .where('financial_year', '=', '2031-32')
        .executeTakeFirstOrThrow()
      expect(Number(counter.last_number)).toBe(20)
      // Paying again (a webhook after the callback) issues nothing more.
      await Promise.all(orders.slice(0, 5).map((id) => pay(id, at, other)))
      expect(
        Number(
          (
            await db
              .selectFrom('invoices')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('financial_year', '=', '2031-32')
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ).toBe(20)
    } finally {
      if (other !== db) await other.destroy()
    }
  })

  test('a transaction that rolls back gives its number back', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await nextDocumentNumber(trx, 'invoice', '2040-41')).toBe('2040-41/000001')
        throw new Error('payment failed after the number was taken')
      }),
    ).rejects.toThrow('payment failed')
    expect(await db.transaction().execute((trx) => nextDocumentNumber(trx, 'invoice', '2040-41'))).toBe(
      '2040-41/000001',
    )
    expect(await db.transaction().execute((trx) => nextDocumentNumber(trx, 'credit-note', '2040-41'))).toBe(
      'CN2040-41/000001',
    )
  })

  test('31 March 23:59 IST is numbered in the old year, 1 April 00:00 IST starts a new series at 1', async () => {
    const course = await createCourse(db)
    const user = await createUser(db)
    const march = await openOrder({ userId: user.id, courseId: course.id })
    const april = await openOrder({ userId: user.id, courseId: course.id })
    await pay(march, new Date('2034-03-31T18:29:00.000Z'))
    await pay(april, new Date('2034-03-31T18:30:00.000Z'))
    expect((await invoiceOf(march)).number).toBe('2033-34/000001')
    expect((await invoiceOf(april)).number).toBe('2034-35/000001')
  })
})

describe('what an invoice says', () => {
  test('place of supply: the checkout state, else the profile state, else the business state; the tax split by it', async () => {
    const course = await createCourse(db, { courseTitle: 'Genetics Crash Course', discountedPrice: 2999 })
    const inMaharashtra = await createUser(db)
    const profileInBengal = await createUser(db)
    await db.updateTable('users').set({ state: '19' }).where('id', '=', profileInBengal.id).execute()
    const noState = await createUser(db)
    const at = new Date('2035-05-01T06:00:00.000Z')
    const a = await openOrder({ userId: inMaharashtra.id, courseId: course.id, state: '27' })
    const b = await openOrder({ userId: profileInBengal.id, courseId: course.id })
    const c = await openOrder({ userId: noState.id, courseId: course.id })
    for (const id of [a, b, c]) await pay(id, at)
    expect(await invoiceOf(a)).toMatchObject({
      kind: 'invoice',
      place_of_supply: '27',
      seller_gstin: '19AAACB1234C1ZC',
      seller_state: '19',
      seller_name: 'BioCoach Academy',
      sac: '999293',
      gst_rate_bp: 1800,
      description: 'Genetics Crash Course',
      total_paise: 299_900,
      taxable_paise: 254_153,
      cgst_paise: 0,
      sgst_paise: 0,
      igst_paise: 45_747,
    })
    for (const id of [b, c])
      expect(await invoiceOf(id)).toMatchObject({
        place_of_supply: '19',
        taxable_paise: 254_153,
        cgst_paise: 22_874,
        sgst_paise: 22_873,
        igst_paise: 0,
      })
  })

  test('a 100% coupon gets a receipt without number or tax; no GSTIN gives a receipt', async () => {
    const course = await createCourse(db)
    const coupon = await createCoupon(db, { courseId: course.id, code: 'FREEALL', discount: 100 })
    const user = await createUser(db)
    const free = await openOrder({ userId: user.id, courseId: course.id, amountPaise: 0, couponId: coupon.id })
    await fulfilOrder({ orderId: free, source: 'free', paymentId: null })
    expect(await invoiceOf(free)).toMatchObject({ kind: 'receipt', number: null, total_paise: 0, sac: null })

    const unregistered = await openOrder({ userId: user.id, courseId: course.id })
    await db.updateTable('orders').set({ status: 'paid' }).where('id', '=', unregistered).execute()
    await db.transaction().execute((trx) =>
      issueInvoice(trx, {
        orderId: unregistered,
        now: new Date().toISOString(),
        seller: { ...sellerFromEnv(), gstin: null },
      }),
    )
    expect(await invoiceOf(unregistered)).toMatchObject({
      kind: 'receipt',
      number: null,
      seller_gstin: null,
      gst_rate_bp: null,
      taxable_paise: 299_900,
      cgst_paise: 0,
      igst_paise: 0,
    })
  })
})

describe('receipt page, PDF and purchases', () => {
  test('the buyer and admins read it; another learner, an instructor or a wrong id get the same 404', async () => {
    const [receiptPage, receiptPdf] = await Promise.all([
      import('~/routes/profile/receipt'),
      import('~/routes/profile/receipt-pdf'),
    ])
    const course = await createCourse(db, { courseTitle: 'Cell Biology', discountedPrice: 2999 })
    const buyer = await signedInUser('user', { name: 'Ananya Sharma' })
    const orderId = await openOrder({ userId: buyer.id, courseId: course.id })
    await pay(orderId, new Date('2036-07-01T06:00:00.000Z'))
    const number = (await invoiceOf(orderId)).number!
    const unpaid = await openOrder({ userId: buyer.id, courseId: course.id })

    const page = (cookie: string, id = orderId) =>
      callRoute(receiptPage.loader, `/profile/purchases/${id}/receipt`, { cookie, params: { orderId: id } })
    const own = await page(buyer.cookie)
    expect(own.status).toBe(200)
    expect(own.data.receipt).toMatchObject({
      kind: 'invoice',
      number,
      seller: { name: 'BioCoach Academy', gstin: '19AAACB1234C1ZC', stateName: 'West Bengal' },
      buyer: { name: 'Ananya Sharma' },
      placeOfSupply: 'West Bengal (19)',
      description: 'Cell Biology',
      totalPaise: 299_900,
      status: 'paid',
    })
    expect((await page((await signedInUser('admin')).cookie)).status).toBe(200)
    for (const cookie of [(await signedInUser('user')).cookie, (await signedInUser('instructor')).cookie]) {
      const other = await page(cookie)
      expect(other).toMatchObject({ status: 404, data: 'Receipt not found' })
    }
    expect((await page(buyer.cookie, newId())).status).toBe(404)
    expect((await page(buyer.cookie, unpaid)).status).toBe(404)
    expect((await page(buyer.cookie, 'not-an-id')).status).toBe(404)

    const pdf = await callRoute(receiptPdf.loader, `/profile/purchases/${orderId}/receipt.pdf`, {
      cookie: buyer.cookie,
      params: { orderId },
    })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    expect(pdf.headers.get('Content-Disposition')).toBe(
      `attachment; filename="invoice-${number.replace('/', '-')}.pdf"`,
    )
    const text = await pdfText(new Uint8Array(await pdf.response!.arrayBuffer()))
    for (const fact of [
      'Tax Invoice',
      number,
      'GSTIN: 19AAACB1234C1ZC',
      'Rs. 2,999.00',
      'Rs. 2,541.53',
      'CGST @ 9%',
      'Rs. 228.74',
      'SGST @ 9%',
      'Rs. 228.73',
      'SAC 999293',
    ])
      expect(text).toContain(fact)
    const refused = await callRoute(receiptPdf.loader, `/profile/purchases/${orderId}/receipt.pdf`, {
      cookie: (await signedInUser('user')).cookie,
      params: { orderId },
    })
    expect(refused.status).toBe(404)
  })

  test('purchases: every order of the learner, newest first, ten a page, with status and receipt links', async () => {
    const purchases = await import('~/routes/profile/purchases')
    const course = await createCourse(db, { courseTitle: 'Ecology' })
    const learner = await signedInUser('user')
    const ids: string[] = []
    for (let i = 0; i < 11; i++) {
      const id = await openOrder({ userId: learner.id, courseId: course.id, amountPaise: 100_000 + i })
      await db
        .updateTable('orders')
        .set({ created_at: new Date(Date.UTC(2030, 0, 1 + i)).toISOString() })
        .where('id', '=', id)
        .execute()
      ids.push(id)
    }
    await pay(ids[10], new Date())
    await db.updateTable('orders').set({ status: 'failed' }).where('id', '=', ids[9]).execute()
    const first = await callRoute(purchases.loader, '/profile/purchases', { cookie: learner.cookie })
    expect(first.data.total).toBe(11)
    expect(first.data.pages).toBe(2)
    expect(first.data.purchases.map((p: { id: string }) => p.id)).toEqual(ids.slice(1).reverse())
    expect(first.data.purchases[0]).toMatchObject({
      title: 'Ecology',
      status: 'paid',
      amountPaise: 100_010,
      hasReceipt: true,
      invoiceNumber: expect.stringMatching(/^\d{4}-\d{2}\/\d{6}$/),
    })
    expect(first.data.purchases[1]).toMatchObject({ status: 'failed', hasReceipt: false })
    expect(first.data.purchases[2]).toMatchObject({ status: 'created', hasReceipt: false })
    const second = await callRoute(purchases.loader, '/profile/purchases?page=2', { cookie: learner.cookie })
    expect(second.data.purchases.map((p: { id: string }) => p.id)).toEqual([ids[0]])
    // Another learner sees none of them.
    const other = await callRoute(purchases.loader, '/profile/purchases', { cookie: (await signedInUser()).cookie })
    expect(other.data.total).toBe(0)
    expect((await callRoute(purchases.loader, '/profile/purchases')).location).toMatch(/^\/login/)
  })
})

describe('the purchase mail', () => {
  const outbox = () => process.env.OUTBOX_DIR!
  const mailsTo = (email: string) =>
    fs
      .readdirSync(outbox())
      .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
      .filter((m) => m.startsWith(`To: ${email}\n`))

  test('sent once with the receipt link and its PDF, whatever arrives and however often', async () => {
    const course = await createCourse(db, { courseTitle: 'Microbiology' })
    const user = await createUser(db)
    const orderId = await openOrder({ userId: user.id, courseId: course.id })
    const at = new Date()
    await Promise.all([pay(orderId, at), pay(orderId, at), pay(orderId, at)])
    const number = (await invoiceOf(orderId)).number!
    const mails = mailsTo(user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('Subject: You are enrolled: Microbiology')
    expect(mails[0]).toContain(`Your tax invoice ${number}: `)
    expect(mails[0]).toContain(`/profile/purchases/${orderId}/receipt (the PDF is attached)`)
    expect(mails[0]).toMatch(new RegExp(`Attached: invoice-${number.replace('/', '-')}\\.pdf \\(\\d+ bytes\\)`))
    // The sweep finds it sent.
    const sent = await runSweep({ now: new Date(at.getTime() + 5 * 60_000), send: async () => {} })
    expect(sent.sent.filter((k) => k.includes(orderId))).toEqual([])
  })

  test('a failed send, or none at all, is sent by the sweep later, once, with the PDF', async () => {
    const course = await createCourse(db, { courseTitle: 'Immunology' })
    const failedUser = await createUser(db)
    const crashedUser = await createUser(db)
    const failed = await openOrder({ userId: failedUser.id, courseId: course.id })
    const crashed = await openOrder({ userId: crashedUser.id, courseId: course.id })
    const at = new Date()
    // The mail server refuses the first send.
    await db.updateTable('orders').set({ status: 'paid' }).where('id', 'in', [failed, crashed]).execute()
    for (const orderId of [failed, crashed])
      await db.transaction().execute((trx) => issueInvoice(trx, { orderId, now: at.toISOString() }))
    const job = (await purchaseMailJob({ conn: db, orderId: failed, origin: 'https://x.example' }))!
    expect(
      await deliver(db, job, at, async () => {
        throw new Error('421 try later')
      }),
    ).toBe('failed')

    const caught: Array<{ to: string; attachments?: Array<{ filename: string; content: Buffer }> }> = []
    const ours = new Set([failedUser.email, crashedUser.email])
    const sweep = (minutes: number) =>
      runSweep({
        now: new Date(at.getTime() + minutes * 60_000),
        send: async (m) => void (ours.has(m.to) && caught.push(m)),
      })
    // A minute on: the process that never sent is caught up; the failed one waits for its claim to time out.
    await sweep(2)
    expect(caught.map((m) => m.to)).toEqual([crashedUser.email])
    await sweep(CLAIM_RETRY_MINUTES + 1)
    expect(caught.map((m) => m.to)).toEqual([crashedUser.email, failedUser.email])
    await sweep(CLAIM_RETRY_MINUTES + 30)
    expect(caught).toHaveLength(2)
    const pdf = caught[1].attachments![0]
    expect(pdf.filename).toMatch(/^invoice-\d{4}-\d{2}-\d{6}\.pdf$/)
    expect(await pdfText(new Uint8Array(pdf.content))).toContain('Immunology')
  })
})

test("a bundle order's receipt names the mock test series", async () => {
  const receiptPage = await import('~/routes/profile/receipt')
  const user = await createUser(db)
  const orderId = await openOrder({ userId: user.id, courseId: null, amountPaise: 9_900 })
  await pay(orderId, new Date())
  const res = await callRoute(receiptPage.loader, `/profile/purchases/${orderId}/receipt`, {
    cookie: await signedInCookie(user.id),
    params: { orderId },
  })
  expect(res.data.receipt).toMatchObject({ description: 'Premium mock test series', totalPaise: 9_900 })
})
