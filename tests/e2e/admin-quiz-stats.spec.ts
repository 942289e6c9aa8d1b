// Quiz statistics and the results CSV, with JavaScript on and off: the figures of the
// seeded quiz (tests/support/quiz-stats-seed.ts, worked out by hand there), the SVG histogram, the flags, the
// CSV download, and 320 px without sideways scroll.
import crypto from 'node:crypto'
import fs from 'node:fs'
import Papa from 'papaparse'
import { seedStatsQuiz } from '../support/quiz-stats-seed'
import { expect, test } from '../support/fixtures'

test('statistics of a small quiz: histogram, shares, options, time, flags', async ({ page, db, loginAs }) => {
  const { quiz } = await seedStatsQuiz(db, `E2E ${crypto.randomBytes(3).toString('hex')}`)
  await loginAs('instructor')
  await page.goto(`/admin/quiz-stats/${quiz.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('statistics')
  await expect(page.getByTestId('stats-scope')).toContainText('From 12 submitted ranked attempts')
  await expect(page.getByTestId('stats-scope')).toContainText('practice attempts')

  // The histogram: an SVG image with 7 one-mark bars from -1 to 6, named by its summary.
  const chart = page.getByRole('img', { name: /Score distribution of 12 ranked attempts in 7 bins/ })
  await expect(chart).toBeVisible()
  expect(await chart.evaluate((el) => el.tagName.toLowerCase())).toBe('svg')
  await expect(chart.locator('rect[data-bin]')).toHaveCount(7)
  await page.getByText('Table view').click()
  const table = page.getByTestId('histogram-table')
  await expect(table.getByRole('row', { name: '-1.00 to under 0.00 3' })).toBeVisible()
  await expect(table.getByRole('row', { name: '4.00 to under 5.00 1' })).toBeVisible()

  const q1 = page.getByTestId('question-1')
  await expect(q1).toContainText('Botany')
  await expect(q1.locator('[data-outcome="correct"]')).toHaveText(/75\.0%\s*\(9\)/)
  await expect(q1.locator('[data-option="A"]')).toContainText('9 picked')
  await expect(q1.locator('[data-option="A"]')).toContainText('key')
  await expect(page.getByTestId('avg-time-1')).toHaveText('Average time: 24 s (11 learners)')
  await expect(q1.locator('[data-flag]')).toHaveCount(0)

  const q2 = page.getByTestId('question-2')
  await expect(q2.locator('[data-flag="distractor"]')).toContainText('option C (not keyed, 7) than keyed option B (3)')
  await expect(page.getByTestId('avg-time-2')).toHaveText('Average time: not recorded')

  const q3 = page.getByTestId('question-3')
  await expect(q3.locator('[data-outcome="partial"]')).toHaveText(/16\.7%\s*\(2\)/)
  await expect(q3.locator('[data-flag]')).toHaveCount(0)

  const q4 = page.getByTestId('question-4')
  await expect(q4.locator('[data-flag="hard"]')).toContainText('Almost nobody right: 1 of 11')
  await expect(q4.locator('[data-answer="25"]')).toHaveText('25: 7')

  await expect(page.getByTestId('question-5').locator('[data-outcome="unattempted"]')).toHaveText(/75\.0%\s*\(9\)/)
})

test('the CSV downloads and parses; an unknown quiz is "Quiz not found"', async ({ page, db, loginAs, request }) => {
  const { quiz, learners } = await seedStatsQuiz(db, `CSV ${crypto.randomBytes(3).toString('hex')}`)
  await loginAs('admin')
  await page.goto(`/admin/quiz-stats/${quiz.id}`)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`quiz-results-${quiz.id}.csv`)
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')
  const { data, errors } = Papa.parse<string[]>(text, { skipEmptyLines: true })
  expect(errors).toEqual([])
  expect(data).toHaveLength(14) // header, 12 ranked, 1 practice
  expect(data[1].slice(0, 6)).toEqual([learners[0].name, learners[0].email, 'ranked', '4.75', '6', '1'])
  expect(data[13].slice(2, 6)).toEqual(['practice', '6', '6', ''])

  // server.js looks a path with an extension up on disk first; finding none, it hands it to the app, whose
  // guard and 404 answer (not the static 404).
  const anonymous = await request.get(`/admin/export/quiz-results/${quiz.id}.csv`, { maxRedirects: 0 })
  expect(anonymous.status()).toBe(302)
  expect(anonymous.headers().location).toMatch(/^\/login\?redirectTo=/)
  const missing = await page.request.get('/admin/export/quiz-results/aaaaaaaaaaaaaaaaaaaaaaaa.csv')
  expect(missing.status()).toBe(404)

  await page.goto('/admin/quiz-stats/aaaaaaaaaaaaaaaaaaaaaaaa')
  await expect(page.getByRole('alert')).toHaveText('Quiz not found')
})

test('at 320 px the statistics page does not scroll sideways, light and dark', async ({ page, db, loginAs }) => {
  const { quiz } = await seedStatsQuiz(db, `Narrow ${crypto.randomBytes(3).toString('hex')}`)
  await loginAs('admin')
  await page.setViewportSize({ width: 320, height: 720 })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await page.goto(`/admin/quiz-stats/${quiz.id}`)
    await expect(page.getByTestId('question-5')).toBeVisible()
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }))
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner)
    await page.screenshot({ path: test.info().outputPath(`quiz-stats-320-${colorScheme}.png`), fullPage: true })
    const box = await page.getByRole('img', { name: /Score distribution/ }).boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(320)
  }
})
