import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { createCourse, createLecture, createSection } from '../../db/factories'
import { formatAccessDate } from '../../app/lib/access'
import { addSession, expect, test } from '../support/fixtures'
import { axeViolations } from '../support/axe'
import { E2E } from '../support/e2e-env'

// Access periods in the browser, JS on and off: a learner buys a 30-day live course and sees 'Access until'; an
// admin sets the end in the past on the course's users page; the player then says 'Your access ended' (403) and
// its 'Renew' leads to a checkout that restores access. The pages are axe clean at 320 px.

const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')
const DAY = 86_400_000

/** Serious or critical axe findings, and whether the page fits the viewport. axe is evaluated by the runner, so
 * it runs with JS on; the markup is the same with JS off. */
async function checkPage(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  if (nojs()) return []
  return axeViolations(page)
}

/** The Razorpay stand-in: its widget with JS, its hosted page without. */
async function payThroughRazorpay(page: Page) {
  if (nojs()) {
    await page.getByRole('button', { name: /^Pay ₹.* with Razorpay$/ }).click()
    await page.getByRole('button', { name: 'Pay now' }).click()
  } else {
    const widget = page.getByRole('dialog', { name: 'Razorpay Checkout (stand-in)' })
    await expect(widget).toBeVisible()
    await widget.getByRole('button', { name: 'Pay now' }).click()
  }
  await expect(page.getByRole('heading', { name: 'Woohooo!' })).toBeVisible()
}

/** Yesterday's date in India, as a date input takes it. */
const indiaYesterday = () => new Date(Date.now() - DAY + 330 * 60_000).toISOString().slice(0, 10)

test('buy a live course, see Access until; staff end it; the player says it ended; Renew restores it', async ({
  page,
  db,
  loginAs,
  makeUser,
}) => {
  const t = unique()
  const link = `live-${t}`
  const course = await createCourse(db, {
    linkAddress: link,
    mode: 'live',
    cardTitle: `Live Batch ${t}`,
    courseTitle: `Ecology Live ${t}`,
    discountedPrice: 500,
    accessDays: 30,
  })
  const section = await createSection(db, { courseId: course.id, title: 'Week 1' })
  await createLecture(db, { sectionId: section.id, title: 'Food webs', videoURL: 'https://www.youtube.com/embed/x' })

  const learner = await loginAs('user', { name: `Monthly Learner ${t}` })
  await page.goto(`/checkout/${link}`)
  await page.getByLabel('WhatsApp number').fill('9876543210')
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await payThroughRazorpay(page)

  const bought = await db
    .selectFrom('enrollments')
    .select('access_until')
    .where('user_id', '=', learner.id)
    .where('course_id', '=', course.id)
    .executeTakeFirstOrThrow()
  const until = formatAccessDate(bought.access_until!)
  await page.goto(`/courses/${link}`)
  const panel = page.getByRole('complementary', { name: 'Purchase' })
  await expect(panel.getByRole('link', { name: 'Go to course' })).toBeVisible()
  await expect(panel.getByText(`Access until ${until}`)).toBeVisible()
  await expect(panel.getByRole('link', { name: 'Renew' })).toHaveAttribute('href', `/checkout/${link}`)
  await page.goto('/profile')
  await expect(page.getByText(`Access until ${until}`)).toBeVisible()

  // An admin ends the access yesterday.
  await page.context().clearCookies()
  const admin = await makeUser('admin')
  await addSession(page, { db, baseURL: E2E.baseURL }, admin.id)
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto(`/admin/premium-users/${course.id}`)
  const row = page.getByRole('row').filter({ hasText: `Monthly Learner ${t}` })
  await expect(row).toContainText(until)
  await row.getByRole('link', { name: `Change when Monthly Learner ${t}'s access ends` }).click()
  const dialog = page.getByRole('dialog', { name: 'When does access end?' })
  await expect(dialog).toBeVisible()
  expect(await checkPage(page)).toEqual([])
  const yesterday = indiaYesterday()
  await dialog.getByLabel('Access until').fill(yesterday)
  await dialog.getByRole('button', { name: 'Save end date' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const ended = formatAccessDate(`${yesterday}T12:00:00+05:30`)
  await expect(row).toContainText(ended)
  await page.getByRole('link', { name: 'Ends within 7 days' }).click()
  await expect(page.getByText('No users found')).toBeVisible()
  expect(await checkPage(page)).toEqual([])

  // The learner: the player answers 403 with the end and a way back.
  await page.context().clearCookies()
  await addSession(page, { db, baseURL: E2E.baseURL }, learner.id)
  const response = await page.goto(`/my-courses/${course.id}`)
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('alert')).toHaveText(`Your access ended on ${ended}`)
  expect(await checkPage(page)).toEqual([])
  await page.goto(`/courses/${link}`)
  await expect(panel.getByRole('link', { name: 'Go to course' })).toHaveCount(0)
  await page.goto('/profile')
  await expect(page.getByRole('link', { name: `Ecology Live ${t}` })).toHaveCount(0)

  await page.goto(`/my-courses/${course.id}`)
  await page.getByRole('link', { name: 'Renew' }).click()
  await expect(page).toHaveURL(new RegExp(`/checkout/${link}$`))
  await expect(page.getByText(`Your access ended on ${ended}`)).toBeVisible()
  await page.getByLabel('WhatsApp number').fill('9876543210')
  await page.getByRole('button', { name: 'Renew' }).click()
  await payThroughRazorpay(page)

  const again = await page.goto(`/my-courses/${course.id}`)
  expect(again?.status()).toBe(200)
  await expect(page.getByRole('heading', { name: `Ecology Live ${t}` })).toBeVisible()
  await page.goto(`/courses/${link}`)
  await expect(
    panel.getByText(`Access until ${formatAccessDate(new Date(Date.now() + 30 * DAY).toISOString())}`),
  ).toBeVisible()
})

test('@js-only the create form fills in the mode default for access days until staff type in it', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin')
  await page.goto('/admin/create-course')
  const mode = page.getByLabel('Mode', { exact: true })
  const days = page.getByLabel('Access days (optional)')
  await expect(days).toHaveValue('')
  await mode.selectOption('live')
  await expect(days).toHaveValue('30')
  await mode.selectOption('recorded')
  await expect(days).toHaveValue('')
  await days.fill('90')
  await mode.selectOption('live')
  await expect(days).toHaveValue('90')
})
