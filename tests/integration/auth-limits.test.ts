import { describe, expect, it, vi } from 'vitest'

// The limit tests run with limits on (issue 3 §2); the env is read lazily, so set it before anything asks.
vi.hoisted(() => {
  process.env.RATE_LIMIT = 'on'
})

import { createUser } from '../../db/factories'
import { db } from '~/utils/db.server'
import { MESSAGES } from '~/models/verification.server'
import { action as loginAction } from '~/routes/auth/login'
import { TOO_MANY_REQUESTS } from '~/utils/rate-limit.server'
import { api, lastCode, otherCode, pageAction } from './auth-helpers'

const backdate = (email: string) =>
  db.updateTable('verifications').set({ last_sent_at: new Date(Date.now() - 60_000).toISOString() }).where('email', '=', email).execute()

describe('rate limits', () => {
  it('at most 30 auth posts per minute per client address, pages and API together (429 with a clear message)', async () => {
    const address = '198.51.100.7'
    // hit() uses fixed one-minute windows: start well inside one so the 31 posts share it.
    const msLeft = 60_000 - (Date.now() % 60_000)
    if (msLeft < 10_000) await new Promise((r) => setTimeout(r, msLeft + 50))
    for (let i = 0; i < 29; i++) {
      expect((await api('POST', 'login', { email: `nobody${i}@example.test`, password: 'x' }, undefined, address)).status).toBe(404)
    }
    const page = await pageAction(loginAction, '/login', { email: 'nobody@example.test', password: 'x' }, undefined, address)
    expect(page.status).toBe(404)
    const limited = await api('POST', 'login', { email: 'nobody@example.test', password: 'x' }, undefined, address)
    expect(limited.status).toBe(429)
    expect((await limited.json()).message).toBe(TOO_MANY_REQUESTS)
    const pageLimited = await pageAction(loginAction, '/login', { email: 'nobody@example.test', password: 'x' }, undefined, address)
    expect(pageLimited.status).toBe(429)
    // Another address is unaffected.
    expect((await api('POST', 'login', { email: 'nobody@example.test', password: 'x' }, undefined, '198.51.100.8')).status).toBe(404)
  })

  it('at most 10 failed verifications per e-mail per hour, even across fresh codes', async () => {
    const address = '203.0.113.9'
    const { email } = await createUser(db, { email: `hourly-${Date.now()}@example.test` })
    expect((await api('POST', 'forgot-password', { email }, undefined, address)).status).toBe(200)
    for (let round = 0; round < 2; round++) {
      const wrong = otherCode(lastCode(email))
      for (let i = 0; i < 5; i++) {
        const r = await api('POST', 'verify-forgot-password-otp', { email, otp: wrong }, undefined, address)
        expect(r.status).toBe(400)
      }
      await backdate(email)
      expect((await api('POST', 'resend-forgot-password-otp', { email }, undefined, address)).status).toBe(200)
    }
    const r = await api('POST', 'verify-forgot-password-otp', { email, otp: lastCode(email) }, undefined, address)
    expect(r.status).toBe(429)
    expect((await r.json()).message).toBe(MESSAGES.hourly)
  })
})
