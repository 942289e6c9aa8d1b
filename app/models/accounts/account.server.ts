import { clearHits, increment, windowEnd } from '~/utils/rate-limit.server'
import { sniffImage, MIME } from '~/lib/file-type'
import { recordAudit } from '~/models/audit/audit.server'
import { deleteUserSessions } from '~/models/accounts/session.server'
import { openEnrolments } from '~/models/enrolment/access.server'
import { getPasswordHash, getUserById, type UserRow } from '~/models/accounts/user.server'
import { normaliseEmail } from '~/lib/text'
import {
  consumeVerification,
  dropPendingSignups,
  type PendingSignup,
  type VerifyResult,
} from '~/models/accounts/verification.server'
import { getStorage, newKey, publicUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { isUniqueViolation } from '#db/dialect'
import { newId, nowIso } from '~/utils/ids.server'
import { hashPassword, verifyPassword } from '~/lib/password.server'
import type { ProfileInput } from '~/schemas/profile'

// Account rules shared by the pages and the /api/v1/users twins.

export const ACCOUNT_MESSAGES = {
  exists: 'User with this email already exists',
  noUser: 'User does not exist',
  badCredentials: 'Invalid Credentials',
  loginLocked: 'Too many failed attempts. Try again in 15 minutes or reset your password.',
} as const

export async function emailTaken(email: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('email', '=', normaliseEmail(email)).executeTakeFirst())
}

export type CredentialResult = { ok: true; userId: string } | { ok: false; status: 404 | 401 | 429 }

/**
 * Failed passwords allowed per account in a fixed window, from any number of addresses (the per-address
 * limit alone let a botnet guess one learner's password without end). Decision 008.
 */
export const LOGIN_FAILURES_PER_ACCOUNT = 10
export const LOGIN_LOCK_WINDOW_MS = 15 * 60_000
const loginTriesKey = (userId: string) => `login-fail:user:${userId}`

/**
 * Login check (404 'User does not exist', 401 'Invalid Credentials', docs/legacy-api.md §5 #9 keeps them), and 429
 * while the account is locked, even for the right password. Each try is counted before its password is checked,
 * so a burst of parallel guesses gets no more than LOGIN_FAILURES_PER_ACCOUNT checks; a right password clears
 * the count.
 */
export async function checkCredentials(email: string, password: string, now = Date.now()): Promise<CredentialResult> {
  const row = await getPasswordHash(email)
  if (!row) return { ok: false, status: 404 }
  const key = loginTriesKey(row.id)
  const tries = await increment(key, LOGIN_LOCK_WINDOW_MS, now)
  if (tries > LOGIN_FAILURES_PER_ACCOUNT) return { ok: false, status: 429 }
  if (!(await verifyPassword(password, row.password_hash))) {
    if (tries === LOGIN_FAILURES_PER_ACCOUNT) await recordLoginLock(row.id, now)
    return { ok: false, status: 401 }
  }
  await clearHits(key)
  return { ok: true, userId: row.id }
}

/** The lock as staff see it in the audit log: once per lock, recorded by the system (no actor). */
async function recordLoginLock(userId: string, now: number) {
  await recordAudit({
    actorId: null,
    action: 'account.login_locked',
    targetType: 'user',
    targetId: userId,
    details: {
      failedPasswords: LOGIN_FAILURES_PER_ACCOUNT,
      lockedUntil: new Date(windowEnd(LOGIN_LOCK_WINDOW_MS, now)).toISOString(),
    },
  })
}

export async function pendingSignupPayload(input: { name: string; password: string }): Promise<PendingSignup> {
  return { name: input.name, passwordHash: await hashPassword(input.password) }
}

/**
 * The account exists only once its code verifies: creates it from the pending sign-up data of a
 * verified row. Returns null when the e-mail got an account meanwhile or the row carried no sign-up data.
 */
export async function createAccountFromSignup(
  email: string,
  verified: Extract<VerifyResult, { ok: true }>,
): Promise<UserRow | null> {
  let pending: PendingSignup
  try {
    pending = JSON.parse(verified.payload ?? '') as PendingSignup
  } catch {
    return null
  }
  if (typeof pending?.name !== 'string' || typeof pending?.passwordHash !== 'string') return null
  const id = newId()
  const now = nowIso()
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id,
          name: pending.name,
          email: normaliseEmail(email),
          password_hash: pending.passwordHash,
          role: 'user',
          created_at: now,
          updated_at: now,
        })
        .execute()
      await trx
        .updateTable('verifications')
        .set({ consumed_at: now, payload: null })
        .where('id', '=', verified.id)
        .execute()
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      await consumeVerification(verified.id)
      return null
    }
    throw error
  }
  await dropPendingSignups(email)
  return (await getUserById(id)) ?? null
}

/**
 * Sets a new password, ends every session of the user and lifts a login lock (the owner
 * proved the address, so the guesses against the old password no longer matter). False for an unknown e-mail.
 */
export async function resetPassword(email: string, newPassword: string): Promise<boolean> {
  const row = await getPasswordHash(email)
  if (!row) return false
  const now = nowIso()
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(newPassword), password_changed_at: now, updated_at: now })
    .where('id', '=', row.id)
    .execute()
  await deleteUserSessions(row.id)
  await clearHits(loginTriesKey(row.id))
  return true
}

/** Profile details; empty optional fields are cleared on the page form, left alone by the API twin. */
export async function updateProfile(
  userId: string,
  input: Partial<ProfileInput>,
  mode: 'replace' | 'merge' = 'replace',
) {
  const pick = (v: string | undefined) => (mode === 'replace' ? (v ? v : null) : v ? v : undefined)
  await db
    .updateTable('users')
    .set({
      ...(input.name ? { name: input.name } : {}),
      mobile_number: pick(input.mobileNumber),
      institute_name: pick(input.instituteName),
      present_course_of_study: pick(input.presentCourseOfStudy),
      state: pick(input.state),
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute()
  return getUserById(userId)
}

export type PhotoResult = { ok: true; url: string } | { ok: false; status: 400 | 413; message: string }

export const PHOTO_BAD_TYPE = 'Only PNG, JPG/JPEG or WebP images are allowed'

/**
 * Stores a profile photo: the type comes from the bytes (PNG/JPEG/WebP), the key is random, the old file is
 * deleted after the user row points at the new one (docs/legacy-api.md §5 #12).
 */
export async function saveProfileImage(userId: string, bytes: Uint8Array): Promise<PhotoResult> {
  const type = sniffImage(bytes)
  if (!type) return { ok: false, status: 400, message: PHOTO_BAD_TYPE }
  const key = newKey('profile', type)
  await getStorage().put(key, bytes, MIME[type])
  const before = await db.selectFrom('users').select('profile_image').where('id', '=', userId).executeTakeFirst()
  const url = publicUrl(key)
  await db.updateTable('users').set({ profile_image: url, updated_at: nowIso() }).where('id', '=', userId).execute()
  const oldKey = before?.profile_image?.startsWith('/uploads/') ? before.profile_image.slice('/uploads/'.length) : null
  if (oldKey)
    await getStorage()
      .delete(oldKey)
      .catch((e) => console.error('[profile] old photo not deleted:', e))
  return { ok: true, url }
}

/**
 * The courses a learner can open now, with titles and the end of their access (null for good), for the profile
 * page (links to /my-courses/{id}); a course whose period ended is not among them.
 */
export async function getEnrolledCourses(
  userId: string,
): Promise<Array<{ id: string; title: string; accessUntil: string | null }>> {
  const open = await openEnrolments(userId)
  const ids = open.map((r) => r.course_id)
  const until = new Map(open.map((r) => [r.course_id, r.access_until]))
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('courses')
    .select(['id', 'course_title', 'card_title'])
    .where('id', 'in', ids)
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r.course_title || r.card_title]))
  return ids
    .filter((id) => byId.has(id))
    .map((id) => ({ id, title: byId.get(id)!, accessUntil: until.get(id) ?? null }))
}

/** The learner's state (a GST state code), or null: the place of supply on invoices when checkout names none. */
export async function getProfileState(userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('state').where('id', '=', userId).executeTakeFirst()
  return row?.state ?? null
}
