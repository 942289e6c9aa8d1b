import type { GateRefusal, QuizProblem } from '~/models/quiz/access.server'

// The HTTP status of each refusal the quiz models return: the pages and the API answer alike. Models know no HTTP.

export const GATE_STATUS = {
  'signed-out': 401,
  'no-access': 403,
  'not-found': 404,
  'not-open': 403,
} as const satisfies Record<GateRefusal, number>

export const QUIZ_PROBLEM_STATUS = {
  'invalid-answer': 400,
  'no-questions': 409,
  'submit-first': 409,
  'window-closed': 409,
} as const satisfies Record<QuizProblem, number>
