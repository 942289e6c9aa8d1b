import { z } from 'zod'

// The test view's form and the answer payloads shared by the page, its background saver and the
// API twin. Every button of the no-JS test view is a submit named `intent`; the radio group is `selectedOption`.

export const ATTEMPT_INTENTS = [
  'start',
  'practice',
  'save',
  'clear',
  'previous',
  'next',
  'mark',
  'review',
  'submit',
] as const
export type AttemptIntent = (typeof ATTEMPT_INTENTS)[number]

const option = z
  .number()
  .int('Choose one of the four options')
  .min(0, 'Choose one of the four options')
  .max(3, 'Choose one of the four options')
const questionId = z.string().regex(/^[0-9a-f]{24}$/, 'Invalid question')

/**
 * One saved answer: selectedOption null means "no answer" (cleared); markedForReview is optional. MSQ answers
 * carry `selectedOptions` (distinct 0-3, empty = cleared) and NAT answers `numericAnswer` (the text as typed,
 * checked by the model with parseNumericAnswer; blank = cleared); each question type reads its own field.
 * `timeSpentMs` (optional) is time spent on the question since the last save, added to its total.
 */
export const answerSchema = z.object({
  questionId,
  selectedOption: option.nullable(),
  selectedOptions: z.array(option).max(4, 'Choose at most four options').nullable().optional(),
  numericAnswer: z.string().max(100, 'That is too long').nullable().optional(),
  markedForReview: z.boolean().optional(),
  timeSpentMs: z.number().int().min(0).max(3_600_000).optional(),
})
export type AnswerInput = z.infer<typeof answerSchema>

export const answerListSchema = z.array(answerSchema).max(500, 'Too many answers')

/** The test-view form. `answers` (JSON) is only sent by the enhanced page, with every answer it holds. */
export const attemptFormSchema = z.object({
  intent: z.enum(ATTEMPT_INTENTS, { error: 'Unknown action' }),
  q: z.number().int().min(1).max(1000).optional(),
  questionId: questionId.optional(),
  selectedOption: option.optional(),
  /** MSQ checkboxes (several values 0-3). */
  selectedOptions: z.array(option).max(4).optional(),
  /** NAT text input, as typed. */
  numericAnswer: z.string().max(100).optional(),
  /** When the server rendered the question (ISO): the time spent on it without JS. */
  shownAt: z.string().max(40).optional(),
  /** practice attempts: 'timed' or 'untimed' (intent=practice). */
  practiceTiming: z.enum(['timed', 'untimed']).optional(),
  answers: z.string().max(100_000).optional(),
})
export type AttemptForm = z.infer<typeof attemptFormSchema>

/** Parses the enhanced page's `answers` field; bad JSON or shapes are dropped rather than failing the post. */
export function parseAnswersField(value: string | undefined): AnswerInput[] {
  if (!value) return []
  try {
    const parsed = answerListSchema.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : []
  } catch {
    return []
  }
}

/** One item of POST quiz/submit's `answers` (docs/legacy-api.md §2.4): unattempted ones may be omitted or null. */
export const submitAnswerSchema = z.object({
  questionId: z.string(),
  selectedOption: z.number().int().min(0).max(3).nullable().optional(),
})
