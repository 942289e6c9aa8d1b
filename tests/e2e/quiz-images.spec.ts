// Quiz images, JavaScript on and off: staff upload a figure and an explanation's image in the quiz editor and name
// them in the questions' markup; a learner sees the figure with its alt text while the explanation's image is never
// fetched before the test is submitted, and shows on the result after. The test page with its figure is axe clean
// at 320 and 1280 px, and so are the editor's images panel and the result. A ZIP of the CSV and its figure imports
// through the CSV panel's plain posts.
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { strToU8, zipSync } from 'fflate'
import { createQuiz } from '../../db/factories'
import { expect, test } from '../support/fixtures'
import { axeViolations } from '../support/axe'

const FIGURE_ALT = 'Pedigree of a rare trait; affected shaded'
const ANSWER_ALT = 'Gel with the fragment sizes marked'

/** Uploads a file of db/figures in the editor's images panel; answers the markup to paste. */
async function upload(page: Page, file: string, name: string, alt: string) {
  const panel = page.locator('#quiz-images')
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click()
  await panel.getByLabel('Image file').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: fs.readFileSync(`db/figures/${file}`),
  })
  await panel.getByLabel('Alt text').fill(alt)
  await panel.getByRole('button', { name: 'Upload image' }).click()
  await expect(page.locator('#quiz-images').getByRole('link', { name: `Delete ${name}` })).toBeVisible()
  const values = await page
    .locator('#quiz-images input[readonly]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))
  return values.find((v) => v.endsWith(`(${name})`))!
}

const loaded = (page: Page, alt: string) =>
  page.getByRole('img', { name: alt }).evaluate((img) => (img as HTMLImageElement).naturalWidth)

test('staff add a figure and an explanation image; the learner sees the figure, the explanation image only after submitting', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  // axe needs timers, which do not run with JavaScript off; the page it checks is the same HTML either way.
  const axe = async (what: string) => {
    if (javaScriptEnabled) expect(await axeViolations(page), what).toEqual([])
  }
  const title = `Figures ${crypto.randomBytes(3).toString('hex')}`
  const quiz = await createQuiz(db, {
    title,
    questions: [
      { questionText: 'Which mode of inheritance fits?', options: ['AR', 'AD', 'XD', 'Y'], correctOption: 0 },
      { questionText: 'Which lane ran furthest?', options: ['1', '2', '3', 'M'], correctOption: 2 },
    ],
  })

  // Staff: two uploads in the editor's images panel, then the markup pasted into a question and an explanation.
  await loginAs('instructor')
  await page.goto(`/admin/edit-quiz/${quiz.id}`)
  const figure = await upload(page, 'pedigree.png', 'pedigree.png', FIGURE_ALT)
  expect(figure).toBe(`![${FIGURE_ALT}](pedigree.png)`)
  const answer = await upload(page, 'gel.png', 'gel.png', ANSWER_ALT)
  await expect(page.locator('#quiz-images').getByRole('img', { name: FIGURE_ALT })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 900 })
  await axe('axe on the editor with its images panel')
  const form = page.locator('#quiz-form')
  const questions = form.getByLabel('Question text')
  await questions.nth(0).fill(`Which mode of inheritance fits?\n\n${figure}`)
  await form.getByLabel('Explanation (optional)').nth(1).fill(`Lane 3 ran furthest: ${answer}`)
  await form.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveURL(/\/admin\/quizzes$/)
  const images = await db
    .selectFrom('quiz_images')
    .select(['id', 'name'])
    .where('quiz_id', '=', quiz.id)
    .orderBy('name')
    .execute()
  expect(images.map((i) => i.name)).toEqual(['gel.png', 'pedigree.png'])
  const answerUrl = `/quiz-images/${images[0]!.id}/gel.png`

  // The learner: every image request is watched from here on.
  const fetched: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/quiz-images/')) fetched.push(new URL(request.url()).pathname)
  })
  await loginAs('user')
  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await expect(page.getByTestId('question-text').getByRole('img', { name: FIGURE_ALT })).toBeVisible()
  await expect.poll(() => loaded(page, FIGURE_ALT)).toBeGreaterThan(0)
  expect(await page.getByRole('img', { name: FIGURE_ALT }).getAttribute('loading')).toBeNull()
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await axe(`axe on the test page at ${width} px`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  }
  await page.getByRole('radio', { name: 'AR' }).check()
  await page.getByRole('button', { name: 'Save & Next' }).click()
  await expect(page.getByTestId('question-text')).toContainText('Which lane ran furthest?')
  await page.getByRole('radio', { name: '3', exact: true }).check()
  expect(fetched, 'no request for the explanation image before submitting').not.toContain(answerUrl)
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('button', { name: 'Yes, submit' }).click()

  // The result: the explanation with its image, fetched now.
  const explanation = page.getByTestId('explanation').filter({ hasText: 'Lane 3 ran furthest' })
  await expect(explanation).toBeVisible()
  await explanation.getByRole('img', { name: ANSWER_ALT }).scrollIntoViewIfNeeded()
  await expect.poll(() => loaded(page, ANSWER_ALT)).toBeGreaterThan(0)
  expect(fetched).toContain(answerUrl)
  await axe('axe on the result')
})

test('a ZIP of the CSV and its figure: preview, use, create; the quiz holds the figure its question shows', async ({
  page,
  db,
  loginAs,
}) => {
  const title = `ZIP ${crypto.randomBytes(3).toString('hex')}`
  const csv = [
    'question,option 1,option 2,option 3,option 4,correct,explanation',
    `"Which inheritance? ![${FIGURE_ALT}](pedigree.png)",AR,AD,XD,Y,1,Unaffected parents`,
    'Second question,a,b,c,d,2,',
  ].join('\n')
  const zip = zipSync({
    'paper/questions.csv': strToU8(csv),
    'paper/figures/Pedigree.png': fs.readFileSync('db/figures/pedigree.png'),
  })
  await loginAs('instructor')
  await page.goto('/admin/create-quiz')
  await page.getByText('Import questions from CSV or ZIP').click()
  await page
    .getByLabel('CSV or ZIP file')
    .setInputFiles({ name: 'paper.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) })
  await page.getByRole('button', { name: 'Preview' }).first().click()
  await expect(page.getByText('2 questions ready from paper.zip')).toBeVisible()
  await expect(page.getByText(`pedigree.png (4 KB): ${FIGURE_ALT}`)).toBeVisible()
  await page.getByRole('button', { name: 'Use these questions' }).click()
  await expect(
    page.getByText('1 imported image (pedigree.png) will be stored with the quiz when you save it.'),
  ).toBeVisible()
  const form = page.locator('#quiz-form')
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Description').fill('Imported with its figure')
  await form.getByRole('button', { name: 'Create Quiz' }).click()
  await expect(page).toHaveURL(/\/admin\/quizzes$/)
  const quiz = await db.selectFrom('quizzes').select('id').where('title', '=', title).executeTakeFirstOrThrow()
  const [image] = await db
    .selectFrom('quiz_images')
    .select(['id', 'name', 'alt'])
    .where('quiz_id', '=', quiz.id)
    .execute()
  expect(image).toMatchObject({ name: 'pedigree.png', alt: FIGURE_ALT })
  const [first] = await db
    .selectFrom('questions')
    .select('question_html')
    .where('quiz_id', '=', quiz.id)
    .orderBy('position')
    .execute()
  expect(first!.question_html).toContain(`src="/quiz-images/${image!.id}/pedigree.png"`)
})
