import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { PDFParse } from 'pdf-parse'
import { createCourse, createLecture, createSection } from '../../db/factories'
import { addSession, expect, mailDir, test } from '../support/fixtures'
import { axeViolations } from '../support/axe'
import { E2E } from '../support/e2e-env'
import { mailsTo, waitForMail } from '../support/smtp-sink'

// Receipts and refunds in the browser, JS on and off: a learner buys a course through the Razorpay stand-in (the
// main server has a GSTIN, so a numbered tax invoice), finds it in Purchases, opens its receipt page and its PDF,
// and has one purchase mail with the PDF attached (the SMTP sink); an admin refunds it in full from the payments
// page through Razorpay's refund API (the stand-in), after a confirmation; the learner then cannot open the course
// and the receipt shows the credit note; another learner gets 404 for that receipt. Axe clean at 320 px.

const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')

/** Serious or critical axe findings, after checking the page fits a 320 px screen. (axe needs JS to run.) */
async function checkPage(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  if (nojs()) return []
  return axeViolations(page)
}

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

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text

test('buy, see the purchase, its receipt and PDF; an admin refunds it in full; access ends; credit note; others 404', async ({
  page,
  db,
  loginAs,
  makeUser,
}) => {
  const t = unique()
  const link = `receipt-${t}`
  const title = `Plant Physiology ${t}`
  const course = await createCourse(db, {
    linkAddress: link,
    courseTitle: title,
    actualPrice: 4999,
    discountedPrice: 2999,
  })
  const section = await createSection(db, { courseId: course.id, title: 'Water relations' })
  await createLecture(db, { sectionId: section.id, title: 'Osmosis', videoURL: 'https://www.youtube.com/embed/x' })
  const learner = await loginAs('user', { name: `Receipt Learner ${t}` })
  const since = Date.now()

  // Buy, naming the state: Maharashtra, another state than the seller's (West Bengal), so IGST.
  await page.goto(`/checkout/${link}`)
  await page.getByLabel('WhatsApp number').fill('9876543210')
  await page.getByLabel('Your state (for the GST invoice, optional)').selectOption({ label: 'Maharashtra' })
  await page.getByRole('button', { name: 'Proceed to Payment' }).click()
  await payThroughRazorpay(page)
  const order = await db
    .selectFrom('orders')
    .innerJoin('invoices', 'invoices.order_id', 'orders.id')
    .select(['orders.id', 'invoices.number'])
    .where('orders.user_id', '=', learner.id)
    .executeTakeFirstOrThrow()
  const number = order.number!
  expect(number).toMatch(/^\d{4}-\d{2}\/\d{6}$/)

  // Purchases, then the receipt page.
  await page.getByRole('link', { name: 'Purchases' }).click()
  await expect(page.getByRole('heading', { name: 'Purchases', level: 1 })).toBeVisible()
  const row = page.locator(`[data-order-id="${order.id}"]`)
  await expect(row.getByRole('heading', { name: title })).toBeVisible()
  await expect(row.getByTestId('amount')).toHaveText('₹2,999.00')
  await expect(row.getByTestId('status')).toHaveText('Paid')
  await expect(row).toContainText(`Tax invoice${number}`)
  expect(await checkPage(page)).toEqual([])
  await row.getByRole('link', { name: `Receipt for ${title}`, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Tax Invoice', level: 1 })).toBeVisible()
  const receipt = page.getByRole('article')
  for (const fact of [
    number,
    'BioCoach Academy',
    'GSTIN: 19AAACB1234C1ZC',
    'Place of supply: Maharashtra (27)',
    'SAC 999293',
    'IGST @ 18%',
    '₹457.47',
    '₹2,541.53',
  ])
    await expect(receipt).toContainText(fact)
  expect(await checkPage(page)).toEqual([])

  // The PDF: a real PDF holding the invoice number and the amount.
  const pdf = await page.request.get(`/profile/purchases/${order.id}/receipt.pdf`)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect(pdf.headers()['content-disposition']).toBe(`attachment; filename="invoice-${number.replace('/', '-')}.pdf"`)
  const text = await pdfText(await pdf.body())
  expect(text).toContain(number)
  expect(text).toContain('Rs. 2,999.00')

  // One purchase mail, with the receipt's link and the PDF attached.
  const mail = await waitForMail(mailDir, learner.email, since)
  expect(mail.raw).toContain(`/profile/purchases/${order.id}/receipt`)
  const attachment = /Content-Type: application\/pdf[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
    mail.raw,
  )
  expect(attachment, 'a PDF attachment').not.toBeNull()
  expect(await pdfText(Buffer.from(attachment![1].replace(/\s/g, ''), 'base64'))).toContain(number)

  // An admin refunds it in full from the payments page, after a confirmation, through Razorpay.
  await page.context().clearCookies()
  const admin = await makeUser('admin')
  await addSession(page, { db, baseURL: E2E.baseURL }, admin.id)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/admin/payments?q=${order.id}`)
  await page.getByRole('link', { name: `Refund order ${order.id}` }).click()
  await expect(page.getByTestId('left')).toHaveText('₹2,999.00')
  await page.getByLabel('Reason').fill('Learner asked for a refund')
  await page.getByRole('button', { name: 'Review refund' }).click()
  await expect(page.getByRole('heading', { name: 'Refund ₹2,999.00?' })).toBeVisible()
  await expect(
    page.getByText(
      `This refunds all that is left: the period this order bought comes off their access to ${title} (it ends now if nothing else paid for it).`,
    ),
  ).toBeVisible()
  expect(await checkPage(page)).toEqual([])
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.getByRole('button', { name: 'Confirm refund' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/payments\\?q=${order.id}$`))
  await expect(page.getByText(`Refunded ₹2,999.00 of order ${order.id}`).first()).toBeVisible()
  await expect(page.locator(`tr[data-order-id="${order.id}"]`)).toContainText('Refunded')
  await expect(page.getByRole('link', { name: `Refund order ${order.id}` })).toHaveCount(0)

  // The learner: the course is closed, the receipt shows the credit note (page and PDF).
  await page.context().clearCookies()
  await addSession(page, { db, baseURL: E2E.baseURL }, learner.id)
  const closed = await page.goto(`/my-courses/${course.id}`)
  expect(closed?.status()).toBe(403)
  await page.goto(`/profile/purchases/${order.id}/receipt`)
  const note = page.getByTestId('credit-note')
  await expect(note.getByRole('heading', { name: /^Credit note CN\d{4}-\d{2}\/\d{6}$/ })).toBeVisible()
  await expect(note).toContainText(`Against tax invoice${number}`)
  await expect(note).toContainText('Refunded₹2,999.00')
  await expect(page.getByRole('article')).toContainText('StatusRefunded')
  const creditNote = (await note.getByRole('heading').textContent())!.replace('Credit note ', '')
  expect(await pdfText(await (await page.request.get(`/profile/purchases/${order.id}/receipt.pdf`)).body())).toContain(
    creditNote,
  )
  // Exactly one purchase mail all along.
  expect(mailsTo(mailDir, learner.email).filter((m) => m.raw.includes('You are enrolled'))).toHaveLength(1)

  // Another learner: the same 404 as an order that does not exist.
  await page.context().clearCookies()
  await loginAs('user')
  const other = await page.goto(`/profile/purchases/${order.id}/receipt`)
  expect(other?.status()).toBe(404)
  expect((await page.request.get(`/profile/purchases/${order.id}/receipt.pdf`)).status()).toBe(404)
})
