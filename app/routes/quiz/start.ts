import { getUser } from '~/auth/session.server'
import { quickStart } from './quick-start.server'
import type { Route } from './+types/start'

// POST /quiz/{id}/start: the enhanced quiz page's Start, answered with the test's first screen as JSON
// (./quick-start.server.ts). server.js's exam lane answers it for signed-in learners before React Router
// (app/routes/exam-lane.server.ts); this route answers the rest (signed out) and the tests that call routes.
export async function action({ request, params }: Route.ActionArgs) {
  const answer = await quickStart(await getUser(request), params.quizId)
  return Response.json(answer.body, { status: answer.status, headers: { 'Cache-Control': 'no-store' } })
}
