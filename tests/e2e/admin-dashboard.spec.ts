import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { openDatabase, type DB } from '../../db/client'
import { createCourse, createUser } from '../../db/factories'
import { startAppServer, type AppServer } from '../support/app-server'
import { E2E } from '../support/e2e-env'
import { expect, test } from '../support/fixtures'
import { DEMO_GATEWAY_ENV, signInOn } from '../support/private-app'
import { startRazorpayServer, type RazorpayStandIn } from '../support/standins/razorpay'

// The dashboard's money and charts, JS on and off: after one purchase through the Razorpay stand-in and one through
// the demo gateway, the dashboard's revenue shows exactly those amounts, its three charts are SVG with 30 points
// whose table view carries the same numbers, and at 320 px the dashboard and an admin table (as cards) need no
// sideways scroll.
//
// The purchases run on a private app server (own port and database per project), so no other test's orders
// mix into the totals: first with Razorpay keys pointing at a private stand-in, then restarted on the same
// database without keys, which is when the demo gateway is offered (it never runs beside real keys).

const axeSource = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8')
const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')

/** '₹1,23,456' -> 123456 */
const rupees = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''))

type Snapshot = { today: number; d7: number; d30: number; all: number; enrolmentsToday: number }

/** The dashboard's revenue windows and today's enrolments (the last row of the chart's table view). */
async function snapshot(page: Page, baseURL: string): Promise<Snapshot> {
  await page.goto(`${baseURL}/admin/dashboard`)
  await expect(page.getByRole('heading', { name: 'Revenue', exact: true })).toBeVisible()
  const read = async (id: string) => rupees(await page.getByTestId(`revenue-${id}`).textContent())
  const enrolments = await chartNumbers(page.getByTestId('chart-enrolments'))
  return {
    today: await read('today'),
    d7: await read('7d'),
    d30: await read('30d'),
    all: await read('all'),
    enrolmentsToday: enrolments.table[29],
  }
}

/** The numbers a chart draws (its bars' data) and the ones its "Show as table" view lists, in day order. */
async function chartNumbers(chart: Locator) {
  const bars = chart.locator('svg[role="img"] [data-point]')
  const drawn = (await bars.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-point'))))) as number[]
  const titles = await chart.locator('svg [data-point] > title').allTextContents()
  // A native <details>: opens with JavaScript off too (and stays open once opened on this page).
  if (!(await chart.getByRole('table').isVisible())) await chart.getByText('Show as table').click()
  const rows = chart.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(31) // heading + 30 days
  const table = (await chart.getByRole('table').locator('tbody td:nth-child(2)').allTextContents()).map(Number)
  const days = await chart.getByRole('table').locator('tbody td:nth-child(1)').allTextContents()
  return { drawn, titles, table, days }
}

test.describe('dashboard revenue after Razorpay and demo purchases', () => {
  test.describe.configure({ mode: 'serial' })
  let server: AppServer | undefined
  let rzp: RazorpayStandIn | undefined
  let appDb: DB | undefined

  test.afterAll(async () => {
    await appDb?.destroy()
    await server?.stop()
    await rzp?.close()
  })

  test('revenue windows, per course and latest payments show exactly the two purchases; charts have 30 points', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const port = E2E.port + (nojs() ? 17 : 16)
    const dir = path.join(E2E.tmpDir, `dashboard-${test.info().project.name}`)
    rzp = await startRazorpayServer(0)
    server = await startAppServer({ port, dir, env: { ...rzp.env, SMTP_URL: '' } })
    appDb = openDatabase(server.dbPath).db
    const baseURL = server.baseURL
    const app = { db: appDb, baseURL }

    const t = unique()
    const viaRazorpay = await createCourse(appDb, {
      linkAddress: `rzp-${t}`,
      courseTitle: `Razorpay Genetics ${t}`,
      actualPrice: 2000,
      discountedPrice: 1234,
    })
    const viaDemo = await createCourse(appDb, {
      linkAddress: `demo-${t}`,
      courseTitle: `Demo Ecology ${t}`,
      actualPrice: 1000,
      discountedPrice: 750,
    })
    const admin = await createUser(appDb, { role: 'admin', name: `Dash Admin ${t}` })
    const buyer1 = await createUser(appDb, { name: `Rzp Buyer ${t}` })
    const buyer2 = await createUser(appDb, { name: `Demo Buyer ${t}` })

    await signInOn(page, app, admin.id)
    const before = await snapshot(page, baseURL)

    // 1. Through the Razorpay stand-in (widget with JS, hosted page without).
    await signInOn(page, app, buyer1.id)
    await page.goto(`${baseURL}/checkout/rzp-${t}`)
    await page.getByLabel('WhatsApp number').fill('9876543210')
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    if (nojs()) {
      await page.getByRole('button', { name: /^Pay ₹.* with Razorpay$/ }).click()
      await page.getByRole('button', { name: 'Pay now' }).click()
    } else {
      const widget = page.getByRole('dialog', { name: 'Razorpay Checkout (stand-in)' })
      await widget.getByRole('button', { name: 'Pay now' }).click()
    }
    await expect(page.getByRole('heading', { name: 'Woohooo!' })).toBeVisible()

    // 2. The same database without Razorpay keys: the demo gateway.
    await server.stop()
    server = await startAppServer({
      port,
      dir,
      env: DEMO_GATEWAY_ENV,
    })
    await signInOn(page, app, buyer2.id)
    await page.goto(`${baseURL}/checkout/demo-${t}`)
    await page.getByLabel('WhatsApp number').fill('9876543210')
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    await page.getByRole('button', { name: 'Pay ₹750' }).click()
    await expect(page.getByRole('heading', { name: 'Woohooo!' })).toBeVisible()

    // 3. The dashboard: each window grew by exactly 1234 + 750.
    await signInOn(page, app, admin.id)
    const after = await snapshot(page, baseURL)
    expect({
      today: after.today - before.today,
      d7: after.d7 - before.d7,
      d30: after.d30 - before.d30,
      all: after.all - before.all,
    }).toEqual({ today: 1984, d7: 1984, d30: 1984, all: 1984 })
    expect(after.enrolmentsToday - before.enrolmentsToday).toBe(2)
    await expect(page.getByText('India time (IST, Asia/Kolkata)')).toBeVisible()

    const rzpRow = page.getByTestId(`revenue-item-${viaRazorpay.id}`)
    await expect(rzpRow).toContainText(`Razorpay Genetics ${t}`)
    await expect(rzpRow.getByTestId('orders')).toHaveText('1')
    await expect(rzpRow.getByTestId('all-time')).toHaveText('₹1,234')
    await expect(rzpRow.getByTestId('last30')).toHaveText('₹1,234')
    const demoRow = page.getByTestId(`revenue-item-${viaDemo.id}`)
    await expect(demoRow.getByTestId('orders')).toHaveText('1')
    await expect(demoRow.getByTestId('all-time')).toHaveText('₹750')

    const payments = page.getByRole('list', { name: 'Latest payments' }).getByRole('listitem')
    await expect(payments.nth(0)).toContainText(`Demo Buyer ${t}`)
    await expect(payments.nth(0)).toContainText(`Demo Ecology ${t}`)
    await expect(payments.nth(0)).toContainText('₹750')
    await expect(payments.nth(1)).toContainText(`Rzp Buyer ${t}`)
    await expect(payments.nth(1)).toContainText('₹1,234')
    await expect(page.getByRole('link', { name: 'All payments' })).toHaveAttribute('href', '/admin/payments')

    // 4. Three SVG charts (no chart script), 30 points each, named by a summary; the table view agrees.
    for (const [id, name] of [
      ['signups', 'New sign-ups per day'],
      ['enrolments', 'Enrolments per day'],
      ['attempts', 'Quiz attempts per day'],
    ] as const) {
      const chart = page.getByTestId(`chart-${id}`)
      const img = chart.getByRole('img', { name })
      await expect(img).toBeVisible()
      await expect(img).toHaveAccessibleDescription(
        new RegExp(`^${name}, .+ to .+: (none|\\d+ in total, most \\d+ on .+)$`),
      )
      const numbers = await chartNumbers(chart)
      expect(numbers.drawn, id).toHaveLength(30)
      expect(numbers.table, id).toEqual(numbers.drawn)
      expect(numbers.titles, id).toHaveLength(30)
      numbers.days.forEach((day, i) => expect(numbers.titles[i]).toContain(`${day}: ${numbers.drawn[i]} `))
    }
    const enrolments = await page
      .getByTestId('chart-enrolments')
      .locator('[data-point]')
      .last()
      .getAttribute('data-point')
    expect(Number(enrolments)).toBe(after.enrolmentsToday)
    await expect(page.locator('script[src*="chart"]')).toHaveCount(0)

    // 5. At 320 px: the dashboard without sideways scroll, and an admin table as cards with reachable actions.
    await page.setViewportSize({ width: 320, height: 720 })
    await page.goto(`${baseURL}/admin/dashboard`)
    await expectNoSideways(page)
    await page.goto(`${baseURL}/admin/quizzes`)
    await expectNoSideways(page)
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Edit' }) })
      .first()
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('block')
    const titleCell = row.locator('td').first()
    expect(await titleCell.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Title"')
    for (const name of ['Edit', 'View Results', 'Delete']) {
      const box = (await row.getByRole('link', { name }).boundingBox())!
      expect(box.x, name).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, name).toBeLessThanOrEqual(320)
    }
    await row.getByRole('link', { name: 'View Results' }).click()
    await expect(page).toHaveURL(/\/admin\/quiz-result\//)

    // 6. axe on the dashboard (charts and their tables open), phone and desktop, light and dark. Run once, with JS:
    // the runner evaluates axe, and the markup is the same with JS off.
    if (nojs()) return
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`${baseURL}/admin/dashboard`)
      for (const summary of await page.getByText('Show as table').all()) await summary.click()
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => {
          document.documentElement.classList.remove('light', 'dark', 'system')
          document.documentElement.classList.add(t)
        }, theme)
        await page.evaluate(axeSource)
        const violations = await page.evaluate(async () => {
          // @ts-expect-error injected above
          const result = await window.axe.run('main', { resultTypes: ['violations'] })
          return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
        })
        expect(violations, `axe on the dashboard at ${width} px (${theme})`).toEqual([])
      }
    }
  })
})

async function expectNoSideways(page: Page) {
  const size = await page.evaluate(() => {
    const client = document.documentElement.clientWidth
    // The innermost elements past the right edge, to name the culprit in the failure message.
    const wide = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > client + 0.5)
      .filter((el) => {
        // Inside a scrolling or clipping box an element does not widen the page.
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible') return false
        return true
      })
      .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > client + 0.5))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`)
    return { scroll: document.documentElement.scrollWidth, client, wide }
  })
  expect(
    size.scroll,
    `${page.url()} is ${size.scroll}px wide in ${size.client}px: ${size.wide.join(', ')}`,
  ).toBeLessThanOrEqual(size.client)
}
