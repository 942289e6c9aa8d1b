// Generate with AI against a local OpenAI-shaped server (good output, malformed output, wrong
// question count), through the API twin and the Create Quiz page action. Nothing is saved.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'

const port = vi.hoisted(() => {
  // Below 32768: outside Linux's ephemeral range, so no outgoing connection (PostgreSQL's, say) already holds it.
  const p = 22000 + Math.floor(Math.random() * 2000)
  process.env.OPENAI_API_KEY = 'stand-in-key'
  process.env.OPENAI_BASE_URL = `http://127.0.0.1:${p}/v1`
  process.env.OPENAI_MODEL = 'stand-in-model'
  return p
})

import { startOpenaiServer, type OpenAiStandIn } from '../support/standins/openai'
import { db } from '~/utils/db.server'
import * as adminApi from '~/routes/api/admin'
import * as createQuizPage from '~/routes/admin/create-quiz'
import { generateQuiz } from '~/services/ai.server'
import { callApi, callRoute, signedInUser } from '../support/harness'

let standIn: OpenAiStandIn
let staff = ''
beforeAll(async () => {
  standIn = await startOpenaiServer(port)
  staff = (await signedInUser('instructor')).cookie
})
afterAll(async () => standIn?.close())

const request = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'Practice set',
  subject: 'Biology',
  topic: 'Cell biology',
  category: 'free',
  ...extra,
})

describe('AI quiz generation', () => {
  test('good output: exactly N questions, 4 options, correct 0-3, defaults applied, nothing saved', async () => {
    const before = await db
      .selectFrom('quizzes')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/generate-quiz', {
      json: request('Cells'),
      cookie: staff,
    })
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.quiz).toMatchObject({
      title: 'Cells',
      description: 'Practice set',
      category: 'free',
      timeLimit: 10,
    })
    expect(res.body.quiz.questions).toHaveLength(5)
    for (const q of res.body.quiz.questions) {
      expect(q.options).toHaveLength(4)
      expect(q.correctOption).toBeGreaterThanOrEqual(0)
      expect(q.correctOption).toBeLessThanOrEqual(3)
    }
    const sent = standIn.requests.at(-1) as {
      model: string
      response_format: { type: string; json_schema: { schema: { properties: { questions: { minItems: number } } } } }
    }
    expect(sent.model).toBe('stand-in-model')
    expect(sent.response_format.type).toBe('json_schema')
    expect(sent.response_format.json_schema.schema.properties.questions.minItems).toBe(5)
    const after = await db
      .selectFrom('quizzes')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(after.n).toBe(before.n)
  })

  test('numQuestions is honoured', async () => {
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/generate-quiz', {
      json: request('Genes', { numQuestions: 3, difficulty: 'hard' }),
      cookie: staff,
    })
    expect(res.status).toBe(200)
    expect(res.body.quiz.questions).toHaveLength(3)
  })

  test('malformed output is a clear JSON error', async () => {
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/generate-quiz', {
      json: request('malformed please'),
      cookie: staff,
    })
    expect(res.status).toBe(500)
    expect(res.body).toMatchObject({ success: false, message: 'AI returned invalid JSON' })
  })

  test('a wrong question count is refused', async () => {
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/generate-quiz', {
      json: request('wrong-count'),
      cookie: staff,
    })
    expect(res.status).toBe(500)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toMatch(/exactly 5 questions/)
  })

  test('an empty answer is "No response from AI"; a server error is a friendly failure', async () => {
    expect(
      (await callApi(adminApi, 'POST', '/api/v1/admin/generate-quiz', { json: request('empty-answer'), cookie: staff }))
        .body.message,
    ).toBe('No response from AI')
    const failed = await callApi(adminApi, 'POST', '/api/v1/admin/generate-quiz', {
      json: request('server-error'),
      cookie: staff,
    })
    expect(failed.status).toBe(500)
    expect(failed.body.message).toBe('Quiz generation failed. Please try again later.')
  })

  test('bad input is a 400, not a call to the AI', async () => {
    const count = standIn.requests.length
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/generate-quiz', {
      json: { title: ['x'], description: 'd' },
      cookie: staff,
    })
    expect(res.status).toBe(400)
    expect(standIn.requests.length).toBe(count)
  })

  test('not configured: a clear message', async () => {
    await expect(
      generateQuiz({ ...request('x'), numQuestions: 5, timeLimit: 10, difficulty: 'medium', category: 'free' }, {}),
    ).rejects.toThrow('AI generation is not configured')
  })

  test('the page action fills the manual form (also without JS) and reports errors with their fixed messages', async () => {
    const good = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { intent: 'ai', ...request('Page quiz'), numQuestions: '2', timeLimit: '15', difficulty: 'easy' },
      cookie: staff,
    })
    const data = good.data as {
      kind: string
      message: string
      values: { title: string; timeLimit: string; questions: Array<{ correctOption: string; options: string[] }> }
    }
    expect(data.kind).toBe('fill')
    expect(data.message).toBe('AI generated quiz!')
    expect(data.values.title).toBe('Page quiz')
    expect(data.values.timeLimit).toBe('15')
    expect(data.values.questions).toHaveLength(2)
    expect(data.values.questions[0].correctOption).toBe('1') // shown 1-4
    const bad = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { intent: 'ai', ...request('malformed') },
      cookie: staff,
    })
    expect((bad.data as { message: string }).message).toBe('Error generating quiz')
    const empty = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { intent: 'ai', ...request('empty-answer') },
      cookie: staff,
    })
    expect((empty.data as { message: string }).message).toBe('No quiz data returned')
  })
})

describe('AI drafts with question markup', () => {
  test('the prompt asks for LaTeX and mhchem; a draft that renders comes back with no problems and saves', async () => {
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/generate-quiz', {
      json: request('latex kinetics'),
      cookie: staff,
    })
    expect(res.status).toBe(200)
    expect(res.body.problems).toEqual([])
    const system = JSON.stringify(standIn.requests.at(-1))
    expect(system).toContain('LaTeX')
    expect(system).toContain('\\\\ce{...}')
    const saved = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: { ...res.body.quiz, category: 'free' },
      cookie: staff,
    })
    expect(saved.status).toBe(201)
    const row = await db
      .selectFrom('questions')
      .select(['question_text', 'question_html'])
      .where('quiz_id', '=', saved.body.quiz._id)
      .orderBy('position')
      .executeTakeFirstOrThrow()
    expect(row.question_text).toContain('\\ce{2H2 + O2 -> 2H2O}')
    expect(row.question_html).toContain('<math display="block"')
  })

  test('a draft question whose markup does not render is reported, on the API and the page, and not saved broken', async () => {
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/generate-quiz', {
      json: request('bad-latex kinetics'),
      cookie: staff,
    })
    expect(res.status).toBe(200)
    expect(res.body.problems).toEqual(['Question 2, option C: unknown command \\foo'])
    const saved = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: { ...res.body.quiz, category: 'free' },
      cookie: staff,
    })
    expect(saved.status).toBe(400)
    expect(saved.body.message).toBe('Question 2, option C: unknown command \\foo')

    const page = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { intent: 'ai', ...request('bad-latex page'), numQuestions: '3', timeLimit: '15', difficulty: 'easy' },
      cookie: staff,
    })
    const data = page.data as { kind: string; problems: string[]; values: { questions: Array<{ options: string[] }> } }
    expect(data.kind).toBe('fill')
    expect(data.problems).toEqual(['Question 2, option C: unknown command \\foo'])
    expect(data.values.questions[1]!.options[2]).toBe('$\\foo{2}$')
  })
})
