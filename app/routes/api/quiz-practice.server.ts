import { z } from 'zod'
import { isId } from '~/lib/ids'
import { QuizError } from '~/models/quiz/access.server'
import { saveAnswers } from '~/models/quiz/attempt.server'
import { getPracticeSet } from '~/models/quiz/practice-set.server'
import { ApiErrorShape } from '~/presenters/v1-shapes'
import { answerListSchema } from '~/schemas/quiz-attempt'
import { QUIZ_PROBLEM_STATUS } from '~/routes/quiz/statuses'
import { apiError, json, readJsonBody } from '~/utils/api.server'
import { endpoint, ok, type SignedInArgs } from './endpoints.server'

// /api/v1/quiz: a practice set's answers saved in the background by the enhanced test view (the rows of
// ./quiz.server.ts's table), the twin of POST quiz/{id}/answers for a quiz's own attempt. A set is its learner's
// alone: anyone else's set id answers 404, as an unknown one does.

const NOT_FOUND = 'Practice set not found.'

const saveSetBatch = async ({ request, params, user }: SignedInArgs) => {
  const set = isId(params.setId) ? await getPracticeSet(user.id, params.setId) : undefined
  if (!set) return apiError(404, NOT_FOUND)
  const body = await readJsonBody(request)
  const parsed = answerListSchema.safeParse(body.answers)
  if (!parsed.success) return apiError(400, 'Each answer needs a questionId and a selectedOption from 0 to 3 (or null)')
  try {
    const outcome = await saveAnswers({ attempt: set.attempt, answers: parsed.data })
    if (outcome === 'closed') return apiError(409, 'This attempt is already submitted.', { submitted: true })
  } catch (error) {
    if (error instanceof QuizError) return apiError(QUIZ_PROBLEM_STATUS[error.problem], error.message)
    throw error
  }
  // Untimed: no time left to report.
  return json({ success: true, saved: parsed.data.length, secondsLeft: null })
}

export const practiceSetEndpoints = [
  endpoint({
    method: 'POST',
    path: '/practice-sets/:setId/answers',
    summary: "Ours: saves a batch of answers of the learner's own practice set (the enhanced test view)",
    guard: 'signedIn',
    body: { json: z.object({ answers: answerListSchema }) },
    success: { 200: ok({ saved: z.number().int(), secondsLeft: z.null() }) },
    errors: {
      400: 'a malformed answer, or a question that is not in the set',
      404: NOT_FOUND,
      409: {
        description: 'the practice set is submitted',
        schema: ApiErrorShape.extend({ submitted: z.literal(true) }),
      },
    },
    handler: saveSetBatch,
  }),
]
