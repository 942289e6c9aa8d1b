import { sql } from 'kysely'
import { sendMailQuietly } from '~/services/mail.server'
import { publicUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { nowIso } from '~/utils/ids.server'
import { recordAudit } from './audit.server'

// Admin dashboard, users and course access (spec 2 §2, API.md §2.5).

/** A profile image column holds a storage key or a URL; pages and the API get a URL. */
export const imageUrl = (value: string | null) => (!value ? null : /^(profile|courses)\//.test(value) ? publicUrl(value) : value)

/** `name contains q`, case-insensitive, with LIKE wildcards in q taken literally. */
export function nameContains(column: string, q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
}

const count = (n: unknown) => Number(n ?? 0)

export async function getStats() {
  const [users, premium, courses] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).where('is_premium_member', '=', 1).executeTakeFirstOrThrow(),
    db.selectFrom('courses').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ])
  return { totalUsers: count(users.n), premiumUsers: count(premium.n), totalCourses: count(courses.n) }
}

const userListColumns = ['id', 'name', 'email', 'role', 'profile_image', 'mobile_number', 'institute_name', 'is_premium_member', 'has_access_to_quizzes', 'created_at'] as const

export type AdminUserRow = {
  id: string
  name: string
  email: string
  role: string
  profileImage: string | null
  mobileNumber: string | null
  instituteName: string | null
  isPremiumMember: boolean
  hasAccessToQuizzes: boolean
  createdAt: string
}

function toAdminUser(r: { id: string; name: string; email: string; role: string; profile_image: string | null; mobile_number: string | null; institute_name: string | null; is_premium_member: number; has_access_to_quizzes: number; created_at: string }): AdminUserRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    profileImage: imageUrl(r.profile_image),
    mobileNumber: r.mobile_number,
    instituteName: r.institute_name,
    isPremiumMember: r.is_premium_member === 1,
    hasAccessToQuizzes: r.has_access_to_quizzes === 1,
    createdAt: r.created_at,
  }
}

/** Users newest first, optionally filtered by name, one page at a time. */
export async function listUsers({ q = '', page = 1, pageSize }: { q?: string; page?: number; pageSize: number }) {
  let base = db.selectFrom('users')
  if (q) base = base.where(nameContains('name', q))
  const total = count((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const rows = await base
    .select(userListColumns)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize)
    .execute()
  return { total, users: rows.map(toAdminUser) }
}

/** GET admin/get-all-users: the User JSON minus password, __v, updatedAt, enrolledCourses, presentCourseOfStudy. */
export async function listUsersJson(limit?: number) {
  let query = db.selectFrom('users').select(userListColumns).orderBy('created_at', 'desc').orderBy('id')
  if (limit) query = query.limit(limit)
  const rows = await query.execute()
  // attemptedQuizzes: one query; the id list only when a small page was asked for (SQLite caps bound variables).
  let attemptsQuery = db.selectFrom('attempts').select(['user_id', 'quiz_id']).where('submitted_at', 'is not', null)
  if (limit && rows.length) attemptsQuery = attemptsQuery.where('user_id', 'in', rows.map((r) => r.id))
  const attempted = new Map<string, string[]>()
  if (rows.length) {
    for (const a of await attemptsQuery.execute()) {
      const list = attempted.get(a.user_id) ?? []
      list.push(a.quiz_id)
      attempted.set(a.user_id, list)
    }
  }
  return rows.map((r) => {
    const u = toAdminUser(r)
    return {
      _id: u.id,
      name: u.name,
      email: u.email,
      ...(u.profileImage ? { profileImage: u.profileImage } : {}),
      ...(u.mobileNumber ? { mobileNumber: u.mobileNumber } : {}),
      ...(u.instituteName ? { instituteName: u.instituteName } : {}),
      role: u.role,
      isPremiumMember: u.isPremiumMember,
      hasAccessToQuizzes: u.hasAccessToQuizzes,
      attemptedQuizzes: attempted.get(u.id) ?? [],
      createdAt: u.createdAt,
    }
  })
}

/** Course cards with the number of enrolments (active or not; API.md courses-with-user-counts). */
export async function listCoursesWithCounts() {
  const rows = await db
    .selectFrom('courses')
    .leftJoin('enrollments', 'enrollments.course_id', 'courses.id')
    .select((eb) => ['courses.id', 'courses.card_title', 'courses.course_title', 'courses.course_image', eb.fn.count('enrollments.id').as('n')])
    .groupBy(['courses.id', 'courses.card_title', 'courses.course_title', 'courses.course_image', 'courses.created_at'])
    .orderBy('courses.created_at')
    .execute()
  return rows.map((r) => ({ id: r.id, cardTitle: r.card_title, courseTitle: r.course_title, courseImage: imageUrl(r.course_image) ?? '', studentCount: count(r.n) }))
}

export async function getCourseName(courseId: string) {
  return db.selectFrom('courses').select(['id', 'card_title', 'course_title']).where('id', '=', courseId).executeTakeFirst()
}

/** Enrolled users of one course (spec 2 "Course enrolled users"), searchable and paged. */
export async function listCourseUsers({ courseId, q = '', page = 1, pageSize }: { courseId: string; q?: string; page?: number; pageSize?: number }) {
  let base = db.selectFrom('enrollments').innerJoin('users', 'users.id', 'enrollments.user_id').where('enrollments.course_id', '=', courseId)
  if (q) base = base.where(nameContains('users.name', q))
  const total = count((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  let query = base
    .select(['users.id as userId', 'users.name', 'users.email', 'users.mobile_number', 'users.profile_image', 'users.institute_name', 'enrollments.created_at', 'enrollments.is_active'])
    .orderBy('enrollments.created_at', 'desc')
    .orderBy('users.id')
  if (pageSize) query = query.limit(pageSize).offset((Math.max(1, page) - 1) * pageSize)
  const rows = await query.execute()
  return {
    total,
    users: rows.map((r) => ({
      userId: r.userId,
      name: r.name,
      email: r.email,
      mobileNumber: r.mobile_number,
      profileImage: imageUrl(r.profile_image),
      instituteName: r.institute_name,
      createdAt: r.created_at,
      isActive: r.is_active === 1,
    })),
  }
}

export class NotEnrolledError extends Error {
  constructor() {
    super('User is not enrolled in this course')
  }
}

/**
 * Grants or revokes a learner's access to a course (admin only). It only flips an existing enrolment, like the
 * old server; the learner is told by e-mail either way; the change is audited.
 */
export async function setCourseAccess({ actorId, userId, courseId, active }: { actorId: string; userId: string; courseId: string; active: boolean }) {
  const now = nowIso()
  const row = await db.transaction().execute(async (trx) => {
    const enrolment = await trx.selectFrom('enrollments').select(['id', 'created_at', 'source']).where('user_id', '=', userId).where('course_id', '=', courseId).executeTakeFirst()
    if (!enrolment) throw new NotEnrolledError()
    await trx.updateTable('enrollments').set({ is_active: active ? 1 : 0, updated_at: now }).where('id', '=', enrolment.id).execute()
    await recordAudit({ actorId, action: active ? 'access.grant' : 'access.revoke', targetType: 'enrollment', targetId: enrolment.id, details: { userId, courseId } }, trx)
    return enrolment
  })
  const [user, course] = await Promise.all([
    db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst(),
    getCourseName(courseId),
  ])
  if (user && course) {
    await sendMailQuietly(
      active
        ? {
            to: user.email,
            subject: `Your access to ${course.course_title} is active`,
            text: `Hello ${user.name},\n\nYour access to "${course.course_title}" has been granted. You can open the course from your profile.\n`,
          }
        : {
            to: user.email,
            subject: `Your access to ${course.course_title} has been revoked`,
            text: `Hello ${user.name},\n\nYour access to "${course.course_title}" has been revoked by the admin. Please contact us if you think this is a mistake.\n`,
          },
    )
  }
  return { _id: row.id, courseId, userId, isActive: active, createdAt: row.created_at, updatedAt: now, __v: 0 }
}
