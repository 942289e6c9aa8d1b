import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories'
import { getUserId } from '~/auth/session.server'
import { checkCredentials } from '~/models/accounts/account.server'
import { db } from '~/utils/db.server'
import { MESSAGES, verifyCode } from '~/models/accounts/verification.server'
import { action as signupAction } from '~/routes/auth/signup'
import { action as loginAction } from '~/routes/auth/login'
import { action as logoutAction } from '~/routes/auth/logout'
import { action as forgotAction } from '~/routes/auth/forgot-password'
import * as users from '~/routes/api/users'
import { buildRequest, callApi, callRoute, CookieJar, lastCode, otherCode } from '../support/harness'
import { apiSignupClaimCookie } from '~/auth/totp.server'

// Security of one-time codes, sign-up, password reset and sessions, run against the model and the page actions
// (fast, no browser).
let n = 0
const fresh = (tag: string) => `${tag}-${Date.now()}-${n++}@example.test`
const userExists = async (email: string) =>
  !!(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())

describe('one-time codes', () => {
  it('1,000 scripted guesses are all refused, the right code among them too', async () => {
    const email = fresh('brute')
    const jar = new CookieJar()
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/register', {
          json: { name: 'Brute', email, password: 'Str0ng!pass' },
          cookie: jar,
        })
      ).status,
    ).toBe(200)
    const claim = await apiSignupClaimCookie.parse(`signupClaim=${jar.cookies.get('signupClaim')}`)
    expect(claim).toBeTruthy()
    const real = lastCode(email)
    const guesses = Array.from({ length: 1000 }, (_, i) =>
      otherCode(String((Number(real) + 7919 * (i + 1)) % 1_000_000).padStart(6, '0')),
    )
    guesses[500] = real
    const results = []
    for (const g of guesses) results.push(await verifyCode({ purpose: 'signup', email, code: g, claim }))
    expect(results.filter((r) => r.ok)).toHaveLength(0)
    // After five wrong tries the code is dead; everything later, the real code included, says so.
    expect(results.slice(5).every((r) => !r.ok && r.message === MESSAGES.dead)).toBe(true)
    expect(await userExists(email)).toBe(false)
  })

  it('a replayed old `_totp` cookie earns no extra tries', async () => {
    const email = fresh('replay')
    const jar = new CookieJar()
    const start = await callRoute(signupAction, '/signup', {
      form: { intent: 'signup', name: 'Replay', email, password: 'Str0ng!pass' },
      cookie: jar,
    })
    expect(start.location).toBe('/signup?step=verify')
    const original = jar.cookies.get('_totp')!
    expect(original).toBeTruthy()
    const code = lastCode(email)
    const wrong = otherCode(code)

    for (let i = 0; i < 5; i++) {
      const r = await callRoute(signupAction, '/signup?step=verify', {
        form: { intent: 'verify', otp: wrong.split('') },
        cookie: jar,
      })
      expect(r.data?.otpError).toBe(MESSAGES.wrong)
    }
    // Replaying the cookies as they were right after sending: the table still counts five wrong tries.
    const replay = new CookieJar()
    replay.cookies.set('_totp', original)
    replay.cookies.set('__signup', jar.cookies.get('__signup')!)
    const r = await callRoute(signupAction, '/signup?step=verify', {
      form: { intent: 'verify', otp: code.split('') },
      cookie: replay,
    })
    expect(r.data?.otpError).toBe(MESSAGES.dead)
    expect(await userExists(email)).toBe(false)
  })

  it('page sign-up: incomplete code message, then the right code creates the account and a session', async () => {
    const email = fresh('pagesignup')
    const jar = new CookieJar()
    await callRoute(signupAction, '/signup', {
      form: { intent: 'signup', name: 'Page', email, password: 'Str0ng!pass' },
      cookie: jar,
    })
    let r = await callRoute(signupAction, '/signup?step=verify', {
      form: { intent: 'verify', otp: ['1', '2', '', '', '', ''] },
      cookie: jar,
    })
    expect(r.data?.otpError).toBe('Please enter all digits of the OTP.')
    r = await callRoute(signupAction, '/signup?step=verify', { form: { intent: 'resend' }, cookie: jar })
    expect(r.status).toBe(429)
    r = await callRoute(signupAction, '/signup?step=verify', {
      form: { intent: 'verify', otp: lastCode(email).split('') },
      cookie: jar,
    })
    expect(r.location).toBe('/')
    expect(jar.cookies.has('__session')).toBe(true)
    expect(jar.cookies.has('_totp')).toBe(false)
    expect(await userExists(email)).toBe(true)
  })
})

// A second register for the same e-mail (from anyone, no auth) used to replace the pending name and
// password hash, so the code the real owner then entered created the account with the attacker's password.
describe('sign-up hijack', () => {
  const passwordWorks = async (email: string, password: string) => (await checkCredentials(email, password)).ok
  const allowResend = (email: string) =>
    db
      .updateTable('verifications')
      .set({ last_sent_at: new Date(Date.now() - 60_000).toISOString() })
      .where('email', '=', email)
      .execute()

  it("on the page: another browser's register never changes the owner's pending sign-up", async () => {
    const email = fresh('hijack-page')
    const owner = new CookieJar()
    await callRoute(signupAction, '/signup', {
      form: { intent: 'signup', name: 'Real Owner', email, password: 'Owner!pass1' },
      cookie: owner,
    })
    const ownerCode = lastCode(email)
    await allowResend(email)

    const attacker = new CookieJar()
    const attack = await callRoute(signupAction, '/signup', {
      form: { intent: 'signup', name: 'Attacker', email, password: 'Attack!pass1' },
      cookie: attacker,
    })
    expect(attack.location).toBe('/signup?step=verify')
    const attackerCode = lastCode(email) // mailed to the owner, not to the attacker
    // The attacker's own code would not help in the owner's browser, nor the owner's code in the attacker's.
    if (attackerCode !== ownerCode) {
      const r = await callRoute(signupAction, '/signup?step=verify', {
        form: { intent: 'verify', otp: attackerCode.split('') },
        cookie: owner,
      })
      expect(r.data?.otpError).toBe(MESSAGES.wrong)
    }
    let r = await callRoute(signupAction, '/signup?step=verify', {
      form: { intent: 'verify', otp: ownerCode.split('') },
      cookie: attacker,
    })
    if (attackerCode !== ownerCode) expect(r.data?.otpError).toBe(MESSAGES.wrong)

    r = await callRoute(signupAction, '/signup?step=verify', {
      form: { intent: 'verify', otp: ownerCode.split('') },
      cookie: owner,
    })
    expect(r.location).toBe('/')
    const user = await db.selectFrom('users').select(['name']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(user.name).toBe('Real Owner')
    expect(await passwordWorks(email, 'Owner!pass1')).toBe(true)
    expect(await passwordWorks(email, 'Attack!pass1')).toBe(false)
    // The attacker's registration died with the account: its code creates nothing.
    r = await callRoute(signupAction, '/signup?step=verify', {
      form: { intent: 'verify', otp: attackerCode.split('') },
      cookie: attacker,
    })
    expect(r.location).toBeNull()
    expect(await passwordWorks(email, 'Attack!pass1')).toBe(false)
  })

  it("on the API: another client's register never changes the owner's pending sign-up", async () => {
    const email = fresh('hijack-api')
    const owner = new CookieJar()
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/register', {
          json: { name: 'Real Owner', email, password: 'Owner!pass1' },
          cookie: owner,
        })
      ).status,
    ).toBe(200)
    const ownerCode = lastCode(email)
    await allowResend(email)
    const attacker = new CookieJar()
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/register', {
          json: { name: 'Attacker', email, password: 'Attack!pass1' },
          cookie: attacker,
        })
      ).status,
    ).toBe(200)
    // Without a claim of its own, a client cannot use the owner's code either.
    expect((await callApi(users, 'POST', '/api/v1/users/verify-otp', { json: { email, otp: ownerCode } })).status).toBe(
      400,
    )
    expect(
      (await callApi(users, 'POST', '/api/v1/users/verify-otp', { json: { email, otp: ownerCode }, cookie: attacker }))
        .status,
    ).toBe(lastCode(email) === ownerCode ? 200 : 400)
    if (lastCode(email) === ownerCode) return // one-in-a-million: both codes equal; the attacker had its own registration anyway

    const ok = await callApi(users, 'POST', '/api/v1/users/verify-otp', {
      json: { email, otp: ownerCode },
      cookie: owner,
    })
    expect(ok.status).toBe(200)
    expect(ok.body.data.user.name).toBe('Real Owner')
    expect(await passwordWorks(email, 'Owner!pass1')).toBe(true)
    expect(await passwordWorks(email, 'Attack!pass1')).toBe(false)
  })

  it('a pending sign-up cannot be read or resent by a client without its claim', async () => {
    const email = fresh('hijack-resend')
    const owner = new CookieJar()
    await callRoute(signupAction, '/signup', {
      form: { intent: 'signup', name: 'Owner', email, password: 'Owner!pass1' },
      cookie: owner,
    })
    await allowResend(email)
    // The `_totp` cookie alone (it carries only the e-mail) is not enough.
    const stranger = new CookieJar()
    stranger.cookies.set('_totp', owner.cookies.get('_totp')!)
    const r = await callRoute(signupAction, '/signup?step=verify', { form: { intent: 'resend' }, cookie: stranger })
    expect(r.status).toBe(400)
    expect(r.data?.otpError).toBe('Your sign-up session has ended. Please sign up again.')
  })
})

describe('password reset pages', () => {
  it('a reset without a verified code is refused', async () => {
    const { email, password } = await createUser(db, { email: fresh('noproof'), password: 'Learn@12345' })
    const fields = { intent: 'reset', password: 'N3w!password', confirmPassword: 'N3w!password' }
    let r = await callRoute(forgotAction, '/forgot-password?step=reset', { form: fields })
    expect(r.status).toBe(403)
    const forged = new CookieJar()
    forged.cookies.set('__reset_proof', 'forged-value')
    r = await callRoute(forgotAction, '/forgot-password?step=reset', { form: fields, cookie: forged })
    expect(r.status).toBe(403)
    // A code sent but never verified gives no proof either.
    const jar = new CookieJar()
    await callRoute(forgotAction, '/forgot-password', { form: { intent: 'email', email }, cookie: jar })
    r = await callRoute(forgotAction, '/forgot-password?step=reset', { form: fields, cookie: jar })
    expect(r.status).toBe(403)
    expect((await callApi(users, 'POST', '/api/v1/users/login', { json: { email, password } })).status).toBe(200)
  })

  it("verified code -> single-use proof -> new password; the user's sessions end", async () => {
    const { email, password } = await createUser(db, { email: fresh('pagereset'), password: 'Learn@12345' })
    const other = new CookieJar()
    await callRoute(loginAction, '/login', { form: { email, password }, cookie: other })
    expect(other.cookies.has('__session')).toBe(true)

    const jar = new CookieJar()
    let r = await callRoute(forgotAction, '/forgot-password', {
      form: { intent: 'email', email: fresh('ghost') },
      cookie: jar,
    })
    expect(r.status).toBe(404)
    r = await callRoute(forgotAction, '/forgot-password', { form: { intent: 'email', email }, cookie: jar })
    expect(r.location).toBe('/forgot-password?step=verify')
    r = await callRoute(forgotAction, '/forgot-password?step=verify', {
      form: { intent: 'verify', otp: lastCode(email).split('') },
      cookie: jar,
    })
    expect(r.location).toBe('/forgot-password?step=reset')
    const proof = jar.cookies.get('__reset_proof')!
    r = await callRoute(forgotAction, '/forgot-password?step=reset', {
      form: { intent: 'reset', password: 'N3w!password', confirmPassword: 'Other!pass1' },
      cookie: jar,
    })
    expect(r.status).toBe(400)
    r = await callRoute(forgotAction, '/forgot-password?step=reset', {
      form: { intent: 'reset', password: 'N3w!password', confirmPassword: 'N3w!password' },
      cookie: jar,
    })
    expect(r.location).toBe('/login')

    const replay = new CookieJar()
    replay.cookies.set('__reset_proof', proof)
    r = await callRoute(forgotAction, '/forgot-password?step=reset', {
      form: { intent: 'reset', password: 'An0ther!pass', confirmPassword: 'An0ther!pass' },
      cookie: replay,
    })
    expect(r.status).toBe(403)

    expect(await getUserId(buildRequest('/', { cookie: other }))).toBeNull()
    expect((await callRoute(loginAction, '/login', { form: { email, password: 'N3w!password' } })).location).toBe('/')
  })
})

describe('sessions', () => {
  it('login rotates the id, refuses unsafe redirects, and a cookie used after logout is refused', async () => {
    const { email, password } = await createUser(db, { email: fresh('sess') })
    const jar = new CookieJar()
    let r = await callRoute(loginAction, '/login', {
      form: { email, password, redirectTo: '//evil.example/' },
      cookie: jar,
    })
    expect(r.location).toBe('/')
    const first = jar.cookies.get('__session')
    r = await callRoute(loginAction, '/login', { form: { email, password, redirectTo: '/profile' }, cookie: jar })
    expect(r.location).toBe('/profile')
    expect(jar.cookies.get('__session')).not.toBe(first)
    const copy = jar.header()

    r = await callRoute(loginAction, '/login', { form: { email, password: 'nope' } })
    expect(r.status).toBe(401)
    expect(r.data?.result).toMatchObject({ error: { '': ['Invalid Credentials'] } })
    r = await callRoute(loginAction, '/login', { form: { email: fresh('ghost'), password: 'nope' } })
    expect(r.status).toBe(404)

    await callRoute(logoutAction, '/logout', { form: {}, cookie: jar })
    expect(await getUserId(buildRequest('/', { cookie: copy }))).toBeNull()
    expect(
      (
        await callApi(users, 'GET', '/api/v1/users/current-user', {
          cookie: Object.assign(new CookieJar(), {
            cookies: new Map([['__session', copy.split('=').slice(1).join('=')]]),
          }),
        })
      ).status,
    ).toBe(401)
  })

  // One byte of the signature changed. Not its last character: base64 of a 32-byte HMAC ends in a character whose
  // two low bits are padding, so 'B', 'C' or 'D' -> 'A' there decodes to the same signature (CI hit it once).
  function tamperSignature(cookieValue: string): string {
    const decoded = decodeURIComponent(cookieValue)
    const at = decoded.lastIndexOf('.') + 1
    const swapped = decoded[at] === 'A' ? 'B' : 'A'
    return encodeURIComponent(decoded.slice(0, at) + swapped + decoded.slice(at + 1))
  }

  it('a session cookie counts only with its signature, however often a forged one comes back', async () => {
    const user = await createUser(db, { email: fresh('sig') })
    const jar = new CookieJar()
    await callRoute(loginAction, '/login', { form: { email: user.email, password: user.password }, cookie: jar })
    const genuine = jar.cookies.get('__session')!
    const idOf = (cookie: string) => getUserId(buildRequest('/', { cookie }))
    // Verified values are remembered by the cookie's exact text (app/utils/session-cookie.server.ts): ask twice each.
    for (let i = 0; i < 2; i++) {
      expect(await idOf(`__session=${genuine}`)).toBe(user.id)
      expect(await idOf(`theme=ImRhcmsi; __session=${genuine}; other=1`)).toBe(user.id)
      expect(await idOf(`__session=${tamperSignature(genuine)}`)).toBeNull()
      const unsigned = genuine.slice(0, genuine.lastIndexOf('.'))
      expect(await idOf(`__session=${unsigned}`)).toBeNull()
      expect(await idOf(`x__session=${genuine}`)).toBeNull()
      expect(await idOf('__session=')).toBeNull()
    }
  })
})
