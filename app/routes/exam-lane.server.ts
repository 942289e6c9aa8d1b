import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { userFromCookieHeader } from '~/auth/session.server'
import { isId } from '~/lib/ids'
import { BODY_MESSAGES, jsonObjectFromText, JSON_MAX_BYTES } from '~/utils/body.server'
import { answerBatch } from './api/quiz-answers.server'
import { paperAnswer, passedPaperAnswer } from './quiz/paper-answer.server'
import { quickStart } from './quiz/quick-start.server'

// The exam lane (docs/decisions/032-exam-lane.md): the requests every learner of a test makes, answered by server.js
// straight from the models, before the compression middleware and React Router: the enhanced page's Start
// (POST /quiz/{id}/start, the attempt and the test's first screen), the paper (GET /quiz/{id}/paper, once per test
// page) and the answer saves (POST /api/v1/quiz/{id}/answers, twenty or more per learner). React
// Router's own work per request (matching the URL against every route, twice; the middleware pipeline; a fetch
// Request and Response; streaming the body through compression) is ~0.9 ms on the bench machine, while a save's
// own work is a few tenths of that: at a live mock 10,000 learners send ~1,100 saves a second.
//
// The lane answers exactly what the routes answer: both call the same function (./api/quiz-answers.server.ts,
// ./quiz/paper-answer.server.ts, ./quiz/quick-start.server.ts), and server.js's checks (cross-site, body limits,
// CORS, security headers) have run. It answers signed-in learners only, and a paper request carrying its test page's
// paper pass (app/models/quiz/paper-pass.server.ts); anything else it leaves to React Router,
// which answers it as before: a signed-out request, another method, an address the lane does not know, an attempt
// on an older paper.

export type ExamLaneRoute = { kind: 'save' | 'paper' | 'start'; quizId: string }

const SAVE = /^\/api\/v1\/quiz\/([^/]+)\/answers$/
const START = /^\/quiz\/([^/]+)\/start$/
const PAPER = /^\/quiz\/([^/]+)\/paper$/
const JSON_TYPE = 'application/json; charset=utf-8'

/** The lane's request at this method and path (the path undecoded, without the query), or null. */
export function examLaneRoute(method: string, path: string): ExamLaneRoute | null {
  const [kind, match] =
    method === 'POST'
      ? path.endsWith('/start')
        ? (['start', START.exec(path)] as const)
        : (['save', SAVE.exec(path)] as const)
      : method === 'GET'
        ? (['paper', PAPER.exec(path)] as const)
        : (['paper', null] as const)
  if (!match || !isId(match[1])) return null
  return { kind, quizId: match[1] }
}

/**
 * The body's text, or null past `maxBytes`. The stream is server.js's byte-counted copy of the request, which ends
 * at its own limit: past ours the rest is read and dropped, so the client gets to read the 413.
 */
async function readText(body: Readable | undefined, maxBytes: number): Promise<string | null> {
  if (!body) return ''
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += (chunk as Buffer).length
    if (size <= maxBytes) chunks.push(chunk as Buffer)
  }
  return size > maxBytes ? null : Buffer.concat(chunks).toString('utf8')
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Uint8Array) {
  // Already answered (a 413 from server.js's body limit) or the client is gone.
  if (res.headersSent || res.destroyed || res.writableEnded) return
  res.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) })
  res.end(body)
}

/**
 * Answers `route` for a signed-in learner; false (nothing read, nothing written) when React Router should answer it.
 * `body` is the request body server.js counted against its limit.
 */
export async function serveExamLane(
  route: ExamLaneRoute,
  req: IncomingMessage,
  res: ServerResponse,
  body: Readable | undefined,
): Promise<boolean> {
  if (route.kind === 'paper') {
    // The test page's pass opens the paper it names with one read: its learner's session, their attempt open
    // (./quiz/paper-answer.server.ts).
    const passed = await passedPaperAnswer(
      route.quizId,
      req.headers['x-paper-pass'],
      req.headers.cookie,
      req.headers['accept-encoding'],
    )
    if (passed) {
      send(res, passed.status, passed.headers, passed.body)
      return true
    }
  }
  const user = await userFromCookieHeader(req.headers.cookie)
  if (!user) return false
  if (route.kind === 'start') {
    const answer = await quickStart(user, route.quizId)
    send(res, answer.status, { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' }, JSON.stringify(answer.body))
    return true
  }
  if (route.kind === 'paper') {
    const answer = await paperAnswer(user, route.quizId, req.headers['accept-encoding'])
    // A paper built for one attempt alone is compressed on the fly by server.js's compression.
    if (answer.status === 200 && !answer.compressed) return false
    send(res, answer.status, answer.headers, answer.body)
    return true
  }
  const answer = await answerBatch(user, route.quizId, async () => {
    try {
      return jsonObjectFromText(await readText(body, JSON_MAX_BYTES), req.headers['content-type'])
    } catch {
      // A body that failed mid-way is malformed, as body.server.ts's parseJsonObject says.
      return { ok: false, status: 400, reason: 'malformed', message: BODY_MESSAGES.malformedJson }
    }
  })
  send(res, answer.status, { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' }, JSON.stringify(answer.body))
  return true
}
