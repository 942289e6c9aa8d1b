// The question bank's staff pages, JavaScript on and off: filter by topic and year and see only the matching
// questions, open one and edit its tags, tag two at once from the list; axe clean, and 320 px without sideways scroll.
// A figure uploaded on the new-question page shows in the panel and, named in the markup, on the saved question.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { DB } from '../../db/client'
import { createQuiz } from '../../db/factories'
import { axeViolations } from '../support/axe'
import { expect, expectToast, test } from '../support/fixtures'

const unique = () => crypto.randomBytes(4).toString('hex')

/** Three bank questions (through a paper, as the editor makes them), tagged: two on topic `Cells t`, one on another. */
async function seed(db: DB, t: string) {
  const opts = ['One', 'Two', 'Three', 'Four']
  const paper = await createQuiz(db, {
    title: `Bank paper ${t}`,
    questions: [
      { questionText: `Mitochondria ${t} of 2019`, options: opts, correctOption: 0, topic: `Cells ${t}` },
      { questionText: `Ribosomes ${t} of 2020`, options: opts, correctOption: 1, topic: `Cells ${t}` },
      { questionText: `Alleles ${t} of 2019`, options: opts, correctOption: 2, topic: `Genes ${t}` },
    ],
  })
  const rows = await db
    .selectFrom('questions')
    .select(['bank_question_id'])
    .where('quiz_id', '=', paper.id)
    .orderBy('position')
    .execute()
  const ids = rows.map((r) => r.bank_question_id!)
  for (const [i, year] of [2019, 2020, 2019].entries())
    await db
      .updateTable('bank_questions')
      .set({ subject: `Biology ${t}`, year })
      .where('id', '=', ids[i])
      .execute()
  return ids
}

test('staff filter by topic and year, see only the matching question, and edit its tags', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const t = unique()
  const [mito] = await seed(db, t)
  await loginAs('instructor')
  await page.goto('/admin/dashboard')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Question bank' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Question bank' })).toBeVisible()

  const filters = page.getByRole('search', { name: 'Filter questions' })
  await filters.getByLabel('Topic').fill(`Cells ${t}`)
  await filters.getByLabel('Year').selectOption('2019')
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/[?&]year=2019/)
  await expect(page.getByTestId('bank-total')).toHaveText('1 question')
  const rows = page.getByTestId('bank-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(`Mitochondria ${t} of 2019`)
  await expect(page.getByText(`Ribosomes ${t}`)).toHaveCount(0)
  await expect(page.getByText(`Alleles ${t}`)).toHaveCount(0)
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

  await rows.first().getByRole('link', { name: /Edit/ }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/questions/${mito}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Edit question' })).toBeVisible()
  await expect(page.getByTestId('bank-papers')).toContainText(`Bank paper ${t}`)
  const form = page.locator('#bank-question')
  await expect(form.getByLabel('Question text')).toHaveValue(`Mitochondria ${t} of 2019`)
  await form.getByLabel('Subtopic (optional)').fill('Organelles')
  await form.getByLabel('Difficulty').selectOption('hard')
  await form.getByLabel('GATE XL').check()
  // A bad year is refused beside its field, with what was typed kept.
  await form.getByLabel('Year (optional)').fill('19')
  await form.getByRole('button', { name: 'Save question' }).click()
  await expect(form.getByText('Year must be a year between 1990 and 2100')).toBeVisible()
  await expect(form.getByLabel('Subtopic (optional)')).toHaveValue('Organelles')
  await form.getByLabel('Year (optional)').fill('2018')
  await form.getByRole('button', { name: 'Save question' }).click()
  await expectToast(page, 'Tags saved')
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])

  const stored = await db.selectFrom('bank_questions').selectAll().where('id', '=', mito).executeTakeFirstOrThrow()
  expect(stored).toMatchObject({ subtopic: 'Organelles', difficulty: 'hard', year: 2018, topic: `Cells ${t}` })
  await page.reload()
  await expect(page.locator('#bank-question').getByLabel('GATE XL')).toBeChecked()
  await expect(page.locator('#bank-question').getByLabel('Year (optional)')).toHaveValue('2018')

  // The list now finds it under 2018, not 2019.
  await page.goto(`/admin/questions?topic=${encodeURIComponent(`Cells ${t}`)}&year=2018`)
  await expect(page.getByTestId('bank-row')).toHaveCount(1)
  await page.goto(`/admin/questions?topic=${encodeURIComponent(`Cells ${t}`)}&year=2019`)
  await expect(page.getByTestId('bank-total')).toHaveText('0 questions')
})

test('tag the ticked questions from the list; 320 px fits', async ({ page, db, loginAs }) => {
  const t = unique()
  const ids = await seed(db, t)
  await loginAs('admin')
  await page.goto(`/admin/questions?subject=${encodeURIComponent(`Biology ${t}`)}`)
  await expect(page.getByTestId('bank-row')).toHaveCount(3)
  await page.getByLabel('Tick question 1').check()
  await page.getByLabel('Tick question 2').check()
  const bulk = page.getByRole('group', { name: /Tag the ticked questions/ })
  await bulk.getByLabel('Add an exam').selectOption('CUET PG')
  await bulk.getByLabel('Difficulty').selectOption('easy')
  await bulk.getByRole('button', { name: 'Apply tags' }).click()
  await expect(page.getByText('Tagged 2 questions')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`subject=Biology`))
  const tagged = await db
    .selectFrom('bank_question_exams as be')
    .innerJoin('exams as e', 'e.id', 'be.exam_id')
    .select('be.bank_question_id')
    .where('e.name', '=', 'CUET PG')
    .where('be.bank_question_id', 'in', ids)
    .execute()
  expect(tagged).toHaveLength(2)

  await page.screenshot({ path: test.info().outputPath('bank-list-wide.png'), fullPage: true })
  await page.setViewportSize({ width: 320, height: 720 })
  for (const path of [`/admin/questions?subject=${encodeURIComponent(`Biology ${t}`)}`, `/admin/questions/${ids[0]}`]) {
    await page.goto(path)
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }))
    expect(widths.scroll, path).toBeLessThanOrEqual(widths.inner)
    await page.screenshot({
      path: test.info().outputPath(`bank-320-${path.includes('?') ? 'list' : 'edit'}.png`),
      fullPage: true,
    })
  }
})

test('upload a figure on the new-question page, see its preview, and name it in a question', async ({
  page,
  loginAs,
}) => {
  const t = unique()
  const name = `cell-${t}.png`
  const alt = `Onion root tip cells ${t}`
  await loginAs('instructor')
  await page.goto('/admin/questions/new')
  const panel = page.locator('#quiz-images')
  await panel.locator('summary').click()
  await panel.getByLabel('Image file').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: fs.readFileSync('db/figures/pedigree.png'),
  })
  await panel.getByLabel('Alt text').fill(alt)
  await panel.getByRole('button', { name: 'Upload image' }).click()
  await expect(page).toHaveURL(/\/admin\/questions\/new\?images/)
  const preview = page.locator('#quiz-images').getByRole('img', { name: alt })
  await expect(preview).toBeVisible()
  // Visible is not loaded: wait for the bytes (as quiz-images.spec.ts does).
  await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByLabel('Markup to paste').first()).toHaveValue(`![${alt}](${name})`)

  const form = page.locator('#bank-question')
  await form.getByLabel('Question text').fill(`Which phase is shown?\n\n![${alt}](${name})`)
  for (const [j, option] of ['Prophase', 'Metaphase', 'Anaphase', 'Telophase'].entries())
    await form.getByLabel(`Option ${j + 1}`, { exact: true }).fill(option)
  await form.getByLabel('Correct option').selectOption('3')
  await form.getByLabel('Subject').fill(`Biology ${t}`)
  await form.getByLabel('Topic', { exact: true }).fill(`Mitosis ${t}`)
  await form.getByRole('button', { name: 'Add question' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit question' })).toBeVisible()
  const shown = page.getByRole('region', { name: 'As learners see it now' }).getByRole('img', { name: alt })
  await expect(shown).toBeVisible()
  await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
})
