import { accessDeniedMessage } from '~/components/quiz/access-denied'
import type { UserRow } from '~/models/accounts/user.server'
import { quizGate } from '~/models/quiz/access.server'
import { getAttempt, getOpenPractice } from '~/models/quiz/attempt.server'
import {
  attemptPaper,
  currentPaperOf,
  heldPaper,
  paperBody,
  paperJson,
  type PaperVersion,
} from '~/models/quiz/paper-memo.server'
import { passHolderMayRead, readPaperPass } from '~/models/quiz/paper-pass.server'
import { sessionIdFromCookieHeader } from '~/utils/session-cookie.server'
import { isId } from '~/lib/ids'
import { chooseEncoding } from '~/utils/page-store.server'
import { GATE_STATUS } from './statuses'

// GET /quiz/{id}/paper as a status, headers and body: the route (./paper.ts) and server.js's exam lane
// (../exam-lane.server.ts) both answer with this.
//
// The questions of the learner's open attempt with their stored HTML, as JSON, for the test view once it has
// hydrated. The page itself carries only the question on screen (its HTML stays within the first TCP flight however
// long the paper), and the rest arrives here, after the page has loaded. The same questions as the page
// (questionsShownAt at the attempt's start) and never the key or the explanations: the catalog selects neither.
//
// The body is the same for every learner whose attempt sees the paper's current version, so it is built and
// compressed once per version (app/models/quiz/paper-memo.server.ts): at a live mock's opening thousands of
// learners fetch it within seconds. Which attempt it belongs to is therefore a header, X-Attempt-Id, not the body.

export type PaperAnswer = {
  status: number
  headers: Record<string, string>
  body: string | Uint8Array
  /** False for the body of an attempt that sees an older paper: built for it alone, not compressed yet. */
  compressed: boolean
}

const JSON_TYPE = 'application/json; charset=utf-8'

export async function paperAnswer(
  user: UserRow | null,
  quizId: string | undefined,
  acceptEncoding: string | null | undefined,
): Promise<PaperAnswer> {
  const gate = await quizGate(user, quizId)
  const headers: Record<string, string> = { 'Cache-Control': 'private, no-store', 'Content-Type': JSON_TYPE }
  const refusal = (status: number, message: string): PaperAnswer => ({
    status,
    headers,
    body: JSON.stringify({ message }),
    compressed: false,
  })
  if (!gate.ok) {
    const status = GATE_STATUS[gate.reason]
    return refusal(status, accessDeniedMessage(status))
  }
  const now = new Date()
  // The attempt the test page shows: the ranked one until it is submitted, then an open practice attempt (also with
  // no ranked one: a live mock's unranked attempt after its window).
  const ranked = await getAttempt(user!.id, gate.quiz.id, now)
  const attempt = ranked && !ranked.submitted_at ? ranked : await getOpenPractice(user!.id, gate.quiz.id, now)
  if (!attempt) return refusal(404, 'No open attempt of this quiz')
  headers['X-Attempt-Id'] = attempt.id
  const current = await currentPaperOf(attempt, gate.paper)
  if (!current) return { status: 200, headers, body: paperJson(await attemptPaper(attempt)), compressed: false }
  return sharedPaper(current, headers, acceptEncoding)
}

/**
 * The paper a valid paper pass (X-Paper-Pass) names, from memory, after one read that the session is its learner's and
 * the attempt still open (../../models/quiz/paper-pass.server.ts). Null when the pass is absent, not ours, expired,
 * another quiz's, shown by anyone else, for an attempt that has ended, or for a version this process does not hold:
 * the request is then answered by paperAnswer, with every check.
 */
export async function passedPaperAnswer(
  quizId: string | undefined,
  pass: unknown,
  cookieHeader: string | null | undefined,
  acceptEncoding: string | null | undefined,
): Promise<PaperAnswer | null> {
  if (pass === undefined || pass === null || !isId(quizId)) return null
  const read = readPaperPass(pass, quizId)
  const paper = read ? heldPaper(quizId, read.version) : undefined
  if (!read || !paper) return null
  // Only its own learner, only while the attempt is open; anyone else is checked as any request is (and refused).
  if (!(await passHolderMayRead(read, await sessionIdFromCookieHeader(cookieHeader)))) return null
  const headers: Record<string, string> = {
    'Cache-Control': 'private, no-store',
    'Content-Type': JSON_TYPE,
    'X-Attempt-Id': read.attemptId,
  }
  return sharedPaper(paper, headers, acceptEncoding)
}

/** The version's shared body, compressed as the client accepts. */
async function sharedPaper(
  paper: PaperVersion,
  headers: Record<string, string>,
  acceptEncoding: string | null | undefined,
): Promise<PaperAnswer> {
  const body = await paperBody(paper)
  const encoding = chooseEncoding(acceptEncoding ?? undefined)
  headers.Vary = 'Accept-Encoding'
  if (encoding === 'identity') return { status: 200, headers, body: body.json, compressed: true }
  headers['Content-Encoding'] = encoding
  const bytes = encoding === 'br' ? body.br : body.gzip
  return { status: 200, headers, body: bytes, compressed: true }
}
