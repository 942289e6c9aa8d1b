import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { createCourse, createLecture, createQuiz, createSection, enrol } from '../../db/factories'
import { insertSubmittedAttempt } from '../support/attempts'
import { expect, test } from '../support/fixtures'
import { axeViolations } from '../support/axe'

// The learning loop, JS on and off: lectures marked done show as 'N of M lectures done' on the player and the
// profile, and reopening the course resumes the last lecture; after a submitted test with wrong answers /practice
// lists exactly those questions with their keys, a question saved on the result page is under 'Saved questions',
// 'Start practice' runs a practice test of them that leaves the leaderboard as it was, and /profile/progress shows
// the test and its topics. A learner who has not taken the quiz sees none of its questions. 320 px, axe clean.

const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')

async function fits(page: Page, what: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), what).toBe(true)
  if (!nojs()) expect(await axeViolations(page), `axe: ${what}`).toEqual([])
}

test('lectures marked done count on the player and the profile; the course resumes at the last lecture', async ({
  page,
  db,
  loginAs,
}) => {
  const t = unique()
  const course = await createCourse(db, { courseTitle: `Botany ${t}`, linkAddress: `loop-${t}` })
  const section = await createSection(db, { courseId: course.id, title: 'Plants' })
  for (const title of ['Cell wall', 'Plastids', 'Light reactions'])
    await createLecture(db, { sectionId: section.id, title, videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ' })
  const user = await loginAs('user')
  await enrol(db, { userId: user.id, courseId: course.id })
  await page.setViewportSize({ width: 320, height: 800 })

  await page.goto(`/my-courses/${course.id}`)
  const progress = page.getByTestId('course-progress')
  await expect(progress).toContainText('0 of 3 lectures done (0%)')
  await page.getByRole('button', { name: 'Mark as done' }).click()
  await expect(page.getByRole('button', { name: 'Mark as not done' })).toBeVisible()
  await expect(progress).toContainText('1 of 3 lectures done (33%)')
  await expect(page.getByTestId('lecture-done')).toHaveCount(1)
  await page.getByRole('link', { name: '3. Light reactions' }).click()
  await expect(page.getByRole('heading', { name: 'Light reactions', level: 2 })).toBeVisible()
  await page.getByRole('button', { name: 'Mark as done' }).click()
  await expect(progress).toContainText('2 of 3 lectures done (66%)')
  await expect(page.getByRole('progressbar', { name: 'Lectures done' })).toHaveAttribute('aria-valuenow', '66')
  await fits(page, 'the player at 320 px')

  await page.goto('/profile')
  const row = page.getByTestId('enrolled-course').filter({ hasText: `Botany ${t}` })
  await expect(row).toContainText('2 of 3 lectures done (66%)')
  await expect(row.getByRole('link', { name: 'Continue', exact: true })).toHaveAttribute('href', /lecture=/)
  await fits(page, 'the profile at 320 px')

  // Reopening the course without ?lecture= resumes the last lecture opened.
  await page.goto(`/my-courses/${course.id}`)
  await expect(page.getByRole('heading', { name: 'Light reactions', level: 2 })).toBeVisible()
  await expect(page.getByRole('link', { name: '3. Light reactions' })).toHaveAttribute('aria-current', 'true')
})

test('revise mistakes: the list with keys, a saved question, a practice test that leaves the board alone', async ({
  page,
  db,
  loginAs,
}) => {
  const t = unique()
  const opts = [`${t} alpha`, `${t} beta`, `${t} gamma`, `${t} delta`]
  const quiz = await createQuiz(db, {
    title: `Genetics test ${t}`,
    questions: [
      { questionText: `${t} Q1 right`, options: opts, correctOption: 0, topic: 'Cell' },
      { questionText: `${t} Q2 wrong`, options: opts, correctOption: 1, topic: 'Genetics', explanation: `${t} E2` },
      { questionText: `${t} Q3 blank`, options: opts, correctOption: 2, topic: 'Cell' },
    ],
  })
  const me = await loginAs('user')
  // Q1 right (+1), Q2 wrong (-0.25), Q3 unanswered: 0.75 of 3.
  await insertSubmittedAttempt(db, {
    quiz,
    userId: me.id,
    units: 22500,
    total: 3,
    submittedAt: '2030-01-01T10:30:00.000Z',
    mode: 'ranked',
    answers: [{ a: { selectedOption: 0 } }, { a: { selectedOption: 3 } }, { a: null }],
  })

  // Save the question answered right on the result page.
  await page.goto(`/quiz/result/${quiz.id}`)
  const first = page.getByTestId('review-item').filter({ hasText: `${t} Q1 right` })
  await first.getByRole('button', { name: 'Save question' }).click()
  await expect(first.getByText('Saved', { exact: true })).toBeVisible()
  await expect(first.getByRole('button', { name: 'Remove' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Revise mistakes' })).toHaveAttribute(
    'href',
    `/practice?quiz=${quiz.id}`,
  )

  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto('/practice')
  const mistakes = page.getByTestId('mistakes-list').getByTestId('review-item')
  await expect(mistakes).toHaveCount(2)
  await expect(mistakes.nth(0)).toContainText(`${t} Q2 wrong`)
  await expect(mistakes.nth(0).getByTestId('your-answer')).toHaveText('D')
  await expect(mistakes.nth(0).getByTestId('answer-key')).toHaveText('B')
  await expect(mistakes.nth(0)).toContainText(`${t} E2`)
  await expect(mistakes.nth(1)).toContainText(`${t} Q3 blank`)
  await expect(mistakes.nth(1).getByTestId('your-answer')).toHaveText('Not answered')
  await expect(mistakes.nth(1).getByTestId('answer-key')).toHaveText('C')
  const saved = page.getByTestId('saved-list').getByTestId('review-item')
  await expect(saved).toHaveCount(1)
  await expect(saved).toContainText(`${t} Q1 right`)
  await fits(page, '/practice at 320 px')

  // Filtered by topic, then practised: exactly the listed question, untimed.
  await page.getByLabel('Topic').selectOption('Cell')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/topic=Cell/)
  await expect(mistakes).toHaveCount(1)
  await expect(mistakes).toContainText(`${t} Q3 blank`)
  await page.getByTestId('mistakes-list').getByRole('button', { name: 'Start practice' }).click()
  await expect(page.getByRole('heading', { name: 'Practice: Mistakes · Cell' })).toBeVisible()
  await expect(page.getByTestId('question-text')).toContainText(`${t} Q3 blank`)
  await expect(page.getByTestId('timer')).toContainText('No time limit')
  await expect(page.getByRole('link', { name: /^Question 2/ })).toHaveCount(0)
  // With JS, answer once the test view has hydrated (its save status shows then), as a learner sees it.
  if (!nojs()) await expect(page.getByTestId('save-status')).toHaveText('All answers saved')
  await page.getByRole('radio', { name: `${t} gamma` }).check()
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page).toHaveURL(/\/practice\/sets\/[0-9a-f]{24}\/result$/)
  await expect(page.getByTestId('practice-score')).toHaveText('1.00 / 1.00')
  await expect(page.getByTestId('review-item')).toContainText('Correct')
  await fits(page, 'the practice result at 320 px')

  // The board still holds the ranked score alone; the progress page shows the test and its topics.
  await page.goto(`/quiz/leaderboard/${quiz.id}`)
  await expect(page.getByTestId('my-rank')).toContainText('#1')
  await expect(page.getByTestId('my-rank')).toContainText('of 1 · Score 0.75')
  await page.goto('/profile/progress')
  const tests = page.getByTestId('tests-table')
  await expect(tests.getByRole('row', { name: new RegExp(`Genetics test ${t}`) })).toContainText('25.00%')
  await expect(page.getByTestId('chart-scores').getByRole('img')).toBeVisible()
  const topics = page.getByTestId('topic-accuracy')
  // Weakest first: Genetics 0 of 1, then Cell 1 of 1 (Q3 unanswered is not attempted).
  await expect(topics.getByRole('row').nth(1)).toContainText('Genetics')
  await expect(topics.getByRole('row').nth(1)).toContainText('0.00%')
  await expect(topics.getByRole('link', { name: 'Genetics' })).toHaveAttribute('href', '/practice?topic=Genetics')
  await fits(page, '/profile/progress at 320 px')

  // Another learner who has not taken the quiz sees none of it.
  await page.context().clearCookies()
  await loginAs('user')
  await page.goto('/practice')
  await expect(page.getByRole('heading', { name: 'Revise mistakes' })).toBeVisible()
  await expect(page.getByText(t)).toHaveCount(0)
})
