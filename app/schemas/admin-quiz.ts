import { z } from 'zod'
import { readMarkUnits } from '~/lib/quiz/marks'
import { compareDecimals, parseNumericAnswer, readBoundText } from '~/lib/quiz/numeric'
import { OPTION_COUNT, type QuestionType } from '~/lib/quiz/scoring'
import { windowProblem } from '~/lib/quiz/window'
import { windowFromIso, windowFromLocal } from '~/lib/quiz/window-input'

// Quiz forms: the page shows the correct option 1-4, the server and the API hold 0-3. Schemas only: the editing
// model's types are app/lib/quiz/quiz-input.ts, the mappers to and from them app/schemas/quiz-form.ts.

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

const explanation = z
  .string({ error: 'Explanation must be text' })
  .trim()
  .max(2000, 'Explanation is too long')
  .optional()

// ---------------------------------------------------------------------------------------------------------------
// Exam fields: type, marks, MSQ/NAT keys, section, topic, quiz marking defaults
// ---------------------------------------------------------------------------------------------------------------

export const QUESTION_TYPES = ['mcq', 'msq', 'nat'] as const satisfies readonly QuestionType[]

const nullToUndefined = (v: unknown) => (v === null ? undefined : v)

const questionType = z.enum(QUESTION_TYPES, { error: 'Type must be mcq, msq or nat' }).default('mcq')

const label = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(100, `${what} is too long`)

/**
 * Marks as typed or sent: a number (0.25) or a string ("1/3", "0.25", "2"); see readMarks. Kept as the raw
 * text/number here; checkExamQuestion reads it and reports the problem on the field.
 */
const wireNumber = (what: string) =>
  z.union([z.number(), z.string().trim().max(40)], { error: `${what} must be a number or text like "1/3"` })

const wireMarks = wireNumber('Marks')

const wireNegativeMarks = wireNumber('Negative marks')

const wireBound = (what: string) =>
  z.union([z.number(), z.string().trim().max(40)], { error: `${what} must be a number, like 2.5` })

const wireTypeMarks = z.object({ marks: wireMarks.optional(), negativeMarks: wireNegativeMarks.optional() })

const wireOption = z.number({ error: 'Correct option must be a number from 0 to 3' })

const zeroBasedOption = (what: string) =>
  wireOption.int(`${what} must be 0 to 3`).min(0, `${what} must be 0 to 3`).max(3, `${what} must be 0 to 3`)

/** The page's fields of a question beyond text/options/key (Conform: blank is undefined). */
const examFormFields = {
  marks: z.string().trim().max(40).optional(),
  negativeMarks: z.string().trim().max(40).optional(),
  correctOptions: z.array(z.number({ error: 'Correct options must be 1 to 4' }).int()).optional(),
  answerMin: z.string().trim().max(40).optional(),
  answerMax: z.string().trim().max(40).optional(),
  section: label('Section').optional(),
  topic: label('Topic').optional(),
  /** The bank question the editor loaded the question from (hidden; an edit stays that question). */
  bankId: z.string().trim().max(40).optional(),
}

function checkTypeMarks(
  d:
    | Partial<Record<QuestionType, { marks?: string | number; negativeMarks?: string | number } | undefined>>
    | null
    | undefined,
  ctx: z.RefinementCtx,
) {
  for (const t of QUESTION_TYPES) {
    for (const [key, positive] of [
      ['marks', true],
      ['negativeMarks', false],
    ] as const) {
      const v = d?.[t]?.[key]
      if (v === undefined || (typeof v === 'string' && v.trim() === '')) continue
      const r = readMarkUnits(v, positive)
      if (!r.ok) ctx.addIssue({ code: 'custom', path: [t, key], message: r.message })
    }
  }
}

const formTypeMarks = z
  .object({ marks: z.string().trim().max(40).optional(), negativeMarks: z.string().trim().max(40).optional() })
  .optional()

/** Quiz defaults on the page: `markingDefaults.mcq.marks`, ... (blank = the BioCoach default). */
export const formMarkingDefaults = z
  .object({ mcq: formTypeMarks, msq: formTypeMarks, nat: formTypeMarks })
  .optional()
  .superRefine((d, ctx) => checkTypeMarks(d, ctx))

export type ExamFields = {
  type: QuestionType
  options?: (string | undefined)[]
  correctOption?: number
  marks?: string | number
  negativeMarks?: string | number
  correctOptions?: number[]
  answerMin?: string | number
  answerMax?: string | number
}

/**
 * The rules of one question by type. `base` is 1 on the page (options shown 1-4) and 0 in
 * the API. Fields that do not apply to the type are ignored (the page without JS posts them all).
 */
export function checkExamQuestion(q: ExamFields, ctx: z.RefinementCtx, { base }: { base: 0 | 1 }) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message })
  const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '')
  if (q.type !== 'nat') {
    const opts = q.options ?? []
    if (!q.options && base === 0) issue(['options'], 'Four options are required')
    else if (base === 0 && opts.length !== OPTION_COUNT) issue(['options'], 'Four options are required')
    else for (let j = 0; j < OPTION_COUNT; j++) if (blank(opts[j])) issue(['options', j], `Option ${j + 1} is required`)
  }
  if (q.type === 'mcq' && q.correctOption === undefined) issue(['correctOption'], 'Correct option is required')
  if (q.type === 'msq') {
    const chosen = q.correctOptions ?? []
    if (chosen.length === 0) issue(['correctOptions'], 'Tick at least one correct option')
    else if (new Set(chosen).size !== chosen.length) issue(['correctOptions'], 'Each correct option once')
    else if (chosen.some((o) => !Number.isInteger(o) || o < base || o > base + OPTION_COUNT - 1))
      issue(['correctOptions'], `Correct options must be ${base} to ${base + OPTION_COUNT - 1}`)
  }
  if (q.type === 'nat') {
    const min = blank(q.answerMin) ? null : readBoundText(q.answerMin!)
    const max = blank(q.answerMax) ? null : readBoundText(q.answerMax!)
    if (blank(q.answerMin)) issue(['answerMin'], 'Lowest accepted answer is required')
    else if (min === null) issue(['answerMin'], 'Lowest accepted answer must be a plain number, like 2.5')
    if (blank(q.answerMax)) issue(['answerMax'], 'Highest accepted answer is required')
    else if (max === null) issue(['answerMax'], 'Highest accepted answer must be a plain number, like 2.6')
    if (min !== null && max !== null) {
      const a = parseNumericAnswer(min)
      const b = parseNumericAnswer(max)
      if (a.ok && b.ok && compareDecimals(a.value, b.value) > 0)
        issue(['answerMax'], 'The highest accepted answer must not be below the lowest')
    }
  }
  if (!blank(q.marks)) {
    const r = readMarkUnits(q.marks!, true)
    if (!r.ok) issue(['marks'], r.message)
  }
  if (!blank(q.negativeMarks)) {
    const r = readMarkUnits(q.negativeMarks!, false)
    if (!r.ok) issue(['negativeMarks'], r.message)
  }
}

/**
 * A refused question as one line that names the question (counted from 1) and the field, for the API's message:
 * "Question 3: negative marks can’t be negative. ...". Every message the question schemas give names its field.
 */
export function questionIssueMessage(issue: { path: readonly PropertyKey[]; message: string }): string {
  const index = issue.path[1]
  if (issue.path[0] !== 'questions' || typeof index !== 'number') return issue.message
  return `Question ${index + 1}: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`
}

export const MAX_QUESTIONS = 200

// ---------------------------------------------------------------------------------------------------------------
// A live mock's window: opensAt and closesAt, both empty for an anytime paper (app/lib/quiz/window.ts)
// ---------------------------------------------------------------------------------------------------------------

const PAGE_WINDOW = {
  read: windowFromLocal,
  hint: 'a date and time',
  message: (field: 'opensAt' | 'closesAt', text: string) =>
    text.replace('{field}', field === 'opensAt' ? 'Opens at' : 'Closes at'),
}
/** The API's messages start with the field's name as sent ("closesAt: the live mock must close after it opens."). */
const API_WINDOW = {
  read: windowFromIso,
  hint: 'ISO 8601 with an offset, like 2026-12-06T10:00:00+05:30',
  message: (field: 'opensAt' | 'closesAt', text: string) =>
    text.startsWith('{field}')
      ? text.replace('{field}', field)
      : `${field}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`,
}

/**
 * The window's rules, each refusal on its field: a value that is no date and time, then windowProblem (both or
 * neither, the close after the opening, at least as long as the time limit). `read` turns what was sent into the
 * stored instant (India time on the page, ISO with an offset in the API); `hint` says what a good value looks like.
 */
function checkWindow(
  q: { opensAt?: string | null; closesAt?: string | null; timeLimit?: unknown },
  ctx: z.RefinementCtx,
  { read, hint, message }: typeof PAGE_WINDOW,
) {
  const instants: Record<'opensAt' | 'closesAt', string | undefined> = { opensAt: undefined, closesAt: undefined }
  let unreadable = false
  for (const field of ['opensAt', 'closesAt'] as const) {
    const sent = q[field]?.trim()
    if (!sent) continue
    instants[field] = read(sent)
    if (instants[field] === undefined) {
      unreadable = true
      ctx.addIssue({ code: 'custom', path: [field], message: message(field, `{field} must be ${hint}`) })
    }
  }
  if (unreadable) return
  const limit = typeof q.timeLimit === 'number' && Number.isFinite(q.timeLimit) ? q.timeLimit : 0
  const problem = windowProblem(instants.opensAt, instants.closesAt, limit)
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: message(problem.field, problem.message) })
}

const windowField = z.string({ error: 'A time must be text' }).trim().max(40, 'The time is too long')

/** The Create/Edit Quiz page form (Conform field names `questions[i].options[j]`, ...). */
export const quizFormSchema = z
  .object({
    title: text('Title', 200),
    description: text('Description'),
    category,
    timeLimit: timeLimit.optional(),
    markingDefaults: formMarkingDefaults,
    questions: z
      .array(
        z
          .object({
            questionText: text('Question text'),
            type: questionType,
            options: z.array(z.string().trim().max(500, 'Option is too long').optional()).optional(),
            correctOption: z
              .number({ error: 'Correct option is required' })
              .int('Correct option must be 1 to 4')
              .min(1, 'Correct option must be 1 to 4')
              .max(4, 'Correct option must be 1 to 4')
              .optional(),
            ...examFormFields,
            explanation,
          })
          .superRefine((q, ctx) => checkExamQuestion(q, ctx, { base: 1 })),
        { error: 'Add at least one question' },
      )
      .min(1, 'Add at least one question')
      .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`),
    /** A ZIP import's staged images (JSON, checked again on the server when the quiz is saved). */
    stagedImages: z.string().optional(),
    /** The live mock's window as `datetime-local` values in India time; both blank for an anytime paper. */
    opensAt: windowField.optional(),
    closesAt: windowField.optional(),
  })
  .superRefine((q, ctx) => checkWindow(q, ctx, PAGE_WINDOW))

export type QuizFormFields = z.infer<typeof quizFormSchema>

/** The API body of create-quiz and PUT quiz/{id} (correctOption zero-based). */
export const quizApiSchema = z
  .object({
    title: text('Title', 200),
    description: text('Description'),
    category,
    timeLimit: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
      timeLimit,
    ),
    questions: z
      .array(
        z
          .object(
            {
              questionText: text('Question text'),
              type: z.preprocess(nullToUndefined, questionType),
              options: z.preprocess(
                nullToUndefined,
                z
                  .array(z.string({ error: 'Each option must be text' }).trim().max(500, 'Option is too long'), {
                    error: 'Options must be a list of four texts',
                  })
                  .optional(),
              ),
              correctOption: z.preprocess(nullToUndefined, zeroBasedOption('Correct option').optional()),
              marks: z.preprocess(nullToUndefined, wireMarks.optional()),
              negativeMarks: z.preprocess(nullToUndefined, wireNegativeMarks.optional()),
              correctOptions: z.preprocess(
                nullToUndefined,
                z.array(zeroBasedOption('Correct options'), { error: 'Correct options must be a list' }).optional(),
              ),
              answerMin: z.preprocess(nullToUndefined, wireBound('Lowest accepted answer').optional()),
              answerMax: z.preprocess(nullToUndefined, wireBound('Highest accepted answer').optional()),
              section: z.preprocess(nullToUndefined, label('Section').optional()),
              topic: z.preprocess(nullToUndefined, label('Topic').optional()),
              bankId: z.preprocess(nullToUndefined, z.string().trim().max(40).optional()),
              explanation: z.preprocess((v) => (v === null ? undefined : v), explanation),
            },
            { error: 'A question must be an object with questionText, options and correctOption' },
          )
          .superRefine((q, ctx) => checkExamQuestion(q, ctx, { base: 0 })),
      )
      .min(1)
      .max(MAX_QUESTIONS),
    markingDefaults: z
      .object({ mcq: wireTypeMarks.optional(), msq: wireTypeMarks.optional(), nat: wireTypeMarks.optional() })
      .nullable()
      .optional()
      .superRefine((d, ctx) => checkTypeMarks(d, ctx))
      .describe('Per-type defaults that questions without their own marks take; null clears, left out keeps'),
    opensAt: windowField
      .nullable()
      .optional()
      .describe('A live mock opens: ISO 8601 with an offset (2026-12-06T10:00:00+05:30); null or left out: anytime'),
    closesAt: windowField
      .nullable()
      .optional()
      .describe('A live mock closes (at least the time limit after opensAt); null or left out with opensAt: anytime'),
  })
  .superRefine((q, ctx) => checkWindow(q, ctx, API_WINDOW))

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const

/** Generate with AI (defaults, AI_QUIZ_DEFAULTS: 5 questions, 10 minutes, medium, free). */
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
