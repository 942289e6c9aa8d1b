// Protection every feature inherits, checked against the real server.
import { expect, test } from '../../support/fixtures'

test('GET /healthz answers ok', async ({ request }) => {
  const res = await request.get('/healthz')
  expect(res.status()).toBe(200)
  expect(await res.text()).toBe('ok')
})

test('an unknown /api/v1 path is a JSON 404 in ApiError shape', async ({ request }) => {
  const res = await request.post('/api/v1/nothing/here', { data: {} })
  expect(res.status()).toBe(404)
  expect(res.headers()['content-type']).toContain('application/json')
  expect(await res.json()).toMatchObject({ statusCode: 404, data: null, success: false, errors: [] })
})

test('state-changing requests from another site are refused with 403', async ({ request }) => {
  for (const headers of [
    { Origin: 'https://evil.example' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'null' },
  ] as Record<string, string>[]) {
    const page = await request.post('/theme', { form: { theme: 'dark' }, headers, maxRedirects: 0 })
    expect(page.status()).toBe(403)
    const api = await request.post('/api/v1/users/login', { data: { email: 'a@b.c', password: 'x' }, headers })
    expect(api.status()).toBe(403)
    expect((await api.json()).success).toBe(false)
  }
})

test('same-site posts pass the cross-site check', async ({ request, baseURL }) => {
  const res = await request.post('/theme', {
    form: { theme: 'dark', redirectTo: '/courses' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(302)
  expect(res.headers()['location']).toBe('/courses')
  expect(res.headers()['set-cookie']).toContain('theme=')
})

test('the Razorpay callback accepts a cross-site post (it is not refused by the origin check)', async ({ request }) => {
  const res = await request.post('/payments/razorpay/callback', {
    form: { razorpay_payment_id: 'pay_x', razorpay_order_id: 'order_x', razorpay_signature: 'bad' },
    headers: { Origin: 'https://api.razorpay.com', 'Sec-Fetch-Site': 'cross-site' },
    maxRedirects: 0,
  })
  expect(res.status()).not.toBe(403)
})

test('a body over the limit is refused with 413 before it is read', async ({ request }) => {
  const res = await request.post('/api/v1/users/login', {
    headers: { 'Content-Type': 'application/json' },
    data: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }),
  })
  expect(res.status()).toBe(413)
  expect((await res.json()).message).toMatch(/too large/)
})

test('CORS: only configured origins get credentials, preflights answered', async ({ request }) => {
  const allowed = await request.fetch('/api/v1/courses/get-all-courses', {
    method: 'OPTIONS',
    headers: { Origin: 'http://allowed.example', 'Access-Control-Request-Method': 'POST' },
  })
  expect(allowed.status()).toBe(204)
  expect(allowed.headers()['access-control-allow-origin']).toBe('http://allowed.example')
  expect(allowed.headers()['access-control-allow-credentials']).toBe('true')
  const other = await request.get('/api/v1/courses/get-all-courses', { headers: { Origin: 'https://evil.example' } })
  expect(other.headers()['access-control-allow-origin']).toBeUndefined()
})

test('security headers are set on pages', async ({ request }) => {
  const res = await request.get('/')
  expect(res.headers()['x-content-type-options']).toBe('nosniff')
  expect(res.headers()['x-frame-options']).toBe('SAMEORIGIN')
  expect(res.headers()['x-powered-by']).toBeUndefined()
})

test('logout is a POST; GET /logout changes nothing', async ({ page, loginAs, request }) => {
  await loginAs('user')
  const res = await page.request.get('/logout', { maxRedirects: 0 })
  expect(res.status()).toBe(302)
  await page.goto('/')
  // Still signed in: the avatar that opens the profile card is there, not the Login link.
  await expect(page.getByLabel('Open profile card').first()).toBeVisible()
  void request
})
