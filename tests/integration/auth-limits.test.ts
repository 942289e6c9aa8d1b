import { describe, expect, it, vi } from 'vitest'

// The limit tests run with limits on; the env is read lazily, so set it before anything asks.
vi.hoisted(() => {
  process.env.RATE_LIMIT = 'on'
})

import { createUser } from '../../db/factories'
import { db } from '~/utils/db.server'
import fs from 'node:fs'
import { CODE_MAILS_PER_ADDRESS_PER_HOUR, MESSAGES } from '~/models/accounts/verification.server'
import { action as forgotAction } from '~/routes/auth/forgot-password'
import { action as loginAction } from '~/routes/auth/login'
import { TOO_MANY_REQUESTS } from '~/utils/rate-limit.server'
import * as users from '~/routes/api/users'
import { callApi, callRoute, lastCode, otherCode } from '../support/harness'

const backdate = (email: string) =>
  db
    .updateTable('verifications')
    .set({ last_sent_at: new Date(Date.now() - 60_000).toISOString() })
    .where('email', '=', email)
    .execute()

describe('rate limits', () => {
  it('at most 30 auth posts per minute per client address, pages and API together (429 with a clear message)', async () => {
    const address = '198.51.100.7'
    // hit() uses fixed one-minute windows: start well inside one so the 31 posts share it.
    const msLeft = 60_000 - (Date.now() % 60_000)
    if (msLeft < 10_000) await new Promise((r) => setTimeout(r, msLeft + 50))
    for (let i = 0; i < 29; i++) {
      expect(
        (
          await callApi(users, 'POST', '/api/v1/users/login', {
            json: { email: `nobody${i}@example.test`, password: 'x' },
            address,
          })
        ).status,
      ).toBe(404)
    }
    const page = await callRoute(loginAction, '/login', {
      form: { email: 'nobody@example.test', password: 'x' },
      address,
    })
    expect(page.status).toBe(404)
    const limited = await callApi(users, 'POST', '/api/v1/users/login', {
      json: { email: 'nobody@example.test', password: 'x' },
      address,
    })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toBe(TOO_MANY_REQUESTS)
    const pageLimited = await callRoute(loginAction, '/login', {
      form: { email: 'nobody@example.test', password: 'x' },
      address,
    })
    expect(pageLimited.status).toBe(429)
    // Another address is unaffected.
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/login', {
          json: { email: 'nobody@example.test', password: 'x' },
          address: '198.51.100.8',
        })
      ).status,
    ).toBe(404)
  })

  it("wrong codes lock that code, never the owner's next one", async () => {
    const address = '203.0.113.9'
    const { email } = await createUser(db, { email: `hourly-${Date.now()}@example.test` })
    expect((await callApi(users, 'POST', '/api/v1/users/forgot-password', { json: { email }, address })).status).toBe(
      200,
    )
    // Two codes killed by an attacker's wrong guesses: 10 failures within the hour.
    for (let round = 0; round < 2; round++) {
      const wrong = otherCode(lastCode(email))
      for (let i = 0; i < 5; i++) {
        const r = await callApi(users, 'POST', '/api/v1/users/verify-forgot-password-otp', {
          json: { email, otp: wrong },
          address,
        })
        expect(r.status).toBe(400)
      }
      const dead = await callApi(users, 'POST', '/api/v1/users/verify-forgot-password-otp', {
        json: { email, otp: lastCode(email) },
        address,
      })
      expect(dead.body.message).toBe(MESSAGES.dead)
      await backdate(email)
      expect(
        (await callApi(users, 'POST', '/api/v1/users/resend-forgot-password-otp', { json: { email }, address })).status,
      ).toBe(200)
    }
    // The owner's fresh code still works.
    const r = await callApi(users, 'POST', '/api/v1/users/verify-forgot-password-otp', {
      json: { email, otp: lastCode(email) },
      address: '203.0.113.10',
    })
    expect(r.status).toBe(200)
  })

  it(`at most ${CODE_MAILS_PER_ADDRESS_PER_HOUR} code e-mails per address per hour, pages and API, sign-up and reset together`, async () => {
    const msLeft = 3_600_000 - (Date.now() % 3_600_000)
    if (msLeft < 10_000) await new Promise((r) => setTimeout(r, msLeft + 50))
    const { email } = await createUser(db, { email: `mailcap-${Date.now()}@example.test` })
    const sent = () =>
      fs
        .readdirSync(process.env.OUTBOX_DIR!)
        .filter((f) => fs.readFileSync(`${process.env.OUTBOX_DIR}/${f}`, 'utf8').startsWith(`To: ${email}\n`)).length
    for (let i = 0; i < CODE_MAILS_PER_ADDRESS_PER_HOUR; i++) {
      const r =
        i % 2 === 0
          ? await callApi(users, 'POST', '/api/v1/users/forgot-password', { json: { email }, address: `192.0.2.${i}` })
          : {
              status: (
                await callRoute(forgotAction, '/forgot-password', {
                  form: { intent: 'email', email },
                  address: `192.0.2.${i}`,
                })
              ).status,
            }
      expect([200, 302]).toContain(r.status)
      await backdate(email)
    }
    expect(sent()).toBe(CODE_MAILS_PER_ADDRESS_PER_HOUR)
    const api429 = await callApi(users, 'POST', '/api/v1/users/resend-forgot-password-otp', {
      json: { email },
      address: '192.0.2.100',
    })
    expect(api429.status).toBe(429)
    expect(api429.body.message).toBe(MESSAGES.mailCap)
    const page429 = await callRoute(forgotAction, '/forgot-password', {
      form: { intent: 'email', email },
      address: '192.0.2.101',
    })
    expect(page429.status).toBe(429)
    expect(JSON.stringify(page429.data)).toContain(MESSAGES.mailCap)
    expect(sent()).toBe(CODE_MAILS_PER_ADDRESS_PER_HOUR)
    // Another address is unaffected.
    const other = await createUser(db, { email: `mailcap-other-${Date.now()}@example.test` })
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/forgot-password', {
          json: { email: other.email },
          address: '192.0.2.102',
        })
      ).status,
    ).toBe(200)
  })
})
