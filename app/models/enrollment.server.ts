import { isStaff } from '~/lib/roles'
import { sendMailQuietly } from '~/services/mail.server'
import { imageUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { onePage } from '~/utils/page.server'
import { nowIso } from '~/utils/ids.server'
import type { Role } from '#db/schema'
import { recordAudit } from './audit.server'
import { getCourseName } from './course.server'
import { nameContains } from './user.server'

// Enrolments: every "is this learner enrolled / active" rule (the player, get-full-course "E" of docs/legacy-api.md
// §2.2, checkout, course pages) and the admin's access switch.

export const ACCESS_MESSAGES = {
  unauthorized: 'Unauthorized to access the course',
  revoked: 'Access has been revoked by the admin, contact admin.',
} as const

export type Access =
  { ok: true; enrolled: boolean } | { ok: false; reason: keyof typeof ACCESS_MESSAGES; message: string }

export async function getEnrollment(userId: string, courseId: string) {
  return db
    .selectFrom('enrollments')
    .select(['id', 'is_active', 'source'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst()
}

/** Whether the learner has an active enrolment in the course ('Go to course' when enrolled). */
export async function isEnrolled(userId: string, courseId: string): Promise<boolean> {
  return (await getEnrollment(userId, courseId))?.is_active === 1
}

/** Course content access: an active enrolment, or admin/instructor; a revoked enrolment is told so. */
export async function courseAccess(user: { id: string; role: Role }, courseId: string): Promise<Access> {
  const enrolment = await getEnrollment(user.id, courseId)
  if (enrolment?.is_active === 1) return { ok: true, enrolled: true }
  if (isStaff(user.role)) return { ok: true, enrolled: false }
  if (enrolment) return { ok: false, reason: 'revoked', message: ACCESS_MESSAGES.revoked }
  return { ok: false, reason: 'unauthorized', message: ACCESS_MESSAGES.unauthorized }
}

export type CourseUser = {
  userId: string
  name: string
  email: string
  mobileNumber: string | null
  profileImage: string | null
  instituteName: string | null
  createdAt: string
  isActive: boolean
}

/** Enrolled users of one course, searchable and paged. */
export async function listCourseUsers({
  courseId,
  q = '',
  page = 1,
  pageSize,
}: {
  courseId: string
  q?: string
  page?: number
  pageSize?: number
}) {
  let base = db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.user_id')
    .where('enrollments.course_id', '=', courseId)
  if (q) base = base.where(nameContains('users.name', q))
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n ?? 0)
  const query = base
    .select([
      'users.id as userId',
      'users.name',
      'users.email',
      'users.mobile_number',
      'users.profile_image',
      'users.institute_name',
      'enrollments.created_at',
      'enrollments.is_active',
    ])
    .orderBy('enrollments.created_at', 'desc')
    .orderBy('users.id')
  const rows = await onePage(query, { page, pageSize }).execute()
  const users: CourseUser[] = rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    email: r.email,
    mobileNumber: r.mobile_number,
    profileImage: imageUrl(r.profile_image),
    instituteName: r.institute_name,
    createdAt: r.created_at,
    isActive: r.is_active === 1,
  }))
  return { total, users }
}

export class NotEnrolledError extends Error {
  constructor() {
    super('User is not enrolled in this course')
  }
}

export type EnrollmentRow = {
  id: string
  courseId: string
  userId: string
  isActive: boolean
  createdAt: string
  updatedAt: string
}

/**
 * Grants or revokes a learner's access to a course (admin only). It only flips an existing enrolment, like the
 * old server; the learner is told by e-mail either way; the change is audited.
 */
export async function setCourseAccess({
  actorId,
  userId,
  courseId,
  active,
}: {
  actorId: string
  userId: string
  courseId: string
  active: boolean
}): Promise<EnrollmentRow> {
  const now = nowIso()
  const row = await db.transaction().execute(async (trx) => {
    const enrolment = await trx
      .selectFrom('enrollments')
      .select(['id', 'created_at', 'source'])
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirst()
    if (!enrolment) throw new NotEnrolledError()
    await trx
      .updateTable('enrollments')
      .set({ is_active: active ? 1 : 0, updated_at: now })
      .where('id', '=', enrolment.id)
      .execute()
    await recordAudit(
      {
        actorId,
        action: active ? 'access.grant' : 'access.revoke',
        targetType: 'enrollment',
        targetId: enrolment.id,
        details: { userId, courseId },
      },
      trx,
    )
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
  return { id: row.id, courseId, userId, isActive: active, createdAt: row.created_at, updatedAt: now }
}
