import OpenAI from 'openai'
import { z } from 'zod'
import { getEnv } from '~/utils/env.server'
import type { AiRequest } from '~/schemas/admin-quiz'
import type { QuizInput } from '~/lib/quiz/quiz-input'
import { markupMessage, renderQuestionMarkup } from '~/lib/markup/question'

// AI quiz drafts from any OpenAI-compatible endpoint: OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL.
// The answer is a JSON-schema structured output, checked again by Zod: exactly N questions, 4 options, correct 0-3.
// Drafts may use question markup (LaTeX, mhchem); each question is rendered as a save would render it, and what
// does not render is reported with the draft ("Question 2, option C: unknown command \foo") rather than dropped.
// Nothing is saved here: the draft fills the manual form, whose Save refuses such markup again.

export type AiErrorCode = 'not_configured' | 'empty' | 'invalid' | 'failed'
export class AiError extends Error {
  constructor(
    public code: AiErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export type AiConfig = { apiKey?: string; baseURL?: string; model?: string }

export function aiConfigFromEnv(): AiConfig {
  const env = getEnv()
  return { apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL }
}

export const DEFAULT_MODEL = 'gpt-4o-mini'

function quizJsonSchema(n: number) {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['questions'],
    properties: {
      questions: {
        type: 'array',
        minItems: n,
        maxItems: n,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['questionText', 'options', 'correctOption', 'explanation'],
          properties: {
            questionText: { type: 'string' },
            options: { type: 'array', minItems: 4, maxItems: 4, items: { type: 'string' } },
            correctOption: { type: 'integer', minimum: 0, maximum: 3 },
            explanation: { type: 'string' },
          },
        },
      },
    },
  }
}

const answerSchema = (n: number) =>
  z.object({
    questions: z
      .array(
        z.object({
          questionText: z.string().trim().min(1).max(2000),
          options: z.array(z.string().trim().min(1).max(500)).length(4),
          correctOption: z.number().int().min(0).max(3),
          explanation: z.string().trim().max(2000).optional(),
        }),
      )
      .length(n),
  })

/** A drafted quiz and the markup problems of its questions (empty when every question renders). */
export type AiDraft = QuizInput & { problems: string[] }

export async function generateQuiz(request: AiRequest, config: AiConfig = aiConfigFromEnv()): Promise<AiDraft> {
  if (!config.apiKey) throw new AiError('not_configured', 'AI generation is not configured')
  const client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseURL, timeout: 60_000, maxRetries: 1 })
  const n = request.numQuestions
  let content: string | null | undefined
  try {
    const completion = await client.chat.completions.create({
      model: config.model ?? DEFAULT_MODEL,
      messages: [
        {
          role: 'system',
          content:
            'You write multiple-choice questions for Indian biology and microbiology entrance exams. Each question has exactly four options and one correct option (index 0-3). Be factually careful. ' +
            'Write formulas in LaTeX between $...$ (or $$...$$ for a formula on its own line), chemical formulas and equations as $\\ce{...}$ (mhchem), and \\$ for a dollar sign. Markdown **bold** and *italic* are allowed; no HTML.',
        },
        {
          role: 'user',
          content: [
            `Quiz title: ${request.title}`,
            `Description: ${request.description}`,
            `Subject: ${request.subject}`,
            `Topic: ${request.topic}`,
            `Difficulty: ${request.difficulty}`,
            `Number of questions: ${n}`,
            'Give a one-sentence explanation for each correct answer.',
          ].join('\n'),
        },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'quiz', strict: true, schema: quizJsonSchema(n) } },
    })
    content = completion.choices[0]?.message?.content
  } catch (error) {
    console.error('[ai] request failed:', error instanceof Error ? error.message : error)
    throw new AiError('failed', 'Quiz generation failed. Please try again later.')
  }
  if (!content || !content.trim()) throw new AiError('empty', 'No quiz data returned')
  let parsed: unknown
  try {
    parsed = JSON.parse(content)
  } catch {
    throw new AiError('invalid', 'AI returned invalid JSON')
  }
  const checked = answerSchema(n).safeParse(parsed)
  if (!checked.success)
    throw new AiError('invalid', `AI returned an invalid quiz (expected exactly ${n} questions with four options each)`)
  const questions = checked.data.questions.map((q) => ({ ...q, explanation: q.explanation || undefined }))
  return {
    title: request.title,
    description: request.description,
    category: request.category,
    timeLimit: request.timeLimit,
    questions,
    problems: questions.flatMap((q, i) => {
      const r = renderQuestionMarkup(q)
      return r.ok ? [] : r.problems.map((p) => markupMessage(i, p))
    }),
  }
}
