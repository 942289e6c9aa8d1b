import crypto from 'node:crypto'
import { isId } from '~/lib/ids'
import { answersCloseAt } from '~/lib/quiz/clock'
import { prepared } from '#db/prepared'
import { db } from '~/utils/db.server'
import { sessionSecrets } from '~/utils/env.server'

// The paper pass (docs/decisions/037-paper-pass.md): what lets a test page fetch its paper without the session and
// database checks the page itself has just passed.
//
// The test view (its loader, or the enhanced Start) is built only after the quiz gate (signed in, access, the live
// window) and with the learner's own open attempt; when that attempt sees the paper's current version, the view
// carries a pass naming the quiz, the attempt and the version, signed with the session secret. The page sends it back
// with its one paper request, and the paper endpoint then answers from memory, with no cookie check and no query: at a
// live mock's opening that request is half of every learner's requests, and its three queries were a third of the
// database's work. A pass for a version this process no longer holds, or a missing, forged or expired one, is
// ignored, and the request is checked as before.
//
// A pass is no bearer token: it opens the paper only with the session cookie of the learner whose attempt it names,
// and only while that attempt is open (submitted, or past its deadline and grace, it opens nothing). Both are one
// indexed read (passHolderMayRead below) in place of the session's, the gate's and the attempt's.
//
// base64url of 12 bytes of quiz id, 12 of attempt id, 6 of content version, 4 of expiry (Unix seconds) and the first
// 16 bytes of an HMAC-SHA256 of those 34 bytes behind a "paper-pass" label (so no other signed value of ours, such as a
// video token, can pass for one): 67 characters. The first secret signs, any verifies (rotating SESSION_SECRET keeps
// passes made just before it). It expires when the attempt stops taking answers (deadline and grace); an untimed
// attempt's pass lasts UNTIMED_PASS_SECONDS. What it opens is what the page already showed its learner: the
// questions without keys or explanations.

const UNTIMED_PASS_SECONDS = 4 * 60 * 60
const MAC_BYTES = 16
const PAYLOAD_BYTES = 34
const LABEL = Buffer.from('paper-pass\0')
const PASS = /^[A-Za-z0-9_-]{67}$/

const mac = (secret: string, payload: Buffer) =>
  crypto.createHmac('sha256', secret).update(LABEL).update(payload).digest().subarray(0, MAC_BYTES)

export type PaperPass = { quizId: string; attemptId: string; version: number }

/** The pass for `attempt`'s paper at content version `version`, valid until the attempt stops taking answers. */
export function makePaperPass(
  attempt: { id: string; quiz_id: string; deadline_at: string | null },
  version: number,
  now = new Date(),
): string {
  if (!isId(attempt.id) || !isId(attempt.quiz_id)) throw new Error('paper passes are made for 24-hex ids only')
  const closes = answersCloseAt(attempt.deadline_at)?.getTime() ?? now.getTime() + UNTIMED_PASS_SECONDS * 1000
  const payload = Buffer.alloc(PAYLOAD_BYTES)
  payload.write(attempt.quiz_id, 0, 'hex')
  payload.write(attempt.id, 12, 'hex')
  payload.writeUIntBE(version, 24, 6)
  payload.writeUInt32BE(Math.ceil(closes / 1000), 30)
  return Buffer.concat([payload, mac(sessionSecrets()[0]!, payload)]).toString('base64url')
}

/**
 * What a pass says, when our secret signed it for quiz `quizId` and it has not expired; null for anything else
 * (absent, cut, altered, another quiz's, expired). Compared in constant time.
 */
export function readPaperPass(pass: unknown, quizId: string, now = new Date()): PaperPass | null {
  if (typeof pass !== 'string' || !PASS.test(pass)) return null
  const bytes = Buffer.from(pass, 'base64url')
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return null
  const payload = bytes.subarray(0, PAYLOAD_BYTES)
  const given = bytes.subarray(PAYLOAD_BYTES)
  if (!sessionSecrets().some((secret) => crypto.timingSafeEqual(mac(secret, payload), given))) return null
  if (payload.readUInt32BE(30) * 1000 <= now.getTime()) return null
  const passQuizId = payload.subarray(0, 12).toString('hex')
  if (passQuizId !== quizId) return null
  return { quizId: passQuizId, attemptId: payload.subarray(12, 24).toString('hex'), version: payload.readUIntBE(24, 6) }
}

/**
 * Whether the pass is shown by the learner it was made for while their attempt is open: the session (signed cookie,
 * then its row, not expired) belongs to the attempt's learner, and the attempt is of this quiz and not submitted.
 */
export async function passHolderMayRead(
  pass: PaperPass,
  sessionId: string | null,
  now = new Date(),
): Promise<boolean> {
  if (!sessionId) return false
  const row = await passHolderQuery.first(db, {
    attemptId: pass.attemptId,
    quizId: pass.quizId,
    sessionId,
    now: now.toISOString(),
  })
  return Boolean(row)
}

// Every paper request of a test page runs it: compiled once (#db/prepared), as the exam's other statements are.
const passHolderQuery = prepared((conn, p: { attemptId: string; quizId: string; sessionId: string; now: string }) =>
  conn
    .selectFrom('attempts as a')
    .innerJoin('sessions as s', 's.user_id', 'a.user_id')
    .select('a.id')
    .where('a.id', '=', p.attemptId)
    .where('a.quiz_id', '=', p.quizId)
    .where('a.submitted_at', 'is', null)
    .where('s.id', '=', p.sessionId)
    .where('s.expires_at', '>', p.now),
)
