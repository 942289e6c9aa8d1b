import crypto from 'node:crypto'
import { sql } from 'kysely'
import { OTP_MAX_WRONG_TRIES, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '~/lib/constants'
import { normaliseEmail } from '~/lib/text'
import { db } from '~/utils/db.server'
import { sessionSecrets } from '~/utils/env.server'
import { newId, nowIso } from '~/utils/ids.server'
import { hit } from '~/utils/rate-limit.server'

// The server-side truth for one-time codes (docs/decisions/003-one-time-codes.md). A reset row
// is one per e-mail; a sign-up row is one per client that registered: it is found by the hash of a
// random claim only that client holds (an HttpOnly cookie), so another client's register never touches it and a
// code creates only the registration it was mailed for. Rows hold the code's keyed hash, its wrong-try count,
// the send time (resend cooldown), pending sign-up data and the single-use reset proof. Pages and the JSON twins
// both go through these functions, so nothing else a client keeps (the `_totp` cookie included) adds tries.

export type Purpose = 'signup' | 'reset'

export const OTP_TTL_MS = OTP_TTL_MINUTES * 60 * 1000
export const PROOF_TTL_MS = 10 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000
/**
 * At most this many code e-mails per e-mail address per hour (sign-up and reset together). With 5
 * wrong tries per code this also bounds guessing at 30 tries per address per hour, without ever locking the
 * owner's next code.
 */
export const CODE_MAILS_PER_ADDRESS_PER_HOUR = 6

export const MESSAGES = {
  noPending: 'Invalid or expired OTP',
  wrong: 'Invalid OTP',
  expired: 'OTP has been expired',
  dead: 'Too many incorrect attempts. Please request a new code.',
  mailCap: 'Too many codes were sent to this e-mail. Please try again in an hour.',
  tooEarly: (s: number) => `Please wait ${s} seconds before requesting a new code.`,
} as const

/** Keyed hash: a leaked table row does not give the 6-digit code away to an offline search. */
function codeHash(purpose: Purpose, email: string, code: string): string {
  return crypto.createHmac('sha256', sessionSecrets()[0]).update(`${purpose}:${email}:${code}`).digest('hex')
}
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex')

export type PendingSignup = { name: string; passwordHash: string }

const rowColumns = [
  'id',
  'email',
  'payload',
  'attempts',
  'expires_at',
  'last_sent_at',
  'verified_at',
  'consumed_at',
  'code_hash',
] as const

/** The live reset row of an e-mail. */
export async function getResetVerification(email: string) {
  return db
    .selectFrom('verifications')
    .select(rowColumns)
    .where('purpose', '=', 'reset')
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst()
}

/** A random claim for a new sign-up; the client keeps it, the row keeps its hash. */
export const newSignupClaim = () => crypto.randomBytes(32).toString('base64url')

/** The unused sign-up row a client's claim points at (undefined without a claim, or once it is used). */
export async function getPendingSignup(claim: string | null | undefined) {
  if (!claim) return undefined
  return db
    .selectFrom('verifications')
    .select(rowColumns)
    .where('purpose', '=', 'signup')
    .where('claim_hash', '=', sha256(claim))
    .where('consumed_at', 'is', null)
    .executeTakeFirst()
}

/** Seconds left before another code of this purpose may be sent to this address (0 = may send now). */
export async function resendWaitSeconds(purpose: Purpose, email: string, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('verifications')
    .select((eb) => eb.fn.max('last_sent_at').as('last'))
    .where('purpose', '=', purpose)
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst()
  if (!row?.last) return 0
  const next = Date.parse(row.last) + OTP_RESEND_SECONDS * 1000
  return next > now ? Math.ceil((next - now) / 1000) : 0
}

/**
 * Whether a code e-mail may go to this address now: the resend cooldown, then the hourly cap per address (a
 * refused cooldown does not count toward the cap). Returns the refusal, or null when a code may be sent.
 */
export async function codeMailRefusal(
  purpose: Purpose,
  email: string,
): Promise<{ status: 429; message: string } | null> {
  const wait = await resendWaitSeconds(purpose, email)
  if (wait > 0) return { status: 429, message: MESSAGES.tooEarly(wait) }
  if (!(await hit(`code-mail:${normaliseEmail(email)}`, CODE_MAILS_PER_ADDRESS_PER_HOUR, HOUR_MS)))
    return { status: 429, message: MESSAGES.mailCap }
  return null
}

export type RecordInput =
  | { purpose: 'reset'; email: string; code: string }
  | { purpose: 'signup'; email: string; code: string; claim: string; payload?: PendingSignup }

/**
 * Stores a freshly generated code (called from remix-auth-totp's sendTOTP). A new code resets the try count and
 * any earlier proof. Sign-up: with `payload` it is a new registration (a new row for a new claim); without, a
 * resend for the claim's own row (payload kept). Returns false when a resend's claim has no pending row.
 */
export async function recordCode(input: RecordInput): Promise<boolean> {
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
  if (input.purpose === 'reset') {
    await db
      .insertInto('verifications')
      .values({
        id: newId(),
        purpose: 'reset',
        email,
        payload: null,
        claim_hash: null,
        created_at: now.toISOString(),
        ...values,
      })
      // The conflict target names the partial unique index (migration 0005): its predicate must be a literal.
      .onConflict((oc) =>
        oc.columns(['purpose', 'email']).where(sql.ref('purpose'), '=', sql.lit('reset')).doUpdateSet(values),
      )
      .execute()
    return true
  }
  const claimHash = sha256(input.claim)
  if (!input.payload) {
    const updated = await db
      .updateTable('verifications')
      .set(values)
      .where('purpose', '=', 'signup')
      .where('claim_hash', '=', claimHash)
      .where('email', '=', email)
      .where('consumed_at', 'is', null)
      .executeTakeFirst()
    return Number(updated.numUpdatedRows) === 1
  }
  // Abandoned registrations are not kept past a day.
  await db
    .deleteFrom('verifications')
    .where('purpose', '=', 'signup')
    .where('expires_at', '<', new Date(now.getTime() - 24 * HOUR_MS).toISOString())
    .execute()
  await db
    .insertInto('verifications')
    .values({
      id: newId(),
      purpose: 'signup',
      email,
      payload: JSON.stringify(input.payload),
      claim_hash: claimHash,
      created_at: now.toISOString(),
      ...values,
    })
    .execute()
  return true
}

export type VerifyResult =
  { ok: true; id: string; payload: string | null } | { ok: false; status: 400 | 429; message: string }

/**
 * Checks a code. The row: the e-mail's reset row, or the sign-up row of the caller's claim (which must be for
 * this e-mail). Order: pending row, expiry (before the match, docs/legacy-api.md §5 #10), then a try is reserved
 * atomically (`attempts < 5`), so parallel guesses cannot overrun the count. Only the code is locked by wrong tries: a
 * new code (bounded by CODE_MAILS_PER_ADDRESS_PER_HOUR) starts afresh, so an attacker's guesses never lock the owner
 * out.
 */
export async function verifyCode(
  input:
    | { purpose: 'reset'; email: string; code: string }
    | { purpose: 'signup'; email: string; code: string; claim: string | null | undefined },
): Promise<VerifyResult> {
  const email = normaliseEmail(input.email)
  const row = input.purpose === 'reset' ? await getResetVerification(email) : await getPendingSignup(input.claim)
  if (!row || row.email !== email || row.consumed_at || row.verified_at)
    return { ok: false, status: 400, message: MESSAGES.noPending }
  if (Date.parse(row.expires_at) <= Date.now()) return { ok: false, status: 400, message: MESSAGES.expired }
  const reserved = await db
    .updateTable('verifications')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', OTP_MAX_WRONG_TRIES)
    .where('verified_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst()
  if (!reserved) return { ok: false, status: 400, message: MESSAGES.dead }
  const expected = Buffer.from(row.code_hash, 'hex')
  const actual = Buffer.from(codeHash(input.purpose, email, input.code), 'hex')
  if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
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

/** Once an account exists for an e-mail, other clients' pending registrations for it are void. */
export async function dropPendingSignups(email: string) {
  await db
    .deleteFrom('verifications')
    .where('purpose', '=', 'signup')
    .where('email', '=', normaliseEmail(email))
    .where('consumed_at', 'is', null)
    .execute()
}
