import crypto from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { createQuiz } from '../../db/factories'
import { expect, test } from '../support/fixtures'

// Details of the quiz screens, each in the js and nojs projects.

const isNoJs = () => test.info().project.name === 'nojs'
const phone = { width: 390, height: 844 }

function questions(tag: string) {
  return [
    {
      questionText: `${tag} Which organelle makes ATP?`,
      options: ['Nucleus', 'Mitochondrion', 'Golgi', 'Ribosome'],
      correctOption: 1,
    },
    {
      questionText: `${tag} DNA replication is`,
      options: ['Conservative', 'Dispersive', 'Semi-conservative', 'Random'],
      correctOption: 2,
    },
  ]
}

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  expect(b, 'element has a box').not.toBeNull()
  return b!
}

function intersects(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

const whatsapp = (page: Page) => page.locator('summary', { hasText: "Let's Connect" })

test('signed out: a premium card offers Unlock Premium Test with the server price; Enroll Now asks to log in and comes back to /quizzes', async ({
  page,
  db,
  makeUser,
}) => {
  const tag = crypto.randomBytes(3).toString('hex')
  await createQuiz(db, { title: `Premium ${tag}`, category: 'paid', questions: questions(tag) })
  await createQuiz(db, { title: `Open ${tag}`, questions: questions(tag) })
  const price = (await (await page.request.get('/api/v1/quiz/bundle/price')).json()).quizPrice as {
    discountedPrice: number
  }

  await page.goto('/quizzes')
  const premium = page.getByTestId('quiz-card').filter({ hasText: `Premium ${tag}` })
  // 'Login to attempt' is for free quizzes only.
  await expect(premium.getByText('Login to attempt')).toHaveCount(0)
  await expect(
    page
      .getByTestId('quiz-card')
      .filter({ hasText: `Open ${tag}` })
      .getByRole('link', { name: 'Login to attempt' }),
  ).toHaveAttribute('href', '/login?redirectTo=/quizzes')

  // The list ships no script: the card links to the offer's own page, JS on or off.
  const link = premium.getByRole('link', { name: 'Unlock Premium Test' })
  await expect(link).toHaveAttribute('href', '/quizzes/unlock')
  await link.click()
  await expect(page).toHaveURL(/\/quizzes\/unlock$/)
  const offer = page.locator('main')
  await expect(offer.getByRole('heading', { name: 'Unlock Premium Quizzes' })).toBeVisible()
  await expect(offer.getByTestId('bundle-price')).toHaveText(`₹${price.discountedPrice.toLocaleString('en-IN')}`)
  await offer.getByRole('button', { name: 'Enroll Now' }).click()

  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fquizzes$/)
  await expect(page.getByText('Please login to continue!')).toBeVisible()
  const user = await makeUser('user')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/quizzes$/)
  await expect(page.getByRole('heading', { name: 'Available Quizzes' })).toBeVisible()
  // Signed in without access: the same unlock offer as before.
  const again = page.getByTestId('quiz-card').filter({ hasText: `Premium ${tag}` })
  await expect(again.getByRole(isNoJs() ? 'link' : 'button', { name: 'Unlock Premium Test' })).toBeVisible()
})

test('Edit Quiz for an unknown or malformed id says Quiz not found inside the admin area (404)', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin')
  for (const id of ['e'.repeat(24), 'not-a-quiz-id']) {
    const response = await page.goto(`/admin/edit-quiz/${id}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByText('Quiz not found')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible()
    await expect(page.getByText('Page not found')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Back to Quizzes' })).toHaveAttribute('href', '/admin/quizzes')
  }
})

test('nothing floats over the test or its result at 390 px: no WhatsApp button, and the submitted toast leaves the result heading clear', async ({
  page,
  db,
  loginAs,
}) => {
  await page.setViewportSize(phone)
  const tag = crypto.randomBytes(3).toString('hex')
  const quiz = await createQuiz(db, { title: `Float ${tag}`, timeLimit: 30, questions: questions(tag) })
  await loginAs('user')
  // Elsewhere the panel is there (so the check below can fail).
  await page.goto('/quizzes')
  await expect(whatsapp(page)).toBeVisible()

  await page.goto(`/quiz/${quiz.id}`)
  await page.getByRole('button', { name: 'Start Quiz' }).click()
  await expect(page.getByTestId('question-text')).toContainText('Which organelle')
  await expect(page.getByRole('button', { name: 'Mark for Review' })).toBeVisible()
  await expect(whatsapp(page)).toHaveCount(0)
  // Nothing else sits on top of Mark for Review either.
  const mark = await box(page.getByRole('button', { name: 'Mark for Review' }))
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? null,
    { x: mark.x + mark.width / 2, y: mark.y + mark.height / 2 },
  )
  expect(onTop).toBe('Mark for Review')

  await page.getByRole('radio', { name: 'Mitochondrion' }).check()
  await page.getByRole('button', { name: 'Submit Test' }).click()
  // The final submit shows the summary first (a confirmation page without JS, a dialog with JS).
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  const heading = page.getByRole('heading', { name: 'Quiz Results' })
  const toast = page.getByRole('status').filter({ hasText: 'Your test has been submitted.' })
  await expect(heading).toBeVisible()
  await expect(toast).toBeVisible()
  const [t, h] = await Promise.all([box(toast), box(heading)])
  expect(intersects(t, h), `toast ${JSON.stringify(t)} over heading ${JSON.stringify(h)}`).toBe(false)
  // Nor over the result and its analysis: no WhatsApp button there either (it covered the tables' right edge).
  await expect(whatsapp(page)).toHaveCount(0)
  await page.reload()
  await expect(heading).toBeVisible()
  await expect(page.getByTestId('section-table')).toBeVisible()
  await expect(whatsapp(page)).toHaveCount(0)
  // The leaderboard, one link away, still has it.
  await page.getByRole('link', { name: 'View Leaderboard' }).click()
  await expect(whatsapp(page)).toBeVisible()
})

test('Create Quiz: the AI panel and the manual form have distinct labels and ids', async ({ page, loginAs }) => {
  await loginAs('admin')
  await page.goto('/admin/create-quiz')
  const main = page.locator('main')
  const labels = (await main.locator('label').allTextContents()).map((l) => l.trim().toLowerCase())
  const repeated = labels.filter((l, i) => labels.indexOf(l) !== i)
  expect(repeated, 'labels used twice on the page').toEqual([])
  const ids = await page.locator('[id]').evaluateAll((els) => els.map((e) => e.id))
  expect(
    ids.filter((id, i) => ids.indexOf(id) !== i),
    'ids used twice',
  ).toEqual([])

  // The manual form posts the field names the admin API reads, behind its plain labels.
  const form = page.locator('#quiz-form')
  await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('name', 'title')
  await expect(page.getByLabel('Description', { exact: true })).toHaveAttribute('name', 'description')
  await expect(page.getByLabel('Category', { exact: true })).toHaveAttribute('name', 'category')
  await expect(page.getByLabel('Time Limit (minutes)', { exact: true })).toHaveAttribute('name', 'timeLimit')
  await expect(form.getByLabel('Title', { exact: true })).toHaveCount(1)
  // The AI panel's fields say what they are for, and keep the AI request's names.
  await page.getByText('Generate with AI').click()
  await expect(page.getByLabel('AI draft title')).toHaveAttribute('name', 'title')
  await expect(page.getByLabel('AI draft description')).toHaveAttribute('name', 'description')
  await expect(page.getByLabel('AI draft category')).toHaveAttribute('name', 'category')
  await expect(page.getByLabel('AI draft time limit (minutes)')).toHaveAttribute('name', 'timeLimit')
})
