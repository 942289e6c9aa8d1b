import { isId } from '~/lib/ids'
import { secondsLeft } from '~/lib/marking'
import {
  buildResult,
  getAttempt,
  getLeaderboard,
  quizGate,
  QuizError,
  saveAnswers,
  startAttempt,
  submitAttempt,
  type LeaderboardEntry,
} from '~/models/attempt.server'
import { attemptQuestions, currentQuestions, listQuizzes } from '~/models/quiz.server'
import { getQuizPrice } from '~/models/settings.server'
import { answerListSchema, submitAnswerSchema, type AnswerInput } from '~/schemas/quiz-attempt'
import { apiError, apiRoutes, json, readJsonBody, type ApiHandler } from '~/utils/api.server'
import { getUser, isStaff } from '~/utils/auth.server'

// /api/v1/quiz/* (API.md §2.4, §5 #4). Shapes are the old server's; access is checked on every path, and the
// answer key leaves the server only in the submit response of that learner's own attempt.

const fail = (status: number, message: string) => apiError(status, message)
const GATE_MESSAGES = { 401: 'Unauthorized request', 403: 'You do not have access to this paid quiz.', 404: 'Quiz not found.' } as const

const list: ApiHandler = async () => {
  try {
    const quizzes = await listQuizzes()
    return json({
      success: true,
      data: quizzes.map((q) => ({ _id: q.id, title: q.title, description: q.description, timeLimit: q.time_limit, category: q.category, questions: q.questionIds })),
    })
  } catch (error) {
    console.error('[api] quiz list failed', error)
    return fail(500, 'Server error while fetching quizzes')
  }
}

const bundlePrice: ApiHandler = async () => {
  try {
    const price = await getQuizPrice()
    return json({ success: true, quizPrice: { actualPrice: price.actualPrice, discountedPrice: price.discountedPrice, __v: 0 } })
  } catch (error) {
    console.error('[api] quiz price failed', error)
    return fail(500, 'Falied to fetch quiz price')
  }
}

/** GET quiz/{id}: for a learner it opens the attempt idempotently (DESIGN.md); staff previews open nothing. */
const getOne: ApiHandler = async ({ request, params }) => {
  const user = await getUser(request)
  if (!user) return fail(401, GATE_MESSAGES[401])
  if (!isId(params.id)) return fail(400, 'Invalid quiz ID.')
  const gate = await quizGate(user, params.id)
  if (!gate.ok) return fail(gate.status, GATE_MESSAGES[gate.status])
  const quiz = gate.quiz
  let questions
  if (isStaff(user.role)) {
    questions = await currentQuestions(quiz.id)
  } else {
    try {
      const { attempt } = await startAttempt({ userId: user.id, quiz })
      questions = await attemptQuestions(quiz.id, attempt.started_at)
    } catch (error) {
      if (error instanceof QuizError) return fail(error.status === 409 ? 404 : error.status, error.message)
      throw error
    }
  }
  return json({
    success: true,
    data: {
      _id: quiz.id,
      title: quiz.title,
      description: quiz.description,
      category: quiz.category,
      questions: questions.map((q) => ({ _id: q.id, questionText: q.questionText, options: q.options })),
      timeLimit: quiz.time_limit,
      createdAt: quiz.created_at,
      updatedAt: quiz.updated_at,
    },
  })
}

/** POST quiz/submit (API.md §2.4 and §5 #4): access checked, answers validated, one result per attempt. */
const submit: ApiHandler = async ({ request }) => {
  const user = await getUser(request)
  if (!user) return fail(401, GATE_MESSAGES[401])
  const body = await readJsonBody(request)
  const quizId = body.quizId
  if (!isId(quizId)) return fail(400, 'Invalid quizId')
  if (!Array.isArray(body.answers)) return fail(400, 'Answers must be a non-empty array')
  const gate = await quizGate(user, quizId)
  if (!gate.ok) return fail(gate.status, gate.status === 404 ? 'Quiz not found' : GATE_MESSAGES[gate.status])
  const answers: AnswerInput[] = []
  for (const item of body.answers) {
    const parsed = submitAnswerSchema.safeParse(item)
    if (!parsed.success || !isId(parsed.data.questionId)) {
      return fail(400, 'Each answer needs a questionId and a selectedOption from 0 to 3')
    }
    // Unattempted questions may be sent as null or left out (spec 1 §5); both score 0.
    if (parsed.data.selectedOption === null || parsed.data.selectedOption === undefined) continue
    answers.push({ questionId: parsed.data.questionId, selectedOption: parsed.data.selectedOption })
  }
  try {
    const existing = await getAttempt(user.id, quizId)
    if (existing?.submitted_at) return fail(400, 'You have already attempted this quiz')
    // Clients that never called GET quiz/{id} start and submit in one go.
    const { attempt } = existing ? { attempt: existing } : await startAttempt({ userId: user.id, quiz: gate.quiz })
    const outcome = await submitAttempt({ attemptId: attempt.id, answers })
    if (outcome.status === 'already') return fail(400, 'You have already attempted this quiz')
    const result = await buildResult(outcome.attempt)
    return json({
      success: true,
      quizId,
      score: result.score,
      total: result.total,
      percentage: result.percentage,
      resultDetails: result.details.map((d) => ({
        questionId: d.questionId,
        question: d.question,
        options: d.options,
        selectedOption: d.selectedOption,
        correctAnswer: d.correctAnswer,
        isCorrect: d.isCorrect,
        awardedMarks: d.awardedMarks,
      })),
    })
  } catch (error) {
    if (error instanceof QuizError) return fail(error.status === 409 ? 404 : error.status, error.message)
    throw error
  }
}

const entry = (quizId: string) => (e: LeaderboardEntry) => ({
  _id: e.attemptId,
  user: { _id: e.user.id, name: e.user.name, ...(e.user.profileImage ? { profileImage: e.user.profileImage } : {}) },
  quiz: quizId,
  score: e.score,
  total: e.total,
  attemptedAt: e.submittedAt,
  __v: 0,
})

const leaderboard: ApiHandler = async ({ request, params }) => {
  const user = await getUser(request)
  if (!user) return fail(401, GATE_MESSAGES[401])
  const gate = await quizGate(user, params.id)
  if (!gate.ok) return fail(gate.status, gate.status === 404 ? 'Leaderboard not found' : GATE_MESSAGES[gate.status])
  // The old route sent every result; we cap the list so a popular quiz cannot produce a multi-MB body.
  const board = await getLeaderboard({ quizId: gate.quiz.id, viewerId: user.id, limit: 1000 })
  if (!board) return fail(404, 'Leaderboard not found')
  return json({
    success: true,
    data: {
      quiz: { title: board.quiz.title, totalQuestions: board.quiz.totalQuestions, totalMarks: board.quiz.totalMarks },
      topThree: board.topThree.map(entry(board.quiz.id)),
      others: board.others.map(entry(board.quiz.id)),
    },
  })
}

/**
 * POST quiz/{id}/answers (ours, used by the enhanced test page): saves a batch of answers of the open attempt.
 * `{answers:[{questionId, selectedOption:0-3|null, markedForReview?}]}` -> `{success, saved, secondsLeft}`;
 * 409 `{submitted:true}` once the attempt is closed (deadline + grace passed, or submitted).
 */
const saveBatch: ApiHandler = async ({ request, params }) => {
  const user = await getUser(request)
  if (!user) return fail(401, GATE_MESSAGES[401])
  const gate = await quizGate(user, params.id)
  if (!gate.ok) return fail(gate.status, GATE_MESSAGES[gate.status])
  const body = await readJsonBody(request)
  const parsed = answerListSchema.safeParse(body.answers)
  if (!parsed.success) return fail(400, 'Each answer needs a questionId and a selectedOption from 0 to 3 (or null)')
  const attempt = await getAttempt(user.id, gate.quiz.id)
  if (!attempt) return fail(404, 'Start the quiz first.')
  try {
    const outcome = await saveAnswers({ attempt, answers: parsed.data })
    if (outcome === 'closed') return apiError(409, 'This attempt is already submitted.', { submitted: true })
  } catch (error) {
    if (error instanceof QuizError) return fail(error.status, error.message)
    throw error
  }
  return json({ success: true, saved: parsed.data.length, secondsLeft: secondsLeft(attempt.deadline_at, new Date()) })
}

const api = apiRoutes({
  'GET /': list,
  'GET /bundle/price': bundlePrice,
  'POST /submit': submit,
  'GET /:id': getOne,
  'GET /:id/leaderboard': leaderboard,
  'POST /:id/answers': saveBatch,
})
export const loader = api.loader
export const action = api.action
