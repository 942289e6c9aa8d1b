// Page budgets, accessibility and narrow screens, checked on every page.
// Runs in its own Playwright project ("budgets", JS on) so the numbers are measured once.
import fs from 'node:fs'
import zlib from 'node:zlib'
import type { Page } from '@playwright/test'
import type { DB } from '../../../db/client'
import { contentPages } from '../../support/content-pages'
import { expect, test } from '../../support/fixtures'

const HTML_BUDGET = 14.6 * 1024
const JS_FLOOR = 113 * 1024 // The bare framework's first-view JS, gzipped
const JS_BUDGET = 1.25 * JS_FLOOR
const axeSource = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8')

const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length

/** The content pages, the pages that hydrate (sign-in forms) and the not-found page. */
const publicPages = async (db: DB) => [
  ...(await contentPages(db)),
  '/login',
  '/signup',
  '/forgot-password',
  '/no-such-page',
]

async function firstViewJs(html: string, fetchBytes: (url: string) => Promise<Buffer>) {
  const srcs = new Set<string>()
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) srcs.add(m[1])
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) srcs.add(m[1])
  for (const m of html.matchAll(/import\(["']([^"']+\.js)["']\)/g)) srcs.add(m[1])
  let total = 0
  for (const src of srcs) total += gz(await fetchBytes(src))
  return { total, files: srcs.size }
}

test('every public page: gzipped HTML <= 14.6 KB and first-view JS <= 1.25x the framework floor', async ({
  request,
  db,
}) => {
  const rows: string[] = []
  for (const path of await publicPages(db)) {
    const res = await request.get(path)
    expect(res.status(), path).toBeLessThan(path === '/no-such-page' ? 405 : 400)
    const html = await res.body()
    const js = await firstViewJs(html.toString('utf8'), async (src) => (await request.get(src)).body())
    rows.push(
      `${path}: HTML ${(gz(html) / 1024).toFixed(1)} KB, JS ${(js.total / 1024).toFixed(1)} KB in ${js.files} files`,
    )
    expect(gz(html), `gzipped HTML of ${path}`).toBeLessThanOrEqual(HTML_BUDGET)
    expect(js.total, `first-view JS of ${path}`).toBeLessThanOrEqual(JS_BUDGET)
  }
  console.log(rows.join('\n'))
})

async function axeViolations(page: Page) {
  // Evaluated by the test runner, not added as an inline <script>: the page's CSP (ADR 005) blocks those.
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] })
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      )
  })
}

async function noHorizontalScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

test('every public page: no serious or critical axe violations, no horizontal scroll at 320 px', async ({
  page,
  db,
}) => {
  await page.setViewportSize({ width: 320, height: 640 })
  for (const path of await publicPages(db)) {
    await page.goto(path)
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.classList.remove('light', 'dark', 'system')
        document.documentElement.classList.add(t)
      }, theme)
      expect(await axeViolations(page), `axe on ${path} (${theme})`).toEqual([])
    }
    expect(await noHorizontalScroll(page), `horizontal scroll on ${path}`).toBe(true)
  }
})

// At desktop width the layout differs (the WhatsApp button shows its label from 640 px, the nav is a bar, grids
// have columns), so axe runs there too: the phone run above cannot see those.
test('the main public pages at 1280 px: no serious or critical axe violations, light and dark', async ({
  page,
  db,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const course = (await publicPages(db))[2]
  for (const path of ['/', '/courses', course, '/quizzes', '/resources', '/about-us', '/faculties', '/login']) {
    await page.goto(path)
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.classList.remove('light', 'dark', 'system')
        document.documentElement.classList.add(t)
      }, theme)
      expect(await axeViolations(page), `axe at 1280 px on ${path} (${theme})`).toEqual([])
    }
  }
  // The WhatsApp panel open too, so axe sees its call to action.
  await page.goto('/')
  await page.getByText("Let's Connect", { exact: true }).first().click()
  await expect(page.getByRole('link', { name: 'Join Now' })).toBeVisible()
  expect(await axeViolations(page), 'axe at 1280 px with the WhatsApp panel open').toEqual([])
})

test('signed-in pages: no serious or critical axe violations, no horizontal scroll at 320 px', async ({
  page,
  db,
  loginAs,
}) => {
  await loginAs('admin')
  const course = await db.selectFrom('courses').select(['id']).orderBy('created_at').executeTakeFirstOrThrow()
  const quiz = await db
    .selectFrom('quizzes')
    .select('id')
    .where('id', '!=', 'question-bank') // the bank's own quiz is no paper
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  await page.setViewportSize({ width: 320, height: 640 })
  const paths = [
    '/profile',
    '/profile/edit',
    '/profile/progress',
    '/practice',
    `/my-courses/${course.id}`,
    `/quiz/${quiz.id}`,
    '/admin/dashboard',
    '/admin/all-users',
    '/admin/all-courses',
    '/admin/premium-users',
    `/admin/premium-users/${course.id}`,
    '/admin/create-course',
    '/admin/add-section',
    '/admin/add-lecture',
    `/admin/course-content/${course.id}`,
    '/admin/coupons',
    '/admin/create-coupon',
    '/admin/quizzes',
    '/admin/create-quiz',
    `/admin/edit-quiz/${quiz.id}`,
    `/admin/quiz-result/${quiz.id}`,
    '/admin/reset-quiz-price',
    '/admin/audit-log',
    `/quiz/leaderboard/${quiz.id}`,
    `/quiz/result/${quiz.id}`,
    '/quizzes/unlock',
    '/payment-success',
  ]
  for (const path of paths) {
    await page.goto(path)
    expect(await axeViolations(page), `axe on ${path}`).toEqual([])
    expect(await noHorizontalScroll(page), `horizontal scroll on ${path}`).toBe(true)
  }
})
