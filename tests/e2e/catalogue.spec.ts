// Staff run the catalogue, each flow with JavaScript on and off: an edit (title, price) is what the public page and
// checkout show at once; unpublishing hides a course from the public while its learners keep the player; a course
// with an enrolment cannot be deleted, a fresh one can. Edit Course is axe clean and fits 320 px.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { createCourse, createLecture, createSection, createUser, enrol } from '../../db/factories'
import { E2E } from '../support/e2e-env'
import { addSession, expect, expectToast, test } from '../support/fixtures'

const axeSource = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8')
const tag = () => crypto.randomBytes(3).toString('hex')

/** What a visitor without a session gets (no cookie of the test's browser). */
const anonymous = (pathname: string) => fetch(`${E2E.baseURL}${pathname}`, { redirect: 'manual' })

/** The course's card on the staff list. */
const card = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title })

async function openEdit(page: Page, title: string) {
  await page.goto('/admin/all-courses')
  await card(page, title)
    .getByRole('link', { name: `Edit ${title}` })
    .click()
  await expect(page.getByRole('heading', { name: 'Edit Course', level: 1 })).toBeVisible()
}

test('an admin changes the title and price: the public page and the checkout show them at once', async ({
  page,
  db,
  loginAs,
}) => {
  const t = tag()
  const course = await createCourse(db, {
    cardTitle: `Editable ${t}`,
    courseTitle: `Editable ${t}`,
    actualPrice: 4999,
    discountedPrice: 2999,
  })
  // The anonymous page is rendered (and kept by the page cache) before the edit.
  expect(await (await anonymous(`/courses/${course.linkAddress}`)).text()).toContain(`Editable ${t}`)

  await loginAs('admin')
  await openEdit(page, `Editable ${t}`)
  await expect(page.getByLabel('Card Title')).toHaveValue(`Editable ${t}`)
  await expect(page.getByLabel('Published')).toBeChecked()
  await page.getByLabel('Course Title', { exact: true }).fill(`Edited ${t}`)
  await page.getByLabel('Actual Price (₹)').fill('5999')
  await page.getByLabel('Discounted Price (₹)').fill('1799')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveURL(/\/admin\/all-courses$/)
  await expectToast(page, 'Course updated successfully!')
  await expect(card(page, `Edited ${t}`)).toBeVisible()

  // The next anonymous visitor, and a learner at checkout, see the new title and price; the link is the same.
  const html = await (await anonymous(`/courses/${course.linkAddress}`)).text()
  expect(html).toContain(`Edited ${t}`)
  expect(html).toContain('₹1,799')
  await page.context().clearCookies()
  await page.goto(`/courses/${course.linkAddress}`)
  await expect(page.getByRole('heading', { name: `Edited ${t}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Purchase' })).toContainText('₹1,799')
  await loginAs('user')
  await page.goto(`/checkout/${course.linkAddress}`)
  await expect(page.getByRole('heading', { name: `Edited ${t}`, level: 1 })).toBeVisible()
  await expect(page.getByTestId('payable-price')).toHaveText('₹1,799')
})

test('unpublished: off the public list and the API, 404 to a visitor, while an enrolled learner keeps the player', async ({
  page,
  db,
  loginAs,
}) => {
  const t = tag()
  const course = await createCourse(db, { cardTitle: `Drafted ${t}`, courseTitle: `Drafted ${t}` })
  const section = await createSection(db, { courseId: course.id, title: 'Unit 1' })
  await createLecture(db, {
    sectionId: section.id,
    title: `Lecture ${t}`,
    videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  })
  const learner = await createUser(db, { name: `Kept ${t}` })
  await enrol(db, { userId: learner.id, courseId: course.id })
  expect(await (await anonymous('/courses')).text()).toContain(`Drafted ${t}`)

  await loginAs('admin')
  await openEdit(page, `Drafted ${t}`)
  await page.getByLabel('Published').uncheck()
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expectToast(page, 'Course updated successfully!')
  await expect(card(page, `Drafted ${t}`).getByText('Draft', { exact: true })).toBeVisible()
  // Staff still open its page, marked.
  await page.goto(`/courses/${course.linkAddress}`)
  await expect(page.getByRole('heading', { name: `Drafted ${t}`, level: 1 })).toContainText('Draft')

  expect(await (await anonymous('/courses')).text()).not.toContain(`Drafted ${t}`)
  const api = await (await anonymous('/api/v1/courses/get-all-courses')).json()
  expect(api.courses.map((c: { _id: string }) => c._id)).not.toContain(course.id)
  const detail = await anonymous(`/courses/${course.linkAddress}`)
  expect(detail.status).toBe(404)
  expect(await detail.text()).toContain('No Course Found')

  await page.context().clearCookies()
  const visitor = await page.goto(`/courses/${course.linkAddress}`)
  expect(visitor?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'No Course Found' })).toBeVisible()

  await addSession(page, { db, baseURL: E2E.baseURL }, learner.id)
  await page.goto(`/my-courses/${course.id}`)
  await expect(page.getByRole('heading', { name: `Drafted ${t}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: `Lecture ${t}`, level: 2 })).toBeVisible()
  const checkout = await page.goto(`/checkout/${course.linkAddress}`)
  expect(checkout?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible()
})

test('a course with an enrolment cannot be deleted (unpublish it instead); a fresh one can', async ({
  page,
  db,
  loginAs,
}) => {
  const t = tag()
  const used = await createCourse(db, { cardTitle: `Used ${t}`, courseTitle: `Used ${t}` })
  await enrol(db, { userId: (await createUser(db)).id, courseId: used.id })
  const fresh = await createCourse(db, { cardTitle: `Fresh ${t}`, courseTitle: `Fresh ${t}` })

  await loginAs('admin')
  await page.goto('/admin/all-courses')
  await card(page, `Used ${t}`).getByRole('link', { name: 'Delete' }).click()
  const refused = page.getByRole('dialog', { name: 'Delete Course' })
  await expect(refused).toContainText(
    'This course has orders or enrolments, so it cannot be deleted. Unpublish it instead.',
  )
  await expect(refused.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await refused.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // From the edit page: Delete asks first, then the course is gone.
  await openEdit(page, `Fresh ${t}`)
  await page.getByRole('link', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete Course' })
  await expect(dialog).toContainText(`Delete the course Fresh ${t}?`)
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Course deleted successfully')
  await expect(card(page, `Fresh ${t}`)).toHaveCount(0)
  await expect(card(page, `Used ${t}`)).toBeVisible()
  const left = await db.selectFrom('courses').select('id').where('id', 'in', [used.id, fresh.id]).execute()
  expect(left.map((c) => c.id)).toEqual([used.id])
})

test(
  'Edit Course and the staff list are axe clean and fit 320 px',
  { tag: '@js-only' },
  async ({ page, db, loginAs }) => {
    const t = tag()
    const course = await createCourse(db, { cardTitle: `Axe ${t}`, courseTitle: `Axe ${t}` })
    await db.updateTable('courses').set({ published: 0 }).where('id', '=', course.id).execute()
    await loginAs('admin')
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      for (const path of [
        `/admin/edit-course/${course.id}`,
        '/admin/all-courses',
        `/admin/all-courses?delete=${course.id}`,
      ]) {
        await page.goto(path)
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate((value) => {
            document.documentElement.classList.remove('light', 'dark', 'system')
            document.documentElement.classList.add(value)
          }, theme)
          await page.evaluate(axeSource)
          const violations = await page.evaluate(async () => {
            // @ts-expect-error injected above
            const result = await window.axe.run(document, { resultTypes: ['violations'] })
            return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
          })
          expect(violations, `axe on ${path} at ${width} px (${theme})`).toEqual([])
        }
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `horizontal scroll on ${path} at ${width} px`,
        ).toBe(true)
      }
    }
  },
)
