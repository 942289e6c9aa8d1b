import { beforeEach, describe, expect, it, vi } from 'vitest'

// Limits on; the env is read lazily, so set it before anything asks.
vi.hoisted(() => {
  process.env.RATE_LIMIT = 'on'
})

import { createUser } from '../../db/factories'
import {
  ACCOUNT_MESSAGES,
  checkCredentials,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_LOCK_WINDOW_MS,
} from '~/models/accounts/account.server'
import { listAudit } from '~/models/audit/audit.server'
import { action as loginAction } from '~/routes/auth/login'
import { db } from '~/utils/db.server'
import * as users from '~/routes/api/users'
import { callApi, callRoute, CookieJar, lastCode } from '../support/harness'

// Failed logins were limited per client address only, so guesses spread over many addresses never
// stopped. Now 10 failed passwords for one account within a 15-minute window lock its password login (pages and
// API together) until the window ends or the owner resets the password.

const PASSWORD = 'Learn@12345'
let n = 0
const address = () => `198.18.${Math.floor(n / 250)}.${(n++ % 250) + 1}`

const apiLogin = (email: string, password: string) =>
  callApi(users, 'POST', '/api/v1/users/login', { json: { email, password }, address: address() })
const pageLogin = (email: string, password: string) =>
  callRoute(loginAction, '/login', { form: { email, password }, address: address() })

async function failFromManyAddresses(email: string, times: number) {
  for (let i = 0; i < times; i++) expect((await apiLogin(email, 'Wrong-pass1')).status).toBe(401)
}

const lockEntries = async (userId: string) =>
  (await listAudit({ page: 1, pageSize: 100 })).entries.filter(
    (e) => e.action === 'account.login_locked' && e.targetId === userId,
  )

beforeEach(async () => {
  // The counts live in fixed windows: start well inside one so a test's failures share it.
  const msLeft = LOGIN_LOCK_WINDOW_MS - (Date.now() % LOGIN_LOCK_WINDOW_MS)
  if (msLeft < 15_000) await new Promise((r) => setTimeout(r, msLeft + 50))
})

describe('login lock per account', () => {
  it('10 wrong passwords from 10 addresses lock the account: the right password is refused on the API and the page', async () => {
    const { id, email } = await createUser(db, { email: `lock-${Date.now()}@example.test`, password: PASSWORD })
    const other = await createUser(db, { email: `lock-other-${Date.now()}@example.test`, password: PASSWORD })
    await failFromManyAddresses(email, LOGIN_FAILURES_PER_ACCOUNT)

    const refused = await apiLogin(email, PASSWORD)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many failed attempts. Try again in 15 minutes or reset your password.')
    expect(refused.headers.getSetCookie()).toEqual([])
    const page = await pageLogin(email, PASSWORD)
    expect(page.status).toBe(429)
    expect(JSON.stringify(page.data)).toContain(ACCOUNT_MESSAGES.loginLocked)
    expect(page.location).toBeNull()

    // Another account is unaffected, and an unknown e-mail keeps its own answer.
    expect((await apiLogin(other.email, PASSWORD)).status).toBe(200)
    expect((await apiLogin(`nobody-${Date.now()}@example.test`, PASSWORD)).status).toBe(404)

    // Staff see the lock once, recorded by the system, however many refusals followed.
    const entries = await lockEntries(id)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actor: 'System',
      label: 'Password login locked: too many failed attempts',
      targetType: 'user',
    })
  })

  it('a completed password reset lifts the lock at once', async () => {
    const { email } = await createUser(db, { email: `lock-reset-${Date.now()}@example.test`, password: PASSWORD })
    await failFromManyAddresses(email, LOGIN_FAILURES_PER_ACCOUNT)
    expect((await apiLogin(email, PASSWORD)).status).toBe(429)

    const jar = new CookieJar()
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/forgot-password', {
          json: { email },
          cookie: jar,
          address: address(),
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/verify-forgot-password-otp', {
          json: { email, otp: lastCode(email) },
          cookie: jar,
          address: address(),
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/reset-password', {
          json: { email, newpassword: 'N3w!password' },
          cookie: jar,
          address: address(),
        })
      ).status,
    ).toBe(200)

    expect((await apiLogin(email, 'N3w!password')).status).toBe(200)
  })

  it('the lock ends with its 15-minute window', async () => {
    const { email } = await createUser(db, { email: `lock-window-${Date.now()}@example.test`, password: PASSWORD })
    const now = Date.now()
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      expect(await checkCredentials(email, 'Wrong-pass1', now)).toEqual({ ok: false, status: 401 })
    expect(await checkCredentials(email, PASSWORD, now)).toEqual({ ok: false, status: 429 })
    const nextWindow = now - (now % LOGIN_LOCK_WINDOW_MS) + LOGIN_LOCK_WINDOW_MS
    expect(await checkCredentials(email, PASSWORD, nextWindow)).toMatchObject({ ok: true })
  })

  it('a successful login resets the count: 9 wrong, 1 right, 9 wrong is not a lock', async () => {
    const { id, email } = await createUser(db, { email: `lock-success-${Date.now()}@example.test`, password: PASSWORD })
    await failFromManyAddresses(email, LOGIN_FAILURES_PER_ACCOUNT - 1)
    expect((await pageLogin(email, PASSWORD)).status).toBe(302)
    await failFromManyAddresses(email, LOGIN_FAILURES_PER_ACCOUNT - 1)
    expect((await apiLogin(email, PASSWORD)).status).toBe(200)
    expect(await lockEntries(id)).toHaveLength(0)
  })

  it('parallel guesses get no more than 10 password checks', async () => {
    const { id, email } = await createUser(db, { email: `lock-burst-${Date.now()}@example.test`, password: PASSWORD })
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () => apiLogin(email, 'Wrong-pass1').then((r) => r.status)),
    )
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT)
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_FAILURES_PER_ACCOUNT)
    expect(await lockEntries(id)).toHaveLength(1)
  })
})
