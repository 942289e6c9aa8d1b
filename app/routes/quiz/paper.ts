import { getUser } from '~/auth/session.server'
import { accessDeniedMessage } from '~/components/quiz/access-denied'
import { quizGate } from '~/models/quiz/access.server'
import { getAttempt, getOpenPractice } from '~/models/quiz/attempt.server'
import { attemptPaper } from '~/models/quiz/paper-memo.server'
import { GATE_STATUS } from './statuses'
import type { Route } from './+types/paper'

// /quiz/{id}/paper: the questions of the learner's open attempt with their stored HTML, as JSON, for the test view
// once it has hydrated. The page itself carries only the question on screen (its HTML stays within the first TCP
// flight however long the paper), and the rest arrives here, after the page has loaded. The same questions as the
// page (questionsShownAt at the attempt's start) and never the key or the explanations: the catalog selects neither.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getUser(request)
  const gate = await quizGate(user, params.quizId)
  const headers = { 'Cache-Control': 'private, no-store' }
  if (!gate.ok) {
    const status = GATE_STATUS[gate.reason]
    return Response.json({ message: accessDeniedMessage(status) }, { status, headers })
  }
  const now = new Date()
  // The attempt the test page shows: the ranked one until it is submitted, then an open practice attempt (also with
  // no ranked one: a live mock's unranked attempt after its window).
  const ranked = await getAttempt(user!.id, gate.quiz.id, now)
  const attempt = ranked && !ranked.submitted_at ? ranked : await getOpenPractice(user!.id, gate.quiz.id, now)
  if (!attempt) return Response.json({ message: 'No open attempt of this quiz' }, { status: 404, headers })
  const questions = await attemptPaper(attempt)
  return Response.json(
    {
      attemptId: attempt.id,
      questions: questions.map((q) => ({
        id: q.id,
        type: q.type,
        marks: q.marks,
        negativeMarks: q.negativeMarks,
        questionHtml: q.questionHtml,
        optionsHtml: q.optionsHtml,
      })),
    },
    { headers },
  )
}
