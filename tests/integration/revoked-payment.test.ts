// A payment that grants nothing: the learner's order was made, then an admin revoked their access to the course,
// then the payment arrived. The payment is taken (it happened) but goes to 'Payments to refund' with its reason: no
// enrolment is switched back on, no period is added, no invoice is issued, no mail promises access, and the learner
// is told their money comes back. The one-click refund then gives it back and takes nothing. Both databases.
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createUser } from '../../db/factories'
import { setCourseAccess } from '~/models/enrolment/staff.server'
import { listRefundDue } from '~/models/money/payments-admin.server'
import * as payments from '~/routes/admin/payments'
import * as checkout from '~/routes/buy/checkout'
import * as demo from '~/routes/buy/demo-gateway'
import { db } from '~/utils/db.server'
import { callRoute, signedInCookie, signedInUser } from '../support/harness'

let admin = { id: '', cookie: '' }
beforeAll(async () => {
  admin = await signedInUser('admin')
})

const mailsTo = (email: string) => {
  const dir = process.env.OUTBOX_DIR!
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((text) => text.startsWith(`To: ${email}\n`))
}

describe('a payment for a course the learner was revoked from', () => {
  test('is held for a refund with its reason, grants and invoices nothing; the refund takes nothing', async () => {
    const course = await createCourse(db, {
      mode: 'live',
      accessDays: 30,
      discountedPrice: 1500,
      linkAddress: 'revoked-pay-batch',
      courseTitle: 'Revoked Batch',
    })
    const learner = await createUser(db)
    const cookie = await signedInCookie(learner.id)
    const pay = () =>
      callRoute(checkout.action, `/checkout/${course.linkAddress}`, {
        form: { intent: 'pay', phone: '9876543210' },
        cookie,
        params: { id: course.linkAddress },
      })
    const payOnDemo = (location: string) =>
      callRoute(demo.action, location, {
        form: { intent: 'pay' },
        cookie,
        params: { orderId: location.split('/').pop()! },
      })
    const first = await pay()
    expect((await payOnDemo(first.location!)).location).toMatch(/^\/payment-success/)
    // A renewal's order is made, then the admin revokes the learner, then the payment arrives.
    const renewal = await pay()
    const orderId = renewal.location!.split('/').pop()!
    await setCourseAccess({ actorId: admin.id, userId: learner.id, courseId: course.id, active: false })
    const enrolmentBefore = await db
      .selectFrom('enrollments')
      .select(['is_active', 'access_until'])
      .where('user_id', '=', learner.id)
      .executeTakeFirstOrThrow()
    const mailsBefore = mailsTo(learner.email).length

    const paid = await payOnDemo(renewal.location!)
    expect(paid.location).toBe(`/checkout/${course.linkAddress}`)
    const order = await db
      .selectFrom('orders')
      .select(['status', 'refund_reason', 'access_until'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({ status: 'paid', refund_reason: 'revoked', access_until: null })
    expect(
      await db
        .selectFrom('enrollments')
        .select(['is_active', 'access_until'])
        .where('user_id', '=', learner.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(enrolmentBefore)
    expect(await db.selectFrom('invoices').select('number').where('order_id', '=', orderId).execute()).toEqual([])
    const events = await db.selectFrom('payment_events').select('fulfilled').where('order_id', '=', orderId).execute()
    expect(events).toEqual([{ fulfilled: 0 }])
    const mails = mailsTo(learner.email).slice(mailsBefore)
    expect(mails.some((m) => m.includes('Subject: You are enrolled'))).toBe(false)
    expect(mails.some((m) => m.includes('Subject: ') && m.includes('your payment will be refunded'))).toBe(true)
    const audit = await db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'payment.refund_due')
      .where('target_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.details!)).toMatchObject({ reason: 'revoked', courseId: course.id })

    const due = (await listRefundDue()).orders.find((o) => o.id === orderId)
    expect(due).toMatchObject({
      refundDue: true,
      refundReason: "The learner's access to the course had been revoked by an admin",
    })
    const page = await callRoute(payments.loader, '/admin/payments', { cookie: admin.cookie })
    expect(page.data.refundDue.orders.map((o: { id: string }) => o.id)).toContain(orderId)

    const refunded = await callRoute(payments.action, '/admin/payments', {
      cookie: admin.cookie,
      form: { intent: 'refund-due', orderId },
    })
    expect(refunded.location).toBe('/admin/payments')
    const refunds = await db
      .selectFrom('refunds')
      .select(['amount_paise', 'reason'])
      .where('order_id', '=', orderId)
      .execute()
    expect(refunds).toEqual([
      {
        amount_paise: 150_000,
        reason: "The learner's access to the course had been revoked by an admin, so the payment was not fulfilled",
      },
    ])
    expect(
      await db
        .selectFrom('enrollments')
        .select(['is_active', 'access_until'])
        .where('user_id', '=', learner.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(enrolmentBefore)
  })
})
