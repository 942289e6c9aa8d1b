import { getUser } from '~/auth/session.server'
import { accessDeniedMessage } from '~/components/quiz/access-denied'
import { quizGate } from '~/models/quiz/access.server'
import { getAttempt, getOpenPractice } from '~/models/quiz/attempt.server'
import { attemptPaper, currentPaperOf, paperBody, paperJson } from '~/models/quiz/paper-memo.server'
import { chooseEncoding } from '~/utils/page-store.server'
import { GATE_STATUS } from './statuses'
import type { Route } from './+types/paper'

// /quiz/{id}/paper: the questions of the learner's open attempt with their stored HTML, as JSON, for the test view
// once it has hydrated. The page itself carries only the question on screen (its HTML stays within the first TCP
// flight however long the paper), and the rest arrives here, after the page has loaded. The same questions as the
// page (questionsShownAt at the attempt's start) and never the key or the explanations: the catalog selects neither.
//
// The body is the same for every learner whose attempt sees the paper's current version, so it is built and
// compressed once per version (app/models/quiz/paper-memo.server.ts): at a live mock's opening thousands of
// learners fetch it within seconds. Which attempt it belongs to is therefore a header, X-Attempt-Id, not the body.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getUser(request)
  const gate = await quizGate(user, params.quizId)
  const headers = new Headers({ 'Cache-Control': 'private, no-store' })
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
  headers.set('X-Attempt-Id', attempt.id)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  const current = await currentPaperOf(attempt)
  if (!current) return new Response(paperJson(await attemptPaper(attempt)), { headers })
  const body = await paperBody(current)
  // Already compressed: server.js's compression leaves a response with a Content-Encoding alone.
  const encoding = chooseEncoding(request.headers.get('Accept-Encoding') ?? undefined)
  headers.set('Vary', 'Accept-Encoding')
  if (encoding === 'identity') return new Response(body.json, { headers })
  headers.set('Content-Encoding', encoding)
  const bytes = encoding === 'br' ? body.br : body.gzip
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), { headers })
}
