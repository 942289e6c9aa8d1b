// Staff schedule a live mock on the quiz editor (India time) and see its window on the quiz list; a window the
// rules refuse shows its message beside the field and keeps what was typed. JavaScript on and off, at 320 px.
import crypto from 'node:crypto'
import { axeViolations } from '../support/axe'
import { expect, test } from '../support/fixtures'

const tag = () => crypto.randomBytes(3).toString('hex')
const fitsWidth = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

test('staff give a paper a window and see it on the list; a refusal keeps the typed times', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const t = tag()
  await loginAs('instructor')
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto('/admin/create-quiz')
  const form = page.locator('#quiz-form')
  await form.getByLabel('Title').fill(`All-India mock ${t}`)
  await form.getByLabel('Description').fill('Cell biology and genetics')
  await form.getByLabel('Time Limit (minutes)').fill('60')
  await form.getByLabel('Question text').fill('Which enzyme unwinds DNA at the fork?')
  for (let j = 1; j <= 4; j++) await form.getByLabel(`Option ${j}`, { exact: true }).fill(`Enzyme ${j}`)
  await form.getByLabel('Correct option').selectOption('1')
  // A window shorter than the time limit.
  await form.getByLabel('Opens at (India time)').fill('2031-03-01T10:00')
  await form.getByLabel('Closes at (India time)').fill('2031-03-01T10:30')
  expect(await fitsWidth(page)).toBe(true)
  if (javaScriptEnabled) expect(await axeViolations(page), 'axe on the quiz editor at 320 px').toEqual([])
  await form.getByRole('button', { name: 'Create Quiz' }).click()

  const closes = form.getByLabel('Closes at (India time)')
  await expect(form.getByText('The window must be at least as long as the time limit (60 min).')).toBeVisible()
  await expect(closes).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Opens at (India time)')).toHaveValue('2031-03-01T10:00')
  await expect(closes).toHaveValue('2031-03-01T10:30')
  await expect(form.getByLabel('Title')).toHaveValue(`All-India mock ${t}`)
  if (javaScriptEnabled) expect(await axeViolations(page), 'axe on the refused window').toEqual([])
  expect(
    await db.selectFrom('quizzes').select('id').where('title', '=', `All-India mock ${t}`).executeTakeFirst(),
  ).toBeUndefined()

  await closes.fill('2031-03-01T12:00')
  await form.getByRole('button', { name: 'Create Quiz' }).click()
  await expect(page).toHaveURL(/\/admin\/quizzes$/)
  const row = page.getByRole('row').filter({ hasText: `All-India mock ${t}` })
  await expect(row).toContainText(
    'Live mock: opens Sat, 1 Mar 2031, 10:00 am IST, closes Sat, 1 Mar 2031, 12:00 pm IST. 0 registered. ' +
      'Results not published.',
  )
  expect(await fitsWidth(page)).toBe(true)
  if (javaScriptEnabled) expect(await axeViolations(page), 'axe on the quiz list at 320 px').toEqual([])
  const quiz = await db
    .selectFrom('quizzes')
    .select(['id', 'opens_at', 'closes_at'])
    .where('title', '=', `All-India mock ${t}`)
    .executeTakeFirstOrThrow()
  expect([quiz.opens_at, quiz.closes_at]).toEqual(['2031-03-01T04:30:00.000Z', '2031-03-01T06:30:00.000Z'])

  // The edit page shows the window back in India time; a half window is refused there too.
  await page.goto(`/admin/edit-quiz/${quiz.id}`)
  await expect(form.getByLabel('Opens at (India time)')).toHaveValue('2031-03-01T10:00')
  await form.getByLabel('Closes at (India time)').fill('')
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(form.getByText('Enter when the live mock closes, or clear both times.')).toBeVisible()
  await expect(form.getByLabel('Opens at (India time)')).toHaveValue('2031-03-01T10:00')
  await form.getByLabel('Opens at (India time)').fill('')
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveURL(/\/admin\/quizzes$/)
  await expect(page.getByRole('row').filter({ hasText: `All-India mock ${t}` })).not.toContainText('Live mock')
})
