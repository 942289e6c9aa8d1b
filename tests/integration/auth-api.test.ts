import { describe, expect, it } from 'vitest'
import { createCourse, createUser, enrol } from '../../db/factories'
import { db } from '~/utils/db.server'
import { getStorage } from '~/services/storage.server'
import { api, apiMultipart, Jar, lastCode, otherCode } from './auth-helpers'

// API.md §2.1 and §5: every /api/v1/users route, its exact success shape and its error statuses.
let n = 0
const fresh = (tag: string) => `${tag}-${Date.now()}-${n++}@example.test`
const backdate = (email: string) =>
  db.updateTable('verifications').set({ last_sent_at: new Date(Date.now() - 60_000).toISOString() }).where('email', '=', email).execute()
const USER_KEYS = ['_id', 'name', 'email', 'isPremiumMember', 'hasAccessToQuizzes', 'attemptedQuizzes', 'enrolledCourses', 'role', 'createdAt', 'updatedAt']
const FORBIDDEN = ['password', 'password_hash', 'otp', 'otpExpiry', 'code_hash', 'proof_hash', 'passwordHash']

async function registerAndVerify(email: string, password = 'Str0ng!pass') {
  const jar = new Jar()
  expect((await api('POST', 'register', { name: 'Api User', email, password }, jar)).status).toBe(200)
  const res = await api('POST', 'verify-otp', { email, otp: lastCode(email) }, jar)
  expect(res.status).toBe(200)
  return { jar, body: await res.json() }
}

describe('register, verify-otp, resend-otp', () => {
  it('refuses missing, mistyped and weak input', async () => {
    let res = await api('POST', 'register', { email: fresh('a'), password: 'Str0ng!pass' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ statusCode: 400, data: null, message: 'All fields are required', success: false, errors: [] })
    res = await api('POST', 'register', { name: 'X', email: { $ne: null }, password: 'Str0ng!pass' })
    expect(res.status).toBe(400)
    res = await api('POST', 'register', { name: 'X', email: 'not-an-email', password: 'Str0ng!pass' })
    expect(res.status).toBe(400)
    res = await api('POST', 'register', { name: 'X', email: fresh('weak'), password: 'weakpass' })
    expect(res.status).toBe(400)
    const { message } = await res.json()
    expect(message).toContain('Password must contain at least one special character.')
    expect(message).toContain('Password must contain at least one uppercase letter.')
    expect(message).toContain('Password must contain at least one digit.')
  })

  it('creates the account only when the code verifies, signs in, and never leaks secrets', async () => {
    const email = fresh('reg')
    const jar = new Jar()
    const res = await api('POST', 'register', { name: 'Api User', email: email.toUpperCase(), password: 'Str0ng!pass' }, jar)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'OTP sent to email' })
    // The registration is this client's: an HttpOnly claim cookie scoped to /api/v1/users (issue 10 #1).
    expect(res.headers.getSetCookie().join(';')).toMatch(/signupClaim=.+Path=\/api\/v1\/users.*HttpOnly/i)
    expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()

    // Another register for the same e-mail inside 15 s is refused (mail bombing, API.md §5 #10).
    expect((await api('POST', 'register', { name: 'Api User', email, password: 'Str0ng!pass' })).status).toBe(429)

    const code = lastCode(email)
    let bad = await api('POST', 'verify-otp', { email, otp: otherCode(code) }, jar)
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toBe('Invalid OTP')
    bad = await api('POST', 'verify-otp', { email: fresh('nobody'), otp: code }, jar)
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toBe('Invalid or expired OTP')
    // The right code from a client that did not register is refused too.
    bad = await api('POST', 'verify-otp', { email, otp: code })
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toBe('Invalid or expired OTP')

    const ok = await api('POST', 'verify-otp', { email, otp: code }, jar)
    expect(ok.status).toBe(200)
    expect(ok.headers.getSetCookie().join(';')).toMatch(/__session=.+HttpOnly/i)
    const body = await ok.json()
    expect(body).toMatchObject({ statusCode: 200, message: 'User verified and created successfully', success: true })
    expect(Object.keys(body.data)).toEqual(['user'])
    const user = body.data.user
    for (const k of USER_KEYS) expect(user).toHaveProperty(k)
    for (const k of FORBIDDEN) expect(user).not.toHaveProperty(k)
    expect(user).not.toHaveProperty('mobileNumber')
    expect(user).toMatchObject({ name: 'Api User', email, role: 'user', isPremiumMember: false, enrolledCourses: [], attemptedQuizzes: [] })
    expect(user._id).toMatch(/^[0-9a-f]{24}$/)

    // The code is used up; a second account cannot be made with it, nor can the e-mail register again.
    expect((await api('POST', 'verify-otp', { email, otp: code }, jar)).status).toBe(400)
    const again = await api('POST', 'register', { name: 'Api User', email, password: 'Str0ng!pass' })
    expect(again.status).toBe(400)
    expect((await again.json()).message).toBe('User already exists')

    const me = await api('GET', 'current-user', undefined, jar)
    expect(me.status).toBe(200)
    const meBody = await me.json()
    expect(meBody).toMatchObject({ statusCode: 200, message: 'User fetched successfully', success: true })
    expect(meBody.data._id).toBe(user._id)
  })

  it('resend-otp: 404 without a pending sign-up, 429 inside 15 s, then a new code replaces the old', async () => {
    let res = await api('POST', 'resend-otp', { email: fresh('none') })
    expect(res.status).toBe(404)
    expect((await res.json()).message).toBe('User not found')
    const email = fresh('resend')
    const jar = new Jar()
    await api('POST', 'register', { name: 'R', email, password: 'Str0ng!pass' }, jar)
    const first = lastCode(email)
    res = await api('POST', 'resend-otp', { email }, jar)
    expect(res.status).toBe(429)
    expect((await res.json()).message).toMatch(/Please wait \d+ seconds/)
    await backdate(email)
    // Only the client that registered may ask for a new code for its registration.
    expect((await api('POST', 'resend-otp', { email })).status).toBe(404)
    res = await api('POST', 'resend-otp', { email }, jar)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'New OTP sent successfully' })
    const second = lastCode(email)
    if (second !== first) expect((await api('POST', 'verify-otp', { email, otp: first }, jar)).status).toBe(400)
    expect((await api('POST', 'verify-otp', { email, otp: second }, jar)).status).toBe(200)
  })

  it('an expired code is refused even when it is right', async () => {
    const email = fresh('expired')
    const jar = new Jar()
    await api('POST', 'register', { name: 'E', email, password: 'Str0ng!pass' }, jar)
    await db.updateTable('verifications').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('email', '=', email).execute()
    const res = await api('POST', 'verify-otp', { email, otp: lastCode(email) }, jar)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('OTP has been expired')
  })
})

describe('login, logout, current-user', () => {
  it('login: 400, 404, 401, then 200 with a new session id each time', async () => {
    const { email, password } = await createUser(db, { email: fresh('login'), password: 'Learn@12345' })
    expect((await api('POST', 'login', { email })).status).toBe(400)
    expect((await api('POST', 'login', { email: ['x'], password: 'y' })).status).toBe(400)
    let res = await api('POST', 'login', { email: fresh('ghost'), password })
    expect(res.status).toBe(404)
    expect((await res.json()).message).toBe('User does not exist')
    res = await api('POST', 'login', { email, password: 'Wrong@12345' })
    expect(res.status).toBe(401)
    const jar = new Jar()
    res = await api('POST', 'login', { email, password }, jar)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ statusCode: 200, message: 'User logged In Successfully', success: true, data: { user: { email } } })
    for (const k of FORBIDDEN) expect(body.data.user).not.toHaveProperty(k)
    const firstSession = jar.cookies.get('__session')
    await api('POST', 'login', { email, password }, jar)
    expect(jar.cookies.get('__session')).not.toBe(firstSession)
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', body.data.user._id).execute()).toHaveLength(1)
  })

  it('current-user is 401 JSON when signed out; logout always answers 200 and kills the session', async () => {
    let res = await api('GET', 'current-user')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ statusCode: 401, data: null, message: 'Unauthorized request', success: false, errors: [] })

    res = await api('POST', 'logout')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ statusCode: 200, data: {}, message: 'User logged Out', success: true })

    const { email, password } = await createUser(db, { email: fresh('logout') })
    const jar = new Jar()
    await api('POST', 'login', { email, password }, jar)
    const stolen = new Jar()
    stolen.cookies = new Map(jar.cookies)
    expect((await api('GET', 'current-user', undefined, jar)).status).toBe(200)
    expect((await api('POST', 'logout', {}, jar)).status).toBe(200)
    expect(jar.cookies.has('__session')).toBe(false)
    // A copy of the cookie taken before logout is refused afterwards (the session row is gone).
    expect((await api('GET', 'current-user', undefined, stolen)).status).toBe(401)
  })

  it('user JSON lists enrolled course ids and optional fields only when set', async () => {
    const { email, password, id } = await createUser(db, { email: fresh('json'), mobileNumber: '9876543210', hasAccessToQuizzes: true })
    const course = await createCourse(db, {})
    await enrol(db, { userId: id, courseId: course.id })
    const jar = new Jar()
    await api('POST', 'login', { email, password }, jar)
    const { data } = await (await api('GET', 'current-user', undefined, jar)).json()
    expect(data.enrolledCourses).toEqual([course.id])
    expect(data.mobileNumber).toBe('9876543210')
    expect(data.hasAccessToQuizzes).toBe(true)
    expect(data).not.toHaveProperty('instituteName')
    expect(data).not.toHaveProperty('__v')
  })
})

describe('forgot-password, verify-forgot-password-otp, reset-password', () => {
  it('needs a verified code, uses the proof once, ends the old sessions', async () => {
    const { email, password } = await createUser(db, { email: fresh('reset'), password: 'Learn@12345' })
    const old = new Jar()
    await api('POST', 'login', { email, password }, old)

    let res = await api('POST', 'forgot-password', { email: fresh('ghost') })
    expect(res.status).toBe(404)
    expect((await res.json()).message).toBe('User not found')
    res = await api('POST', 'forgot-password', { email })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'OTP send successfully' })

    // Reset with no proof at all: refused (API.md §5 #1).
    res = await api('POST', 'reset-password', { email, newpassword: 'N3w!password' })
    expect(res.status).toBe(401)

    const jar = new Jar()
    res = await api('POST', 'verify-forgot-password-otp', { email: fresh('ghost'), otp: '123456' }, jar)
    expect(res.status).toBe(404)
    expect((await res.json()).message).toBe('User does not exist')
    const code = lastCode(email)
    res = await api('POST', 'verify-forgot-password-otp', { email, otp: otherCode(code) }, jar)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Invalid OTP')
    res = await api('POST', 'verify-forgot-password-otp', { email, otp: code }, jar)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'OTP verfied' })
    const proofCookie = res.headers.getSetCookie().find((c) => c.startsWith('resetProof='))!
    expect(proofCookie).toMatch(/Path=\/api\/v1\/users\/reset-password/)
    expect(proofCookie).toMatch(/HttpOnly/i)
    expect(proofCookie).toMatch(/Max-Age=600/i)

    // Rules still hold; the proof is bound to its e-mail.
    res = await api('POST', 'reset-password', { email, newpassword: 'short' }, jar)
    expect(res.status).toBe(400)
    const other = await createUser(db, { email: fresh('victim') })
    res = await api('POST', 'reset-password', { email: other.email, newpassword: 'N3w!password' }, jar)
    expect(res.status).toBe(403)
    // That refusal used the proof up? No: the e-mail did not match, so nothing was consumed.
    res = await api('POST', 'reset-password', { email, newpassword: 'N3w!password' }, jar)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Password updated successfully' })

    // Single use: replaying the same proof cookie is refused.
    const replay = new Jar()
    replay.cookies.set('resetProof', proofCookie.split(';')[0].split('=').slice(1).join('='))
    res = await api('POST', 'reset-password', { email, newpassword: 'An0ther!pass' }, replay)
    expect(res.status).toBe(403)

    expect((await api('GET', 'current-user', undefined, old)).status).toBe(401)
    expect((await api('POST', 'login', { email, password })).status).toBe(401)
    expect((await api('POST', 'login', { email, password: 'N3w!password' })).status).toBe(200)
  })

  it('resend-forgot-password-otp: 404 for unknown, cooldown, then 200', async () => {
    const { email } = await createUser(db, { email: fresh('resendreset') })
    expect((await api('POST', 'resend-forgot-password-otp', { email: fresh('ghost') })).status).toBe(404)
    await api('POST', 'forgot-password', { email })
    expect((await api('POST', 'resend-forgot-password-otp', { email })).status).toBe(429)
    await backdate(email)
    const res = await api('POST', 'resend-forgot-password-otp', { email })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'New OTP sent successfully' })
  })
})

describe('update-user-details and update-user-profile-image', () => {
  async function signedIn() {
    const u = await createUser(db, { email: fresh('profile'), name: 'Old Name', instituteName: 'Old College' })
    const jar = new Jar()
    await api('POST', 'login', { email: u.email, password: u.password }, jar)
    return { ...u, jar }
  }
  const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])

  it('update-user-details: 401, 400s, then only the given fields change', async () => {
    expect((await api('POST', 'update-user-details', { name: 'X' })).status).toBe(401)
    const { jar } = await signedIn()
    let res = await api('POST', 'update-user-details', {}, jar)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Any of these fields are required')
    expect((await api('POST', 'update-user-details', { mobileNumber: '12345' }, jar)).status).toBe(400)
    expect((await api('POST', 'update-user-details', { name: { $ne: 1 } }, jar)).status).toBe(400)
    res = await api('POST', 'update-user-details', { name: 'New Name', mobileNumber: '9123456789', presentCourseOfStudy: '' }, jar)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ statusCode: 200, message: 'Account details updated successfully', success: true })
    expect(body.data).toMatchObject({ name: 'New Name', mobileNumber: '9123456789', instituteName: 'Old College' })
    expect(body.data).not.toHaveProperty('presentCourseOfStudy')
  })

  it('update-user-profile-image: type from the bytes, 1 MB while streaming, old file deleted', async () => {
    const blank = new FormData()
    blank.set('x', 'y')
    expect((await apiMultipart('update-user-profile-image', blank)).status).toBe(401)
    const { jar } = await signedIn()
    let res = await api('POST', 'update-user-profile-image', { profileImage: 'x' }, jar)
    expect(res.status).toBe(400)
    expect((await apiMultipart('update-user-profile-image', blank, jar)).status).toBe(400)

    const html = new FormData()
    html.set('profileImage', new File(['<html><script>alert(1)</script></html>'], 'evil.png', { type: 'image/png' }))
    res = await apiMultipart('update-user-profile-image', html, jar)
    expect(res.status).toBe(400)
    const svg = new FormData()
    svg.set('profileImage', new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.svg', { type: 'image/svg+xml' }))
    expect((await apiMultipart('update-user-profile-image', svg, jar)).status).toBe(400)

    const big = new Uint8Array(1024 * 1024 + 1)
    big.set(png())
    const tooBig = new FormData()
    tooBig.set('profileImage', new File([big], 'big.png', { type: 'image/png' }))
    expect((await apiMultipart('update-user-profile-image', tooBig, jar)).status).toBe(413)

    const okForm = new FormData()
    okForm.set('profileImage', new File([png()], 'me.png', { type: 'image/png' }))
    res = await apiMultipart('update-user-profile-image', okForm, jar)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ statusCode: 200, message: 'Profile image uploaded successfully', success: true })
    const first = body.data.profileImage as string
    expect(first).toMatch(/^http:\/\/localhost\/uploads\/profile\/[0-9a-f]{24}\.png$/)
    const firstKey = first.slice('http://localhost/uploads/'.length)
    expect(await getStorage().get(firstKey)).not.toBeNull()

    const again = new FormData()
    again.set('profileImage', new File([png()], 'me2.png', { type: 'image/png' }))
    const second = (await (await apiMultipart('update-user-profile-image', again, jar)).json()).data.profileImage
    expect(second).not.toBe(first)
    expect(await getStorage().get(firstKey)).toBeNull()
  })
})

describe('unknown routes', () => {
  it('answer JSON 404', async () => {
    const res = await api('GET', 'nope')
    expect(res.status).toBe(404)
    expect(res.headers.get('Content-Type')).toMatch(/json/)
  })
})
