import crypto from 'node:crypto'
import type { DB } from '../../db/client'
import { createCourse, createLecture, createSection } from '../../db/factories'
import { E2E } from '../support/e2e-env'
import { addSession, expect, test } from '../support/fixtures'
import { axeViolations } from '../support/axe'

// Enrolling a learner by hand on a course's users page, JS on and off: an admin enrols a learner by e-mail with a
// note, the table shows the note, and that learner opens the player; an unknown e-mail is refused on the form with
// what was typed kept; instructors see no form; the page is axe clean and fits 320 px.

const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')

async function courseWithALecture(db: DB, t: string) {
  const course = await createCourse(db, { cardTitle: `Hand Batch ${t}`, courseTitle: `Zoology ${t}` })
  const section = await createSection(db, { courseId: course.id, title: 'Animal cells' })
  await createLecture(db, { sectionId: section.id, title: 'Cilia', videoURL: 'https://www.youtube.com/embed/x' })
  return course
}

test('an admin enrols a learner by e-mail with a note; the table shows it and the learner opens the player', async ({
  page,
  db,
  loginAs,
  makeUser,
}) => {
  const t = unique()
  const course = await courseWithALecture(db, t)
  const learner = await makeUser('user', { name: `Cash Learner ${t}` })
  await loginAs('admin')
  await page.goto(`/admin/premium-users/${course.id}`)
  await expect(page.getByRole('heading', { name: 'Enrol a learner' })).toBeVisible()
  await expect(page.getByText('No users found')).toBeVisible()

  const email = page.getByLabel("Learner's email")
  await email.fill(learner.email.toUpperCase())
  await page.getByLabel('Note', { exact: true }).fill('paid in cash, receipt 114')
  await page.getByRole('button', { name: 'Enrol', exact: true }).click()

  const row = page.getByRole('row').filter({ hasText: `Cash Learner ${t}` })
  await expect(row).toContainText('By hand: paid in cash, receipt 114')
  await expect(row.getByRole('switch', { name: `Course access for Cash Learner ${t}: Active` })).toBeVisible()
  await expect(page.getByText('Enrolled users: 1')).toBeVisible()
  await expect(email).toHaveValue('')

  await page.context().clearCookies()
  await addSession(page, { db, baseURL: E2E.baseURL }, learner.id)
  await page.goto(`/my-courses/${course.id}`)
  await expect(page.getByRole('heading', { name: `Zoology ${t}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: '1. Cilia' })).toBeVisible()
})

test('an unknown e-mail is refused on the form with what was typed kept; instructors see no form; axe at 320 px', async ({
  page,
  db,
  loginAs,
}) => {
  const t = unique()
  const course = await courseWithALecture(db, t)
  await loginAs('admin')
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto(`/admin/premium-users/${course.id}`)
  const typed = `Nobody-${t}@Example.test`
  await page.getByLabel("Learner's email").fill(typed)
  await page.getByLabel('Note', { exact: true }).fill('paid in cash, receipt 115')
  await page.getByRole('button', { name: 'Enrol', exact: true }).click()

  await expect(page.getByText('No account uses this e-mail. Ask the learner to sign up first.')).toBeVisible()
  await expect(page.getByLabel("Learner's email")).toHaveValue(typed)
  await expect(page.getByLabel("Learner's email")).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Note', { exact: true })).toHaveValue('paid in cash, receipt 115')
  expect(await db.selectFrom('enrollments').select('id').where('course_id', '=', course.id).execute()).toEqual([])

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  // axe is evaluated by the runner, so it runs with JS on; the markup is the same with JS off.
  if (!nojs()) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((th) => {
        document.documentElement.classList.remove('light', 'dark', 'system')
        document.documentElement.classList.add(th)
      }, theme)
      expect(await axeViolations(page), `axe on the course users page at 320 px (${theme})`).toEqual([])
    }
  }

  await page.context().clearCookies()
  await loginAs('instructor')
  await page.goto(`/admin/premium-users/${course.id}`)
  await expect(page.getByRole('heading', { name: `Hand Batch ${t}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Enrol a learner' })).toHaveCount(0)
  await expect(page.getByLabel("Learner's email")).toHaveCount(0)
})
