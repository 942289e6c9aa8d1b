import crypto from 'node:crypto'
import { createBankQuestion, createQuiz } from '../../db/factories'
import { expect, test } from '../support/fixtures'

// A live mock's key does not leak through bank practice (app/lib/quiz/visibility.ts), JS on and off: a learner who
// submits a live mock early and builds a practice test of its topic draws none of its questions while others may still
// sit it; once its results are published, they are drawable.

test('submit a live mock early: a practice test of its topic has none of its questions until publication', async ({
  page,
  db,
  loginAs,
}) => {
  const t = crypto.randomBytes(4).toString('hex')
  const topic = `Enzyme kinetics ${t}`
  const quiz = await createQuiz(db, { title: `Live ${t}`, timeLimit: 30, questions: [] })
  for (const n of [1, 2])
    await createBankQuestion(db, {
      subject: 'Biochemistry',
      topic,
      papers: [quiz.id],
      question: {
        questionText: `${t} live question ${n}`,
        options: [`${t} right ${n}`, 'b', 'c', 'd'],
        correctOption: 0,
        explanation: `${t} secret explanation ${n}`,
      },
    })
  // Open now, for two hours more: other learners are still sitting it.
  await db
    .updateTable('quizzes')
    .set({
      opens_at: new Date(Date.now() - 10 * 60_000).toISOString(),
      closes_at: new Date(Date.now() + 2 * 3600_000).toISOString(),
    })
    .where('id', '=', quiz.id)
    .execute()
  await loginAs('user')

  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page.getByTestId('results-at')).toHaveText(/^Submitted\. Results at .* IST\.$/)

  const build = async () => {
    await page.goto('/practice')
    await page.getByRole('checkbox', { name: topic }).check()
    await page.getByLabel(/Number of questions/).fill('5')
    await page.getByRole('button', { name: 'Start practice test' }).click()
  }
  await build()
  await expect(page.getByText('No questions match: widen the filters.')).toBeVisible()
  await expect(page.getByText(/2 questions match these filters, but none you can practise now/)).toBeVisible()
  await expect(page.getByText(`${t} live question`)).toHaveCount(0)

  // Published: the key is public, and the questions open for practice.
  await db
    .updateTable('quizzes')
    .set({ results_published_at: new Date().toISOString() })
    .where('id', '=', quiz.id)
    .execute()
  await build()
  await expect(page).toHaveURL(/\/practice\/sets\/[0-9a-f]{24}\?q=1$/)
  await expect(page.getByRole('heading', { name: `Practice: ${topic} (2)` })).toBeVisible()
  await expect(page.getByTestId('question-text')).toContainText(`${t} live question`)
})
