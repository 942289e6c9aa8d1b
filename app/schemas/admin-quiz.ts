import { z } from 'zod'

// Quiz forms (spec 2 §5): the page shows the correct option 1-4, the server and the API hold 0-3.

const text = (label: string, max = 2000) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
const CATEGORIES = ['free', 'paid'] as const
const category = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(CATEGORIES, { error: 'Category must be Free or Paid' }),
)
const timeLimit = z
  .number({ error: 'Time limit must be a number' })
  .int('Time limit must be whole minutes')
  .min(0, 'Time limit cannot be negative')
  .max(600, 'Time limit is at most 600 minutes')
const options = z
  .array(text('Option', 500), { error: 'Four options are required' })
  .length(4, 'Four options are required')
const explanation = z.string().trim().max(2000, 'Explanation is too long').optional()

export const MAX_QUESTIONS = 200

/** The Create/Edit Quiz page form (Conform field names `questions[i].options[j]`, ...). */
export const quizFormSchema = z.object({
  title: text('Title', 200),
  description: text('Description'),
  category,
  timeLimit: timeLimit.optional(),
  questions: z
    .array(
      z.object({
        questionText: text('Question'),
        options,
        correctOption: z
          .number({ error: 'Correct option is required' })
          .int('Correct option must be 1 to 4')
          .min(1, 'Correct option must be 1 to 4')
          .max(4, 'Correct option must be 1 to 4'),
        explanation,
      }),
      { error: 'Add at least one question' },
    )
    .min(1, 'Add at least one question')
    .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`),
})
export type QuizFormFields = z.infer<typeof quizFormSchema>

/** The API body of create-quiz and PUT quiz/{id} (correctOption zero-based). */
export const quizApiSchema = z.object({
  title: text('Title', 200),
  description: text('Description'),
  category,
  timeLimit: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
    timeLimit,
  ),
  questions: z
    .array(
      z.object({
        questionText: text('Question'),
        options,
        correctOption: z.number().int().min(0).max(3),
        explanation: z.preprocess((v) => (v === null ? undefined : v), explanation),
      }),
    )
    .min(1)
    .max(MAX_QUESTIONS),
})

export type QuestionDraft = { questionText: string; options: string[]; correctOption: number; explanation?: string }
/** A quiz as the model stores it: correct option 0-3. */
export type QuizInput = {
  title: string
  description: string
  category: 'free' | 'paid'
  timeLimit: number
  questions: QuestionDraft[]
}

export function formToQuizInput(f: QuizFormFields): QuizInput {
  return {
    title: f.title,
    description: f.description,
    category: f.category,
    timeLimit: f.timeLimit ?? 0,
    questions: f.questions.map((q) => ({
      questionText: q.questionText,
      options: q.options,
      correctOption: q.correctOption - 1,
      explanation: q.explanation || undefined,
    })),
  }
}

/** Values to fill the page form from a stored or drafted quiz (correct option shown 1-4). */
export function quizToFormValues(q: Partial<QuizInput>) {
  return {
    title: q.title ?? '',
    description: q.description ?? '',
    category: q.category ?? 'free',
    timeLimit: q.timeLimit === undefined ? '' : String(q.timeLimit),
    questions: (q.questions ?? []).map((x) => ({
      questionText: x.questionText,
      options: x.options,
      correctOption: String(x.correctOption + 1),
      explanation: x.explanation ?? '',
    })),
  }
}

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const

/** Generate with AI (spec 2 §3, §9 defaults: 5 questions, 10 minutes, medium, free). */
export const aiRequestSchema = z.object({
  title: text('Title', 200),
  description: text('Description'),
  category: category.default('free'),
  subject: text('Subject', 200),
  topic: text('Topic', 200),
  numQuestions: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Number of questions must be a number' })
      .int()
      .min(1, 'At least 1 question')
      .max(30, 'At most 30 questions')
      .default(5),
  ),
  timeLimit: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    timeLimit.default(10),
  ),
  difficulty: z.enum(DIFFICULTIES, { error: 'Difficulty must be easy, medium or hard' }).default('medium'),
})
export type AiRequest = z.infer<typeof aiRequestSchema>
