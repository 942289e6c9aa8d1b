// Course content (staff), with JavaScript on and off: move, edit and delete lectures on /admin/course-content/{id};
// the player and get-full-course show the change at once; the pages are axe clean and fit 320 px.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import type { DB } from '../../db/client'
import { createCourse, createLecture, createSection, enrol } from '../../db/factories'
import { expect, expectToast, test } from '../support/fixtures'

const axeSource = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8')

async function courseWithLectures(db: DB) {
  const tag = crypto.randomBytes(4).toString('hex')
  const course = await createCourse(db, { courseTitle: `Biochemistry ${tag}`, linkAddress: `content-${tag}` })
  const s1 = await createSection(db, { courseId: course.id, title: 'Enzymes' })
  const s2 = await createSection(db, { courseId: course.id, title: 'Metabolism' })
  const l1 = await createLecture(db, {
    sectionId: s1.id,
    title: 'Enzyme basics',
    videoURL: 'https://www.youtube.com/embed/aaaaaaaaaaa',
  })
  const l2 = await createLecture(db, {
    sectionId: s1.id,
    title: 'Enzyme kinetics',
    videoURL: 'https://www.youtube.com/embed/bbbbbbbbbbb',
    noteTitle: 'Kinetics sheet',
    noteURL: 'https://example.com/kinetics.pdf',
  })
  const l3 = await createLecture(db, {
    sectionId: s2.id,
    title: 'Glycolysis',
    videoURL: 'https://www.youtube.com/embed/ccccccccccc',
  })
  return { course, tag, s1, s2, l1, l2, l3 }
}

/** Signs the page in as a new learner enrolled in the course (instead of whoever was signed in). */
async function asEnrolledLearner(
  page: Page,
  loginAs: (role?: 'user') => Promise<{ id: string }>,
  db: DB,
  courseId: string,
) {
  await page.context().clearCookies()
  const learner = await loginAs('user')
  await enrol(db, { userId: learner.id, courseId })
}

/** The player's lecture links in order. */
const playerLectures = (page: Page) => page.getByRole('navigation', { name: 'Course content' }).getByRole('link')

test('staff move a lecture up: it is first on the page and in the player', async ({ page, db, loginAs }) => {
  const { course } = await courseWithLectures(db)
  await loginAs('instructor')
  await page.goto(`/admin/course-content/${course.id}`)
  await expect(page.getByRole('heading', { name: `Content: Biochemistry`, exact: false, level: 1 })).toBeVisible()
  const main = page.getByRole('main')
  // The first item has no Move up, the last no Move down.
  await expect(main.getByRole('button', { name: 'Move up: Enzyme basics' })).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Move down: Glycolysis' })).toHaveCount(0)
  await expect(main.getByRole('button', { name: 'Move down: Metabolism' })).toHaveCount(0)
  const moveUp = main.getByRole('button', { name: 'Move up: Enzyme kinetics' })
  await expect(moveUp).toHaveText('Move up')
  await moveUp.click()
  await expect(page.getByText("Moved 'Enzyme kinetics' up")).toBeVisible()
  await expect(main.getByRole('heading', { level: 3 })).toHaveText([
    '1. Enzyme kinetics',
    '2. Enzyme basics',
    '1. Glycolysis',
  ])
  await expect(main.getByRole('button', { name: 'Move up: Enzyme kinetics' })).toHaveCount(0)

  await asEnrolledLearner(page, loginAs, db, course.id)
  await page.goto(`/my-courses/${course.id}`)
  await expect(playerLectures(page).first()).toHaveText(/1\. Enzyme kinetics/)
  await expect(page.getByRole('link', { name: '1. Enzyme kinetics' })).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('heading', { name: 'Enzyme kinetics', level: 2 })).toBeVisible()
})

test('a deleted lecture is gone from the page, the player and the API; a section goes with its lectures', async ({
  page,
  db,
  loginAs,
}) => {
  const { course, l1 } = await courseWithLectures(db)
  await loginAs('admin')
  await page.goto(`/admin/course-content/${course.id}`)
  const main = page.getByRole('main')
  await main.getByRole('button', { name: 'Delete: Enzyme basics' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete lecture?' })
  await expect(dialog).toContainText("Delete the lecture 'Enzyme basics'?")
  // Cancel keeps it.
  await dialog.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(main.getByRole('heading', { name: '1. Enzyme basics' })).toBeVisible()
  await main.getByRole('button', { name: 'Delete: Enzyme basics' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText("Deleted lecture 'Enzyme basics'")).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/admin/course-content/${course.id}$`))
  await expect(main.getByRole('heading', { level: 3 })).toHaveText(['1. Enzyme kinetics', '1. Glycolysis'])

  // A section: the dialog says how many lectures go with it.
  await main.getByRole('button', { name: 'Delete: Metabolism' }).click()
  await expect(page.getByRole('dialog', { name: 'Delete section?' })).toContainText(
    "Delete the section 'Metabolism' and its 1 lecture?",
  )
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByText("Deleted section 'Metabolism' and its 1 lecture")).toBeVisible()
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(['Section 1: Enzymes'])

  await asEnrolledLearner(page, loginAs, db, course.id)
  await page.goto(`/my-courses/${course.id}`)
  await expect(playerLectures(page)).toHaveText([/1\. Enzyme kinetics/, 'Notes'])
  await expect(page.getByRole('link', { name: /Enzyme basics/ })).toHaveCount(0)
  const api = await page.request.get(`/api/v1/courses/get-full-course/${course.id}`)
  expect(api.status()).toBe(200)
  const body = await api.json()
  expect(body.course.sections.map((s: any) => s.lectures.map((l: any) => l.title))).toEqual([['Enzyme kinetics']])
  expect(JSON.stringify(body)).not.toContain(l1.id)
})

test("staff edit a lecture's title and video link; bad input is explained on the page", async ({
  page,
  db,
  loginAs,
}) => {
  const { course, l2 } = await courseWithLectures(db)
  await loginAs('instructor')
  await page.goto(`/admin/course-content/${course.id}`)
  await page.getByRole('main').getByRole('button', { name: 'Edit: Enzyme kinetics' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/course-content/${course.id}/lecture/${l2.id}`))
  await expect(page.getByRole('heading', { name: 'Edit Lecture', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Lecture Title')).toHaveValue('Enzyme kinetics')
  await expect(page.getByText('Current note: an external link. A new file replaces it.')).toBeVisible()
  await page.getByLabel('Video URL').fill('not a link')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Video URL must be a URL')).toBeVisible()
  await page.getByLabel('Lecture Title').fill('Michaelis-Menten kinetics')
  await page.getByLabel('Video URL').fill('https://www.youtube.com/embed/ddddddddddd')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/course-content/${course.id}$`))
  await expectToast(page, 'Lecture updated successfully')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: '2. Michaelis-Menten kinetics' })).toBeVisible()
  await expect(main.getByRole('link', { name: 'https://www.youtube.com/embed/ddddddddddd' })).toBeVisible()
  // The note was kept.
  await expect(main.getByRole('link', { name: 'Kinetics sheet' })).toHaveAttribute(
    'href',
    `/my-courses/${course.id}/notes/${l2.id}`,
  )

  // A section title too.
  await main.getByRole('button', { name: 'Edit: Enzymes' }).click()
  await page.getByLabel('Section Title').fill('Enzymology')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(main.getByRole('heading', { level: 2 }).first()).toHaveText('Section 1: Enzymology')

  await asEnrolledLearner(page, loginAs, db, course.id)
  await page.goto(`/my-courses/${course.id}?lecture=${l2.id}`)
  await expect(page.getByRole('heading', { name: 'Michaelis-Menten kinetics', level: 2 })).toBeVisible()
})

test('the content and edit pages fit 320 px and are axe clean', async ({ page, db, loginAs, javaScriptEnabled }) => {
  const { course, s1, l2 } = await courseWithLectures(db)
  await loginAs('admin')
  const pages = [
    `/admin/course-content/${course.id}`,
    `/admin/course-content/${course.id}?delete=${s1.id}`,
    `/admin/course-content/${course.id}/lecture/${l2.id}`,
    `/admin/course-content/${course.id}/section/${s1.id}`,
  ]
  await page.setViewportSize({ width: 320, height: 720 })
  for (const url of pages) {
    await page.goto(url)
    await expectNoSideways(page)
  }
  // Every button of a lecture is reachable on a phone.
  await page.goto(pages[0])
  for (const name of ['Move up: Enzyme kinetics', 'Edit: Enzyme kinetics', 'Delete: Enzyme kinetics']) {
    const box = (await page.getByRole('button', { name }).boundingBox())!
    expect(box.x, name).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width, name).toBeLessThanOrEqual(320)
  }
  // axe runs in the page: once, with JS (the markup is the same with JS off).
  if (!javaScriptEnabled) return
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    for (const url of pages) {
      await page.goto(url)
      for (const theme of ['light', 'dark'] as const) {
        await page.evaluate((t) => {
          document.documentElement.classList.remove('light', 'dark', 'system')
          document.documentElement.classList.add(t)
        }, theme)
        await page.evaluate(axeSource)
        const violations = await page.evaluate(async () => {
          // @ts-expect-error injected above
          const result = await window.axe.run(document, { resultTypes: ['violations'] })
          return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
        })
        expect(violations, `axe on ${url} at ${width} px (${theme})`).toEqual([])
      }
    }
  }
})

async function expectNoSideways(page: Page) {
  const size = await page.evaluate(() => {
    const client = document.documentElement.clientWidth
    const wide = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > client + 0.5)
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`)
    return { scroll: document.documentElement.scrollWidth, client, wide }
  })
  expect(
    size.scroll,
    `${page.url()} is ${size.scroll}px wide in ${size.client}px: ${size.wide.join(', ')}`,
  ).toBeLessThanOrEqual(size.client)
}
