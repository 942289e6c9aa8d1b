import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import Papa from 'papaparse'
import type { DB } from '../../db/client'
import { createCourse, createUser } from '../../db/factories'
import { expect, test } from '../support/fixtures'
import { signInOn, startDemoGatewayApp, type PrivateApp } from '../support/private-app'

// The payments page and its export, JS on and off: purchases through the Razorpay stand-in (main server) and the demo
// gateway (a second server without keys) show on /admin/payments with their amounts; an order whose enrolment
// was removed is listed as paid but not fulfilled and Fulfil restores exactly one enrolment; search by payment
// id; the CSV link downloads a file that parses; 320 px without sideways scrolling.

const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')

async function payThroughRazorpay(page: Page) {
  if (nojs()) {
    await page.getByRole('button', { name: /^Pay ₹.* with Razorpay$/ }).click()
    await page.getByRole('button', { name: 'Pay now' }).click()
  } else {
    const widget = page.getByRole('dialog', { name: 'Razorpay Checkout (stand-in)' })
    await widget.getByRole('button', { name: 'Pay now' }).click()
  }
}

const enrolmentCount = async (db: DB, userId: string, courseId: string) =>
  (
    await db
      .selectFrom('enrollments')
      .select('id')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .execute()
  ).length

async function noSidewaysScroll(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 })
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  expect(scroll).toBeLessThanOrEqual(width)
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** Clicks the CSV link and parses the downloaded file (BOM, header, rows). */
async function downloadCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ])
  const file = await download.path()
  const bytes = fs.readFileSync(file)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const parsed = Papa.parse<Record<string, string>>(bytes.subarray(3).toString('utf8'), {
    header: true,
    skipEmptyLines: true,
  })
  expect(parsed.errors).toEqual([])
  return parsed.data
}

test('a Razorpay purchase on the payments page; reconciliation fulfils a removed enrolment once; search; CSV; 320 px', async ({
  page,
  db,
  loginAs,
}) => {
  const link = `pay-${unique()}`
  const course = await createCourse(db, {
    linkAddress: link,
    courseTitle: `Microbiology ${link}`,
    actualPrice: 4999,
    discountedPrice: 1234,
  })
  const learner = await loginAs('user', { name: 'अनन्या शर्मा' })
  await page.goto(`/checkout/${link}`)
  await page.getByLabel('WhatsApp number').fill('9876543210')
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await payThroughRazorpay(page)
  await expect(page.getByRole('heading', { name: 'Woohooo!' })).toBeVisible()
  const order = await db
    .selectFrom('orders')
    .select(['id', 'provider_payment_id', 'amount_paise', 'status'])
    .where('user_id', '=', learner.id)
    .executeTakeFirstOrThrow()
  expect(order).toMatchObject({ amount_paise: 123_400, status: 'paid' })
  const paymentId = order.provider_payment_id!

  await page.context().clearCookies()
  await loginAs('admin')
  await page.goto('/admin/payments')
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' })).toBeVisible()
  await page.getByLabel('E-mail, order id or payment id').fill(learner.email)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(learner.email).replace(/\./g, '\\.')}`))
  const rows = page.locator('tbody tr[data-order-id]')
  await expect(rows).toHaveCount(1)
  const row = rows.first()
  await expect(row).toHaveAttribute('data-order-id', order.id)
  await expect(row.getByTestId('amount')).toHaveText('₹1,234')
  await expect(row.getByText('अनन्या शर्मा')).toBeVisible()
  await expect(row.getByText(`Microbiology ${link}`)).toBeVisible()
  await expect(row.getByText('Paid', { exact: true })).toBeVisible()
  await expect(row.getByTestId('payment-id')).toHaveText(paymentId)
  const unfulfilled = page.getByRole('region', { name: 'Paid but not fulfilled' })
  await expect(unfulfilled.locator(`li[data-order-id="${order.id}"]`)).toHaveCount(0)

  // The enrolment disappears (removed by hand in the database): the order is now paid but not fulfilled.
  await db.deleteFrom('enrollments').where('user_id', '=', learner.id).execute()
  await page.reload()
  const item = unfulfilled.locator(`li[data-order-id="${order.id}"]`)
  await expect(item).toBeVisible()
  await expect(item.getByText('Enrolment missing')).toBeVisible()
  await item.getByRole('button', { name: 'Fulfil' }).click()
  await expect(page.getByText(`Order ${order.id} fulfilled`)).toBeVisible()
  await expect(unfulfilled.locator(`li[data-order-id="${order.id}"]`)).toHaveCount(0)
  expect(await enrolmentCount(db, learner.id, course.id)).toBe(1)
  // The filters survived the post.
  await expect(page).toHaveURL(/\/admin\/payments\?q=/)

  // Search by the payment id alone.
  await page.goto('/admin/payments')
  await page.getByLabel('E-mail, order id or payment id').fill(paymentId)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toHaveAttribute('data-order-id', order.id)

  const csv = await downloadCsv(page)
  expect(csv).toHaveLength(1)
  expect(csv[0]).toMatchObject({
    order_id: order.id,
    learner_name: 'अनन्या शर्मा',
    learner_email: learner.email,
    amount_inr: '1234.00',
    status: 'paid',
    gateway: 'razorpay',
    gateway_payment_id: paymentId,
  })

  await page.goto(`/admin/payments?q=${encodeURIComponent(learner.email)}&from=2026-02-30`)
  await expect(page.getByText('From date "2026-02-30" is not a valid date (use YYYY-MM-DD): ignored.')).toBeVisible()
  await expect(rows).toHaveCount(1)
  await noSidewaysScroll(page)
})

test('the users page links its CSV with the current search', async ({ page, loginAs, makeUser }) => {
  const tag = unique()
  const named = await makeUser('user', { name: `Zeta ${tag}` })
  await loginAs('instructor')
  await page.goto(`/admin/all-users?q=${tag}`)
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/admin/export/users.csv?q=${tag}`,
  )
  const csv = await downloadCsv(page)
  expect(csv.map((r) => r.email)).toEqual([named.email])
  // Instructors do not see the admin-only Payments link, and the page sends them back.
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' })).toHaveCount(0)
  await page.goto('/admin/payments')
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})

// The demo gateway runs only without Razorpay keys: its own server and database (like checkout.spec.ts).
test.describe('a demo gateway purchase', () => {
  test.describe.configure({ mode: 'serial' })
  let demo: PrivateApp

  test.beforeAll(async () => {
    demo = await startDemoGatewayApp('payments-demo', 10)
  })
  test.afterAll(() => demo?.close())

  test('shows on that server’s payments page with its amount and demo payment id', async ({ page }) => {
    const link = `demo-pay-${unique()}`
    await createCourse(demo.db, { linkAddress: link, courseTitle: `Ecology ${link}`, discountedPrice: 750 })
    const learner = await createUser(demo.db)
    await signInOn(page, demo, learner.id)
    await page.goto(`${demo.baseURL}/checkout/${link}`)
    await page.getByLabel('WhatsApp number').fill('9876543210')
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    await page.getByRole('button', { name: 'Pay ₹750' }).click()
    await expect(page.getByRole('heading', { name: 'Woohooo!' })).toBeVisible()

    const admin = await createUser(demo.db, { role: 'admin' })
    await signInOn(page, demo, admin.id)
    await page.goto(`${demo.baseURL}/admin/payments?q=${encodeURIComponent(learner.email)}`)
    const rows = page.locator('tbody tr[data-order-id]')
    await expect(rows).toHaveCount(1)
    await expect(rows.first().getByTestId('amount')).toHaveText('₹750')
    await expect(rows.first().getByText('Demo gateway')).toBeVisible()
    await expect(rows.first().getByTestId('payment-id')).toHaveText(/^pay_demo/)
    await expect(rows.first().getByText(`Ecology ${link}`)).toBeVisible()
    await noSidewaysScroll(page)
  })
})
