import { z } from 'zod'
import { isId } from '~/lib/ids'
import { buildResult } from '~/models/quiz/result.server'
import { getAttempt, startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { getLeaderboard } from '~/models/quiz/standing.server'
import { quizGate, QuizError, type GateRefusal } from '~/models/quiz/access.server'
import { GATE_STATUS, QUIZ_PROBLEM_STATUS } from '~/routes/quiz/statuses'
import { attemptQuestions, currentQuestions, listQuizzes, olderClientRefusal } from '~/models/quiz/catalog.server'
import { getQuizPrice } from '~/models/catalogue/settings.server'
import {
  leaderboardEntryJson,
  learnerQuizJson,
  quizListItemJson,
  quizPriceJson,
  submitResultJson,
} from '~/presenters/v1.server'
import {
  ApiErrorShape,
  LeaderboardEntryShape,
  LearnerQuizShape,
  QuizListItemShape,
  QuizPriceShape,
  SubmitResultShape,
} from '~/presenters/v1-shapes'
import { answerListSchema, submitAnswerSchema, type AnswerInput } from '~/schemas/quiz-attempt'
import { apiError, json, readJsonBody } from '~/utils/api.server'
import { parseJsonObject } from '~/utils/body.server'
import { answerBatch, GATE_MESSAGES } from './quiz-answers.server'
import { apiResource, endpoint, type ApiArgs } from './endpoints.server'
import { practiceSetEndpoints } from './quiz-practice.server'
import { questionDoubtEndpoints } from './quiz-doubts.server'
import { isStaff } from '~/lib/roles'
import type { UserRow } from '~/models/accounts/user.server'
import { resultsPublic } from '~/lib/quiz/visibility'
import { submittedText } from '~/routes/quiz/live-view.server'
import { withholding } from '~/models/quiz/live-results.server'

// /api/v1/quiz/* (docs/legacy-api.md §2.4, §5 #4). Shapes are the old server's; access is checked on every path, and
// the answer key leaves the server only in the submit response of that learner's own attempt.

/** A live mock's leaderboard before its results are published (with `resultsAt`, an ISO instant). */
const RESULTS_WITHHELD = 'The results of this live mock are not published yet.'

/** The answer to a refused gate; `notFound` replaces the message of an unknown quiz where the old route had its own. */
const refused = (reason: GateRefusal, notFound?: string) =>
  apiError(GATE_STATUS[reason], reason === 'not-found' && notFound ? notFound : GATE_MESSAGES[reason])

/** A learner's problem as the older client expects it: a quiz it cannot start reads as not found. */
const problem = (error: QuizError) =>
  apiError(error.problem === 'invalid-answer' ? QUIZ_PROBLEM_STATUS[error.problem] : 404, error.message)

/**
 * The older client can show only 4-option MCQs, as plain text: a quiz with msq or nat questions, or with formulas,
 * images or other markup, is not for it (docs/legacy-api.md §2.4).
 */
export const NEEDS_WEBSITE = 'This test needs the website: it has question types this app cannot show.'
export const NEEDS_WEBSITE_MARKUP = 'This test needs the website: it has formulas or images this app cannot show.'

/** The 400 for a quiz the older client cannot show, or null when it can. */
async function needsWebsite(quizId: string) {
  const refusal = await olderClientRefusal(quizId)
  if (!refusal) return null
  return apiError(400, refusal === 'question-types' ? NEEDS_WEBSITE : NEEDS_WEBSITE_MARKUP)
}

const list = async () => {
  try {
    // A live mock is listed only once its results are published: then it is a paper like any other to the older
    // client, which knows no window, registration or withheld result.
    const quizzes = (await listQuizzes()).filter((q) => q.olderClient && resultsPublic(q))
    return json({ success: true, data: quizzes.map(quizListItemJson) })
  } catch (error) {
    console.error('[api] quiz list failed', error)
    return apiError(500, 'Server error while fetching quizzes')
  }
}

const bundlePrice = async () => {
  try {
    return json({ success: true, quizPrice: quizPriceJson(await getQuizPrice()) })
  } catch (error) {
    console.error('[api] quiz price failed', error)
    return apiError(500, 'Falied to fetch quiz price')
  }
}

type SignedIn = ApiArgs & { user: UserRow }

/** GET quiz/{id}: for a learner it opens the attempt idempotently; staff previews open nothing. */
const getOne = async ({ params, user }: SignedIn) => {
  if (!isId(params.id)) return apiError(400, 'Invalid quiz ID.')
  const gate = await quizGate(user, params.id)
  if (!gate.ok) return refused(gate.reason)
  const quiz = gate.quiz
  // Checked before an attempt is opened: the older client must not start a test it cannot show.
  const website = await needsWebsite(quiz.id)
  if (website) return website
  let questions
  if (isStaff(user.role)) {
    questions = await currentQuestions(quiz.id)
  } else {
    try {
      const { attempt } = await startAttempt({ userId: user.id, quiz, live: gate.live })
      questions = await attemptQuestions(quiz.id, attempt.started_at)
    } catch (error) {
      if (error instanceof QuizError) return problem(error)
      throw error
    }
  }
  return json({ success: true, data: learnerQuizJson(quiz, questions) })
}

/** POST quiz/submit (docs/legacy-api.md §2.4 and §5 #4): access checked, answers validated, one result per attempt. */
const submit = async ({ request, user }: SignedIn) => {
  const body = await readJsonBody(request)
  const quizId = body.quizId
  if (!isId(quizId)) return apiError(400, 'Invalid quizId')
  if (!Array.isArray(body.answers)) return apiError(400, 'Answers must be a non-empty array')
  const gate = await quizGate(user, quizId)
  if (!gate.ok) return refused(gate.reason, 'Quiz not found')
  // The older client cannot answer msq or nat questions, nor show markup: such a test is taken on the website.
  const website = await needsWebsite(quizId)
  if (website) return website
  const answers: AnswerInput[] = []
  for (const item of body.answers) {
    const parsed = submitAnswerSchema.safeParse(item)
    if (!parsed.success || !isId(parsed.data.questionId)) {
      return apiError(400, 'Each answer needs a questionId and a selectedOption from 0 to 3')
    }
    // Unattempted questions may be sent as null or left out; both score 0.
    if (parsed.data.selectedOption === null || parsed.data.selectedOption === undefined) continue
    answers.push({ questionId: parsed.data.questionId, selectedOption: parsed.data.selectedOption })
  }
  try {
    const existing = await getAttempt(user.id, quizId)
    if (existing?.submitted_at) return apiError(400, 'You have already attempted this quiz')
    // Clients that never called GET quiz/{id} start and submit in one go.
    const { attempt } = existing
      ? { attempt: existing }
      : await startAttempt({ userId: user.id, quiz: gate.quiz, live: gate.live })
    const outcome = await submitAttempt({ attemptId: attempt.id, answers })
    if (outcome.status === 'already') return apiError(400, 'You have already attempted this quiz')
    // A live mock's score and key wait for the publication of its results.
    const held = await withholding(gate.quiz, user)
    if (held.withheld)
      return json({
        success: true,
        quizId,
        withheld: true,
        resultsAt: held.resultsAt,
        delayed: held.delayed,
        message: submittedText(held),
      })
    return json(submitResultJson(quizId, await buildResult(outcome.attempt)))
  } catch (error) {
    if (error instanceof QuizError) return problem(error)
    throw error
  }
}

const leaderboard = async ({ params, user }: SignedIn) => {
  const gate = await quizGate(user, params.id)
  if (!gate.ok) return refused(gate.reason, 'Leaderboard not found')
  const held = await withholding(gate.quiz, user)
  if (held.withheld) return apiError(403, RESULTS_WITHHELD, { resultsAt: held.resultsAt })
  // The old route sent every result; we cap the list so a popular quiz cannot produce a multi-MB body.
  const board = await getLeaderboard({ quizId: gate.quiz.id, viewerId: user.id, limit: 1000 })
  if (!board) return apiError(404, 'Leaderboard not found')
  const entry = (e: (typeof board.topThree)[number]) => leaderboardEntryJson(board.quiz.id, e)
  return json({
    success: true,
    data: {
      quiz: { title: board.quiz.title, totalQuestions: board.quiz.totalQuestions, totalMarks: board.quiz.totalMarks },
      topThree: board.topThree.map(entry),
      others: board.others.map(entry),
      viewer: board.viewer ? { rank: board.viewer.rank, percentile: board.viewer.percentile?.text ?? null } : null,
    },
  })
}

/** POST quiz/{id}/answers (ours, used by the enhanced test page): ./quiz-answers.server.ts, shared with the exam lane. */
const saveBatch = async ({ request, params, user }: SignedIn) => {
  const answer = await answerBatch(user, params.id, () => parseJsonObject(request))
  return json(answer.body, answer.status)
}

export const quizApi = apiResource({
  mount: '/api/v1/quiz',
  endpoints: [
    endpoint({
      method: 'GET',
      path: '/',
      summary: 'Every quiz made only of MCQs, free before paid, with question ids',
      guard: 'public',
      success: { 200: z.object({ success: z.literal(true), data: z.array(QuizListItemShape) }) },
      errors: { 500: 'Server error while fetching quizzes' },
      handler: list,
    }),
    endpoint({
      method: 'GET',
      path: '/bundle/price',
      summary: 'The mock-test bundle price',
      guard: 'public',
      success: { 200: z.object({ success: z.literal(true), quizPrice: QuizPriceShape }) },
      errors: { 500: 'Falied to fetch quiz price' },
      handler: bundlePrice,
    }),
    endpoint({
      method: 'POST',
      path: '/submit',
      summary: 'Submits the answers of an attempt and returns the result with the answer key',
      guard: 'signedIn',
      body: { json: z.object({ quizId: z.string(), answers: z.array(submitAnswerSchema) }) },
      success: {
        200: SubmitResultShape.or(
          z
            .object({
              success: z.literal(true),
              quizId: z.string(),
              withheld: z.literal(true),
              resultsAt: z.string(),
              delayed: z.boolean().describe('true while staff hold the results: resultsAt is then only the close'),
              message: z.string(),
            })
            .describe('Ours: a live mock before its results are published: submitted, no score or key yet'),
        ),
      },
      errors: {
        400: `"Invalid quizId", "Answers must be a non-empty array", a malformed answer, "You have already attempted this quiz", "${NEEDS_WEBSITE}" or "${NEEDS_WEBSITE_MARKUP}"`,
        403: GATE_MESSAGES['no-access'],
        404: 'Quiz not found',
      },
      handler: submit,
    }),
    endpoint({
      method: 'GET',
      path: '/:id',
      summary: "A quiz's questions without the answer key; opens the learner's attempt",
      guard: 'signedIn',
      success: { 200: z.object({ success: z.literal(true), data: LearnerQuizShape }) },
      errors: {
        400: `"Invalid quiz ID.", "${NEEDS_WEBSITE}" (a quiz with msq or nat questions) or "${NEEDS_WEBSITE_MARKUP}" (a quiz with formulas, images or other markup)`,
        403: GATE_MESSAGES['no-access'],
        404: 'Quiz not found.',
      },
      handler: getOne,
    }),
    endpoint({
      method: 'GET',
      path: '/:id/leaderboard',
      summary: 'Ranked results: score descending, then earlier submission',
      guard: 'signedIn',
      success: {
        200: z.object({
          success: z.literal(true),
          data: z.object({
            quiz: z.object({ title: z.string(), totalQuestions: z.number().int(), totalMarks: z.number() }),
            topThree: z.array(LeaderboardEntryShape),
            others: z.array(LeaderboardEntryShape),
            viewer: z
              .object({ rank: z.number().int(), percentile: z.string().nullable() })
              .nullable()
              .describe("Ours: the caller's own rank and percentile (decision 018), or null before they submit"),
          }),
        }),
      },
      errors: {
        403: `"${GATE_MESSAGES['no-access']}", or "${RESULTS_WITHHELD}" with resultsAt (a live mock before publication)`,
        404: 'Leaderboard not found',
      },
      handler: leaderboard,
    }),
    endpoint({
      method: 'POST',
      path: '/:id/answers',
      summary: "Ours: saves a batch of answers of the learner's open attempt (the enhanced test page)",
      guard: 'signedIn',
      body: { json: z.object({ answers: answerListSchema }) },
      success: {
        200: z.object({ success: z.literal(true), saved: z.number().int(), secondsLeft: z.number().int().nullable() }),
      },
      errors: {
        400: 'a malformed answer',
        403: GATE_MESSAGES['no-access'],
        404: '"Quiz not found." or "Start the quiz first."',
        409: { description: 'the attempt is closed', schema: ApiErrorShape.extend({ submitted: z.literal(true) }) },
      },
      handler: saveBatch,
    }),
    ...practiceSetEndpoints,
    ...questionDoubtEndpoints,
  ],
})
