import type { UserRow } from '~/models/accounts/user.server'
import { quizGate, QuizError, type GateRefusal } from '~/models/quiz/access.server'
import { getAttempt, getOpenPractice, saveAnswers } from '~/models/quiz/attempt.server'
import { GATE_STATUS, QUIZ_PROBLEM_STATUS } from '~/routes/quiz/statuses'
import { answerListSchema } from '~/schemas/quiz-attempt'
import { secondsLeft } from '~/lib/quiz/clock'
import { apiErrorBody } from '~/utils/api.server'
import type { JsonResult } from '~/utils/body.server'
import { UNAUTHORIZED } from './endpoints.server'

// POST /api/v1/quiz/{id}/answers, the answer saves of the enhanced test page, as a status and a JSON body: the v1
// resource route (./quiz.server.ts) and server.js's exam lane (../exam-lane.server.ts) both answer with this, so a
// save is the same whichever of them serves it.

export const GATE_MESSAGES = {
  'signed-out': UNAUTHORIZED,
  'no-access': 'You do not have access to this paid quiz.',
  'not-found': 'Quiz not found.',
  'not-open': 'This live mock has not opened yet.',
} as const satisfies Record<GateRefusal, string>

export type JsonAnswer = { status: number; body: unknown }

const failure = (status: number, message: string, extra: Record<string, unknown> = {}): JsonAnswer => ({
  status,
  body: { ...apiErrorBody(status, message), ...extra },
})

/**
 * Saves a batch of answers into the learner's open attempt. The gate comes before the body is read, as on every
 * quiz path; 409 `{submitted:true}` once the attempt is closed (deadline + grace passed, or submitted).
 */
export async function answerBatch(
  user: UserRow,
  quizId: string,
  readBody: () => Promise<JsonResult>,
): Promise<JsonAnswer> {
  const gate = await quizGate(user, quizId)
  if (!gate.ok) return failure(GATE_STATUS[gate.reason], GATE_MESSAGES[gate.reason])
  const body = await readBody()
  if (!body.ok) return failure(body.status, body.message)
  const parsed = answerListSchema.safeParse(body.body.answers)
  if (!parsed.success) return failure(400, 'Each answer needs a questionId and a selectedOption from 0 to 3 (or null)')
  const ranked = await getAttempt(user.id, gate.quiz.id)
  // After the ranked attempt (or with none, a live mock's unranked attempt after its window), the page saves into
  // the open practice attempt, if any.
  const attempt = ranked && !ranked.submitted_at ? ranked : ((await getOpenPractice(user.id, gate.quiz.id)) ?? ranked)
  if (!attempt) return failure(404, 'Start the quiz first.')
  try {
    const outcome = await saveAnswers({ attempt, answers: parsed.data, paper: gate.paper })
    if (outcome === 'closed') return failure(409, 'This attempt is already submitted.', { submitted: true })
  } catch (error) {
    if (error instanceof QuizError) return failure(QUIZ_PROBLEM_STATUS[error.problem], error.message)
    throw error
  }
  return {
    status: 200,
    body: { success: true, saved: parsed.data.length, secondsLeft: secondsLeft(attempt.deadline_at, new Date()) },
  }
}
