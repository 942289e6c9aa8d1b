import crypto from 'node:crypto'
import { createCourse, createLecture, createSection, enrol } from '../../db/factories'
import { axeViolations } from '../support/axe'
import { expect, test } from '../support/fixtures'
import { pngBytes } from '../support/images'

// A learner's doubts in a browser at 320 px, with JavaScript on and off (decision 034): asking under a lecture
// (a multipart post that comes back to the player), a refusal on the doubts page keeping what was typed, an answered
// doubt with 'This helped me', and no serious axe finding on the player's section or the doubts page.

test.use({ viewport: { width: 320, height: 640 } })

async function lectureWithLearner(db: Parameters<typeof createCourse>[0]) {
  const tag = crypto.randomBytes(4).toString('hex')
  const course = await createCourse(db, { courseTitle: `Genetics ${tag}`, linkAddress: `doubts-${tag}` })
  const section = await createSection(db, { courseId: course.id, title: 'Mendel' })
  const lecture = await createLecture(db, {
    sectionId: section.id,
    title: 'Monohybrid cross',
    videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
  })
  return { course, lecture }
}

test('ask under a lecture, a refusal keeps the typing, an answered doubt helps another learner', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const { course, lecture } = await lectureWithLearner(db)
  const asker = await loginAs('user')
  await enrol(db, { userId: asker.id, courseId: course.id })
  await page.goto(`/my-courses/${course.id}?lecture=${lecture.id}`)
  const doubts = page.locator('#doubts')
  await expect(doubts.getByRole('heading', { name: 'Answered doubts (0)' })).toBeVisible()
  await doubts.getByLabel('Your doubt').fill('Why is the F2 ratio 3:1?')
  await doubts.getByLabel('Time in the video (optional)').fill('2:05')
  await doubts.getByLabel('Image (optional)').setInputFiles({
    name: 'cross.png',
    mimeType: 'image/png',
    buffer: Buffer.from(pngBytes(40, 30)),
  })
  await doubts.getByRole('button', { name: 'Ask doubt' }).click()
  await expect(page).toHaveURL(new RegExp(`/my-courses/${course.id}\\?lecture=${lecture.id}#doubts$`))
  await expect(page.getByText('Your doubt has been sent.')).toBeVisible()
  const mine = doubts.getByTestId('pending-doubts').getByTestId('doubt')
  await expect(mine).toContainText('Why is the F2 ratio 3:1?')
  await expect(mine).toContainText('Waiting for an answer')
  await expect(mine.getByRole('link', { name: 'at 2:05' })).toHaveAttribute('href', /&t=125$/)
  await expect(mine.getByRole('img')).toHaveJSProperty('naturalWidth', 40)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

  // A refusal on the doubts page: the message beside the field, the typing kept.
  await page.goto(`/my-courses/${course.id}/doubts/${lecture.id}`)
  await page.getByLabel('Your doubt').fill('A second doubt')
  await page.getByLabel('Time in the video (optional)').fill('99:99')
  await page.getByRole('button', { name: 'Ask doubt' }).click()
  await expect(page.getByRole('alert')).toContainText('Give the time in the video as minutes:seconds')
  await expect(page.getByLabel('Your doubt')).toHaveValue('A second doubt')
  await expect(page.getByLabel('Time in the video (optional)')).toHaveValue('99:99')
  await expect(page.getByLabel('Time in the video (optional)')).toHaveAttribute('aria-invalid', 'true')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

  // The learner's own list, from the profile.
  await page.goto('/profile')
  await page.getByRole('link', { name: 'My doubts' }).click()
  const listed = page.getByTestId('my-doubt')
  await expect(listed).toHaveCount(1)
  await expect(listed).toContainText('Why is the F2 ratio 3:1?')
  await expect(listed).toContainText('Waiting for an answer')
  await expect(listed.getByRole('link', { name: 'Lecture: Monohybrid cross' })).toBeVisible()
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

  // Staff answer it (as the inbox does); another learner finds it helpful, once.
  const row = await db.selectFrom('doubts').select('id').where('user_id', '=', asker.id).executeTakeFirstOrThrow()
  const at = new Date().toISOString()
  await db
    .updateTable('doubts')
    .set({
      status: 'answered',
      queue: 1,
      answer_body: 'Dominance hides the recessive allele.',
      answer_html: '<p>Dominance hides the recessive allele.</p>',
      answered_at: at,
      updated_at: at,
    })
    .where('id', '=', row.id)
    .execute()
  await page.context().clearCookies()
  const other = await loginAs('user')
  await enrol(db, { userId: other.id, courseId: course.id })
  await page.goto(`/my-courses/${course.id}?lecture=${lecture.id}`)
  await expect(doubts.getByRole('heading', { name: 'Answered doubts (1)' })).toBeVisible()
  const answered = doubts.getByTestId('answered-doubts').getByTestId('doubt')
  await expect(answered).toContainText('Dominance hides the recessive allele.')
  await answered.getByRole('button', { name: 'This helped me' }).click()
  await expect(page).toHaveURL(new RegExp(`#doubt-${row.id}$`))
  await expect(answered).toContainText('You found this helpful')
  await expect(answered.getByRole('button', { name: 'This helped me' })).toHaveCount(0)
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])
})
