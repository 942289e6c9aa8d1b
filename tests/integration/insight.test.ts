import crypto from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createQuiz, createUser, enrol } from '../../db/factories'
import type { OrderStatus } from '../../db/schema'
import { dailyActivity, latestPayments, revenueByItem, revenueSummary } from '~/models/insight/insight.server'
import * as dashboard from '~/routes/admin/dashboard'
import { db } from '~/utils/db.server'
import { callRoute, signedInUser } from '../support/harness'

// The dashboard's revenue windows and daily series, on SQLite and PostgreSQL. "Now" is fixed in the
// past (15 Mar 2026, 13:30 IST), so rows the harness creates at the real time fall after every window. Indian
// days: today began at 2026-03-14T18:30Z, the 7 days at 2026-03-08T18:30Z, the 30 days at 2026-02-13T18:30Z.
const NOW = new Date('2026-03-15T08:00:00.000Z')
const id = () => crypto.randomBytes(8).toString('hex')

let learner = ''
let course1 = ''
let course2 = ''

async function order(input: {
  amount: number
  paidAt: string | null
  status?: OrderStatus
  courseId?: string | null
  provider?: 'razorpay' | 'demo' | 'free'
  refundReason?: string
}) {
  const orderId = `order_${id()}`
  const at = input.paidAt ?? '2026-03-15T07:00:00.000Z'
  await db
    .insertInto('orders')
    .values({
      id: orderId,
      user_id: learner,
      item_type: input.courseId === null ? 'quiz_bundle' : 'course',
      course_id: input.courseId === null ? null : (input.courseId ?? course1),
      coupon_id: null,
      amount_paise: input.amount,
      status: input.status ?? 'paid',
      provider: input.provider ?? 'razorpay',
      provider_order_id: null,
      provider_payment_id: null,
      phone: null,
      created_at: at,
      updated_at: at,
      paid_at: input.paidAt,
      refund_reason: input.refundReason ?? null,
    })
    .execute()
  return orderId
}

beforeAll(async () => {
  learner = (await createUser(db, { name: 'Paying Learner' })).id
  course1 = (await createCourse(db, { courseTitle: 'Genetics' })).id
  course2 = (await createCourse(db, { courseTitle: 'Ecology' })).id
  await order({ amount: 100000, paidAt: '2026-03-14T18:30:00.000Z' }) // first instant of today (IST)
  await order({ amount: 20000, paidAt: '2026-03-14T18:29:59.999Z' }) // last instant of yesterday
  await order({ amount: 30000, paidAt: '2026-03-08T18:30:00.000Z', courseId: course2 }) // first of the 7 days
  await order({ amount: 40000, paidAt: '2026-03-08T18:29:59.999Z', courseId: course2 }) // just before them
  await order({ amount: 50000, paidAt: '2026-02-13T18:30:00.000Z', courseId: null }) // first of the 30 days
  await order({ amount: 60000, paidAt: '2026-02-13T18:29:59.999Z' }) // just before them
  await order({ amount: 12300, paidAt: '2026-03-15T18:30:00.000Z' }) // tomorrow (IST): all time only
  // Not revenue: failed, created (never paid), a free enrolment, a payment marked for refund.
  await order({ amount: 999900, paidAt: null, status: 'failed' })
  await order({ amount: 888800, paidAt: null, status: 'created' })
  await order({ amount: 0, paidAt: '2026-03-15T07:00:00.000Z', provider: 'free' })
  await order({ amount: 77700, paidAt: '2026-03-15T07:00:00.000Z', refundReason: 'coupon over its limit' })
})

describe('revenue', () => {
  test('windows in Indian days: today, 7 days, 30 days, all time; only paid, positive, unrefunded orders', async () => {
    expect(await revenueSummary(NOW)).toEqual({
      todayPaise: 100000,
      last7Paise: 150000,
      last30Paise: 240000,
      allTimePaise: 312300,
      allTimeOrders: 7,
    })
  })

  test('per course and for the quiz bundle, largest first', async () => {
    expect(await revenueByItem(NOW)).toEqual([
      {
        key: course1,
        itemType: 'course',
        title: 'Genetics',
        orders: 4,
        last30Paise: 120000,
        allTimePaise: 192300,
      },
      { key: course2, itemType: 'course', title: 'Ecology', orders: 2, last30Paise: 70000, allTimePaise: 70000 },
      {
        key: 'quiz_bundle',
        itemType: 'quiz_bundle',
        title: 'Quiz bundle',
        orders: 1,
        last30Paise: 50000,
        allTimePaise: 50000,
      },
    ])
  })

  test('latest payments: newest paid first, with learner and item', async () => {
    const latest = await latestPayments(10)
    expect(latest.map((p) => p.amountPaise)).toEqual([12300, 100000, 20000, 30000, 40000, 50000, 60000])
    expect(latest[0]).toMatchObject({ learnerName: 'Paying Learner', item: 'Genetics', provider: 'razorpay' })
    expect(latest[5].item).toBe('Quiz bundle')
    expect(await latestPayments(3)).toHaveLength(3)
  })
})

describe('daily activity', () => {
  test('30 points each, zeros included, each event on its Indian day', async () => {
    const stamps = {
      today: '2026-03-14T18:30:00.000Z', // 15 Mar IST, the last point
      yesterday: '2026-03-14T18:29:59.999Z', // 14 Mar IST
      first: '2026-02-13T18:30:00.000Z', // 14 Feb IST, the first point
      before: '2026-02-13T18:29:00.000Z', // 13 Feb IST: outside
    }
    const quiz = await createQuiz(db)
    for (const [key, at] of Object.entries(stamps)) {
      const user = await createUser(db)
      await db.updateTable('users').set({ created_at: at }).where('id', '=', user.id).execute()
      const { id: enrolmentId } = await enrol(db, { userId: user.id, courseId: course2 })
      await db.updateTable('enrollments').set({ created_at: at }).where('id', '=', enrolmentId).execute()
      await db
        .insertInto('attempts')
        .values({
          id: `att_${id()}`,
          user_id: user.id,
          quiz_id: quiz.id,
          started_at: at,
          deadline_at: null,
          submitted_at: at,
          score: 1,
          total: 1,
          score_units: 30000,
        })
        .execute()
      // The same day twice for today's sign-ups, to see a count above 1.
      if (key === 'today') {
        const again = await createUser(db)
        await db
          .updateTable('users')
          .set({ created_at: '2026-03-15T18:29:59.999Z' })
          .where('id', '=', again.id)
          .execute()
      }
    }
    // An attempt started today but never submitted is not counted.
    const unsubmitted = await createUser(db)
    await db
      .insertInto('attempts')
      .values({
        id: `att_${id()}`,
        user_id: unsubmitted.id,
        quiz_id: quiz.id,
        started_at: stamps.today,
        deadline_at: null,
        submitted_at: null,
        score: null,
        total: 1,
        score_units: null,
      })
      .execute()

    const series = await dailyActivity(NOW)
    for (const name of ['signups', 'enrolments', 'attempts'] as const) {
      const points = series[name]
      expect(points, name).toHaveLength(30)
      expect(points[0]).toMatchObject({ day: '2026-02-14', label: '14 Feb' })
      expect(points[29]).toMatchObject({ day: '2026-03-15', label: '15 Mar' })
      expect(points[0].value, name).toBe(1)
      expect(points[28].value, name).toBe(1)
      expect(points[29].value, name).toBe(name === 'signups' ? 2 : 1)
      expect(points.slice(1, 28).every((p) => p.value === 0)).toBe(true)
    }
  })
})

describe('dashboard page', () => {
  test('admin sees revenue and payments; an instructor sees the activity but no money', async () => {
    const admin = await signedInUser('admin')
    const seen = await callRoute(dashboard.loader, '/admin/dashboard', { cookie: admin.cookie })
    expect(seen.status).toBe(200)
    expect(seen.data.money.summary.allTimePaise).toBe(312300)
    expect(seen.data.money.payments).toHaveLength(7)
    expect(seen.data.activity.signups).toHaveLength(30)

    const instructor = await signedInUser('instructor')
    const limited = await callRoute(dashboard.loader, '/admin/dashboard', { cookie: instructor.cookie })
    expect(limited.status).toBe(200)
    expect(limited.data.money).toBeNull()
    expect(limited.data.activity.attempts).toHaveLength(30)
    expect(limited.data.stats.totalUsers).toBeGreaterThan(0)
  })
})
