// The quiz editor's exam fields (type, marks, MSQ key, NAT range, section, topic) and the CSV
// import's exam columns, JavaScript on and off.
import crypto from 'node:crypto'
import { createQuiz, createUser } from '../../db/factories'
import { expect, test } from '../support/fixtures'

const tag = () => crypto.randomBytes(3).toString('hex')

test('editor: an MSQ and a NAT question with marks, sections and an error kept beside its field', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const t = tag()
  await loginAs('instructor')
  await page.goto('/admin/create-quiz')
  const form = page.locator('#quiz-form')
  await form.getByLabel('Title').fill(`Exam ${t}`)
  await form.getByLabel('Description').fill('JAM style')
  // A blank takes the default, shown as the placeholder (with JS it follows the quiz defaults typed above).
  await expect(form.getByLabel('Negative marks', { exact: true })).toHaveAttribute('placeholder', '0.25')
  if (javaScriptEnabled) {
    await page.getByText('Marking defaults (optional)').click()
    await form.getByLabel('MCQ default negative marks').fill('1/3')
    await expect(form.getByLabel('Negative marks', { exact: true })).toHaveAttribute('placeholder', '1/3')
    await form.getByLabel('MCQ default negative marks').fill('')
  }
  await form.getByLabel('Question type').selectOption('msq')
  if (javaScriptEnabled) await expect(form.getByLabel('Correct option')).toBeHidden()
  else await expect(form.getByLabel('Lowest accepted answer')).toBeVisible() // every field without JS
  await form.getByLabel('Question text').fill('Pick the Gram-positive features')
  for (let j = 1; j <= 4; j++) await form.getByLabel(`Option ${j}`, { exact: true }).fill(`M${j}`)
  await form.getByLabel('Option 1 is right').check()
  await form.getByLabel('Option 3 is right').check()
  await form.getByLabel('Marks', { exact: true }).fill('2')
  await form.getByLabel('Negative marks', { exact: true }).fill('0')
  await form.getByLabel('Section (optional)').fill('Section B')
  await form.getByLabel('Topic (optional)').fill('Microbiology')
  await form.getByRole('button', { name: 'Add Question' }).click()
  const q2 = form.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Question 2' }) })
  await expect(q2).toBeVisible()
  await q2.getByLabel('Question type').selectOption('nat')
  if (javaScriptEnabled) await expect(q2.getByLabel('Option 1', { exact: true })).toBeHidden()
  await q2.getByLabel('Question text').fill('Heterozygote frequency?')
  await q2.getByLabel('Lowest accepted answer').fill('0.49')
  await q2.getByLabel('Highest accepted answer').fill('0.47')
  await q2.getByLabel('Section (optional)').fill('Section C')
  await form.getByRole('button', { name: 'Create Quiz' }).click()
  // The error sits beside the field; what was typed is kept.
  await expect(q2.getByText('The highest accepted answer must not be below the lowest')).toBeVisible()
  await expect(q2.getByLabel('Lowest accepted answer')).toHaveValue('0.49')
  await expect(form.getByLabel('Option 3 is right').first()).toBeChecked()
  await expect(form.getByLabel('Marks', { exact: true }).first()).toHaveValue('2')
  await q2.getByLabel('Lowest accepted answer').fill('0.47')
  await q2.getByLabel('Highest accepted answer').fill('0.49')
  await form.getByRole('button', { name: 'Create Quiz' }).click()
  await expect(page).toHaveURL(/\/admin\/quizzes$/)
  const quiz = await db.selectFrom('quizzes').select('id').where('title', '=', `Exam ${t}`).executeTakeFirstOrThrow()
  const stored = await db
    .selectFrom('questions')
    .select(['type', 'marks', 'negative_marks', 'correct_options', 'answer_min', 'answer_max', 'section', 'topic'])
    .where('quiz_id', '=', quiz.id)
    .orderBy('position')
    .execute()
  expect(stored.map((r) => ({ ...r, marks: Number(r.marks), negative_marks: Number(r.negative_marks) }))).toEqual([
    {
      type: 'msq',
      marks: 60000,
      negative_marks: 0,
      correct_options: '[0,2]',
      answer_min: null,
      answer_max: null,
      section: 'Section B',
      topic: 'Microbiology',
    },
    {
      type: 'nat',
      marks: 30000,
      negative_marks: 0,
      correct_options: null,
      answer_min: '0.47',
      answer_max: '0.49',
      section: 'Section C',
      topic: null,
    },
  ])
  // The edit page shows it back.
  await page.goto(`/admin/edit-quiz/${quiz.id}`)
  const edit = page.locator('#quiz-form')
  await expect(edit.getByLabel('Question type').first()).toHaveValue('msq')
  await expect(edit.getByLabel('Option 3 is right').first()).toBeChecked()
  await expect(edit.getByLabel('Option 2 is right').first()).not.toBeChecked()
  await expect(edit.getByLabel('Highest accepted answer').nth(1)).toHaveValue('0.49')
})

test('CSV import: the sample file is offered and fills MSQ and NAT questions', async ({ page, loginAs }) => {
  await loginAs('instructor')
  await page.goto('/admin/create-quiz')
  await page.getByText('Import questions from CSV').click()
  const sample = page.getByRole('link', { name: 'Download the sample CSV' })
  await expect(sample).toHaveAttribute('href', '/samples/quiz-import-sample.csv')
  const res = await page.request.get('/samples/quiz-import-sample.csv')
  expect(res.status()).toBe(200)
  const csv = await res.body()
  await page.getByLabel('CSV or ZIP file').setInputFiles({ name: 'sample.csv', mimeType: 'text/csv', buffer: csv })
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  await expect(page.getByText('4 questions ready')).toBeVisible()
  await expect(page.getByText('(MSQ, correct: options 1, 2)')).toBeVisible()
  await page.getByRole('button', { name: 'Use these questions' }).click()
  const form = page.locator('#quiz-form')
  await expect(form.getByRole('heading', { name: 'Question 4' })).toBeVisible()
  await expect(form.getByLabel('Question type').nth(2)).toHaveValue('msq')
  await expect(form.getByLabel('Question type').nth(3)).toHaveValue('nat')
  await expect(form.getByLabel('Negative marks', { exact: true }).nth(1)).toHaveValue('2/3')
  await expect(form.getByLabel('Lowest accepted answer').nth(3)).toHaveValue('0.47')
})

test('quiz results show per-section totals of ranked attempts', async ({ page, db, loginAs }) => {
  const t = tag()
  const { id: quizId, questionIds } = await createQuiz(db, {
    title: `Sections ${t}`,
    questions: [
      {
        questionText: 'A1',
        options: ['a', 'b', 'c', 'd'],
        correctOption: 0,
        negativeMarks: 10000,
        section: 'Section A',
      },
      { questionText: 'B1', type: 'msq', options: ['a', 'b', 'c', 'd'], correctOptions: [1, 2], section: 'Section B' },
      { questionText: 'C1', type: 'nat', options: [], answerMin: '2', answerMax: '2', section: 'Section C' },
    ],
  })
  const learner = await createUser(db, { name: `Sara ${t}` })
  const started = new Date(Date.now() + 1000).toISOString()
  const attemptId = `e2e${learner.id}`.slice(0, 36)
  await db
    .insertInto('attempts')
    .values({
      id: attemptId,
      user_id: learner.id,
      quiz_id: quizId,
      started_at: started,
      submitted_at: started,
      score: 2,
      score_units: 60000,
      total: 3,
      mode: 'ranked',
    } as never)
    .execute()
  await db
    .insertInto('attempt_answers')
    .values([
      { attempt_id: attemptId, question_id: questionIds[0], saved_at: started, selected_option: 0 },
      { attempt_id: attemptId, question_id: questionIds[1], saved_at: started, selected_options: '[1,2]' },
    ] as never)
    .execute()
  await loginAs('instructor')
  await page.goto(`/admin/quiz-result/${quizId}`)
  const totals = page.getByRole('list', { name: `Section totals of Sara ${t}` })
  await expect(totals).toContainText('Section A: 1.00 / 1.00')
  await expect(totals).toContainText('Section B: 1.00 / 1.00')
  await expect(totals).toContainText('Section C: 0.00 / 1.00 (0 of 1 attempted)')
  await expect(page.getByRole('cell', { name: '2.00 / 3.00' })).toBeVisible()
})
