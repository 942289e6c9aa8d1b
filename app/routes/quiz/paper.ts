import { getUser } from '~/auth/session.server'
import { paperAnswer, passedPaperAnswer } from './paper-answer.server'
import type { Route } from './+types/paper'

// /quiz/{id}/paper: the questions of the learner's open attempt, as JSON (./paper-answer.server.ts). At an exam's
// opening server.js's exam lane answers it before React Router (app/routes/exam-lane.server.ts); this route answers
// what the lane leaves to it (signed out, HEAD, an attempt on an older paper) and the tests that call routes.
export async function loader({ request, params }: Route.LoaderArgs) {
  const encoding = request.headers.get('Accept-Encoding')
  const answer =
    (await passedPaperAnswer(
      params.quizId,
      request.headers.get('X-Paper-Pass'),
      request.headers.get('Cookie'),
      encoding,
    )) ?? (await paperAnswer(await getUser(request), params.quizId, encoding))
  // Already compressed when it says so: server.js's compression leaves a response with a Content-Encoding alone.
  const body =
    typeof answer.body === 'string'
      ? answer.body
      : new Uint8Array(answer.body.buffer as ArrayBuffer, answer.body.byteOffset, answer.body.length)
  return new Response(body, { status: answer.status, headers: answer.headers })
}
