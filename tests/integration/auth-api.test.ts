import { describe, expect, it } from 'vitest'
import { createCourse, createUser, enrol } from '../../db/factories'
import { db } from '~/utils/db.server'
import { getStorage } from '~/services/storage.server'
import * as users from '~/routes/api/users'
import { callApi, CookieJar, lastCode, otherCode } from '../support/harness'

// docs/legacy-api.md §2.1 and §5: every /api/v1/users route, its exact success shape and its error statuses.
let n = 0
const fresh = (tag: string) => `${tag}-${Date.now()}-${n++}@example.test`
const backdate = (email: string) =>
  db
    .updateTable('verifications')
    .set({ last_sent_at: new Date(Date.now() - 60_000).toISOString() })
    .where('email', '=', email)
    .execute()
const USER_KEYS = [
  '_id',
  'name',
  'email',
  'isPremiumMember',
  'hasAccessToQuizzes',
  'attemptedQuizzes',
  'enrolledCourses',
  'role',
  'createdAt',
  'updatedAt',
]
const FORBIDDEN = ['password', 'password_hash', 'otp', 'otpExpiry', 'code_hash', 'proof_hash', 'passwordHash']

describe('register, verify-otp, resend-otp', () => {
  it('refuses missing, mistyped and weak input', async () => {
    let res = await callApi(users, 'POST', '/api/v1/users/register', {
      json: { email: fresh('a'), password: 'Str0ng!pass' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      statusCode: 400,
      data: null,
      message: 'All fields are required',
      success: false,
      errors: [],
    })
    res = await callApi(users, 'POST', '/api/v1/users/register', {
      json: { name: 'X', email: { $ne: null }, password: 'Str0ng!pass' },
    })
    expect(res.status).toBe(400)
    res = await callApi(users, 'POST', '/api/v1/users/register', {
      json: { name: 'X', email: 'not-an-email', password: 'Str0ng!pass' },
    })
    expect(res.status).toBe(400)
    res = await callApi(users, 'POST', '/api/v1/users/register', {
      json: { name: 'X', email: fresh('weak'), password: 'weakpass' },
    })
    expect(res.status).toBe(400)
    const { message } = res.body
    expect(message).toContain('Password must contain at least one special character.')
    expect(message).toContain('Password must contain at least one uppercase letter.')
    expect(message).toContain('Password must contain at least one digit.')
  })

  it('creates the account only when the code verifies, signs in, and never leaks secrets', async () => {
    const email = fresh('reg')
    const jar = new CookieJar()
    const res = await callApi(users, 'POST', '/api/v1/users/register', {
      json: { name: 'Api User', email: email.toUpperCase(), password: 'Str0ng!pass' },
      cookie: jar,
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'OTP sent to email' })
    // The registration is this client's: an HttpOnly claim cookie scoped to /api/v1/users.
    expect(res.headers.getSetCookie().join(';')).toMatch(/signupClaim=.+Path=\/api\/v1\/users.*HttpOnly/i)
    expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()

    // Another register for the same e-mail inside 15 s is refused (mail bombing, docs/legacy-api.md §5 #10).
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/register', {
          json: { name: 'Api User', email, password: 'Str0ng!pass' },
        })
      ).status,
    ).toBe(429)

    const code = lastCode(email)
    let bad = await callApi(users, 'POST', '/api/v1/users/verify-otp', {
      json: { email, otp: otherCode(code) },
      cookie: jar,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Invalid OTP')
    bad = await callApi(users, 'POST', '/api/v1/users/verify-otp', {
      json: { email: fresh('nobody'), otp: code },
      cookie: jar,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Invalid or expired OTP')
    // The right code from a client that did not register is refused too.
    bad = await callApi(users, 'POST', '/api/v1/users/verify-otp', { json: { email, otp: code } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Invalid or expired OTP')

    const ok = await callApi(users, 'POST', '/api/v1/users/verify-otp', { json: { email, otp: code }, cookie: jar })
    expect(ok.status).toBe(200)
    expect(ok.headers.getSetCookie().join(';')).toMatch(/__session=.+HttpOnly/i)
    const body = ok.body
    expect(body).toMatchObject({ statusCode: 200, message: 'User verified and created successfully', success: true })
    expect(Object.keys(body.data)).toEqual(['user'])
    const user = body.data.user
    for (const k of USER_KEYS) expect(user).toHaveProperty(k)
    for (const k of FORBIDDEN) expect(user).not.toHaveProperty(k)
    expect(user).not.toHaveProperty('mobileNumber')
    expect(user).toMatchObject({
      name: 'Api User',
      email,
      role: 'user',
      isPremiumMember: false,
      enrolledCourses: [],
      attemptedQuizzes: [],
    })
    expect(user._id).toMatch(/^[0-9a-f]{24}$/)

    // The code is used up; a second account cannot be made with it, nor can the e-mail register again.
    expect(
      (await callApi(users, 'POST', '/api/v1/users/verify-otp', { json: { email, otp: code }, cookie: jar })).status,
    ).toBe(400)
    const again = await callApi(users, 'POST', '/api/v1/users/register', {
      json: { name: 'Api User', email, password: 'Str0ng!pass' },
    })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('User already exists')

    const me = await callApi(users, 'GET', '/api/v1/users/current-user', { cookie: jar })
    expect(me.status).toBe(200)
    const meBody = me.body
    expect(meBody).toMatchObject({ statusCode: 200, message: 'User fetched successfully', success: true })
    expect(meBody.data._id).toBe(user._id)
  })

  it('resend-otp: 404 without a pending sign-up, 429 inside 15 s, then a new code replaces the old', async () => {
    let res = await callApi(users, 'POST', '/api/v1/users/resend-otp', { json: { email: fresh('none') } })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('User not found')
    const email = fresh('resend')
    const jar = new CookieJar()
    await callApi(users, 'POST', '/api/v1/users/register', {
      json: { name: 'R', email, password: 'Str0ng!pass' },
      cookie: jar,
    })
    const first = lastCode(email)
    res = await callApi(users, 'POST', '/api/v1/users/resend-otp', { json: { email }, cookie: jar })
    expect(res.status).toBe(429)
    expect(res.body.message).toMatch(/Please wait \d+ seconds/)
    await backdate(email)
    // Only the client that registered may ask for a new code for its registration.
    expect((await callApi(users, 'POST', '/api/v1/users/resend-otp', { json: { email } })).status).toBe(404)
    res = await callApi(users, 'POST', '/api/v1/users/resend-otp', { json: { email }, cookie: jar })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'New OTP sent successfully' })
    const second = lastCode(email)
    if (second !== first)
      expect(
        (await callApi(users, 'POST', '/api/v1/users/verify-otp', { json: { email, otp: first }, cookie: jar })).status,
      ).toBe(400)
    expect(
      (await callApi(users, 'POST', '/api/v1/users/verify-otp', { json: { email, otp: second }, cookie: jar })).status,
    ).toBe(200)
  })

  it('an expired code is refused even when it is right', async () => {
    const email = fresh('expired')
    const jar = new CookieJar()
    await callApi(users, 'POST', '/api/v1/users/register', {
      json: { name: 'E', email, password: 'Str0ng!pass' },
      cookie: jar,
    })
    await db
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute()
    const res = await callApi(users, 'POST', '/api/v1/users/verify-otp', {
      json: { email, otp: lastCode(email) },
      cookie: jar,
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('OTP has been expired')
  })
})

describe('login, logout, current-user', () => {
  it('login: 400, 404, 401, then 200 with a new session id each time', async () => {
    const { email, password } = await createUser(db, { email: fresh('login'), password: 'Learn@12345' })
    expect((await callApi(users, 'POST', '/api/v1/users/login', { json: { email } })).status).toBe(400)
    expect(
      (await callApi(users, 'POST', '/api/v1/users/login', { json: { email: ['x'], password: 'y' } })).status,
    ).toBe(400)
    let res = await callApi(users, 'POST', '/api/v1/users/login', { json: { email: fresh('ghost'), password } })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('User does not exist')
    res = await callApi(users, 'POST', '/api/v1/users/login', { json: { email, password: 'Wrong@12345' } })
    expect(res.status).toBe(401)
    const jar = new CookieJar()
    res = await callApi(users, 'POST', '/api/v1/users/login', { json: { email, password }, cookie: jar })
    expect(res.status).toBe(200)
    const body = res.body
    expect(body).toMatchObject({
      statusCode: 200,
      message: 'User logged In Successfully',
      success: true,
      data: { user: { email } },
    })
    for (const k of FORBIDDEN) expect(body.data.user).not.toHaveProperty(k)
    const firstSession = jar.cookies.get('__session')
    await callApi(users, 'POST', '/api/v1/users/login', { json: { email, password }, cookie: jar })
    expect(jar.cookies.get('__session')).not.toBe(firstSession)
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', body.data.user._id).execute(),
    ).toHaveLength(1)
  })

  it('current-user is 401 JSON when signed out; logout always answers 200 and kills the session', async () => {
    let res = await callApi(users, 'GET', '/api/v1/users/current-user')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({
      statusCode: 401,
      data: null,
      message: 'Unauthorized request',
      success: false,
      errors: [],
    })

    res = await callApi(users, 'POST', '/api/v1/users/logout')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ statusCode: 200, data: {}, message: 'User logged Out', success: true })

    const { email, password } = await createUser(db, { email: fresh('logout') })
    const jar = new CookieJar()
    await callApi(users, 'POST', '/api/v1/users/login', { json: { email, password }, cookie: jar })
    const stolen = new CookieJar()
    stolen.cookies = new Map(jar.cookies)
    expect((await callApi(users, 'GET', '/api/v1/users/current-user', { cookie: jar })).status).toBe(200)
    expect((await callApi(users, 'POST', '/api/v1/users/logout', { json: {}, cookie: jar })).status).toBe(200)
    expect(jar.cookies.has('__session')).toBe(false)
    // A copy of the cookie taken before logout is refused afterwards (the session row is gone).
    expect((await callApi(users, 'GET', '/api/v1/users/current-user', { cookie: stolen })).status).toBe(401)
  })

  it('user JSON lists enrolled course ids and optional fields only when set', async () => {
    const { email, password, id } = await createUser(db, {
      email: fresh('json'),
      mobileNumber: '9876543210',
      hasAccessToQuizzes: true,
    })
    const course = await createCourse(db, {})
    await enrol(db, { userId: id, courseId: course.id })
    const jar = new CookieJar()
    await callApi(users, 'POST', '/api/v1/users/login', { json: { email, password }, cookie: jar })
    const { data } = (await callApi(users, 'GET', '/api/v1/users/current-user', { cookie: jar })).body
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
    const old = new CookieJar()
    await callApi(users, 'POST', '/api/v1/users/login', { json: { email, password }, cookie: old })

    let res = await callApi(users, 'POST', '/api/v1/users/forgot-password', { json: { email: fresh('ghost') } })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('User not found')
    res = await callApi(users, 'POST', '/api/v1/users/forgot-password', { json: { email } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'OTP send successfully' })

    // Reset with no proof at all: refused (docs/legacy-api.md §5 #1).
    res = await callApi(users, 'POST', '/api/v1/users/reset-password', { json: { email, newpassword: 'N3w!password' } })
    expect(res.status).toBe(401)

    const jar = new CookieJar()
    res = await callApi(users, 'POST', '/api/v1/users/verify-forgot-password-otp', {
      json: { email: fresh('ghost'), otp: '123456' },
      cookie: jar,
    })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('User does not exist')
    const code = lastCode(email)
    res = await callApi(users, 'POST', '/api/v1/users/verify-forgot-password-otp', {
      json: { email, otp: otherCode(code) },
      cookie: jar,
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Invalid OTP')
    res = await callApi(users, 'POST', '/api/v1/users/verify-forgot-password-otp', {
      json: { email, otp: code },
      cookie: jar,
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'OTP verfied' })
    const proofCookie = res.headers.getSetCookie().find((c) => c.startsWith('resetProof='))!
    expect(proofCookie).toMatch(/Path=\/api\/v1\/users\/reset-password/)
    expect(proofCookie).toMatch(/HttpOnly/i)
    expect(proofCookie).toMatch(/Max-Age=600/i)

    // Rules still hold; the proof is bound to its e-mail.
    res = await callApi(users, 'POST', '/api/v1/users/reset-password', {
      json: { email, newpassword: 'short' },
      cookie: jar,
    })
    expect(res.status).toBe(400)
    const other = await createUser(db, { email: fresh('victim') })
    res = await callApi(users, 'POST', '/api/v1/users/reset-password', {
      json: { email: other.email, newpassword: 'N3w!password' },
      cookie: jar,
    })
    expect(res.status).toBe(403)
    // That refusal used the proof up? No: the e-mail did not match, so nothing was consumed.
    res = await callApi(users, 'POST', '/api/v1/users/reset-password', {
      json: { email, newpassword: 'N3w!password' },
      cookie: jar,
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Password updated successfully' })

    // Single use: replaying the same proof cookie is refused.
    const replay = new CookieJar()
    replay.cookies.set('resetProof', proofCookie.split(';')[0].split('=').slice(1).join('='))
    res = await callApi(users, 'POST', '/api/v1/users/reset-password', {
      json: { email, newpassword: 'An0ther!pass' },
      cookie: replay,
    })
    expect(res.status).toBe(403)

    expect((await callApi(users, 'GET', '/api/v1/users/current-user', { cookie: old })).status).toBe(401)
    expect((await callApi(users, 'POST', '/api/v1/users/login', { json: { email, password } })).status).toBe(401)
    expect(
      (await callApi(users, 'POST', '/api/v1/users/login', { json: { email, password: 'N3w!password' } })).status,
    ).toBe(200)
  })

  it('resend-forgot-password-otp: 404 for unknown, cooldown, then 200', async () => {
    const { email } = await createUser(db, { email: fresh('resendreset') })
    expect(
      (await callApi(users, 'POST', '/api/v1/users/resend-forgot-password-otp', { json: { email: fresh('ghost') } }))
        .status,
    ).toBe(404)
    await callApi(users, 'POST', '/api/v1/users/forgot-password', { json: { email } })
    expect((await callApi(users, 'POST', '/api/v1/users/resend-forgot-password-otp', { json: { email } })).status).toBe(
      429,
    )
    await backdate(email)
    const res = await callApi(users, 'POST', '/api/v1/users/resend-forgot-password-otp', { json: { email } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'New OTP sent successfully' })
  })
})

describe('update-user-details and update-user-profile-image', () => {
  async function signedIn() {
    const u = await createUser(db, { email: fresh('profile'), name: 'Old Name', instituteName: 'Old College' })
    const jar = new CookieJar()
    await callApi(users, 'POST', '/api/v1/users/login', { json: { email: u.email, password: u.password }, cookie: jar })
    return { ...u, jar }
  }
  const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])

  it('update-user-details: 401, 400s, then only the given fields change', async () => {
    expect((await callApi(users, 'POST', '/api/v1/users/update-user-details', { json: { name: 'X' } })).status).toBe(
      401,
    )
    const { jar } = await signedIn()
    let res = await callApi(users, 'POST', '/api/v1/users/update-user-details', { json: {}, cookie: jar })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Any of these fields are required')
    expect(
      (
        await callApi(users, 'POST', '/api/v1/users/update-user-details', {
          json: { mobileNumber: '12345' },
          cookie: jar,
        })
      ).status,
    ).toBe(400)
    expect(
      (await callApi(users, 'POST', '/api/v1/users/update-user-details', { json: { name: { $ne: 1 } }, cookie: jar }))
        .status,
    ).toBe(400)
    res = await callApi(users, 'POST', '/api/v1/users/update-user-details', {
      json: { name: 'New Name', mobileNumber: '9123456789', presentCourseOfStudy: '' },
      cookie: jar,
    })
    expect(res.status).toBe(200)
    const body = res.body
    expect(body).toMatchObject({ statusCode: 200, message: 'Account details updated successfully', success: true })
    expect(body.data).toMatchObject({ name: 'New Name', mobileNumber: '9123456789', instituteName: 'Old College' })
    expect(body.data).not.toHaveProperty('presentCourseOfStudy')
  })

  it('update-user-profile-image: type from the bytes, 1 MB while streaming, old file deleted', async () => {
    const blank = new FormData()
    blank.set('x', 'y')
    expect((await callApi(users, 'POST', '/api/v1/users/update-user-profile-image', { multipart: blank })).status).toBe(
      401,
    )
    const { jar } = await signedIn()
    let res = await callApi(users, 'POST', '/api/v1/users/update-user-profile-image', {
      json: { profileImage: 'x' },
      cookie: jar,
    })
    expect(res.status).toBe(400)
    expect(
      (await callApi(users, 'POST', '/api/v1/users/update-user-profile-image', { multipart: blank, cookie: jar }))
        .status,
    ).toBe(400)

    const html = new FormData()
    html.set('profileImage', new File(['<html><script>alert(1)</script></html>'], 'evil.png', { type: 'image/png' }))
    res = await callApi(users, 'POST', '/api/v1/users/update-user-profile-image', { multipart: html, cookie: jar })
    expect(res.status).toBe(400)
    const svg = new FormData()
    svg.set('profileImage', new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'a.svg', { type: 'image/svg+xml' }))
    expect(
      (await callApi(users, 'POST', '/api/v1/users/update-user-profile-image', { multipart: svg, cookie: jar })).status,
    ).toBe(400)

    const big = new Uint8Array(1024 * 1024 + 1)
    big.set(png())
    const tooBig = new FormData()
    tooBig.set('profileImage', new File([big], 'big.png', { type: 'image/png' }))
    expect(
      (await callApi(users, 'POST', '/api/v1/users/update-user-profile-image', { multipart: tooBig, cookie: jar }))
        .status,
    ).toBe(413)

    const okForm = new FormData()
    okForm.set('profileImage', new File([png()], 'me.png', { type: 'image/png' }))
    res = await callApi(users, 'POST', '/api/v1/users/update-user-profile-image', { multipart: okForm, cookie: jar })
    expect(res.status).toBe(200)
    const body = res.body
    expect(body).toMatchObject({ statusCode: 200, message: 'Profile image uploaded successfully', success: true })
    const first = body.data.profileImage as string
    expect(first).toMatch(/^http:\/\/localhost\/uploads\/profile\/[0-9a-f]{24}\.png$/)
    const firstKey = first.slice('http://localhost/uploads/'.length)
    expect(await getStorage().get(firstKey)).not.toBeNull()

    const again = new FormData()
    again.set('profileImage', new File([png()], 'me2.png', { type: 'image/png' }))
    const second = (
      await callApi(users, 'POST', '/api/v1/users/update-user-profile-image', { multipart: again, cookie: jar })
    ).body.data.profileImage
    expect(second).not.toBe(first)
    expect(await getStorage().get(firstKey)).toBeNull()
  })
})

describe('unknown routes', () => {
  it('answer JSON 404', async () => {
    const res = await callApi(users, 'GET', '/api/v1/users/nope')
    expect(res.status).toBe(404)
    expect(res.headers.get('Content-Type')).toMatch(/json/)
  })
})
