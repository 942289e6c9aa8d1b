// The Content-Security-Policy (docs/decisions/005-parsing-at-the-edge.md) on every page type: the header is
// there, its script-src has a fresh nonce per response and no 'unsafe-inline', every script in the HTML carries
// that nonce, and the page runs in the browser without a violation (the page fixture fails the test on one).
// Pages without framework scripts carry no nonce: their two inline scripts are allowed by hash.
import crypto from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { createCourse, createLecture, createQuiz, createSection, enrol } from '../../../db/factories'
import { E2E } from '../../support/e2e-env'
import { expect, test } from '../../support/fixtures'

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values] as const),
  )

async function policyOf(request: APIRequestContext, path: string) {
  const res = await request.get(path, { maxRedirects: 0 })
  expect(res.status(), path).toBe(200)
  const header = res.headers()['content-security-policy']
  expect(header, `${path} has a Content-Security-Policy`).toBeTruthy()
  const csp = directives(header)
  const scriptSrc = csp.get('script-src') ?? []
  expect(scriptSrc, path).not.toContain("'unsafe-inline'")
  expect(scriptSrc, path).not.toContain("'unsafe-eval'")
  const nonces = scriptSrc.filter((v) => v.startsWith("'nonce-")).map((v) => v.slice("'nonce-".length, -1))
  expect(nonces, `${path}: one nonce in script-src`).toHaveLength(1)
  const html = await res.text()
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
  expect(scripts.length, `${path} has React Router's scripts`).toBeGreaterThan(0)
  for (const tag of scripts)
    expect(tag, `${path}: every script carries this response's nonce`).toContain(`nonce="${nonces[0]}"`)
  return { csp, nonce: nonces[0] }
}

/** A page without framework scripts: no nonce at all; each inline script is allowed by its hash. */
async function expectHashPolicy(request: APIRequestContext, path: string) {
  const res = await request.get(path)
  expect(res.status(), path).toBe(200)
  const csp = directives(res.headers()['content-security-policy'] ?? '')
  const scriptSrc = csp.get('script-src') ?? []
  expect(scriptSrc, path).not.toContain("'unsafe-inline'")
  expect(scriptSrc, path).not.toContain("'unsafe-eval'")
  expect(
    scriptSrc.filter((v) => v.startsWith("'nonce-")),
    `${path}: no nonce`,
  ).toEqual([])
  const html = await res.text()
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
  expect(scripts.length, `${path}: the theme and speculation-rules scripts`).toBe(2)
  for (const [tag, body] of scripts) {
    expect(tag, path).not.toMatch(/\ssrc=/)
    const hash = `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`
    expect(scriptSrc, `${path}: ${tag} is allowed by its hash`).toContain(hash)
  }
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('frame-ancestors')).toEqual(["'self'"])
  return csp
}

async function expectPolicy(request: APIRequestContext, path: string) {
  const first = await policyOf(request, path)
  const second = await policyOf(request, path)
  expect(second.nonce, `${path}: a new nonce per response`).not.toBe(first.nonce)
  expect(first.csp.get('object-src')).toEqual(["'none'"])
  expect(first.csp.get('frame-ancestors')).toEqual(["'self'"])
  return first.csp
}

test('every page type sends a nonce-based CSP that its inline scripts match', async ({ page, db, loginAs }) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const course = await createCourse(db, { courseTitle: `CSP ${tag}`, linkAddress: `csp-${tag}` })
  const section = await createSection(db, { courseId: course.id, title: 'Cells' })
  await createLecture(db, {
    sectionId: section.id,
    title: 'Membranes',
    videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  })
  const quiz = await createQuiz(db, { title: `CSP quiz ${tag}` })
  const learner = await loginAs('user')
  await enrol(db, { userId: learner.id, courseId: course.id })

  // Public and auth pages (the auth page as a guest: signed in it redirects).
  const guest = await page.context().browser()!.newContext({ baseURL: E2E.baseURL })
  const home = await expectHashPolicy(guest.request, '/')
  expect(home.get('frame-src')).toEqual(
    expect.arrayContaining(['https://www.youtube.com', 'https://www.youtube-nocookie.com']),
  )
  expect(home.get('img-src')).toContain('https://i.ytimg.com')
  await expectPolicy(guest.request, '/login')
  // In the browser the hashed theme script runs (it swaps the server's 'system' class for the OS theme) and
  // the speculation rules are accepted: the page fixture fails the test on any CSP violation.
  const guestPage = await guest.newPage()
  const violations: string[] = []
  guestPage.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
  })
  await guestPage.goto('/')
  await expect(guestPage.locator('html')).toHaveClass(/\b(light|dark)\b/)
  expect(violations).toEqual([])
  await guest.close()

  // Checkout: Razorpay's checkout host (here the stand-in, RAZORPAY_CHECKOUT_URL) may serve checkout.js, frame
  // the widget and receive the no-JS hosted checkout form.
  const forSale = await createCourse(db, { courseTitle: `CSP sale ${tag}`, linkAddress: `csp-sale-${tag}` })
  const checkout = await expectPolicy(page.request, `/checkout/${forSale.linkAddress}`)
  const razorpay = `http://localhost:${E2E.razorpayPort}`
  for (const name of ['script-src', 'frame-src', 'form-action', 'connect-src'])
    expect(checkout.get(name), name).toContain(razorpay)

  // The quiz test view (after Start) and the course player.
  const start = await page.request.post(`/quiz/${quiz.id}`, {
    form: { intent: 'start' },
    headers: { Origin: E2E.baseURL },
    maxRedirects: 0,
  })
  expect(start.status()).toBe(302)
  await expectPolicy(page.request, `/quiz/${quiz.id}?q=1`)
  await expectPolicy(page.request, `/my-courses/${course.id}`)

  // In the browser: the pages hydrate (the nonce works) and the lecture video's frame is allowed.
  await page.goto(`/quiz/${quiz.id}?q=1`)
  // The inline theme script ran (it swaps the server's 'system' class for the OS theme).
  await expect(page.locator('html')).toHaveClass(/\b(light|dark)\b/)
  await expect(page.getByText('Which organelle is the site of aerobic respiration?')).toBeVisible()
  // The facade is a srcdoc frame (it inherits this policy: inline style, images from us and i.ytimg.com); its
  // link navigates the frame to YouTube's player, here a stand-in (no internet), which frame-src must allow.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Stand-in player</p>' }),
  )
  await page.route('https://i.ytimg.com/**', (route) => route.abort())
  await page.goto(`/my-courses/${course.id}`)
  const video = page.locator('iframe[title="Membranes"]').contentFrame()
  await video.getByRole('link', { name: /Play video/ }).click()
  await expect(video.getByText('Stand-in player')).toBeVisible()
})

test('admin pages send the same policy', async ({ page, loginAs }) => {
  await loginAs('admin')
  for (const path of ['/admin/dashboard', '/admin/create-course', '/admin/create-quiz'])
    await expectPolicy(page.request, path)
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
})
