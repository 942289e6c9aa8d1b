// Question markup as learners and staff see it, JavaScript on and off: a paper with formulas and a chemical
// equation taken start to finish (MathML on the page, never raw LaTeX; the review shows key and explanation
// rendered; no maths script shipped), the editor's 'Preview questions' and its refusal naming question and field,
// axe clean at 320 and 1280 px.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { createQuiz } from '../../db/factories'
import { expect, test } from '../support/fixtures'

const axeSource = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8')

/**
 * No sideways scroll at the current width and, with JavaScript on (axe runs in the page), no serious or critical
 * axe violation. The markup is the same server HTML either way.
 */
async function axeClean(page: Page, label: string, javaScriptEnabled: boolean) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `horizontal scroll on ${label}`,
  ).toBe(true)
  if (!javaScriptEnabled) return
  // Evaluated by the test runner, not added as an inline <script>: the page's CSP blocks those.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    // @ts-expect-error injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] })
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
  expect(violations, `axe on ${label}`).toEqual([])
}

/** Raw markup that must never reach a learner's screen. */
const RAW = /\$|\\(frac|ce|Delta|circ|ln|dfrac)\b|V_\{max\}/

const MM =
  'For an enzyme obeying Michaelis-Menten kinetics,\n\n$$v = \\frac{V_{max}[S]}{K_m + [S]}$$\n\nthe rate at $[S] = 3K_m$ is'
const paper = (tag: string) => [
  {
    questionText: `${tag} ${MM}`,
    options: ['$0.25\\,V_{max}$', '$0.5\\,V_{max}$', '$0.75\\,V_{max}$', '$V_{max}$'],
    correctOption: 2,
    explanation: 'Substitute: $v = \\dfrac{3K_m}{4K_m}\\,V_{max} = 0.75\\,V_{max}$.',
  },
  {
    questionText: `${tag} In $$\\ce{C6H12O6 + 6O2 -> 6CO2 + 6H2O}$$ how many moles of $\\ce{O2}$ per glucose?`,
    options: ['$1$', '$2$', '$6$', '$12$'],
    correctOption: 2,
    explanation: 'The balanced equation has $\\ce{6O2}$; $\\Delta G^\\circ < 0$.',
  },
  {
    questionText: `${tag} Allele frequencies:\n\n| Allele | Frequency |\n|:--|--:|\n| A | $p = 0.6$ |\n| a | $q = 0.4$ |\n\nWhat is $2pq$?`,
    options: ['0.24', '0.48', '0.36', '0.16'],
    correctOption: 1,
    explanation: '$2pq = 2 \\times 0.6 \\times 0.4 = 0.48$.',
  },
]

test('a paper with formulas and a chemical equation, start to finish: MathML, never raw LaTeX; the review renders key and explanation', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Markup ${tag}`, timeLimit: 30, questions: paper(tag) })
  const scripts: string[] = []
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''))
  })
  await loginAs('user')
  await page.setViewportSize({ width: 320, height: 720 })
  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Start Quiz' }).click()

  const card = page.getByTestId('question-text')
  await expect(card.locator('math[display="block"]')).toHaveCount(1)
  await expect(card.locator('mfrac')).toHaveCount(1)
  // Each option's label is MathML too, and still names its radio button.
  await expect(page.locator('label:has(input[name="selectedOption"]) math')).toHaveCount(4)
  expect(await page.locator('main').innerText()).not.toMatch(RAW)
  await axeClean(page, 'test view at 320 px', javaScriptEnabled)

  await page.locator('input[name="selectedOption"]').nth(2).check()
  await page.getByRole('button', { name: 'Save & Next' }).click()
  await expect(card).toContainText('moles of')
  await expect(card.locator('math[display="block"]')).toContainText('→')
  expect(await page.locator('main').innerText()).not.toMatch(RAW)
  // The equation is wider than 320 px: it scrolls in its own focusable box, the page does not.
  await axeClean(page, 'test view with a wide equation at 320 px', javaScriptEnabled)
  await page.locator('input[name="selectedOption"]').nth(0).check()
  await page.getByRole('button', { name: 'Save & Next' }).click()
  await expect(card.getByRole('table')).toBeVisible()
  await expect(card.getByRole('columnheader', { name: 'Frequency' })).toBeVisible()
  await page.locator('input[name="selectedOption"]').nth(1).check()
  await page.setViewportSize({ width: 1280, height: 800 })
  await axeClean(page, 'test view at 1280 px', javaScriptEnabled)
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page).toHaveURL(new RegExp(`/quiz/result/${quiz.id}$`))

  const items = page.getByTestId('review-item')
  await expect(items).toHaveCount(3)
  await expect(items.nth(0).getByTestId('review-question').locator('math[display="block"]')).toHaveCount(1)
  await expect(items.nth(0).getByTestId('answer-key')).toHaveText('C')
  await expect(items.nth(0).getByTestId('your-answer')).toHaveText('C')
  await expect(items.nth(0).getByTestId('explanation').locator('math mfrac')).toHaveCount(1)
  await expect(items.nth(1)).toContainText('Incorrect')
  await expect(items.nth(1).getByTestId('explanation')).toContainText('Δ')
  await expect(items.nth(2).getByTestId('explanation').locator('math')).toHaveCount(1)
  expect(await page.locator('main').innerText()).not.toMatch(RAW)
  expect(await page.locator('math').count()).toBeGreaterThan(10)
  await axeClean(page, 'result at 1280 px', javaScriptEnabled)
  await page.setViewportSize({ width: 320, height: 720 })
  await axeClean(page, 'result at 320 px', javaScriptEnabled)

  // No maths library reached the browser: formulas are MathML, drawn natively.
  if (javaScriptEnabled) expect(scripts.length).toBeGreaterThan(0)
  for (const body of scripts) expect(body).not.toMatch(/Unsupported function name|markdown-it|sanitize-html|mhchem/)
})

test("the editor's Preview renders each question on the server and keeps what was typed; a bad formula is refused naming question and field", async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const tag = crypto.randomBytes(3).toString('hex')
  await loginAs('instructor')
  await page.goto('/admin/create-quiz')
  const form = page.locator('#quiz-form')
  await form.getByLabel('Title').fill(`Editor markup ${tag}`)
  await form.getByLabel('Description').fill('Formulas')
  await form.getByLabel('Question text').fill(MM)
  const options = ['$0.25\\,V_{max}$', '$\\foo{1}$', '$0.75\\,V_{max}$', '$V_{max}$']
  for (const [j, o] of options.entries()) await form.getByLabel(`Option ${j + 1}`, { exact: true }).fill(o)
  await form.getByLabel('Correct option').selectOption('3')
  await form.getByLabel('Explanation (optional)').fill('Because $\\ce{H2O}$.')

  await form.getByRole('button', { name: 'Preview questions' }).click()
  const preview = page.getByTestId('question-preview')
  await expect(preview).toContainText('option B: unknown command \\foo')
  // Everything typed is kept, and nothing was saved.
  await expect(form.getByLabel('Question text')).toHaveValue(MM)
  await expect(form.getByLabel('Option 2', { exact: true })).toHaveValue('$\\foo{1}$')
  await expect(form.getByLabel('Correct option')).toHaveValue('3')

  // Saved with the bad formula: refused, naming the question and the field; the source is kept as written.
  await form.getByRole('button', { name: 'Create Quiz' }).click()
  await expect(form.getByText('Question 1, option B: unknown command \\foo')).toBeVisible()
  await expect(form.getByText('unknown command \\foo', { exact: true })).toBeVisible()
  await expect(form.getByLabel('Question text')).toHaveValue(MM)
  const none = await db.selectFrom('quizzes').select('id').where('title', '=', `Editor markup ${tag}`).execute()
  expect(none).toEqual([])

  await form.getByLabel('Option 2', { exact: true }).fill('$0.5\\,V_{max}$')
  await form.getByRole('button', { name: 'Preview questions' }).click()
  await expect(preview.locator('math[display="block"]')).toHaveCount(1)
  await expect(preview.getByRole('listitem').locator('math')).toHaveCount(4)
  await expect(preview).toContainText('Explanation:')
  await expect(form.getByLabel('Option 2', { exact: true })).toHaveValue('$0.5\\,V_{max}$')
  await page.setViewportSize({ width: 1280, height: 800 })
  await axeClean(page, 'editor preview at 1280 px', javaScriptEnabled)
  await page.setViewportSize({ width: 320, height: 720 })
  await axeClean(page, 'editor preview at 320 px', javaScriptEnabled)

  await form.getByRole('button', { name: 'Create Quiz' }).click()
  await expect(page).toHaveURL(/\/admin\/quizzes$/)
  const saved = await db
    .selectFrom('quizzes')
    .innerJoin('questions', 'questions.quiz_id', 'quizzes.id')
    .select(['questions.question_text', 'questions.options', 'questions.question_html'])
    .where('quizzes.title', '=', `Editor markup ${tag}`)
    .executeTakeFirstOrThrow()
  expect(saved.question_text).toBe(MM)
  expect(JSON.parse(saved.options)[1]).toBe('$0.5\\,V_{max}$')
  expect(saved.question_html).toContain('<math display="block"')
})
