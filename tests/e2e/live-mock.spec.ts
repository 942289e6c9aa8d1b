import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { createQuiz } from '../../db/factories'
import { axeViolations } from '../support/axe'
import { expect, test } from '../support/fixtures'

// A live mock from the learner's side, JS on and off, at 320 px: the card before the opening, Register, the waiting
// room that becomes the paper at the opening (a countdown from the server's clock with JS, a self-refreshing page
// without), the close note, 'Ends at' on the test page, a dropped connection (JS on: offline answers kept and marked
// 'Not saved yet', then saved; JS off: leaving and coming back) with answers and time intact, and the submit.

const isNoJs = () => test.info().project.name === 'nojs'

async function fits(page: Page, label: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `horizontal scroll on ${label}`,
  ).toBe(true)
  if (!isNoJs()) expect(await axeViolations(page), `axe on ${label}`).toEqual([])
}

test('register, wait, the paper opens on time, a dropped connection loses nothing, submit', async ({
  page,
  db,
  loginAs,
}) => {
  test.setTimeout(120_000)
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, {
    title: `Live ${tag}`,
    description: `Syllabus ${tag}: genetics.`,
    timeLimit: 30,
    questions: [
      {
        questionText: `${tag} first`,
        options: ['Alpha', 'Beta', 'Gamma', 'Delta'],
        correctOption: 1,
        section: 'Botany',
      },
      {
        questionText: `${tag} second`,
        options: ['Red', 'Green', 'Blue', 'White'],
        correctOption: 2,
        section: 'Botany',
      },
      {
        questionText: `${tag} third`,
        options: ['North', 'South', 'East', 'West'],
        correctOption: 0,
        section: 'Zoology',
      },
    ],
  })
  // The window opens a few seconds from now, on the server's clock (the row is what staff's editor writes).
  const opensAt = new Date(Date.now() + 12_000)
  await db
    .updateTable('quizzes')
    .set({ opens_at: opensAt.toISOString(), closes_at: new Date(opensAt.getTime() + 60 * 60_000).toISOString() })
    .where('id', '=', quiz.id)
    .execute()
  const user = await loginAs('user')
  await page.setViewportSize({ width: 320, height: 640 })
  // With JS, the phone's clock is an hour slow: the countdown runs from the server's clock, so the paper still opens
  // on time.
  if (!isNoJs()) await page.clock.install({ time: Date.now() - 3600_000 })

  // The list says when it opens.
  await page.goto('/quizzes')
  await expect(
    page
      .getByTestId('quiz-card')
      .filter({ hasText: `Live ${tag}` })
      .getByTestId('live-line'),
  ).toContainText('Live mock: opens')

  // Before the opening: the card, no question.
  await page.goto(`/quiz/${quiz.id}`)
  await expect(page.getByRole('heading', { name: `Live ${tag}` })).toBeVisible()
  await expect(page.getByText(`Syllabus ${tag}: genetics.`)).toBeVisible()
  await expect(page.getByTestId('live-sections')).toContainText('Botany')
  await expect(page.getByTestId('live-sections')).toContainText('2 questions, 2 marks')
  await expect(page.getByTestId('live-opens')).toContainText('IST')
  await expect(page.getByText(`${tag} first`)).toHaveCount(0)
  await fits(page, 'live mock card')
  await page.getByRole('button', { name: 'Register' }).click()

  // The waiting room.
  await expect(page.getByText(/You are registered\. The paper opens at \d{1,2}:\d{2} [ap]m IST\./)).toBeVisible()
  if (!isNoJs()) await expect(page.getByTestId('live-countdown')).toHaveText(/^0:\d\d$/)
  await expect(page.getByRole('link', { name: 'Refresh' })).toBeVisible()
  await fits(page, 'waiting room')
  expect(
    await db.selectFrom('live_mock_registrations').select('user_id').where('quiz_id', '=', quiz.id).execute(),
  ).toEqual([{ user_id: user.id }])

  // At the opening the page becomes the paper by itself (the countdown with JS, the page's own refresh without).
  await expect(page.getByRole('button', { name: 'Start Quiz' })).toBeVisible({ timeout: 30_000 })
  expect(Date.now()).toBeGreaterThanOrEqual(opensAt.getTime())
  await expect(page.getByTestId('live-note')).toContainText('Live mock: it closes at')
  await fits(page, 'intro')
  await page.getByRole('button', { name: 'Start Quiz' }).click()

  await expect(page.getByTestId('question-text')).toContainText(`${tag} first`)
  // The time alone, or with its day when the attempt ends after midnight India time (a run near midnight).
  await expect(page.getByTestId('ends-at')).toContainText(
    /Ends at (\w{3}, \d{1,2} \w{3} \d{4}, )?\d{1,2}:\d{2} [ap]m IST/,
  )
  if (isNoJs()) await expect(page.getByTestId('ends-at')).toContainText(/min( \d+ s)? left when this page was loaded/)
  const endsAt = await page.getByTestId('ends-at').textContent()
  await page.getByRole('radio', { name: 'Beta' }).check()

  if (isNoJs()) {
    await page.getByRole('button', { name: 'Save & Next' }).click()
    await expect(page.getByTestId('question-text')).toContainText(`${tag} second`)
    await page.getByRole('radio', { name: 'Blue' }).check()
    await page.getByRole('button', { name: 'Save & Next' }).click()
    await expect(page.getByTestId('question-text')).toContainText(`${tag} third`)
    // The connection drops: the learner leaves and comes back later.
    await page.goto('/quizzes')
  } else {
    await expect(page.getByTestId('save-status')).toHaveText('All answers saved')
    await page.context().setOffline(true)
    await page.getByRole('button', { name: 'Save & Next' }).click()
    await page.getByRole('radio', { name: 'Blue' }).check()
    await expect(page.getByText(/You are offline/)).toBeVisible()
    await expect(page.getByRole('link', { name: /^Question 2, Answered, current, Not saved yet$/ })).toBeVisible()
    await expect(page.getByText(/Not saved yet \(\d\)$/)).toBeVisible()
    await fits(page, 'test view offline')
    // Kept on the device by attempt: a reload before the connection is back (the save still failing) loses nothing.
    const { id: attemptId } = await db
      .selectFrom('attempts')
      .select('id')
      .where('quiz_id', '=', quiz.id)
      .executeTakeFirstOrThrow()
    const stored = await page.evaluate((id) => window.localStorage.getItem(`quiz-pending:${id}`), attemptId)
    expect(JSON.parse(stored ?? '[]')).toEqual(expect.arrayContaining([expect.objectContaining({ selectedOption: 2 })]))
    const answersUrl = `**/api/v1/quiz/${quiz.id}/answers`
    await page.route(answersUrl, (route) => route.abort())
    await page.context().setOffline(false)
    await page.reload()
    await expect(page.getByRole('radio', { name: 'Blue' })).toBeChecked()
    await expect(page.getByRole('link', { name: /^Question 2, Answered, current, Not saved yet$/ })).toBeVisible()
    await page.unroute(answersUrl)
    await expect(page.getByTestId('save-status')).toHaveText('All answers saved', { timeout: 20_000 })
    await expect(page.getByRole('link', { name: 'Question 2, Answered, current' })).toBeVisible()
  }
  const saved = await db
    .selectFrom('attempt_answers as aa')
    .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
    .select(['aa.selected_option'])
    .where('a.user_id', '=', user.id)
    .where('aa.selected_option', 'is not', null)
    .execute()
  expect(saved.map((r) => r.selected_option).sort()).toEqual([1, 2])

  // Back on the quiz page: the same attempt, its answers, the time on the server's clock.
  await page.goto(`/quiz/${quiz.id}`)
  await expect(page.getByTestId('question-text')).toContainText(`${tag} first`)
  await expect(page.getByRole('radio', { name: 'Beta' })).toBeChecked()
  await expect(page.getByTestId('ends-at')).toContainText(endsAt!.replace(/ \(.*$/, ''))
  await expect(page.getByTestId('timer')).toContainText(isNoJs() ? /(29|30) min/ : /^(Time left: )?(29|30):\d\d$/)
  await page.goto(`/quiz/${quiz.id}?q=2`)
  await expect(page.getByRole('radio', { name: 'Blue' })).toBeChecked()
  expect(await db.selectFrom('attempts').select('id').where('quiz_id', '=', quiz.id).execute()).toHaveLength(1)
  await fits(page, 'test view')

  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page).toHaveURL(new RegExp(`/quiz/result/${quiz.id}$`))
  await expect(page.getByText(/Submitted\. Results at .* IST\./)).toBeVisible()
})

test('after the close: results to come, then the unranked attempt once published', async ({ page, db, loginAs }) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, {
    title: `Closed ${tag}`,
    timeLimit: 30,
    questions: [{ questionText: `${tag} only`, options: ['Alpha', 'Beta', 'Gamma', 'Delta'], correctOption: 1 }],
  })
  const closesAt = new Date(Date.now() - 60_000)
  // Held, so the server's sweep cannot publish the closed paper before the page is read (it did, on a CI run).
  await db
    .updateTable('quizzes')
    .set({
      opens_at: new Date(closesAt.getTime() - 3 * 3600_000).toISOString(),
      closes_at: closesAt.toISOString(),
      results_held: 1,
    })
    .where('id', '=', quiz.id)
    .execute()
  await loginAs('user')
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto(`/quiz/${quiz.id}`)
  await expect(page.getByTestId('live-closed')).toHaveText(
    'This live mock has closed. Results will be published once staff have checked them.',
  )
  await expect(page.getByText(`${tag} only`)).toHaveCount(0)
  await fits(page, 'closed card')

  await db
    .updateTable('quizzes')
    .set({ results_published_at: new Date().toISOString(), results_held: 0 })
    .where('id', '=', quiz.id)
    .execute()
  await page.goto(`/quiz/${quiz.id}`)
  await expect(page.getByTestId('live-closed')).toHaveText(
    'Attempt the mock now: your score is compared with the live ranks but does not enter them.',
  )
  await fits(page, 'closed card, published')
  await page.getByRole('button', { name: 'Attempt the mock now' }).click()
  await expect(page.getByTestId('question-text')).toContainText(`${tag} only`)
  await page.getByRole('radio', { name: 'Beta' }).check()
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page).toHaveURL(new RegExp(`/quiz/${quiz.id}\\?practice$`))
  expect(await db.selectFrom('attempts').select('mode').where('quiz_id', '=', quiz.id).execute()).toEqual([
    { mode: 'practice' },
  ])
})
