import crypto from 'node:crypto'
import { createCourse, createLecture, createSection, enrol } from '../../db/factories'
import { expect, test } from '../support/fixtures'

// Course player access rules, with JS on and off.

async function courseWithLectures(db: Parameters<typeof createCourse>[0]) {
  const tag = crypto.randomBytes(4).toString('hex')
  const course = await createCourse(db, {
    courseTitle: `Botany ${tag}`,
    linkAddress: `player-${tag}`,
    whatsappLink: `https://chat.whatsapp.com/group-${tag}`,
  })
  const s1 = await createSection(db, { courseId: course.id, title: 'Plant cells' })
  const s2 = await createSection(db, { courseId: course.id, title: 'Photosynthesis' })
  const l1 = await createLecture(db, {
    sectionId: s1.id,
    title: 'Cell wall',
    videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    noteTitle: 'Cell wall notes',
    noteURL: 'http://example.com/notes/cell-wall.pdf',
  })
  const l2 = await createLecture(db, {
    sectionId: s1.id,
    title: 'Plastids',
    videoURL: 'https://www.youtube.com/embed/aaaaaaaaaaa',
  })
  const l3 = await createLecture(db, {
    sectionId: s2.id,
    title: 'Light reactions',
    videoURL: 'https://www.youtube.com/embed/bbbbbbbbbbb',
  })
  return { course, tag, l1, l2, l3 }
}

test('an enrolled learner watches: sections, numbered lectures, lecture links, notes, WhatsApp group', async ({
  page,
  db,
  loginAs,
}) => {
  const { course, tag, l1, l3 } = await courseWithLectures(db)
  const user = await loginAs('user')
  await enrol(db, { userId: user.id, courseId: course.id })
  await page.goto(`/my-courses/${course.id}`)
  await expect(page.getByRole('heading', { name: `Botany ${tag}`, level: 1 })).toBeVisible()
  await expect(page.getByText('Section 1: Plant cells')).toBeVisible()
  await expect(page.getByText('Section 2: Photosynthesis')).toBeVisible()
  await expect(page.getByRole('link', { name: '1. Cell wall' })).toHaveAttribute('aria-current', 'true')
  await expect(page.getByRole('heading', { name: 'Cell wall', level: 2 })).toBeVisible()
  await page.getByRole('link', { name: '3. Light reactions' }).click()
  await expect(page).toHaveURL(new RegExp(`lecture=${l3.id}`))
  await expect(page.getByRole('heading', { name: 'Light reactions', level: 2 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Join the course WhatsApp group' })).toHaveAttribute(
    'href',
    `https://chat.whatsapp.com/group-${tag}`,
  )
  const notes = page.getByRole('link', { name: 'Notes: Cell wall notes' })
  await expect(notes).toHaveAttribute('href', `/my-courses/${course.id}/notes/${l1.id}`)
  const res = await page.request.get(`/my-courses/${course.id}/notes/${l1.id}`, { maxRedirects: 0 })
  expect(res.status()).toBe(302)
  expect(res.headers()['location']).toBe('https://example.com/notes/cell-wall.pdf')
})

test('no enrolment or revoked: the server message with a warning; staff may watch', async ({ page, db, loginAs }) => {
  const { course, tag } = await courseWithLectures(db)
  await loginAs('user')
  await page.goto(`/my-courses/${course.id}`)
  await expect(page.getByRole('alert')).toHaveText('Unauthorized to access the course')

  await page.context().clearCookies()
  const other = await loginAs('user')
  await enrol(db, { userId: other.id, courseId: course.id, isActive: false })
  await page.goto(`/my-courses/${course.id}`)
  await expect(page.getByRole('alert')).toHaveText('Access has been revoked by the admin, contact admin.')

  await page.context().clearCookies()
  await loginAs('instructor')
  await page.goto(`/my-courses/${course.id}`)
  await expect(page.getByRole('heading', { name: `Botany ${tag}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Join the course WhatsApp group' })).toHaveCount(0)
})

test('signed out -> login', async ({ page, db }) => {
  const { course } = await courseWithLectures(db)
  await page.goto(`/my-courses/${course.id}`)
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
})
