import { z } from 'zod'
import { isId } from '~/lib/ids'
import {
  createQuiz,
  deleteQuiz,
  getQuizForEdit,
  listQuizzes,
  updateQuiz,
  type QuestionMarkupProblem,
} from '~/models/quiz/editing.server'
import { markupMessage } from '~/lib/markup/question'
import { windowFromIso } from '~/lib/quiz/window-input'
import type { WindowRefusal } from '~/models/quiz/schedule.server'
import { getQuizResults } from '~/models/quiz/staff-results.server'
import { resetQuizPrice } from '~/models/catalogue/settings.server'
import { quizPriceJson, quizResultStudentJson, staffQuizJson, staffQuizListItemJson } from '~/presenters/v1.server'
import {
  CreatedQuizShape,
  QuizPriceShape,
  QuizResultStudentShape,
  StaffQuizListItemShape,
  StaffQuizShape,
} from '~/presenters/v1-shapes'
import { aiRequestSchema, questionIssueMessage, quizApiSchema } from '~/schemas/admin-quiz'
import { apiMarkingDefaults, apiQuestionToDraft } from '~/schemas/quiz-form'
import { quizPriceSchema } from '~/schemas/admin'
import { AiError, generateQuiz } from '~/services/ai.server'
import { apiError, firstMessage, json, readJsonBody } from '~/utils/api.server'
import { endpoint, ok, type ApiArgs, type SignedInArgs } from '../endpoints.server'

// /api/v1/admin: mock tests (authoring, AI drafts, results) and the bundle price (the rows of ../admin.server.ts's
// table).

/**
 * create-quiz and PUT quiz/{id}: the old client's shape and first check ("All fields are required"); a refused
 * question's message names it and its field ("Question 3: negative marks ...").
 */
async function quizBody(request: Request) {
  const body = await readJsonBody(request)
  for (const key of ['title', 'description', 'category']) {
    if (typeof body[key] !== 'string' || !(body[key] as string).trim())
      return { error: apiError(400, 'All fields are required') }
  }
  if (!Array.isArray(body.questions) || body.questions.length === 0)
    return { error: apiError(400, 'All fields are required') }
  const parsed = quizApiSchema.safeParse(body)
  if (!parsed.success) {
    const questionIssue = parsed.error.issues.find((i) => i.path[0] === 'questions')
    return {
      error: apiError(400, questionIssue ? questionIssueMessage(questionIssue) : firstMessage(parsed.error.issues)),
    }
  }
  const { markingDefaults, questions, opensAt, closesAt, ...quiz } = parsed.data
  return {
    input: {
      ...quiz,
      questions: questions.map(apiQuestionToDraft),
      markingDefaults: apiMarkingDefaults(markingDefaults),
      // The body replaces the quiz: a window left out (or null) makes it a paper learners take any time.
      opensAt: (opensAt && windowFromIso(opensAt)) || null,
      closesAt: (closesAt && windowFromIso(closesAt)) || null,
    },
  }
}

const generateQuizHandler = async ({ request }: ApiArgs) => {
  const parsed = aiRequestSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  try {
    const { problems, ...quiz } = await generateQuiz(parsed.data)
    return json({ success: true, quiz: { ...quiz, category: parsed.data.category }, problems })
  } catch (error) {
    if (error instanceof AiError)
      return apiError(
        error.code === 'not_configured' ? 503 : 500,
        error.code === 'empty' ? 'No response from AI' : error.message,
      )
    throw error
  }
}

/**
 * Markup that does not render: 400 naming the first question and field ("Question 3, option B: unknown command
 * \foo"); a live mock's window that can no longer change (app/models/quiz/schedule.server.ts): 400 naming its field.
 */
const markupRefused = (problems: QuestionMarkupProblem[], window?: WindowRefusal) =>
  window
    ? apiError(400, `${window.field}: ${window.message}`)
    : apiError(400, markupMessage(problems[0]!.question, problems[0]!))

const updateQuizHandler = async ({ request, params, user }: SignedInArgs) => {
  if (!isId(params.id) || !(await getQuizForEdit(params.id))) return apiError(404, 'Quiz not found')
  const { input, error } = await quizBody(request)
  if (error) return error
  const saved = await updateQuiz({ actorId: user.id, quizId: params.id, input })
  if (!saved) return apiError(404, 'Quiz not found')
  if (!saved.ok) return markupRefused(saved.problems, saved.window)
  return json({ success: true, message: 'Quiz updated successfully', data: staffQuizJson(saved.quiz, true) })
}

const resetQuizPriceHandler = async ({ request, user }: SignedInArgs) => {
  const body = await readJsonBody(request)
  const num = (v: unknown) =>
    typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v
  const parsed = quizPriceSchema.safeParse({
    actualPrice: num(body.actualPrice),
    discountedPrice: num(body.discountedPrice),
  })
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  const saved = await resetQuizPrice({ actorId: user.id, price: parsed.data })
  return json({ success: true, data: quizPriceJson(saved), message: 'Quiz price reset successfully' })
}

const QuizBody = quizApiSchema.describe(
  'correctOption and correctOptions are 0-based. Question type: "mcq" (default; correctOption), "msq" ' +
    '(correctOptions: 1-4 distinct indexes 0-3) or "nat" (answerMin..answerMax, inclusive, plain decimals as ' +
    'numbers or strings; options are not needed and not stored). marks (> 0) and negativeMarks (>= 0, the ' +
    'amount taken off when wrong) are numbers or exact strings ("1", "0.25", "1/3"); left out: the quiz\'s ' +
    'markingDefaults for the type, else MCQ 1 / 0.25, MSQ and NAT 1 / 0. Fields another type uses are ignored. ' +
    'questionText, options and explanation are markup: Markdown, LaTeX between $...$ (inline) or $$...$$ ' +
    '(display), \\ce{...} for chemistry inside math, ![alt](name) for an image uploaded to the quiz, \\$ for a ' +
    'dollar sign; stored as written and rendered once when saved. opensAt and closesAt make the paper an ' +
    'All-India live mock with that window (ISO 8601 with an offset, kept to the second; both left out or null: ' +
    'a paper learners take any time). Once a live mock has opened and learners have started it, its opening ' +
    'cannot move and its close can only move later; once it has closed its window no longer changes.',
)
const GeneratedQuiz = z.object({
  title: z.string(),
  description: z.string(),
  category: z.enum(['free', 'paid']),
  timeLimit: z.number(),
  questions: z.array(
    z.object({
      questionText: z.string(),
      options: z.array(z.string()),
      correctOption: z.number().int(),
      explanation: z.string().optional(),
    }),
  ),
})

export const adminQuizEndpoints = [
  endpoint({
    method: 'POST',
    path: '/create-quiz',
    summary: 'Creates a quiz with its questions',
    guard: 'staff',
    body: { json: QuizBody },
    success: { 201: z.object({ message: z.string(), quiz: CreatedQuizShape }) },
    errors: {
      400:
        '"All fields are required", a refused question ("Question 3: negative marks ..."), markup that does not ' +
        'render ("Question 3, option B: unknown command \\foo"), or a rule of the fields (a live mock\'s window: ' +
        '"closesAt: the window must be at least as long as the time limit (30 min).")',
    },
    handler: async ({ request, user }) => {
      const { input, error } = await quizBody(request)
      if (error) return error
      const saved = await createQuiz({ actorId: user.id, input })
      if (!saved.ok) return markupRefused(saved.problems)
      return json({ message: 'Quiz created successfully', quiz: staffQuizJson(saved.quiz, false) }, 201)
    },
  }),
  endpoint({
    method: 'POST',
    path: '/generate-quiz',
    summary: 'Drafts a quiz with the configured AI model; nothing is saved',
    guard: 'staff',
    body: { json: aiRequestSchema },
    success: {
      200: ok({
        quiz: GeneratedQuiz,
        problems: z
          .array(z.string())
          .describe('Draft questions whose markup does not render ("Question 2, option C: unknown command \\foo")'),
      }),
    },
    errors: {
      400: 'a rule of the fields',
      500: '"No response from AI" or why the draft failed',
      503: 'no AI model is configured',
    },
    handler: generateQuizHandler,
  }),
  endpoint({
    method: 'GET',
    path: '/quizzes',
    summary: 'Every quiz with its number of questions and attempts',
    guard: 'staff',
    success: { 200: ok({ data: z.array(StaffQuizListItemShape) }) },
    errors: {},
    handler: async () => json({ success: true, data: (await listQuizzes()).map(staffQuizListItemJson) }),
  }),
  endpoint({
    method: 'GET',
    path: '/quiz/:id',
    summary: "A quiz with its current questions and answer key, and a live mock's window and registrations",
    guard: 'staff',
    success: { 200: ok({ data: StaffQuizShape }) },
    errors: { 404: 'Quiz not found' },
    handler: async ({ params }) => {
      const quiz = isId(params.id) ? await getQuizForEdit(params.id) : null
      if (!quiz) return apiError(404, 'Quiz not found')
      return json({ success: true, data: staffQuizJson(quiz, true) })
    },
  }),
  endpoint({
    method: 'PUT',
    path: '/quiz/:id',
    summary: 'Replaces a quiz and its questions; answered questions are archived (decision 002)',
    guard: 'staff',
    body: { json: QuizBody },
    success: { 200: ok({ message: z.string(), data: StaffQuizShape }) },
    errors: {
      400:
        '"All fields are required", a refused question ("Question 3: negative marks ..."), markup that does not ' +
        'render ("Question 3, option B: unknown command \\foo"), a rule of the fields (a live mock\'s window: ' +
        '"closesAt: the window must be at least as long as the time limit (30 min)."), or a window that can no ' +
        'longer change ("opensAt: This live mock opened at ...")',
      404: 'Quiz not found',
    },
    handler: updateQuizHandler,
  }),
  endpoint({
    method: 'DELETE',
    path: '/quiz/:id',
    summary: 'Deletes a quiz with its questions and attempts',
    guard: 'staff',
    success: { 200: ok({ message: z.string() }) },
    errors: { 404: 'Quiz not found' },
    handler: async ({ params, user }) => {
      const deleted = isId(params.id) ? await deleteQuiz({ actorId: user.id, quizId: params.id }) : null
      if (!deleted) return apiError(404, 'Quiz not found')
      return json({ success: true, message: 'Quiz and related data deleted successfully' })
    },
  }),
  endpoint({
    method: 'GET',
    path: '/quiz/:id/results',
    summary: 'Submitted attempts of a quiz, newest first',
    guard: 'staff',
    success: { 200: ok({ data: z.object({ quizTitle: z.string(), students: z.array(QuizResultStudentShape) }) }) },
    errors: { 404: 'Quiz not found' },
    handler: async ({ params }) => {
      const results = isId(params.id) ? await getQuizResults(params.id) : null
      if (!results) return apiError(404, 'Quiz not found')
      return json({
        success: true,
        data: { quizTitle: results.quizTitle, students: results.students.map(quizResultStudentJson) },
      })
    },
  }),
  endpoint({
    method: 'PUT',
    path: '/reset-quiz-price',
    summary: 'Sets the mock-test bundle price',
    guard: 'admin',
    body: {
      json: z.object({
        actualPrice: z.union([z.number(), z.string()]),
        discountedPrice: z.union([z.number(), z.string()]),
      }),
    },
    success: { 200: ok({ data: QuizPriceShape, message: z.string() }) },
    errors: { 400: 'a rule of the prices' },
    handler: resetQuizPriceHandler,
  }),
]
