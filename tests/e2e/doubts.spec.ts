import crypto from 'node:crypto'
import { createCourse, createLecture, createSection, enrol } from '../../db/factories'
import { axeViolations } from '../support/axe'
import { addSession, expect, mailDir, test } from '../support/fixtures'
import { E2E } from '../support/e2e-env'
import { pngBytes } from '../support/images'
import { mailsTo, waitForMail } from '../support/smtp-sink'

// Doubts in a browser at 320 px, with JavaScript on and off (decision 034): a learner asks under a lecture at a time
// in the video, with a formula and an image (a multipart post that comes back to the player); a refusal on the doubts
// page keeps what was typed; staff answer from /admin/doubts with a formula and an image; the learner gets one e-mail
// and reads the answer; another learner with access reads it and finds it helpful, once; a learner without access
// reads nothing of it. axe finds nothing on any of these pages.

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

test('a learner asks at a video time with a formula and an image, staff answer, others with access read it', async ({
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
  await doubts.getByLabel('Your doubt').fill('Why is the F2 ratio 3:1, that is $\\frac{3}{4}$ dominant?')
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
  await expect(mine).toContainText('Why is the F2 ratio 3:1, that is')
  // The formula is MathML, rendered when the doubt was saved.
  await expect(mine.locator('math')).toHaveCount(1)
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
  await expect(listed).toContainText('Why is the F2 ratio 3:1, that is')
  await expect(listed).toContainText('Waiting for an answer')
  await expect(listed.getByRole('link', { name: 'Lecture: Monohybrid cross' })).toBeVisible()
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

  // Staff answer it from the inbox, with a formula and an image.
  const row = await db.selectFrom('doubts').select('id').where('user_id', '=', asker.id).executeTakeFirstOrThrow()
  const mailsBefore = mailsTo(mailDir, asker.email).length
  const since = Date.now()
  await page.context().clearCookies()
  await loginAs('admin')
  await page.goto('/admin/doubts?status=open')
  const item = page.locator(`#doubt-${row.id}`)
  await expect(item).toContainText('Monohybrid cross')
  await expect(item).toContainText('at 2:05')
  await expect(item.locator('math')).toHaveCount(1)
  await item.getByLabel(/Your answer/).fill('Dominance hides the recessive allele: $\\frac{1}{4}$ are recessive.')
  await item.getByLabel(/Image/).setInputFiles({
    name: 'punnett.png',
    mimeType: 'image/png',
    buffer: Buffer.from(pngBytes(60, 40)),
  })
  await item.getByRole('button', { name: 'Answer' }).click()
  await expect(page.getByText('Answer saved.')).toBeVisible()
  await expect(page.locator(`#doubt-${row.id}`)).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

  // The asker: one e-mail with the link, and the answer under the lecture.
  const mail = await waitForMail(mailDir, asker.email, since)
  expect(mail.raw).toContain('Your doubt has been answered')
  expect(mail.raw).toContain(`/my-courses/${course.id}/doubts/${lecture.id}#doubt-${row.id}`)
  expect(mail.raw).not.toContain('Dominance hides')
  expect(mailsTo(mailDir, asker.email)).toHaveLength(mailsBefore + 1)
  await page.context().clearCookies()
  await addSession(page, { db, baseURL: E2E.baseURL }, asker.id)
  await page.goto(`/my-courses/${course.id}/doubts/${lecture.id}#doubt-${row.id}`)
  const answeredForAsker = page.getByTestId('answered-doubts').getByTestId('doubt')
  await expect(answeredForAsker).toContainText('Dominance hides the recessive allele')
  await expect(answeredForAsker.locator('math')).toHaveCount(2)
  await expect(answeredForAsker.getByRole('img')).toHaveCount(2)
  // No 'This helped me' on one's own doubt.
  await expect(answeredForAsker.getByRole('button', { name: 'This helped me' })).toHaveCount(0)

  // Another learner with access reads it and finds it helpful, once.
  await page.context().clearCookies()
  const other = await loginAs('user')
  await enrol(db, { userId: other.id, courseId: course.id })
  await page.goto(`/my-courses/${course.id}?lecture=${lecture.id}`)
  await expect(doubts.getByRole('heading', { name: 'Answered doubts (1)' })).toBeVisible()
  const answered = doubts.getByTestId('answered-doubts').getByTestId('doubt')
  await expect(answered).toContainText('Dominance hides the recessive allele')
  await expect(answered.locator('img').last()).toHaveJSProperty('naturalWidth', 60)
  await answered.getByRole('button', { name: 'This helped me' }).click()
  await expect(page).toHaveURL(new RegExp(`#doubt-${row.id}$`))
  await expect(answered).toContainText('You found this helpful')
  await expect(answered.getByRole('button', { name: 'This helped me' })).toHaveCount(0)
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

  // A learner without access: the player and the doubts page refuse, with nothing of the thread; the image too.
  await page.context().clearCookies()
  await loginAs('user')
  for (const path of [
    `/my-courses/${course.id}?lecture=${lecture.id}`,
    `/my-courses/${course.id}/doubts/${lecture.id}`,
  ]) {
    const response = await page.goto(path)
    expect(response?.status()).toBeGreaterThanOrEqual(400)
    const html = await page.content()
    expect(html).not.toContain('Dominance hides')
    expect(html).not.toContain('F2 ratio')
  }
  const image = await page.request.get(`/doubt-images/${row.id}/answer`)
  expect(image.status()).toBe(404)
})
