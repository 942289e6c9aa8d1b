import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { createBankQuestion } from '../../db/factories'
import { expect, test } from '../support/fixtures'
import { axeViolations } from '../support/axe'

// Practice from the question bank, JS on and off, at 320 px: a learner builds a practice test of one topic's previous
// year questions (topic + year), is told when fewer matched than asked, answers, submits and then sees the keys and
// explanations; a count out of range is refused with the choices kept; previous year papers open as a test. Axe clean.

const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')

async function fits(page: Page, what: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), what).toBe(true)
  if (!nojs()) expect(await axeViolations(page), `axe: ${what}`).toEqual([])
}

test('a learner builds a practice test of one topic’s PYQs, answers, submits and sees the keys', async ({
  page,
  db,
  loginAs,
}) => {
  const t = unique()
  const topic = `Genetics ${t}`
  // The year is the test's own, so the previous year paper below holds only these questions.
  const year = 1990 + (parseInt(t, 16) % 100)
  const tags = { subject: 'Biology', topic, exams: ['GAT-B'], year }
  await createBankQuestion(db, {
    ...tags,
    question: {
      questionText: `${t} Which base pairs with adenine?`,
      options: [`${t} thymine`, `${t} guanine`, `${t} cytosine`, `${t} uracil`],
      correctOption: 0,
      explanation: `${t} two hydrogen bonds`,
    },
  })
  await createBankQuestion(db, {
    ...tags,
    question: {
      questionText: `${t} Okazaki fragments form on the`,
      options: [`${t} leading strand`, `${t} lagging strand`, `${t} promoter`, `${t} telomere`],
      correctOption: 1,
      explanation: `${t} discontinuous synthesis`,
    },
  })
  // The same topic in another year: left out by the year filter.
  await createBankQuestion(db, {
    ...tags,
    year: year + 1,
    question: { questionText: `${t} other year`, options: ['a', 'b', 'c', 'd'], correctOption: 0 },
  })
  const me = await loginAs('user', { hasAccessToQuizzes: true })
  expect(me.id).toBeTruthy()
  await page.setViewportSize({ width: 320, height: 800 })

  await page.goto('/practice')
  await expect(page.getByRole('heading', { name: 'Build a practice test' })).toBeVisible()
  await expect(page.getByLabel('Questions I have not seen first')).toBeChecked()
  await expect(page.getByLabel(/Number of questions/)).toHaveValue('20')
  await fits(page, '/practice at 320 px')

  // Out of range: refused on the page, with what was chosen kept.
  await page.getByRole('checkbox', { name: topic }).check()
  await page.getByLabel('Year').selectOption(String(year))
  await page.getByLabel(/Number of questions/).fill('3')
  await page.getByRole('button', { name: 'Start practice test' }).click()
  await expect(page.getByText('Choose from 5 to 100 questions')).toBeVisible()
  await expect(page.getByRole('checkbox', { name: topic })).toBeChecked()
  await expect(page.getByLabel('Year')).toHaveValue(String(year))
  await expect(page.getByLabel(/Number of questions/)).toHaveValue('3')
  await fits(page, 'the refusal at 320 px')

  await page.getByLabel(/Number of questions/).fill('10')
  await page.getByRole('button', { name: 'Start practice test' }).click()
  await expect(page).toHaveURL(/\/practice\/sets\/[0-9a-f]{24}\?q=1$/)
  await expect(page.getByRole('heading', { name: `Practice: ${topic} · ${year} (2)` })).toBeVisible()
  await expect(page.getByText('Only 2 questions matched; your test has 2.')).toBeVisible()
  await expect(page.getByTestId('timer')).toContainText('No time limit')
  // No key and no explanation on the test page.
  await expect(page.getByText(`${t} two hydrogen bonds`)).toHaveCount(0)
  if (!nojs()) await expect(page.getByTestId('save-status')).toHaveText('All answers saved')

  // Answer both (the order is random): the right option of whichever question shows.
  for (let i = 0; i < 2; i++) {
    const text = await page.getByTestId('question-text').innerText()
    const right = text.includes('adenine') ? `${t} thymine` : `${t} lagging strand`
    await page.getByRole('radio', { name: right }).check()
    if (i === 0) {
      await page.getByRole('button', { name: 'Save & Next' }).click()
      await expect(page.getByTestId('question-text')).not.toHaveText(text)
      if (!nojs()) await expect(page.getByTestId('save-status')).toHaveText('All answers saved')
    }
  }
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await page.getByRole('button', { name: 'Yes, submit' }).click()
  await expect(page).toHaveURL(/\/practice\/sets\/[0-9a-f]{24}\/result$/)
  await expect(page.getByTestId('practice-score')).toHaveText('2.00 / 2.00')
  const items = page.getByTestId('review-item')
  await expect(items).toHaveCount(2)
  await expect(items.filter({ hasText: 'adenine' }).getByTestId('answer-key')).toHaveText('A')
  await expect(items.filter({ hasText: 'Okazaki' }).getByTestId('answer-key')).toHaveText('B')
  await expect(page.getByText(`${t} two hydrogen bonds`)).toBeVisible()
  await expect(page.getByText(`${t} discontinuous synthesis`)).toBeVisible()
  await fits(page, 'the practice result at 320 px')

  // Previous year papers: this year's GAT-B paper, opened as an untimed test.
  await page.goto('/practice')
  await page.getByRole('link', { name: 'Previous year papers' }).click()
  await expect(page.getByRole('heading', { name: 'Previous year papers' })).toBeVisible()
  const entry = page.getByRole('listitem').filter({ hasText: `GAT-B ${year}` })
  await expect(entry).toContainText(/— \d+ questions?/)
  await fits(page, '/practice/pyq at 320 px')
  await entry.getByRole('button', { name: `Practise GAT-B ${year}` }).click()
  await expect(page).toHaveURL(/\/practice\/sets\/[0-9a-f]{24}\?q=1$/)
  await expect(page.getByRole('heading', { name: new RegExp(`^Practice: GAT-B ${year} \\(\\d+\\)$`) })).toBeVisible()
  await expect(page.getByTestId('timer')).toContainText('No time limit')
})
