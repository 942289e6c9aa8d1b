import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createQuiz } from '../../db/factories'
import { E2E } from '../support/e2e-env'
import { expect, test } from '../support/fixtures'

// Mock tests end to end, each in the js and nojs projects.

const isNoJs = () => test.info().project.name === 'nojs'

function questions(tag: string, explanation?: string) {
  return [
    {
      questionText: `${tag} Which organelle makes ATP?`,
      options: ['Nucleus', 'Mitochondrion', 'Golgi body', 'Ribosome'],
      correctOption: 1,
      explanation,
    },
    {
      questionText: `${tag} DNA replication is`,
      options: ['Conservative', 'Dispersive', 'Semi-conservative', 'Random'],
      correctOption: 2,
      explanation,
    },
    {
      questionText: `${tag} The powerhouse enzyme of glycolysis is`,
      options: ['Hexokinase', 'Lipase', 'Amylase', 'Pepsin'],
      correctOption: 0,
      explanation,
    },
  ]
}

test('a learner takes a whole test: start, answer, clear, previous, mark, reload resumes, submit, result, leaderboard', async ({
  page,
  db,
  loginAs,
}) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, {
    title: `Flow ${tag}`,
    description: 'End to end',
    timeLimit: 30,
    questions: questions(tag),
  })
  const user = await loginAs('user', { name: `Flow Learner ${tag}` })

  await page.goto('/quizzes')
  const card = page.getByTestId('quiz-card').filter({ hasText: `Flow ${tag}` })
  await card.getByRole('link', { name: 'Attempt' }).click()
  await expect(page.getByRole('heading', { name: `Flow ${tag}` })).toBeVisible()
  await expect(page.getByText('Total Questions')).toBeVisible()
  await expect(page.getByText('30 minutes')).toBeVisible()
  await page.getByRole('button', { name: 'Start Quiz' }).click()

  // Question 1: answer, Save & Next.
  await expect(page.getByTestId('question-text')).toContainText('Which organelle')
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0)
  await expect(page.getByTestId('timer')).toContainText(isNoJs() ? /\d+ min/ : /\d+:\d\d/)
  await page.getByRole('radio', { name: 'Mitochondrion' }).check()
  await page.getByRole('button', { name: 'Save & Next' }).click()

  // Question 2: answer, clear, answer wrongly, mark for review, go back.
  await expect(page.getByTestId('question-text')).toContainText('DNA replication')
  await page.getByRole('radio', { name: 'Dispersive' }).check()
  await page.getByRole('button', { name: 'Clear Response' }).click()
  await expect(page.getByRole('radio', { name: 'Dispersive' })).not.toBeChecked()
  await page.getByRole('radio', { name: 'Conservative', exact: true }).check()
  await page.getByRole('button', { name: 'Mark for Review' }).click()
  await expect(page.getByRole('button', { name: 'Unmark Review' })).toBeVisible()
  await expect(page.getByTestId('marked-count')).toHaveText('1')
  await expect(page.getByTestId('attempted-count')).toHaveText('2')
  await expect(page.getByTestId('remaining-count')).toHaveText('1')
  await page.getByRole('button', { name: 'Previous' }).click()
  await expect(page.getByTestId('question-text')).toContainText('Which organelle')
  await expect(page.getByRole('radio', { name: 'Mitochondrion' })).toBeChecked()

  // Reload in the middle: the attempt resumes with its saved answers.
  if (!isNoJs()) await expect(page.getByTestId('save-status')).toHaveText('All answers saved')
  await page.reload()
  await expect(page.getByRole('radio', { name: 'Mitochondrion' })).toBeChecked()
  await expect(page.getByTestId('attempted-count')).toHaveText('2')
  await expect(page.getByTestId('marked-count')).toHaveText('1')
  const saved = await db
    .selectFrom('attempt_answers as aa')
    .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
    .select(['aa.selected_option', 'aa.marked_for_review'])
    .where('a.user_id', '=', user.id)
    .execute()
  expect(saved).toHaveLength(2)

  // The palette: jump to question 3 (a link), answer, submit.
  await page.getByRole('link', { name: /^Question 3/ }).click()
  await expect(page.getByTestId('question-text')).toContainText('powerhouse enzyme')
  await expect(page.getByRole('button', { name: 'Save & Next' })).toHaveCount(0)
  await page.getByRole('radio', { name: 'Hexokinase' }).check()
  await page.getByRole('button', { name: 'Submit Test' }).click()
  // The final submit shows the summary first (a confirmation page without JS, a dialog with JS).
  await page.getByRole('button', { name: 'Yes, submit' }).click()

  await expect(page).toHaveURL(new RegExp(`/quiz/result/${quiz.id}$`))
  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(page.getByTestId('score')).toHaveText('Score: 1.75 / 3')
  const items = page.getByTestId('review-item')
  await expect(items.nth(0)).toContainText('Correct')
  await expect(items.nth(1)).toContainText('Incorrect')
  await expect(items.nth(2)).toContainText('Correct')
  await page.reload()
  await expect(page.getByTestId('score')).toHaveText('Score: 1.75 / 3')

  // Back on the list the card says Go to Result, which opens the leaderboard.
  await page.goto('/quizzes')
  await page
    .getByTestId('quiz-card')
    .filter({ hasText: `Flow ${tag}` })
    .getByRole('link', { name: 'Go to Result' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/quiz/leaderboard/${quiz.id}$`))
  await expect(page.getByRole('heading', { name: `Flow ${tag}` })).toBeVisible()
  await expect(page.getByTestId('podium').first()).toContainText(`Flow Learner ${tag}`)
  await expect(page.getByTestId('my-rank')).toContainText('#1')

  // Coming back to the quiz shows the result, not a second attempt.
  await page.goto(`/quiz/${quiz.id}`)
  await expect(page).toHaveURL(new RegExp(`/quiz/result/${quiz.id}$`))
})

test('the answer key is in no response before submit (canary in every explanation)', async ({ page, db, loginAs }) => {
  const canary = `CANARY${crypto.randomBytes(8).toString('hex')}`
  const quiz = await createQuiz(db, {
    title: `Canary ${canary.slice(-6)}`,
    timeLimit: 20,
    questions: questions('c', `${canary} explained`),
  })
  await loginAs('user')
  const bodies: { url: string; body: string }[] = []
  page.on('response', async (res) => {
    try {
      bodies.push({ url: res.url(), body: await res.text() })
    } catch {}
  })
  await page.goto('/quizzes')
  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await expect(page.getByTestId('question-text')).toBeVisible()
  for (const q of [2, 3]) {
    await page.goto(`/quiz/${quiz.id}?q=${q}`)
    await expect(page.getByTestId('question-text')).toBeVisible()
  }
  await page.getByRole('radio', { name: 'Hexokinase' }).check()
  if (!isNoJs()) await expect(page.getByTestId('save-status')).toHaveText('All answers saved')
  await page.goto(`/quiz/result/${quiz.id}`)
  await expect(page.getByText('No quiz result available.')).toBeVisible()

  const r = page.request
  const extra = [
    `/quizzes.data`,
    `/quiz/${quiz.id}.data`,
    `/quiz/${quiz.id}.data?q=2`,
    `/quiz/result/${quiz.id}.data`,
    `/quiz/leaderboard/${quiz.id}.data`,
    `/api/v1/quiz`,
    `/api/v1/quiz/${quiz.id}`,
    `/api/v1/quiz/${quiz.id}/leaderboard`,
  ]
  for (const url of extra) bodies.push({ url, body: await (await r.get(url)).text() })
  const save = await r.post(`/api/v1/quiz/${quiz.id}/answers`, {
    data: { answers: [{ questionId: quiz.questionIds[0], selectedOption: 0 }] },
  })
  expect(save.status()).toBe(200)
  bodies.push({ url: 'answers', body: await save.text() })

  const keyMarks = /correct_?option|correctAnswer|isCorrect|explanation/i
  for (const { url, body } of bodies) {
    expect(body.includes(canary), `canary in ${url}`).toBe(false)
    if (!/\.(css|svg|png|ico)(\?|$)/.test(url) && !url.includes('/assets/'))
      expect(keyMarks.test(body), `answer-key field in ${url}`).toBe(false)
  }
  // No built JS asset holds a canary (the key lives only in the database).
  const assets = path.join(E2E.buildDir, 'client', 'assets')
  for (const file of fs.readdirSync(assets)) {
    const text = fs.readFileSync(path.join(assets, file), 'utf8')
    expect(text.includes(canary), `canary in ${file}`).toBe(false)
    // The test view's own code has no notion of a correct option at all.
    if (/^(attempt|list|leaderboard)-/.test(file))
      expect(keyMarks.test(text), `answer-key field in ${file}`).toBe(false)
  }
  expect(bodies.length).toBeGreaterThan(10)

  // After submitting, the learner's own result shows the explanation: the check above can fail.
  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Submit Test' }).click()
  // The final submit shows the summary first (a confirmation page without JS, a dialog with JS).
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page.getByRole('heading', { name: 'Quiz Results' })).toBeVisible()
  await expect(page.getByText(canary).first()).toBeVisible()
})

test('a paid quiz without access is denied on every path', async ({ page, db, loginAs }) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Paid ${tag}`, category: 'paid', questions: questions(tag) })
  const user = await loginAs('user')
  await page.goto('/quizzes')
  const card = page.getByTestId('quiz-card').filter({ hasText: `Paid ${tag}` })
  // Buying's <UnlockPremiumButton/>: the list ships no script, so it is the link to the unlock page.
  await expect(card.getByRole('link', { name: 'Unlock Premium Test' })).toHaveAttribute('href', '/quizzes/unlock')
  await expect(card.getByRole('link', { name: 'Attempt' })).toHaveCount(0)
  await page.goto(`/quiz/${quiz.id}`)
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible()
  await expect(page.getByText('You do not have access to this quiz.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start Quiz' })).toHaveCount(0)

  const r = page.request
  expect((await r.post(`/quiz/${quiz.id}`, { form: { intent: 'start' }, maxRedirects: 0 })).status()).toBe(403)
  expect((await r.post(`/quiz/${quiz.id}`, { form: { intent: 'submit' }, maxRedirects: 0 })).status()).toBe(403)
  expect((await r.get(`/api/v1/quiz/${quiz.id}`)).status()).toBe(403)
  expect((await r.post(`/api/v1/quiz/submit`, { data: { quizId: quiz.id, answers: [] } })).status()).toBe(403)
  expect((await r.post(`/api/v1/quiz/${quiz.id}/answers`, { data: { answers: [] } })).status()).toBe(403)
  expect((await r.get(`/api/v1/quiz/${quiz.id}/leaderboard`)).status()).toBe(403)
  await page.goto(`/quiz/result/${quiz.id}`)
  await expect(page.getByText('No quiz result available.')).toBeVisible()
  await page.goto(`/quiz/leaderboard/${quiz.id}`)
  await expect(page.getByText('You do not have access to this quiz.')).toBeVisible()
  expect(await db.selectFrom('attempts').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)

  // With access the same quiz opens.
  await db.updateTable('users').set({ has_access_to_quizzes: 1 }).where('id', '=', user.id).execute()
  await page.goto('/quizzes')
  await expect(
    page
      .getByTestId('quiz-card')
      .filter({ hasText: `Paid ${tag}` })
      .getByRole('link', { name: 'Attempt' }),
  ).toBeVisible()
})

test('signed out: cards say Login to attempt; the quiz page says why', async ({ page, db }) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Open ${tag}`, questions: questions(tag) })
  await page.goto('/quizzes')
  await expect(page.getByRole('heading', { name: 'Available Quizzes' })).toBeVisible()
  const link = page
    .getByTestId('quiz-card')
    .filter({ hasText: `Open ${tag}` })
    .getByRole('link', { name: 'Login to attempt' })
  await expect(link).toHaveAttribute('href', '/login?redirectTo=/quizzes')
  await page.goto(`/quiz/${quiz.id}`)
  await expect(page.getByText('Unauthorized. Please login to access this quiz.')).toBeVisible()
  await page.goto(`/quiz/${'e'.repeat(24)}`)
  expect((await page.request.get(`/quiz/${'e'.repeat(24)}`)).status()).toBe(401)
  expect((await page.request.get(`/api/v1/quiz/${quiz.id}`)).status()).toBe(401)
})

test('unknown quiz and empty leaderboard', async ({ page, db, loginAs }) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Empty ${tag}`, questions: questions(tag) })
  await loginAs('user')
  await page.goto(`/quiz/${'e'.repeat(24)}`)
  await expect(page.getByText('Quiz not found.')).toBeVisible()
  await page.goto(`/quiz/leaderboard/${quiz.id}`)
  await expect(page.getByText('No participants yet.')).toBeVisible()
  await page.goto(`/quiz/leaderboard/${'e'.repeat(24)}`)
  await expect(page.getByText('Leaderboard not found.')).toBeVisible()
})

test('the server enforces the deadline: past deadline + grace the attempt is scored with what was saved', async ({
  page,
  db,
  loginAs,
}) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Deadline ${tag}`, timeLimit: 5, questions: questions(tag) })
  const user = await loginAs('user')
  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await page.getByRole('radio', { name: 'Mitochondrion' }).check()
  await page.getByRole('button', { name: 'Save & Next' }).click()
  await expect(page.getByTestId('question-text')).toContainText('DNA replication')
  if (!isNoJs()) await expect(page.getByTestId('save-status')).toHaveText('All answers saved')
  // Move the clock: the questions were written 8 minutes ago, the attempt started 7 minutes ago (deadline 2
  // minutes ago, grace over), the answer was saved 6 minutes ago.
  const now = Date.now()
  await db
    .updateTable('questions')
    .set({ created_at: new Date(now - 8 * 60_000).toISOString() })
    .where('quiz_id', '=', quiz.id)
    .execute()
  await db
    .updateTable('attempts')
    .set({
      started_at: new Date(now - 7 * 60_000).toISOString(),
      deadline_at: new Date(now - 2 * 60_000).toISOString(),
    })
    .where('user_id', '=', user.id)
    .execute()
  const attempt = await db.selectFrom('attempts').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()
  await db
    .updateTable('attempt_answers')
    .set({ saved_at: new Date(now - 6 * 60_000).toISOString() })
    .where('attempt_id', '=', attempt.id)
    .execute()
  // A late answer is discarded.
  const late = await page.request.post(`/quiz/${quiz.id}`, {
    form: { intent: 'next', q: '2', questionId: quiz.questionIds[1], selectedOption: '2' },
    maxRedirects: 0,
  })
  expect(late.headers()['location']).toBe(`/quiz/result/${quiz.id}`)
  await page.goto(`/quiz/${quiz.id}`)
  await expect(page).toHaveURL(new RegExp(`/quiz/result/${quiz.id}$`))
  await expect(page.getByTestId('score')).toHaveText('Score: 1 / 3')
  // The review shows the same paper the score was counted on.
  await expect(page.getByTestId('review-item')).toHaveCount(3)
})

test('with JavaScript the timer submits at zero', { tag: '@js-only' }, async ({ page, db, loginAs }) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Timer ${tag}`, timeLimit: 5, questions: questions(tag) })
  const user = await loginAs('user')
  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await page.getByRole('radio', { name: 'Mitochondrion' }).check()
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved')
  const now = Date.now()
  await db
    .updateTable('attempts')
    .set({ deadline_at: new Date(now + 4000).toISOString() })
    .where('user_id', '=', user.id)
    .execute()
  await page.reload()
  await expect(page.getByTestId('timer')).toContainText(/0:0\d/)
  await expect(page).toHaveURL(new RegExp(`/quiz/result/${quiz.id}$`), { timeout: 15_000 })
  await expect(page.getByTestId('score')).toHaveText('Score: 1 / 3')
})

test('with JavaScript a dropped connection loses no answer', { tag: '@js-only' }, async ({ page, db, loginAs }) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Offline ${tag}`, timeLimit: 30, questions: questions(tag) })
  const user = await loginAs('user')
  await page.goto(`/quiz/${quiz.id}`)
  // The other questions come from the paper after hydration; a learner who loses the connection before that has
  // only the question on screen, so the drop comes once the paper is on the phone.
  const paper = page.waitForResponse((r) => r.url().endsWith(`/quiz/${quiz.id}/paper`) && r.ok())
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await paper
  await expect(page.getByTestId('save-status')).toBeVisible()
  await page.context().setOffline(true)
  await page.getByRole('radio', { name: 'Mitochondrion' }).check()
  await page.getByRole('button', { name: 'Save & Next' }).click()
  await page.getByRole('radio', { name: 'Semi-conservative' }).check()
  await expect(page.getByText(/You are offline/)).toBeVisible()
  await page.context().setOffline(false)
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved', { timeout: 15_000 })
  const rows = await db
    .selectFrom('attempt_answers as aa')
    .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
    .select(['aa.selected_option'])
    .where('a.user_id', '=', user.id)
    .execute()
  expect(rows.map((r) => r.selected_option).sort()).toEqual([1, 2])
  await page.getByRole('button', { name: 'Submit Test' }).click()
  // The final submit shows the summary first (a confirmation page without JS, a dialog with JS).
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page.getByTestId('score')).toHaveText('Score: 2 / 3')
})

test(
  'with JavaScript a paper that failed to load is fetched again',
  { tag: '@js-only' },
  async ({ page, db, loginAs }) => {
    const tag = crypto.randomBytes(3).toString('hex')
    const quiz = await createQuiz(db, { title: `Refetch ${tag}`, timeLimit: 30, questions: questions(tag) })
    await loginAs('user')
    let dropped = 0
    await page.route(`**/quiz/${quiz.id}/paper`, (route) => (dropped++ === 0 ? route.abort() : route.continue()))
    await page.goto(`/quiz/${quiz.id}`)
    await page.getByRole('button', { name: 'Start Quiz' }).click()
    await page.getByRole('radio', { name: 'Mitochondrion' }).check()
    await page.getByRole('button', { name: 'Save & Next' }).click()
    await expect(page.getByRole('radio', { name: 'Semi-conservative' })).toBeVisible({ timeout: 10_000 })
    expect(dropped).toBe(2)
  },
)

test(
  'with JavaScript Start is one request, and a refused one posts the form as before',
  { tag: '@js-only' },
  async ({ page, db, loginAs }) => {
    const tag = crypto.randomBytes(3).toString('hex')
    const quiz = await createQuiz(db, { title: `One press ${tag}`, timeLimit: 30, questions: questions(tag) })
    await loginAs('user')
    await page.goto(`/quiz/${quiz.id}`)
    await page.waitForLoadState('networkidle')
    const sent: string[] = []
    page.on('request', (r) => {
      if (!/\.(js|css|woff2?)$/.test(r.url())) sent.push(`${r.method()} ${new URL(r.url()).pathname}`)
    })
    await page.getByRole('button', { name: 'Start Quiz' }).click()
    await expect(page.getByRole('radio', { name: 'Mitochondrion' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/quiz/${quiz.id}\\?q=1$`))
    // The start and the rest of the paper; no action, no loader data. The paper is asked for once the test view has
    // hydrated, which on a busy machine can come after a quiet half second (networkidle), so the list is polled.
    await expect
      .poll(() => sent, { timeout: 10_000 })
      .toEqual([`POST /quiz/${quiz.id}/start`, `GET /quiz/${quiz.id}/paper`])
    await page.waitForLoadState('networkidle')
    expect(sent).toEqual([`POST /quiz/${quiz.id}/start`, `GET /quiz/${quiz.id}/paper`])

    // A start the server refuses (or that never arrives) falls back to the form post: the same test page.
    const other = await createQuiz(db, { title: `Fallback ${tag}`, timeLimit: 30, questions: questions(tag) })
    await page.route(`**/quiz/${other.id}/start`, (route) => route.abort())
    await page.goto(`/quiz/${other.id}`)
    await page.getByRole('button', { name: 'Start Quiz' }).click()
    await expect(page.getByRole('radio', { name: 'Mitochondrion' })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/quiz/${other.id}\\?q=1$`))
  },
)

test('20 submits at once yield one attempt and one result', { tag: '@js-only' }, async ({ page, db, loginAs }) => {
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Race ${tag}`, questions: questions(tag) })
  const user = await loginAs('user')
  const r = page.request
  expect((await r.post(`/quiz/${quiz.id}`, { form: { intent: 'start' }, maxRedirects: 0 })).status()).toBe(302)
  const res = await Promise.all(
    Array.from({ length: 20 }, () =>
      r.post(`/quiz/${quiz.id}`, {
        form: { intent: 'submit', questionId: quiz.questionIds[0], selectedOption: '1' },
        maxRedirects: 0,
      }),
    ),
  )
  for (const x of res) expect(x.headers()['location']).toBe(`/quiz/result/${quiz.id}`)
  const rows = await db
    .selectFrom('attempts')
    .select(['score', 'submitted_at'])
    .where('user_id', '=', user.id)
    .execute()
  expect(rows).toHaveLength(1)
  expect(rows[0].score).toBe(1)
  const api = await Promise.all(
    Array.from({ length: 20 }, () => r.post('/api/v1/quiz/submit', { data: { quizId: quiz.id, answers: [] } })),
  )
  expect(api.every((x) => x.status() === 400)).toBe(true)
})
