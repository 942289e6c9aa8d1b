import { expect, test } from '../support/fixtures'
import { formatMarks, marksFromStorage } from '~/lib/quiz/marks'
import { scorePaper, type Answer, type Question } from '~/lib/quiz/scoring'

// The seeded IIT JAM style paper taken start to finish (JS on and off); the result page
// shows the exact score the pure scoring function gives for the answers given, per section and per topic.

const TITLE = 'IIT JAM Biotechnology Mock Paper'

/** The text a browser gives stored question HTML (tags dropped, the few entities the sanitiser writes decoded). */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

test('the seeded IIT JAM paper, start to finish: the result shows the exact score per section and topic', async ({
  page,
  db,
  loginAs,
}) => {
  const quiz = await db.selectFrom('quizzes').select('id').where('title', '=', TITLE).executeTakeFirstOrThrow()
  const rows = await db
    .selectFrom('questions')
    .selectAll()
    .where('quiz_id', '=', quiz.id)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .execute()
  expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['mcq', 'msq', 'nat']))
  const questions: Question[] = rows.map((r) => {
    const common = {
      marks: marksFromStorage(r.marks),
      negativeMarks: marksFromStorage(r.negative_marks),
      section: r.section,
      topic: r.topic,
    }
    if (r.type === 'msq') return { ...common, type: 'msq', correctOptions: JSON.parse(r.correct_options ?? '[]') }
    if (r.type === 'nat') return { ...common, type: 'nat', answerMin: r.answer_min!, answerMax: r.answer_max! }
    return { ...common, type: 'mcq', correctOption: r.correct_option }
  })

  // A learner who gets some right, some wrong (negative marks on MCQs), one MSQ half right, and skips some.
  let mcqSeen = 0
  let msqSeen = 0
  let natSeen = 0
  const answers: Answer[] = questions.map((q) => {
    if (q.type === 'mcq') {
      const i = mcqSeen++
      if (i === 2) return {} // skipped
      return { selectedOption: i % 2 === 0 ? q.correctOption : (q.correctOption + 1) % 4 }
    }
    if (q.type === 'msq') {
      const i = msqSeen++
      if (i === 0) return { selectedOptions: [...q.correctOptions] }
      if (i === 1) return { selectedOptions: [q.correctOptions[0]] } // missing an option: 0
      return {}
    }
    const i = natSeen++
    if (i === 0) return { numericAnswer: String(q.answerMin) }
    if (i === 1) return { numericAnswer: '99999' }
    return {}
  })
  const expected = scorePaper(questions, answers)

  await loginAs('user')
  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  for (const [i, q] of questions.entries()) {
    // The page shows the stored HTML (formulas as MathML): compare with its text, pick options by position.
    await expect(page.getByTestId('question-text')).toContainText(textOf(rows[i].question_html).slice(0, 40))
    const a = answers[i]
    if (q.type === 'mcq' && a.selectedOption != null)
      await page.locator('input[name="selectedOption"]').nth(a.selectedOption).check()
    if (q.type === 'msq')
      for (const o of a.selectedOptions ?? []) await page.locator('input[name="selectedOptions"]').nth(o).check()
    if (q.type === 'nat' && a.numericAnswer)
      await page.getByRole('textbox', { name: 'Your answer (a number)' }).fill(a.numericAnswer)
    if (q.type === 'msq' && !a.selectedOptions) {
      // The skipped MSQ is marked for review without an answer: the palette's fourth state (not evaluated).
      await page.getByRole('button', { name: 'Mark for Review' }).click()
      await expect(page.getByRole('link', { name: new RegExp(`^Question ${i + 1}, Marked for Review`) })).toBeVisible()
    }
    if (i < questions.length - 1) await page.getByRole('button', { name: 'Save & Next' }).click()
  }
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page).toHaveURL(new RegExp(`/quiz/result/${quiz.id}$`))

  await expect(page.getByTestId('exact-score')).toHaveText(
    `${formatMarks(expected.total)} / ${formatMarks(expected.maxTotal)}`,
  )
  const sectionRows = page.getByTestId('section-table').locator('tbody tr')
  await expect(sectionRows).toHaveCount(expected.sections.length)
  for (const [i, s] of expected.sections.entries()) {
    await expect(sectionRows.nth(i).locator('th')).toHaveText(s.key ?? /.+/)
    await expect(sectionRows.nth(i).locator('td').first()).toHaveText(
      `${formatMarks(s.earned)} / ${formatMarks(s.maxMarks)}`,
    )
  }
  const topicRows = page.getByTestId('topic-table').locator('tbody tr')
  await expect(topicRows).toHaveCount(expected.topics.length)
  for (const [i, t] of expected.topics.entries()) {
    await expect(topicRows.nth(i).locator('th')).toHaveText(t.key ?? /.+/)
    await expect(topicRows.nth(i).locator('td').first()).toHaveText(
      `${formatMarks(t.earned)} / ${formatMarks(t.maxMarks)}`,
    )
  }
})
