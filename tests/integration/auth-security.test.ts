import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories'
import { getUserId } from '~/utils/auth.server'
import { checkCredentials } from '~/models/account.server'
import { db } from '~/utils/db.server'
import { MESSAGES, verifyCode } from '~/models/verification.server'
import { action as signupAction } from '~/routes/auth/signup'
import { action as loginAction } from '~/routes/auth/login'
import { action as logoutAction } from '~/routes/auth/logout'
import { action as forgotAction } from '~/routes/auth/forgot-password'
import { api, Jar, lastCode, otherCode, pageAction } from './auth-helpers'
import { apiSignupClaimCookie } from '~/utils/totp.server'

// issue 3 §9 security tests, run against the model and the page actions (fast, no browser).
let n = 0
const fresh = (tag: string) => `${tag}-${Date.now()}-${n++}@example.test`
const userExists = async (email: string) => !!(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())

describe('one-time codes', () => {
  it('1,000 scripted guesses are all refused, the right code among them too', async () => {
    const email = fresh('brute')
    const jar = new Jar()
    expect((await api('POST', 'register', { name: 'Brute', email, password: 'Str0ng!pass' }, jar)).status).toBe(200)
    const claim = await apiSignupClaimCookie.parse(`signupClaim=${jar.cookies.get('signupClaim')}`)
    expect(claim).toBeTruthy()
    const real = lastCode(email)
    const guesses = Array.from({ length: 1000 }, (_, i) => otherCode(String((Number(real) + 7919 * (i + 1)) % 1_000_000).padStart(6, '0')))
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
    const jar = new Jar()
    const start = await pageAction(signupAction, '/signup', { intent: 'signup', name: 'Replay', email, password: 'Str0ng!pass' }, jar)
    expect(start.location).toBe('/signup?step=verify')
    const original = jar.cookies.get('_totp')!
    expect(original).toBeTruthy()
    const code = lastCode(email)
    const wrong = otherCode(code)

    for (let i = 0; i < 5; i++) {
      const r = await pageAction(signupAction, '/signup?step=verify', { intent: 'verify', otp: wrong.split('') }, jar)
      expect(r.data?.otpError).toBe(MESSAGES.wrong)
    }
    // Replaying the cookies as they were right after sending: the table still counts five wrong tries.
    const replay = new Jar()
    replay.cookies.set('_totp', original)
    replay.cookies.set('__signup', jar.cookies.get('__signup')!)
    const r = await pageAction(signupAction, '/signup?step=verify', { intent: 'verify', otp: code.split('') }, replay)
    expect(r.data?.otpError).toBe(MESSAGES.dead)
    expect(await userExists(email)).toBe(false)
  })

  it('page sign-up: incomplete code message, then the right code creates the account and a session', async () => {
    const email = fresh('pagesignup')
    const jar = new Jar()
    await pageAction(signupAction, '/signup', { intent: 'signup', name: 'Page', email, password: 'Str0ng!pass' }, jar)
    let r = await pageAction(signupAction, '/signup?step=verify', { intent: 'verify', otp: ['1', '2', '', '', '', ''] }, jar)
    expect(r.data?.otpError).toBe('Please enter all digits of the OTP.')
    r = await pageAction(signupAction, '/signup?step=verify', { intent: 'resend' }, jar)
    expect(r.status).toBe(429)
    r = await pageAction(signupAction, '/signup?step=verify', { intent: 'verify', otp: lastCode(email).split('') }, jar)
    expect(r.location).toBe('/')
    expect(jar.cookies.has('__session')).toBe(true)
    expect(jar.cookies.has('_totp')).toBe(false)
    expect(await userExists(email)).toBe(true)
  })
})

// issue 10 #1: a second register for the same e-mail (from anyone, no auth) used to replace the pending name and
// password hash, so the code the real owner then entered created the account with the attacker's password.
describe('sign-up hijack', () => {
  const passwordWorks = async (email: string, password: string) => (await checkCredentials(email, password)).ok
  const allowResend = (email: string) =>
    db.updateTable('verifications').set({ last_sent_at: new Date(Date.now() - 60_000).toISOString() }).where('email', '=', email).execute()

  it('on the page: another browser\'s register never changes the owner\'s pending sign-up', async () => {
    const email = fresh('hijack-page')
    const owner = new Jar()
    await pageAction(signupAction, '/signup', { intent: 'signup', name: 'Real Owner', email, password: 'Owner!pass1' }, owner)
    const ownerCode = lastCode(email)
    await allowResend(email)

    const attacker = new Jar()
    const attack = await pageAction(signupAction, '/signup', { intent: 'signup', name: 'Attacker', email, password: 'Attack!pass1' }, attacker)
    expect(attack.location).toBe('/signup?step=verify')
    const attackerCode = lastCode(email) // mailed to the owner, not to the attacker
    // The attacker's own code would not help in the owner's browser, nor the owner's code in the attacker's.
    if (attackerCode !== ownerCode) {
      const r = await pageAction(signupAction, '/signup?step=verify', { intent: 'verify', otp: attackerCode.split('') }, owner)
      expect(r.data?.otpError).toBe(MESSAGES.wrong)
    }
    let r = await pageAction(signupAction, '/signup?step=verify', { intent: 'verify', otp: ownerCode.split('') }, attacker)
    if (attackerCode !== ownerCode) expect(r.data?.otpError).toBe(MESSAGES.wrong)

    r = await pageAction(signupAction, '/signup?step=verify', { intent: 'verify', otp: ownerCode.split('') }, owner)
    expect(r.location).toBe('/')
    const user = await db.selectFrom('users').select(['name']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(user.name).toBe('Real Owner')
    expect(await passwordWorks(email, 'Owner!pass1')).toBe(true)
    expect(await passwordWorks(email, 'Attack!pass1')).toBe(false)
    // The attacker's registration died with the account: its code creates nothing.
    r = await pageAction(signupAction, '/signup?step=verify', { intent: 'verify', otp: attackerCode.split('') }, attacker)
    expect(r.location).toBeNull()
    expect(await passwordWorks(email, 'Attack!pass1')).toBe(false)
  })

  it('on the API: another client\'s register never changes the owner\'s pending sign-up', async () => {
    const email = fresh('hijack-api')
    const owner = new Jar()
    expect((await api('POST', 'register', { name: 'Real Owner', email, password: 'Owner!pass1' }, owner)).status).toBe(200)
    const ownerCode = lastCode(email)
    await allowResend(email)
    const attacker = new Jar()
    expect((await api('POST', 'register', { name: 'Attacker', email, password: 'Attack!pass1' }, attacker)).status).toBe(200)
    // Without a claim of its own, a client cannot use the owner's code either.
    expect((await api('POST', 'verify-otp', { email, otp: ownerCode })).status).toBe(400)
    expect((await api('POST', 'verify-otp', { email, otp: ownerCode }, attacker)).status).toBe(lastCode(email) === ownerCode ? 200 : 400)
    if (lastCode(email) === ownerCode) return // one-in-a-million: both codes equal; the attacker had its own registration anyway

    const ok = await api('POST', 'verify-otp', { email, otp: ownerCode }, owner)
    expect(ok.status).toBe(200)
    expect((await ok.json()).data.user.name).toBe('Real Owner')
    expect(await passwordWorks(email, 'Owner!pass1')).toBe(true)
    expect(await passwordWorks(email, 'Attack!pass1')).toBe(false)
  })

  it('a pending sign-up cannot be read or resent by a client without its claim', async () => {
    const email = fresh('hijack-resend')
    const owner = new Jar()
    await pageAction(signupAction, '/signup', { intent: 'signup', name: 'Owner', email, password: 'Owner!pass1' }, owner)
    await allowResend(email)
    // The `_totp` cookie alone (it carries only the e-mail) is not enough.
    const stranger = new Jar()
    stranger.cookies.set('_totp', owner.cookies.get('_totp')!)
    const r = await pageAction(signupAction, '/signup?step=verify', { intent: 'resend' }, stranger)
    expect(r.status).toBe(400)
    expect(r.data?.otpError).toBe('Your sign-up session has ended. Please sign up again.')
  })
})

describe('password reset pages', () => {
  it('a reset without a verified code is refused', async () => {
    const { email, password } = await createUser(db, { email: fresh('noproof'), password: 'Learn@12345' })
    const fields = { intent: 'reset', password: 'N3w!password', confirmPassword: 'N3w!password' }
    let r = await pageAction(forgotAction, '/forgot-password?step=reset', fields)
    expect(r.status).toBe(403)
    const forged = new Jar()
    forged.cookies.set('__reset_proof', 'forged-value')
    r = await pageAction(forgotAction, '/forgot-password?step=reset', fields, forged)
    expect(r.status).toBe(403)
    // A code sent but never verified gives no proof either.
    const jar = new Jar()
    await pageAction(forgotAction, '/forgot-password', { intent: 'email', email }, jar)
    r = await pageAction(forgotAction, '/forgot-password?step=reset', fields, jar)
    expect(r.status).toBe(403)
    expect((await api('POST', 'login', { email, password })).status).toBe(200)
  })

  it('verified code -> single-use proof -> new password; the user\'s sessions end', async () => {
    const { email, password } = await createUser(db, { email: fresh('pagereset'), password: 'Learn@12345' })
    const other = new Jar()
    await pageAction(loginAction, '/login', { email, password }, other)
    expect(other.cookies.has('__session')).toBe(true)

    const jar = new Jar()
    let r = await pageAction(forgotAction, '/forgot-password', { intent: 'email', email: fresh('ghost') }, jar)
    expect(r.status).toBe(404)
    r = await pageAction(forgotAction, '/forgot-password', { intent: 'email', email }, jar)
    expect(r.location).toBe('/forgot-password?step=verify')
    r = await pageAction(forgotAction, '/forgot-password?step=verify', { intent: 'verify', otp: lastCode(email).split('') }, jar)
    expect(r.location).toBe('/forgot-password?step=reset')
    const proof = jar.cookies.get('__reset_proof')!
    r = await pageAction(forgotAction, '/forgot-password?step=reset', { intent: 'reset', password: 'N3w!password', confirmPassword: 'Other!pass1' }, jar)
    expect(r.status).toBe(400)
    r = await pageAction(forgotAction, '/forgot-password?step=reset', { intent: 'reset', password: 'N3w!password', confirmPassword: 'N3w!password' }, jar)
    expect(r.location).toBe('/login')

    const replay = new Jar()
    replay.cookies.set('__reset_proof', proof)
    r = await pageAction(forgotAction, '/forgot-password?step=reset', { intent: 'reset', password: 'An0ther!pass', confirmPassword: 'An0ther!pass' }, replay)
    expect(r.status).toBe(403)

    const req = new Request('http://localhost/', { headers: { Cookie: other.header() } })
    expect(await getUserId(req)).toBeNull()
    expect((await pageAction(loginAction, '/login', { email, password: 'N3w!password' })).location).toBe('/')
  })
})

describe('sessions', () => {
  it('login rotates the id, refuses unsafe redirects, and a cookie used after logout is refused', async () => {
    const { email, password } = await createUser(db, { email: fresh('sess') })
    const jar = new Jar()
    let r = await pageAction(loginAction, '/login', { email, password, redirectTo: '//evil.example/' }, jar)
    expect(r.location).toBe('/')
    const first = jar.cookies.get('__session')
    r = await pageAction(loginAction, '/login', { email, password, redirectTo: '/profile' }, jar)
    expect(r.location).toBe('/profile')
    expect(jar.cookies.get('__session')).not.toBe(first)
    const copy = jar.header()

    r = await pageAction(loginAction, '/login', { email, password: 'nope' })
    expect(r.status).toBe(401)
    expect(r.data?.result).toMatchObject({ error: { '': ['Invalid Credentials'] } })
    r = await pageAction(loginAction, '/login', { email: fresh('ghost'), password: 'nope' })
    expect(r.status).toBe(404)

    await pageAction(logoutAction, '/logout', {}, jar)
    expect(await getUserId(new Request('http://localhost/', { headers: { Cookie: copy } }))).toBeNull()
    expect((await api('GET', 'current-user', undefined, Object.assign(new Jar(), { cookies: new Map([['__session', copy.split('=').slice(1).join('=')]]) }))).status).toBe(401)
  })
})
