import { daysFrom, endedEarlyBy, ENDS_SOON_DAYS, regrantedEnd } from '~/lib/access'
import { sendMailQuietly } from '~/services/mail.server'
import { imageUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { onePage } from '~/utils/page.server'
import { recordAudit } from '../audit/audit.server'
import { getCourseName } from '../catalogue/course.server'
import { nameContains } from '~/utils/page.server'

// Staff's view of a course's learners and the two switches on an enrolment: access on or off (admin) and its end.
// An end staff set to a moment already passed, and a revoke, are early ends (`enrollments.access_ended_by`): the
// 'renew' reminders are only for ends that run out in time.

export type CourseUser = {
  userId: string
  name: string
  email: string
  mobileNumber: string | null
  profileImage: string | null
  instituteName: string | null
  createdAt: string
  isActive: boolean
  /** How the enrolment came about (app/lib/enrolment.ts) and, for a hand enrolment, staff's note. */
  source: string
  note: string | null
  /** When access ends (ISO, UTC); null for good. */
  accessUntil: string | null
}

/** Enrolled users of one course, searchable and paged. */
export async function listCourseUsers({
  courseId,
  q = '',
  page = 1,
  pageSize,
  endsSoon = false,
  now = new Date(),
}: {
  courseId: string
  q?: string
  page?: number
  pageSize?: number
  /** Only active enrolments whose end is ahead and within `ENDS_SOON_DAYS` (app/lib/access.ts `endsWithin`). */
  endsSoon?: boolean
  now?: Date
}) {
  let base = db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.user_id')
    .where('enrollments.course_id', '=', courseId)
  if (q) base = base.where(nameContains('users.name', q))
  if (endsSoon)
    base = base
      .where('enrollments.is_active', '=', 1)
      .where('enrollments.access_until', '>', now.toISOString())
      .where('enrollments.access_until', '<=', daysFrom(now, ENDS_SOON_DAYS))
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
      'enrollments.source',
      'enrollments.note',
      'enrollments.access_until',
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
    source: r.source,
    note: r.note,
    accessUntil: r.access_until,
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
  source: string
  note: string | null
  /** When access ends (ISO, UTC); null for good. */
  accessUntil: string | null
  createdAt: string
  updatedAt: string
}

/**
 * Grants or revokes a learner's access to a course (admin only). It only flips an existing enrolment, like the
 * old server; the learner is told by e-mail either way; the change is audited. Granting again after the end has
 * passed gives one period from now (app/lib/access.ts `regrantedEnd`); an end still ahead is kept.
 */
export async function setCourseAccess({
  actorId,
  userId,
  courseId,
  active,
  now: at = new Date(),
}: {
  actorId: string
  userId: string
  courseId: string
  active: boolean
  now?: Date
}): Promise<EnrollmentRow> {
  const now = at.toISOString()
  const row = await db.transaction().execute(async (trx) => {
    const enrolment = await trx
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select([
        'enrollments.id',
        'enrollments.created_at',
        'enrollments.source',
        'enrollments.note',
        'enrollments.access_until',
        'courses.access_days',
      ])
      .where('enrollments.user_id', '=', userId)
      .where('enrollments.course_id', '=', courseId)
      .executeTakeFirst()
    if (!enrolment) throw new NotEnrolledError()
    const accessUntil = active
      ? regrantedEnd({ now: at, days: enrolment.access_days, current: enrolment.access_until })
      : enrolment.access_until
    // A revoke is an early end (no 'renew' reminder); granting again gives an end that runs out in time.
    const endedBy = active ? endedEarlyBy('staff', accessUntil, at) : 'revoke'
    await trx
      .updateTable('enrollments')
      .set({ is_active: active ? 1 : 0, access_until: accessUntil, access_ended_by: endedBy, updated_at: now })
      .where('id', '=', enrolment.id)
      .execute()
    await recordAudit(
      {
        actorId,
        action: active ? 'access.grant' : 'access.revoke',
        targetType: 'enrollment',
        targetId: enrolment.id,
        details: { userId, courseId, ...(accessUntil !== enrolment.access_until ? { accessUntil } : {}) },
      },
      trx,
    )
    return { ...enrolment, access_until: accessUntil }
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
  return {
    id: row.id,
    courseId,
    userId,
    isActive: active,
    source: row.source,
    note: row.note,
    accessUntil: row.access_until,
    createdAt: row.created_at,
    updatedAt: now,
  }
}

/**
 * An admin sets when a learner's access ends (`accessUntil`: ISO, UTC, as app/lib/access.ts `readAccessUntil`
 * reads what staff typed; null for good), in the past to end it now. Only the end changes (a revoked enrolment
 * stays revoked); audited with the end before and after.
 */
export async function setAccessUntil(input: {
  actorId: string
  userId: string
  courseId: string
  accessUntil: string | null
  now?: Date
}): Promise<EnrollmentRow> {
  const now = (input.now ?? new Date()).toISOString()
  return db.transaction().execute(async (trx) => {
    const enrolment = await trx
      .selectFrom('enrollments')
      .select(['id', 'is_active', 'source', 'note', 'access_until', 'created_at'])
      .where('user_id', '=', input.userId)
      .where('course_id', '=', input.courseId)
      .executeTakeFirst()
    if (!enrolment) throw new NotEnrolledError()
    await trx
      .updateTable('enrollments')
      .set({
        access_until: input.accessUntil,
        access_ended_by: endedEarlyBy('staff', input.accessUntil, new Date(now)),
        updated_at: now,
      })
      .where('id', '=', enrolment.id)
      .execute()
    await recordAudit(
      {
        actorId: input.actorId,
        action: 'access.until',
        targetType: 'enrollment',
        targetId: enrolment.id,
        details: {
          userId: input.userId,
          courseId: input.courseId,
          from: enrolment.access_until,
          to: input.accessUntil,
        },
      },
      trx,
    )
    return {
      id: enrolment.id,
      courseId: input.courseId,
      userId: input.userId,
      isActive: enrolment.is_active === 1,
      source: enrolment.source,
      note: enrolment.note,
      accessUntil: input.accessUntil,
      createdAt: enrolment.created_at,
      updatedAt: now,
    }
  })
}
