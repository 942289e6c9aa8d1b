import { finalizeExpiredAttempts } from '~/models/attempt.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { hashPassword } from '~/utils/password.server'
import type { Role } from '../../db/schema'

// Columns safe to hand to a page or the API: never password_hash.
export const publicUserColumns = [
  'id',
  'name',
  'email',
  'role',
  'profile_image',
  'mobile_number',
  'institute_name',
  'present_course_of_study',
  'is_premium_member',
  'has_access_to_quizzes',
  'created_at',
  'updated_at',
] as const

export type UserRow = {
  id: string
  name: string
  email: string
  role: Role
  profile_image: string | null
  mobile_number: string | null
  institute_name: string | null
  present_course_of_study: string | null
  is_premium_member: number
  has_access_to_quizzes: number
  created_at: string
  updated_at: string
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

export async function getUserById(id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(publicUserColumns).where('id', '=', id).executeTakeFirst()
}

export async function getUserByEmail(email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').select(publicUserColumns).where('email', '=', normaliseEmail(email)).executeTakeFirst()
}

export async function getPasswordHash(email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst()
}

/** Creates a verified account, or updates role/password/name of an existing one (`npm run user`). */
export async function upsertUser(input: { email: string; password: string; name: string; role: Role }) {
  const email = normaliseEmail(input.email)
  const passwordHash = await hashPassword(input.password)
  const now = nowIso()
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) {
    await db
      .updateTable('users')
      .set({ name: input.name, role: input.role, password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', existing.id)
      .execute()
    // A changed password ends the account's sessions.
    await db.deleteFrom('sessions').where('user_id', '=', existing.id).execute()
    return { id: existing.id, created: false }
  }
  const id = newId()
  await db
    .insertInto('users')
    .values({ id, email, name: input.name, role: input.role, password_hash: passwordHash, created_at: now, updated_at: now })
    .execute()
  return { id, created: true }
}

/** Course ids with an active enrolment (API.md: user.enrolledCourses). */
export async function getEnrolledCourseIds(userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('enrollments')
    .select('course_id')
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .orderBy('created_at')
    .execute()
  return rows.map((r) => r.course_id)
}

/** Quiz ids the learner has finished (submitted, or past deadline + grace and so scored). */
export async function getAttemptedQuizIds(userId: string): Promise<string[]> {
  // An attempt past deadline + grace is scored when next read, so it counts as attempted (issue 5 §3).
  await finalizeExpiredAttempts({ userId })
  const rows = await db
    .selectFrom('attempts')
    .select('quiz_id')
    .where('user_id', '=', userId)
    .where('submitted_at', 'is not', null)
    .execute()
  return rows.map((r) => r.quiz_id)
}
