// Two app processes on one PostgreSQL behave as one. Requests alternate between them (as a load
// balancer may send them): a session made on one works on the other, concurrent payment callbacks + webhooks
// for one order enrol exactly once, concurrent starts of one quiz open one attempt, rate limits count across
// both, and their scheduled sweeps send a due reminder once. Runs only in the PostgreSQL run (vitest.config.ts), against the built server (scripts/test.mjs builds
// first), on this file's own database (tests/support/vitest-setup.ts).
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openPostgres, type DB } from '../../../db/client'
import { createCourse, createUser, enrol } from '../../../db/factories'
import { freePort } from '../../../scripts/pg-server.mjs'
import { startAppServer, type AppServer } from '../../support/app-server'
import { E2E } from '../../support/e2e-env'
import { sign, startRazorpayServer, type RazorpayStandIn } from '../../support/standins/razorpay'

let rzp: RazorpayStandIn
let servers: AppServer[] = []
let db: DB
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-two-'))

beforeAll(async () => {
  if (!fs.existsSync(path.join(E2E.buildDir, 'server/index.js')))
    throw new Error(`No build in ${E2E.buildDir}: run \`npm run build\` first (npm test does)`)
  rzp = await startRazorpayServer(0)
  const env = {
    ...rzp.env,
    DATABASE_URL: process.env.DATABASE_URL!,
    RATE_LIMIT: 'on',
    // Each request names its client address, as Fly's proxy does, so the parts of this file do not share limits.
    TRUST_PROXY: 'fly',
    PG_POOL_MAX: '5',
    // Both sweep often, so the reminder test below sees several rounds of both instances.
    JOBS_INTERVAL_SECONDS: '10',
  }
  // Both start at once on an empty database: migrations and the demo seed must each happen exactly once.
  servers = await Promise.all(
    ['a', 'b'].map(async (name) => startAppServer({ port: await freePort(), dir: path.join(tmp, name), env })),
  )
  db = openPostgres(process.env.DATABASE_URL!, { max: 3 }).db
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  await db?.destroy()
  await rzp?.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

/** The i-th request goes to instance i % 2. */
const at = (i: number, pathname: string) => `${servers[i % 2].baseURL}${pathname}`
const address = () => `10.${crypto.randomInt(255)}.${crypto.randomInt(255)}.${crypto.randomInt(1, 255)}`

async function login(i: number, email: string, password: string, ip: string) {
  return fetch(at(i, '/api/v1/users/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Fly-Client-IP': ip },
    body: JSON.stringify({ email, password }),
  })
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')

describe('two app instances on one PostgreSQL', () => {
  test('started together, they migrated and seeded the demo exactly once', async () => {
    const courses = await db.selectFrom('courses').select(['link_address']).execute()
    expect(courses.length).toBeGreaterThan(0)
    expect(new Set(courses.map((c) => c.link_address)).size).toBe(courses.length)
    const migrations = await db
      .selectFrom('kysely_migration' as 'users')
      .select('name' as 'id')
      .execute()
    expect(migrations.length).toBeGreaterThan(0)
    for (const s of servers) expect((await fetch(`${s.baseURL}/courses`)).status).toBe(200)
  })

  test('a session made on one works on the other, and a logout on the other ends it on both', async () => {
    const user = await createUser(db, { name: 'Two Instances' })
    const ip = address()
    const res = await login(0, user.email, user.password, ip)
    expect(res.status).toBe(200)
    const cookie = cookieOf(res)
    for (const i of [1, 0, 1]) {
      const me = await fetch(at(i, '/api/v1/users/current-user'), { headers: { Cookie: cookie } })
      expect(me.status).toBe(200)
      expect((await me.json()).data.email).toBe(user.email)
    }
    // The page view too (the profile page needs the session).
    expect((await fetch(at(1, '/profile'), { headers: { Cookie: cookie }, redirect: 'manual' })).status).toBe(200)
    expect((await fetch(at(1, '/api/v1/users/logout'), { method: 'POST', headers: { Cookie: cookie } })).status).toBe(
      200,
    )
    expect((await fetch(at(0, '/api/v1/users/current-user'), { headers: { Cookie: cookie } })).status).toBe(401)
  })

  test('concurrent callbacks and webhooks for one order, on both instances, enrol exactly once', async () => {
    const user = await createUser(db)
    const course = await db
      .selectFrom('courses')
      .select(['id', 'discounted_price'])
      .orderBy('created_at')
      .executeTakeFirstOrThrow()
    const ip = address()
    const cookie = cookieOf(await login(0, user.email, user.password, ip))
    const created = await fetch(at(1, '/api/v1/orders/create-order'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, 'Fly-Client-IP': ip },
      body: JSON.stringify({ itemType: 'course', courseId: course.id, phone: '9876543210' }),
    })
    expect(created.status).toBe(200)
    const order = (await created.json()).order as { id: string; amount: number }
    const paymentId = `pay_${crypto.randomBytes(7).toString('hex')}`
    const callback = (i: number) =>
      fetch(at(i, '/payments/razorpay/callback'), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Fly-Client-IP': address() },
        body: new URLSearchParams({
          razorpay_payment_id: paymentId,
          razorpay_order_id: order.id,
          razorpay_signature: sign(rzp.keySecret, `${order.id}|${paymentId}`),
        }),
      })
    const webhook = (i: number) => {
      const body = JSON.stringify({
        entity: 'event',
        event: 'payment.captured',
        payload: {
          payment: {
            entity: {
              id: paymentId,
              entity: 'payment',
              order_id: order.id,
              amount: order.amount,
              currency: 'INR',
              status: 'captured',
            },
          },
        },
      })
      return fetch(at(i, '/api/v1/orders/verify-payment'), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': sign(rzp.webhookSecret, body),
          // Razorpay retries an event with the same id: a few distinct events, each arriving several times.
          'X-Razorpay-Event-Id': eventId(i),
          'Fly-Client-IP': address(),
        },
        body,
      })
    }
    const eventId = (i: number) => `evt_${order.id}_${i % 4}`
    const sends = Array.from({ length: 24 }, (_, i) => i)
    const responses = await Promise.all(sends.map((i) => (i % 3 === 0 ? callback(i) : webhook(i))))
    for (const r of responses) expect(r.status, `${r.url} answered ${r.status}`).toBeLessThan(400)

    const enrolments = await db
      .selectFrom('enrollments')
      .select('id')
      .where('user_id', '=', user.id)
      .where('course_id', '=', course.id)
      .execute()
    expect(enrolments).toHaveLength(1)
    const row = await db
      .selectFrom('orders')
      .select(['status', 'provider_payment_id'])
      .where('provider_order_id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ status: 'paid', provider_payment_id: paymentId })
    const events = await db
      .selectFrom('payment_events')
      .select(['source', 'event_id', 'fulfilled'])
      .where('order_id', 'in', db.selectFrom('orders').select('id').where('provider_order_id', '=', order.id))
      .execute()
    expect(events.filter((e) => e.fulfilled === 1)).toHaveLength(1)
    // Each webhook event id is recorded once, however many times it arrived, on whichever instance.
    const webhookIds = events.filter((e) => e.source === 'webhook').map((e) => e.event_id)
    expect(new Set(webhookIds).size).toBe(webhookIds.length)
    expect(webhookIds.length).toBe(new Set(sends.filter((i) => i % 3 !== 0).map(eventId)).size)
  })

  test('concurrent starts of one quiz on both instances open one attempt', async () => {
    const user = await createUser(db)
    const quiz = await db
      .selectFrom('quizzes')
      .select('id')
      .where('category', '=', 'free')
      .orderBy('created_at')
      .executeTakeFirstOrThrow()
    const cookie = cookieOf(await login(1, user.email, user.password, address()))
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(at(i, `/api/v1/quiz/${quiz.id}`), { headers: { Cookie: cookie, 'Fly-Client-IP': address() } }),
      ),
    )
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200))
    const attempts = await db
      .selectFrom('attempts')
      .select('id')
      .where('user_id', '=', user.id)
      .where('quiz_id', '=', quiz.id)
      .execute()
    expect(attempts).toHaveLength(1)
  })

  test('rate limits count across both instances', async () => {
    // 30 auth posts a minute per address (pages and API together): alternate instances from one address.
    const ip = address()
    const statuses: number[] = []
    for (let i = 0; i < 34; i++) statuses.push((await login(i, `nobody-${i}@example.test`, 'Whatever1!', ip)).status)
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true)
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429])
    // Another address is not affected, on either instance.
    expect((await login(0, 'nobody@example.test', 'Whatever1!', address())).status).toBe(404)
    expect((await login(1, 'nobody@example.test', 'Whatever1!', address())).status).toBe(404)
  })

  test('both running sweeps see a due reminder; it is sent once', async () => {
    // Access ends in two days: the 3-day reminder is due now, for both instances' sweeps (every 10 s).
    const course = await createCourse(db, { accessDays: 30, mode: 'live' })
    const learner = await createUser(db)
    const enrolment = await enrol(db, {
      userId: learner.id,
      courseId: course.id,
      source: 'purchase',
      accessUntil: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString(),
    })
    const mailsTo = () =>
      ['a', 'b'].flatMap((name) => {
        const outbox = path.join(tmp, name, 'outbox')
        if (!fs.existsSync(outbox)) return []
        return fs
          .readdirSync(outbox)
          .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
          .filter((m) => m.startsWith(`To: ${learner.email}\n`))
      })
    const deadline = Date.now() + 40_000
    while (mailsTo().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500))
    expect(mailsTo()).toHaveLength(1)
    // Two more rounds of both sweeps: still one.
    await new Promise((r) => setTimeout(r, 21_000))
    expect(mailsTo()).toHaveLength(1)
    const claims = await db
      .selectFrom('job_claims')
      .select(['key', 'sent_at'])
      .where('key', 'like', `reminder:${enrolment.id}:%`)
      .execute()
    expect(claims).toHaveLength(1)
    expect(claims[0].key).toMatch(/:3days$/)
    expect(claims[0].sent_at).not.toBeNull()
  }, 90_000)
})
