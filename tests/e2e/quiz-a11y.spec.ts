import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { createQuiz } from '../../db/factories'
import { expect, test } from '../support/fixtures'

// The quiz screens a learner sees (test view, result, leaderboard with a podium): no serious or critical axe
// violations in light and dark, no horizontal scroll at 320 px.

const axeSource = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8')

async function check(page: Page, label: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.remove('light', 'dark', 'system')
      document.documentElement.classList.add(t)
    }, theme)
    // Evaluated by the test runner, not added as an inline <script>: the page's CSP (ADR 005) blocks those.
    await page.evaluate(axeSource)
    const violations = await page.evaluate(async () => {
      // @ts-expect-error injected above
      const result = await window.axe.run(document, { resultTypes: ['violations'] })
      return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
        )
    })
    expect(violations, `axe on ${label} (${theme})`).toEqual([])
  }
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `horizontal scroll on ${label}`,
  ).toBe(true)
}

test('quiz screens are accessible and fit 320 px', { tag: '@js-only' }, async ({ page, db, loginAs, makeUser }) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const qs = Array.from({ length: 14 }, (_, i) => ({
    questionText: `${tag} question ${i + 1}`,
    options: ['One', 'Two', 'Three', 'Four'],
    correctOption: i % 4,
    explanation: 'Why.',
  }))
  const quiz = await createQuiz(db, { title: `A11y ${tag}`, timeLimit: 20, questions: qs })
  // Three others on the podium.
  for (const n of [1, 2, 3, 4]) {
    const u = await makeUser('user', { name: `Peer ${n}` })
    await db
      .insertInto('attempts')
      .values({
        id: crypto.randomBytes(12).toString('hex'),
        user_id: u.id,
        quiz_id: quiz.id,
        started_at: new Date().toISOString(),
        deadline_at: null,
        submitted_at: new Date().toISOString(),
        score: n,
        total: 14,
      })
      .execute()
  }
  await loginAs('user')
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto('/quizzes')
  await check(page, '/quizzes')
  await page.goto(`/quiz/${quiz.id}`)
  await check(page, 'intro')
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await page.getByRole('radio', { name: 'Two' }).check()
  await page.getByRole('button', { name: 'Mark for Review' }).click()
  await check(page, 'test view')
  await page.getByRole('button', { name: 'Submit Test' }).click()
  // The final submit shows the summary first (a confirmation page without JS, a dialog with JS).
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await check(page, 'result')
  await page.goto(`/quiz/leaderboard/${quiz.id}`)
  await expect(page.getByTestId('podium')).toHaveCount(3)
  await check(page, 'leaderboard')
})
