import crypto from 'node:crypto'
import fs from 'node:fs'
import { createQuiz } from '../../db/factories'
import type { DB } from '../../db/client'
import { insertSubmittedAttempt } from '../support/attempts'
import { expect, test } from '../support/fixtures'

// The result and analysis page, JS on and off: exact score, rank and percentile among the
// ranked submitted attempts, topper and average, per-section and per-topic tables, an SVG chart with its table,
// each question's answer, key, marks, time and explanation; a practice attempt is shown but not ranked; at
// 320 px the page never scrolls sideways. Attempts are written directly (their scores as scorePaper gives them,
// in mark units: 1 mark = 30000).

const U = 30000
const OPTS = ['Alpha', 'Beta', 'Gamma', 'Delta']

function paper(tag: string) {
  return [
    {
      questionText: `${tag} q1 mcq`,
      options: OPTS,
      type: 'mcq' as const,
      correctOption: 0,
      marks: U,
      negativeMarks: U / 3,
      section: 'Section A',
      topic: 'Cell',
      explanation: `${tag} because q1`,
    },
    {
      questionText: `${tag} q2 mcq`,
      options: OPTS,
      type: 'mcq' as const,
      correctOption: 1,
      marks: 2 * U,
      negativeMarks: (2 * U) / 3,
      section: 'Section A',
      topic: 'Genetics',
    },
    {
      questionText: `${tag} q3 msq`,
      options: OPTS,
      type: 'msq' as const,
      correctOptions: [0, 2],
      marks: 2 * U,
      negativeMarks: 0,
      section: 'Section B',
      topic: 'Genetics',
    },
    {
      questionText: `${tag} q4 nat`,
      options: OPTS,
      type: 'nat' as const,
      answerMin: '2.5',
      answerMax: '2.6',
      marks: U,
      negativeMarks: 0,
      section: 'Section B',
      topic: 'Cell',
    },
  ]
}

type Answer = { selectedOption?: number; selectedOptions?: number[]; numericAnswer?: string } | null

/** A submitted attempt scoring `units`; question i's answer took (i + 1) x 65 s. */
function attempt(
  db: DB,
  quiz: { id: string; questionIds: string[] },
  userId: string,
  units: number,
  answers: Answer[],
  opts: { submittedAt?: string; mode?: 'ranked' | 'practice' } = {},
) {
  return insertSubmittedAttempt(db, {
    quiz,
    userId,
    units,
    total: 4,
    submittedAt: opts.submittedAt ?? '2030-01-01T10:30:00.000Z',
    mode: opts.mode ?? 'ranked',
    answers: answers.map((a, i) => a && { a, t: (i + 1) * 65_000 }),
  })
}

const ALL_RIGHT: Answer[] = [
  { selectedOption: 0 },
  { selectedOption: 1 },
  { selectedOptions: [0, 2] },
  { numericAnswer: '2.5' },
]
// -1/3 - 2/3 + 2 + 1 = 2 exactly.
const MINE: Answer[] = [
  { selectedOption: 3 },
  { selectedOption: 0 },
  { selectedOptions: [0, 2] },
  { numericAnswer: '2.55' },
]

async function setupBoard(db: DB, makeUser: () => Promise<{ id: string }>, meId: string) {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Analysis ${tag}`, questions: paper(tag) })
  await db
    .updateTable('questions')
    .set({ created_at: '2029-12-31T00:00:00.000Z' })
    .where('quiz_id', '=', quiz.id)
    .execute()
  const [topper, tied, one, low] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()])
  await attempt(db, quiz, meId, 2 * U, MINE, { submittedAt: '2030-01-01T10:40:00.000Z' })
  await attempt(db, quiz, topper.id, 6 * U, ALL_RIGHT)
  await attempt(db, quiz, tied.id, 2 * U, MINE, { submittedAt: '2030-01-01T10:20:00.000Z' })
  await attempt(db, quiz, one.id, U, [{ selectedOption: 0 }, null, null, null])
  await attempt(db, quiz, low.id, -U / 3, [{ selectedOption: 2 }, null, null, null])
  // Never counted: a practice attempt with the full paper right.
  await attempt(db, quiz, one.id, 6 * U, ALL_RIGHT, { mode: 'practice', submittedAt: '2030-01-01T11:00:00.000Z' })
  const practice = await attempt(db, quiz, meId, 6 * U, ALL_RIGHT, {
    mode: 'practice',
    submittedAt: '2030-01-01T11:00:00.000Z',
  })
  return { tag, quiz, practice }
}

test('the analysis shows score, rank, percentile, topper, average, sections, topics and every question', async ({
  page,
  db,
  loginAs,
  makeUser,
}) => {
  const me = await loginAs('user')
  const { tag, quiz, practice } = await setupBoard(db, () => makeUser(), me.id)

  await page.goto(`/quiz/result/${quiz.id}`)
  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(page.getByTestId('score')).toHaveText('Score: 2 / 6')
  await expect(page.getByTestId('exact-score')).toHaveText('2.00 / 6.00')
  // Ahead: the topper, and the equal score submitted earlier; practice attempts do not count.
  await expect(page.getByTestId('analysis-rank')).toHaveText('3 of 5')
  // At or below 2.00: me, the tie, 1.00 and -0.33, of 5 (decision 018).
  await expect(page.getByTestId('analysis-percentile')).toHaveText('80.00')
  await expect(page.getByTestId('analysis-topper')).toHaveText('6.00')
  // (6 + 2 + 2 + 1 - 1/3) / 5 = 2.1333...
  await expect(page.getByTestId('analysis-average')).toHaveText('2.13')
  await expect(page.getByTestId('analysis-time')).toHaveText('40 min 00 s')

  const sections = page.getByTestId('section-table')
  await expect(sections.getByRole('row', { name: /Section A/ })).toContainText('-1.00 / 3.00')
  await expect(sections.getByRole('row', { name: /Section A/ })).toContainText('2 / 2')
  await expect(sections.getByRole('row', { name: /Section B/ })).toContainText('3.00 / 3.00')
  await expect(sections.getByRole('row', { name: /Section B/ })).toContainText('100.00%')
  const topics = page.getByTestId('topic-table')
  await expect(topics.getByRole('row', { name: /Cell/ })).toContainText('0.67 / 2.00')
  await expect(topics.getByRole('row', { name: /Genetics/ })).toContainText('1.33 / 4.00')

  // The chart is an image with the numbers in its name, and the same numbers are in a table.
  const chart = page.getByTestId('chart-total')
  await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /You 2\.00.*Topper 6\.00.*Average 2\.13/)
  await expect(chart.getByRole('row', { name: /Total marks/ })).toContainText('2.00')
  await expect(page.getByTestId('chart-sections').getByRole('img')).toHaveAttribute(
    'aria-label',
    /Section A: You -1\.00, Topper 3\.00/,
  )

  const items = page.getByTestId('review-item')
  await expect(items).toHaveCount(4)
  await expect(items.nth(0)).toContainText('Incorrect')
  await expect(items.nth(0).getByTestId('your-answer')).toHaveText('D')
  await expect(items.nth(0).getByTestId('answer-key')).toHaveText('A')
  await expect(items.nth(0).getByTestId('marks-earned')).toHaveText('-0.33')
  await expect(items.nth(0)).toContainText(`${tag} because q1`)
  await expect(items.nth(1).getByTestId('marks-earned')).toHaveText('-0.67')
  await expect(items.nth(2)).toContainText('Correct')
  await expect(items.nth(2).getByTestId('your-answer')).toHaveText('A, C')
  await expect(items.nth(2).getByTestId('marks-earned')).toHaveText('+2.00')
  await expect(items.nth(3).getByTestId('your-answer')).toHaveText('2.55')
  await expect(items.nth(3).getByTestId('answer-key')).toHaveText('2.5 – 2.6')
  await expect(items.nth(3)).toContainText('4 min 20 s')
  await expect(page.getByRole('link', { name: 'Go to Quizzes' })).toBeVisible()

  // Reloadable: the same page again from the database.
  await page.reload()
  await expect(page.getByTestId('analysis-rank')).toHaveText('3 of 5')

  // The practice attempt: shown, not ranked.
  await page.goto(`/quiz/result/${quiz.id}?attempt=${practice}`)
  await expect(page.getByText('Practice attempt: not ranked')).toBeVisible()
  await expect(page.getByTestId('exact-score')).toHaveText('6.00 / 6.00')
  await expect(page.getByTestId('analysis-rank')).toHaveText('Not ranked')
  await expect(page.getByTestId('analysis-topper')).toHaveText('6.00')
})

test('at 320 px the analysis reads without sideways page scroll', async ({ page, db, loginAs, makeUser }) => {
  await page.setViewportSize({ width: 320, height: 720 })
  const me = await loginAs('user')
  const { quiz } = await setupBoard(db, () => makeUser(), me.id)
  await page.goto(`/quiz/result/${quiz.id}`)
  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(page.getByTestId('section-table')).toBeAttached()
  const overflow = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }))
  expect(overflow.scroll, `page is ${overflow.scroll}px wide in a ${overflow.client}px viewport`).toBeLessThanOrEqual(
    overflow.client,
  )
  // Nothing is clipped either: no element reaches past the viewport (tables scroll inside their own box).
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => !el.closest('[role="region"], .overflow-x-auto'))
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((el) => `${el.tagName}.${el.className}`),
  )
  expect(wide).toEqual([])
  await page.screenshot({ path: test.info().outputPath('analysis-320.png'), fullPage: true })
  // The chart fits the screen.
  const chart = await page.getByTestId('chart-total').getByRole('img').boundingBox()
  expect(chart!.x + chart!.width).toBeLessThanOrEqual(320)
})

test('a negative total is drawn as a short bar left of zero, not across the chart like a top score', async ({
  page,
  db,
  loginAs,
}) => {
  const me = await loginAs('user')
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Negative ${tag}`, questions: paper(tag) })
  await db
    .updateTable('questions')
    .set({ created_at: '2029-12-31T00:00:00.000Z' })
    .where('quiz_id', '=', quiz.id)
    .execute()
  // Alone on the paper with q1 and q2 wrong: -1/3 - 2/3 = -1 exactly, so the topper and the average are -1 too.
  await attempt(db, quiz, me.id, -U, [{ selectedOption: 3 }, { selectedOption: 0 }, null, null])
  await page.goto(`/quiz/result/${quiz.id}`)
  await expect(page.getByTestId('exact-score')).toHaveText('-1.00 / 6.00')
  const chart = page.getByTestId('chart-total')
  await expect(chart.getByRole('img')).toHaveAccessibleName(
    'Total marks: Total marks: You -1.00, Topper -1.00, Average -1.00',
  )
  await expect(chart.getByRole('table').locator('tbody td')).toHaveText(['-1.00', '-1.00', '-1.00'])
  const drawn = await chart.locator('svg[role="img"]').evaluate((svg) => {
    const num = (el: Element, a: string) => Number(el.getAttribute(a))
    const line = svg.querySelector('line')
    return {
      width: Number(svg.getAttribute('viewBox')!.split(' ')[2]),
      zero: line ? num(line, 'x1') : null,
      bars: [...svg.querySelectorAll('rect')].map((r) => ({ x: num(r, 'x'), width: num(r, 'width') })),
      texts: [...svg.querySelectorAll('text')].map((t) => t.textContent),
    }
  })
  expect(drawn.zero, 'a zero line').not.toBeNull()
  expect(drawn.bars).toHaveLength(3)
  for (const bar of drawn.bars) {
    expect(bar.x + bar.width).toBeCloseTo(drawn.zero!, 3)
    expect(bar.width, 'the bar leaves the positive side of zero empty').toBeLessThanOrEqual(drawn.width / 2)
  }
  expect(drawn.texts).toContain('0')
})

test('another learner’s attempt id shows no result', async ({ page, db, loginAs, makeUser }) => {
  const owner = await makeUser()
  const { quiz, practice } = await setupBoard(db, () => makeUser(), owner.id)
  await loginAs('user')
  await page.goto(`/quiz/result/${quiz.id}?attempt=${practice}`)
  await expect(page.getByText('No quiz result available.')).toBeVisible()
})

const axeSource = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8')

test(
  'the analysis has no serious or critical axe violations, light and dark',
  { tag: '@js-only' },
  async ({ page, db, loginAs, makeUser }) => {
    const me = await loginAs('user')
    const { quiz } = await setupBoard(db, () => makeUser(), me.id)
    await page.goto(`/quiz/result/${quiz.id}`)
    await expect(page.getByTestId('chart-sections')).toBeVisible()
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.classList.remove('light', 'dark', 'system')
        document.documentElement.classList.add(t)
      }, theme)
      // Evaluated by the runner, not an inline <script> (the CSP blocks those). Scoped to the page's own <main>: the
      // site chrome has its own checks (at 1280 px the WhatsApp panel's label fails color-contrast in light).
      await page.evaluate(axeSource)
      const violations = await page.evaluate(async () => {
        // @ts-expect-error injected above
        const result = await window.axe.run('main', { resultTypes: ['violations'] })
        return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      })
      expect(violations, `axe on the analysis (${theme})`).toEqual([])
    }
  },
)
