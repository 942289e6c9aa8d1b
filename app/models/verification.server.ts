import crypto from 'node:crypto'
import { OTP_MAX_WRONG_TRIES, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '~/lib/constants'
import { normaliseEmail } from '~/models/user.server'
import { db } from '~/utils/db.server'
import { sessionSecrets } from '~/utils/env.server'
import { newId, nowIso } from '~/utils/ids.server'
import { count, hit } from '~/utils/rate-limit.server'

// The server-side truth for one-time codes (DESIGN.md "Auth", docs/decisions/003-one-time-codes.md): one row per
// (purpose, email) holds the code's keyed hash, its wrong-try count, the resend cooldown, pending sign-up data
// and the single-use reset proof. The pages and the JSON twins both go through these functions, so nothing a
// client keeps (the `_totp` cookie included) can add tries or revive a code.

export type Purpose = 'signup' | 'reset'

export const OTP_TTL_MS = OTP_TTL_MINUTES * 60 * 1000
export const PROOF_TTL_MS = 10 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000
/** issue 3 §2: at most 10 failed verifications per e-mail per hour. */
export const FAILED_PER_EMAIL_PER_HOUR = 10

export const MESSAGES = {
  noPending: 'Invalid or expired OTP',
  wrong: 'Invalid OTP',
  expired: 'OTP has been expired',
  dead: 'Too many incorrect attempts. Please request a new code.',
  hourly: 'Too many failed attempts for this e-mail. Please try again in an hour.',
  tooEarly: (s: number) => `Please wait ${s} seconds before requesting a new code.`,
} as const

/** Keyed hash: a leaked table row does not give the 6-digit code away to an offline search. */
function codeHash(purpose: Purpose, email: string, code: string): string {
  return crypto.createHmac('sha256', sessionSecrets()[0]).update(`${purpose}:${email}:${code}`).digest('hex')
}
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex')

export type PendingSignup = { name: string; passwordHash: string }

export async function getVerification(purpose: Purpose, email: string) {
  return db
    .selectFrom('verifications')
    .select(['id', 'email', 'payload', 'attempts', 'expires_at', 'last_sent_at', 'verified_at', 'consumed_at', 'code_hash'])
    .where('purpose', '=', purpose)
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst()
}

/** Seconds left before another code may be sent to this address (0 = may send now). */
export async function resendWaitSeconds(purpose: Purpose, email: string, now = Date.now()): Promise<number> {
  const row = await getVerification(purpose, email)
  if (!row) return 0
  const next = Date.parse(row.last_sent_at) + OTP_RESEND_SECONDS * 1000
  return next > now ? Math.ceil((next - now) / 1000) : 0
}

/**
 * Stores a freshly generated code (called from remix-auth-totp's sendTOTP, or from the JSON twins). A new code
 * resets the try count and any earlier proof; `payload` (pending sign-up) is kept when not given.
 */
export async function recordCode(input: { purpose: Purpose; email: string; code: string; payload?: PendingSignup }) {
  const email = normaliseEmail(input.email)
  const now = new Date()
  const values = {
    code_hash: codeHash(input.purpose, email, input.code),
    attempts: 0,
    expires_at: new Date(now.getTime() + OTP_TTL_MS).toISOString(),
    last_sent_at: now.toISOString(),
    verified_at: null,
    proof_hash: null,
    proof_expires_at: null,
    consumed_at: null,
  }
  const payload = input.payload ? JSON.stringify(input.payload) : undefined
  await db
    .insertInto('verifications')
    .values({ id: newId(), purpose: input.purpose, email, payload: payload ?? null, created_at: now.toISOString(), ...values })
    .onConflict((oc) => oc.columns(['purpose', 'email']).doUpdateSet({ ...values, ...(payload ? { payload } : {}) }))
    .execute()
}

/** Generates a 6-digit code with a CSPRNG (API twins; the pages get theirs from remix-auth-totp). */
export const randomCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')

export type VerifyResult = { ok: true; id: string; payload: string | null } | { ok: false; status: 400 | 429; message: string }

/**
 * Checks a code against the table. Order: hourly cap per e-mail, pending row, expiry (before the match, API.md
 * §5 #10), then a try is reserved atomically (`attempts < 5`), so parallel guesses cannot overrun the count.
 */
export async function verifyCode(purpose: Purpose, rawEmail: string, code: string): Promise<VerifyResult> {
  const email = normaliseEmail(rawEmail)
  const failKey = `otp-fail:${email}`
  if ((await count(failKey, HOUR_MS)) >= FAILED_PER_EMAIL_PER_HOUR) return { ok: false, status: 429, message: MESSAGES.hourly }
  const row = await getVerification(purpose, email)
  if (!row || row.consumed_at || row.verified_at) return { ok: false, status: 400, message: MESSAGES.noPending }
  if (Date.parse(row.expires_at) <= Date.now()) return { ok: false, status: 400, message: MESSAGES.expired }
  const reserved = await db
    .updateTable('verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', OTP_MAX_WRONG_TRIES)
    .where('verified_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst()
  if (!reserved) {
    await hit(failKey, FAILED_PER_EMAIL_PER_HOUR, HOUR_MS)
    return { ok: false, status: 400, message: MESSAGES.dead }
  }
  const expected = Buffer.from(row.code_hash, 'hex')
  const actual = Buffer.from(codeHash(purpose, email, code), 'hex')
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
    await hit(failKey, FAILED_PER_EMAIL_PER_HOUR, HOUR_MS)
    return { ok: false, status: 400, message: MESSAGES.wrong }
  }
  const done = await db
    .updateTable('verifications')
    .set({ verified_at: nowIso() })
    .where('id', '=', row.id)
    .where('verified_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  if (!done) return { ok: false, status: 400, message: MESSAGES.noPending }
  return { ok: true, id: row.id, payload: row.payload }
}

/** After a verified reset code: a random single-use proof, stored hashed, valid 10 minutes. Returns the token. */
export async function issueResetProof(verificationId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url')
  await db
    .updateTable('verifications')
    .set({ proof_hash: sha256(token), proof_expires_at: new Date(Date.now() + PROOF_TTL_MS).toISOString() })
    .where('id', '=', verificationId)
    .execute()
  return token
}

/** The e-mail a live proof belongs to, without using it up (the reset page shows its form only with one). */
export async function peekResetProof(token: string | null | undefined): Promise<string | null> {
  if (!token) return null
  const row = await db
    .selectFrom('verifications')
    .select(['email'])
    .where('purpose', '=', 'reset')
    .where('proof_hash', '=', sha256(token))
    .where('consumed_at', 'is', null)
    .where('proof_expires_at', '>', nowIso())
    .executeTakeFirst()
  return row?.email ?? null
}

/** Uses up a reset proof atomically (single use). `email`, when given, must be the proof's e-mail. */
export async function consumeResetProof(token: string | null | undefined, email?: string): Promise<string | null> {
  if (!token) return null
  let q = db
    .updateTable('verifications')
    .set({ consumed_at: nowIso() })
    .where('purpose', '=', 'reset')
    .where('proof_hash', '=', sha256(token))
    .where('consumed_at', 'is', null)
    .where('proof_expires_at', '>', nowIso())
  if (email !== undefined) q = q.where('email', '=', normaliseEmail(email))
  const row = await q.returning('email').executeTakeFirst()
  return row?.email ?? null
}

/** Marks a sign-up row used once its account exists. */
export async function consumeVerification(id: string) {
  await db.updateTable('verifications').set({ consumed_at: nowIso() }).where('id', '=', id).execute()
}
