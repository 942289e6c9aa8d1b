import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { createQuiz } from '../../db/factories'
import type { DB } from '../../db/client'
import { axeViolations } from '../support/axe'
import { expect, test } from '../support/fixtures'

// A paper built from the bank, JS on and off: staff create a quiz, open 'Add questions from the bank', draw a
// blueprint (a line the bank cannot fill is refused whole, named, and what was typed stays), and see the drawn
// questions in the quiz editor; a learner takes the paper and is scored. The page reads at 320 px and is axe clean.

const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')

async function fits(page: Page, what: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), what).toBe(true)
  if (!nojs()) expect(await axeViolations(page), `axe: ${what}`).toEqual([])
}

/**
 * Bank questions of this test's own topic: written by the factory (each question a bank question with the bank's
 * own version, db/factories.ts), tagged here, then the holding quiz removed so only the bank keeps them.
 */
async function bankQuestions(db: DB, topic: string, difficulty: 'easy' | 'medium' | 'hard', texts: string[]) {
  const holder = await createQuiz(db, {
    title: `Holder ${topic} ${difficulty}`,
    questions: texts.map((text) => ({
      questionText: text,
      options: ['Right', 'Wrong A', 'Wrong B', 'Wrong C'],
      correctOption: 0,
      topic,
    })),
  })
  const rows = await db
    .selectFrom('questions')
    .select('bank_question_id')
    .where('id', 'in', holder.questionIds)
    .execute()
  await db
    .updateTable('bank_questions')
    .set({ subject: 'Biology', difficulty })
    .where(
      'id',
      'in',
      rows.map((r) => r.bank_question_id!),
    )
    .execute()
  await db.deleteFrom('quizzes').where('id', '=', holder.id).execute()
}

test('staff draw a blueprint into a new quiz and see it in the editor; a learner takes the paper', async ({
  page,
  db,
  loginAs,
}) => {
  const t = unique()
  const topic = `Genetics ${t}`
  await bankQuestions(db, topic, 'medium', [`${t} medium one`, `${t} medium two`, `${t} medium three`])
  await bankQuestions(db, topic, 'hard', [`${t} hard one`, `${t} hard two`])

  await loginAs('instructor')
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto('/admin/create-quiz')
  const form = page.locator('#quiz-form')
  await form.getByLabel('Title').fill(`Bank paper ${t}`)
  await form.getByLabel('Description').fill('Drawn from the bank')
  await form.getByLabel('Time Limit (minutes)').fill('30')
  await form.getByLabel('Question text').fill(`${t} own question`)
  for (let j = 1; j <= 4; j++) await form.getByLabel(`Option ${j}`, { exact: true }).fill(`Own ${j}`)
  await form.getByLabel('Correct option').selectOption('1')
  await form.getByRole('button', { name: 'Create Quiz' }).click()
  await expect(page).toHaveURL(/\/admin\/quizzes$/)
  const quiz = await db
    .selectFrom('quizzes')
    .select('id')
    .where('title', '=', `Bank paper ${t}`)
    .executeTakeFirstOrThrow()

  // From the list, and from its editor.
  await expect(
    page.locator('tr', { hasText: `Bank paper ${t}` }).getByRole('link', { name: 'Add from bank' }),
  ).toHaveAttribute('href', `/admin/quiz-from-bank/${quiz.id}`)
  await page.goto(`/admin/edit-quiz/${quiz.id}`)
  await page.getByRole('link', { name: 'Add questions from the bank' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/quiz-from-bank/${quiz.id}$`))
  await expect(page.getByRole('heading', { name: 'Add questions from the bank' })).toBeVisible()
  await fits(page, 'the from-bank page at 320 px')

  // Line 1 takes 2 medium ones; line 2 asks for 4 of the topic, but only 3 are left.
  const line = (n: number) => page.getByRole('group', { name: `Line ${n}` })
  await line(1).getByLabel('How many').fill('2')
  await line(1).getByLabel('Topic').selectOption(topic)
  await line(1).getByLabel('Difficulty').selectOption('medium')
  await line(2).getByLabel('How many').fill('4')
  await line(2).getByLabel('Topic').selectOption(topic)
  await page.getByRole('button', { name: 'Draw questions' }).click()
  await expect(
    page.getByText(
      'Nothing was added: Line 2 asks for 4 but the bank has 3 matching questions not already in this paper or ' +
        'drawn by another line.',
    ),
  ).toBeVisible()
  // The answer opens at the blueprint's message (the form posts to #blueprint).
  await expect(page.getByText(/^Nothing was added: Line 2/)).toBeInViewport()
  await expect(line(2).getByText('Only 3 available')).toBeVisible()
  await expect(line(2).getByLabel('How many')).toHaveValue('4')
  await expect(line(1).getByLabel('Topic')).toHaveValue(topic)
  await expect(line(1).getByLabel('Difficulty')).toHaveValue('medium')
  await expect(line(5).getByLabel('How many')).toBeVisible()
  await fits(page, 'the refusal at 320 px')
  expect(
    await db
      .selectFrom('questions')
      .select('id')
      .where('quiz_id', '=', quiz.id)
      .where('archived_at', 'is', null)
      .execute(),
  ).toHaveLength(1)

  await line(2).getByLabel('How many').fill('3')
  await page.getByRole('button', { name: 'Draw questions' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/edit-quiz/${quiz.id}#quiz-form$`))
  await expect(page.getByText('Added 5 questions from the bank')).toBeVisible()
  const editor = page.locator('#quiz-form')
  await expect(editor.getByRole('heading', { name: /^Question \d+$/ })).toHaveCount(6)
  const texts = await editor
    .getByLabel('Question text')
    .evaluateAll((els) => els.map((e) => (e as HTMLTextAreaElement).value))
  expect(texts[0]).toBe(`${t} own question`)
  expect(texts.slice(1).sort()).toEqual(
    [`${t} hard one`, `${t} hard two`, `${t} medium one`, `${t} medium three`, `${t} medium two`].sort(),
  )
  // The first two drawn are the medium line's.
  expect(texts.slice(1, 3).every((text) => text.includes('medium'))).toBe(true)

  // Back on the page, every question of the topic is in the paper now.
  await page.goto(`/admin/quiz-from-bank/${quiz.id}?topic=${encodeURIComponent(topic)}`)
  await expect(page.getByText('5 matching questions')).toBeVisible()
  await expect(page.getByTestId('bank-question').filter({ hasText: 'In this paper' })).toHaveCount(5)

  // A learner takes the paper: the own question right, the first bank question right, the rest left blank.
  await loginAs('user')
  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await expect(page.getByTestId('question-text')).toContainText(`${t} own question`)
  await page.getByRole('radio', { name: 'Own 1' }).check()
  await page.getByRole('button', { name: 'Save & Next' }).click()
  await expect(page.getByTestId('question-text')).toContainText(t)
  await page.getByRole('radio', { name: 'Right' }).check()
  await page.getByRole('button', { name: 'Save & Next' }).click()
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page).toHaveURL(new RegExp(`/quiz/result/${quiz.id}$`))
  await expect(page.getByTestId('score')).toHaveText('Score: 2 / 6')
})
