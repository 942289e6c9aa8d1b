// A live mock's results, JavaScript on and off: the learner who sat it sees that the results are delayed and no
// score while staff hold the results; staff Publish (and Hold, and Publish again) on the staff results page with plain
// form posts; then the learner sees the All-India rank, the section ranks and the analysis. axe clean (JS on).
// The results start held, so the app's own sweep cannot publish them before staff do.
import { createQuiz } from '../../db/factories'
import { insertSubmittedAttempt } from '../support/attempts'
import { axeViolations } from '../support/axe'
import { E2E } from '../support/e2e-env'
import { addSession, expect, test } from '../support/fixtures'

const U = 30000
const HOUR = 3600_000

test('staff hold and publish; the learner sees the results are delayed, then the All-India rank', async ({
  page,
  browser,
  db,
  loginAs,
  makeUser,
  javaScriptEnabled,
}) => {
  const quiz = await createQuiz(db, {
    title: `Live mock ${Date.now().toString(36)}`,
    questions: [
      { questionText: 'Live q1', options: ['A1', 'B1', 'C1', 'D1'], correctOption: 0, section: 'Botany' },
      { questionText: 'Live q2', options: ['A2', 'B2', 'C2', 'D2'], correctOption: 1, section: 'Zoology' },
    ],
  })
  const now = Date.now()
  await db
    .updateTable('quizzes')
    .set({
      opens_at: new Date(now - 3 * HOUR).toISOString(),
      closes_at: new Date(now - HOUR).toISOString(),
      results_held: 1,
    })
    .where('id', '=', quiz.id)
    .execute()
  const me = await loginAs('user')
  const rival = await makeUser('user')
  await insertSubmittedAttempt(db, {
    quiz,
    userId: me.id,
    units: 2 * U,
    total: 2,
    submittedAt: '2030-01-01T10:20:00.000Z',
    mode: 'ranked',
    answers: [{ a: { selectedOption: 0 } }, { a: { selectedOption: 1 } }],
  })
  await insertSubmittedAttempt(db, {
    quiz,
    userId: rival.id,
    units: U,
    total: 2,
    submittedAt: '2030-01-01T10:10:00.000Z',
    mode: 'ranked',
    answers: [{ a: { selectedOption: 0 } }, null],
  })

  // Held: the learner's result says the results are delayed (the close is no longer when they come), and shows no
  // score, key or leaderboard.
  await page.goto(`/quiz/result/${quiz.id}`)
  await expect(page.getByTestId('results-at')).toHaveText(
    'Submitted. The results are delayed: they will be published once staff have checked the paper.',
  )
  await expect(page.getByTestId('score')).toHaveCount(0)
  await expect(page.getByText('A1')).toHaveCount(0)
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])
  await page.goto(`/quiz/leaderboard/${quiz.id}`)
  await expect(page.getByTestId('results-at')).toContainText('The All-India ranks are delayed')
  await expect(page.getByTestId('podium')).toHaveCount(0)

  // Staff, in a browser of their own.
  const staffContext = await browser.newContext({ javaScriptEnabled })
  const staff = await staffContext.newPage()
  const admin = await makeUser('admin')
  await addSession(staff, { db, baseURL: E2E.baseURL }, admin.id)
  await staff.goto(`/admin/quiz-result/${quiz.id}`)
  const panel = staff.getByRole('region', { name: 'All-India live mock' })
  await expect(panel.getByTestId('results-status')).toContainText('Held')
  if (javaScriptEnabled) expect(await axeViolations(staff)).toEqual([])
  await panel.getByRole('button', { name: 'Publish results' }).click()
  await expect(panel.getByTestId('results-status')).toContainText('Published')
  await panel.getByRole('button', { name: 'Hold results' }).click()
  await expect(panel.getByTestId('results-status')).toContainText('Held')
  await page.reload()
  await expect(page.getByTestId('results-at')).toBeVisible()
  await panel.getByRole('button', { name: 'Publish results' }).click()
  await expect(panel.getByTestId('results-status')).toContainText('Published')
  await staffContext.close()

  // Published: the All-India rank, the section ranks and the analysis as for any paper.
  await page.goto(`/quiz/result/${quiz.id}`)
  await expect(page.getByTestId('all-india-rank')).toHaveText('All-India rank 1 of 2')
  await expect(page.getByTestId('analysis-percentile')).toHaveText('100.00')
  await expect(page.getByTestId('section-ranks')).toContainText('Botany rank')
  await expect(page.getByTestId('section-ranks')).toContainText('1 of 2')
  await expect(page.getByTestId('review-item')).toHaveCount(2)
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])
  const audit = await db.selectFrom('audit_log').select('action').where('target_id', '=', quiz.id).execute()
  expect(audit.map((a) => a.action).sort()).toEqual(['live_mock.hold', 'live_mock.publish', 'live_mock.publish'])
})
