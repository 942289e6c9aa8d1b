// Bodies parsed at the edge (docs/decisions/005-parsing-at-the-edge.md), against the real server: limits are
// counted as the bytes stream in, so a chunked body (no Content-Length, as HTTP/2 proxies forward them) works
// up to the route's limit and gets 413 past it; a body that cannot be read is a 400 with a message, never a 500.
import http from 'node:http'
import { expect, test } from '../../support/fixtures'
import { E2E } from '../../support/e2e-env'

const MB = 1024 * 1024
const sameSite = { Origin: E2E.baseURL }

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string }

/**
 * POSTs `total` bytes (or the given text) with Transfer-Encoding: chunked, 64 KB a write, the way a streaming
 * client does: it stops sending as soon as the server answers, and reads that answer.
 */
function chunkedPost(
  path: string,
  type: string,
  body: string | { prefix: string; total: number },
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false
    const req = http.request(`${E2E.baseURL}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': type, 'Transfer-Encoding': 'chunked', ...sameSite, ...headers },
    })
    req.on('response', (res) => {
      answered = true
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
      res.on('error', reject)
    })
    // The server may close the connection while we are still sending (after its 413): that is expected.
    req.on('error', (error) => (answered ? undefined : reject(error)))
    if (typeof body === 'string') {
      for (let i = 0; i < body.length; i += 7) req.write(body.slice(i, i + 7))
      req.end()
      return
    }
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let sent = 0
    const pump = () => {
      if (answered || req.destroyed) return
      if (sent === 0) {
        req.write(body.prefix)
        sent += body.prefix.length
      }
      while (sent < body.total) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      req.end()
    }
    pump()
  })
}

test('a chunked form within the limit is read like any other (page, multipart and API)', async ({ makeUser }) => {
  const theme = await chunkedPost('/theme', 'application/x-www-form-urlencoded', 'theme=dark&redirectTo=%2Fcourses')
  expect(theme.status).toBe(302)
  expect(theme.headers.location).toBe('/courses')
  expect(String(theme.headers['set-cookie'])).toContain('theme=')

  const boundary = 'chunkedboundary'
  const multipart = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="theme"',
    '',
    'dark',
    `--${boundary}`,
    'Content-Disposition: form-data; name="redirectTo"',
    '',
    '/about-us',
    `--${boundary}--`,
    '',
  ].join('\r\n')
  const viaMultipart = await chunkedPost('/theme', `multipart/form-data; boundary=${boundary}`, multipart)
  expect(viaMultipart.status).toBe(302)
  expect(viaMultipart.headers.location).toBe('/about-us')

  const user = await makeUser('user')
  const login = await chunkedPost(
    '/api/v1/users/login',
    'application/json',
    JSON.stringify({ email: user.email, password: user.password }),
  )
  expect(login.status).toBe(200)
  expect(JSON.parse(login.text)).toMatchObject({ success: true })
})

test('a chunked body past the route limit gets 413, on pages and on the API', async () => {
  const page = await chunkedPost('/login', 'application/x-www-form-urlencoded', {
    prefix: 'email=',
    total: 1 * MB + 256 * 1024,
  })
  expect(page.status).toBe(413)
  expect(page.text).toBe('Request body too large')

  const api = await chunkedPost('/api/v1/users/login', 'application/json', {
    prefix: '{"email":"',
    total: 1 * MB + 256 * 1024,
  })
  expect(api.status).toBe(413)
  expect(JSON.parse(api.text)).toMatchObject({ statusCode: 413, success: false, message: 'Request body too large' })

  // The server is still fine for the next request.
  const next = await chunkedPost('/theme', 'application/x-www-form-urlencoded', 'theme=light')
  expect(next.status).toBe(302)
})

test('malformed multipart, JSON and urlencoded bodies are 400 with a message, never 500', async ({
  request,
  page,
  loginAs,
}) => {
  const broken = await request.post('/login', {
    headers: { ...sameSite, 'Content-Type': 'multipart/form-data; boundary=zz' },
    data: '--zz\r\nContent-Disposition: form-da',
  })
  expect(broken.status()).toBe(400)
  expect(await broken.text()).toContain('The form could not be read')

  const json = await request.post('/signup', {
    headers: { ...sameSite, 'Content-Type': 'application/json' },
    data: '{"name":',
  })
  expect(json.status()).toBe(400)
  expect(await json.text()).toContain('must be sent as a form')

  // A data request (JS on) gets the same 400, encoded for the router.
  const data = await request.post('/forgot-password.data', {
    headers: { ...sameSite, 'Content-Type': 'text/plain' },
    data: 'hello',
  })
  expect(data.status()).toBe(400)

  const urlencoded = await request.post('/login', {
    headers: { ...sameSite, 'Content-Type': 'application/x-www-form-urlencoded' },
    data: '%zz&=&%E0%A4%A=1&email',
  })
  expect(urlencoded.status()).toBe(400)

  const api = await request.post('/api/v1/users/login', {
    headers: { 'Content-Type': 'application/json' },
    data: '{"email": ',
  })
  expect(api.status()).toBe(400)

  // An upload route answers on its form, as before.
  await loginAs('admin')
  const upload = await page.request.post('/admin/create-course', {
    headers: { ...sameSite, 'Content-Type': 'multipart/form-data; boundary=zz' },
    data: '--zz\r\nContent-Disposition: form-data; name="courseImage"; filename="a.png"\r\n\r\nabc',
  })
  expect(upload.status()).toBe(400)
  expect(await upload.text()).toContain('The form could not be read')
})
