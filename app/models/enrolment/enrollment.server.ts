import type { Transaction } from 'kysely'
import { accessEndedMessage, daysFrom, ENDS_SOON_DAYS, extendedEnd, isOpenAt, regrantedEnd } from '~/lib/access'
import { ENROLMENT_SOURCES } from '~/lib/enrolment'
import { isStaff } from '~/lib/roles'
import { sendMailQuietly } from '~/services/mail.server'
import { imageUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { onePage } from '~/utils/page.server'
import { newId } from '~/utils/ids.server'
import { appOrigin } from '~/utils/origin.server'
import { lockRow } from '#db/dialect'
import type { Database, Role } from '#db/schema'
import { recordAudit } from '../audit/audit.server'
import { getCourseName } from '../catalogue/course.server'
import { nameContains, normaliseEmail } from '../accounts/user.server'

// Enrolments: every "is this learner enrolled / active" rule (the player, get-full-course "E" of docs/legacy-api.md
// §2.2, checkout, course pages), what an enrolment grants (shared by checkout's fulfilment and a hand enrolment),
// the admin's access switch and the admin's hand enrolment.

export const ACCESS_MESSAGES = {
  unauthorized: 'Unauthorized to access the course',
  revoked: 'Access has been revoked by the admin, contact admin.',
} as const

/** Why a learner cannot open a course now: never enrolled, revoked by an admin, or their access period ended. */
export type ClosedReason = keyof typeof ACCESS_MESSAGES | 'ended'

/**
 * Whether a learner can open a course now. `enrolled`: they hold an open enrolment (staff without one still open
 * everything, but are not "enrolled": no paid-community link). `accessUntil`: the enrolment's end (null for good,
 * or no enrolment). Closed: `message` is what the older client shows (a 401's message); for an ended period it
 * names the day in India and says where to renew.
 */
export type Access =
  | { ok: true; enrolled: boolean; accessUntil: string | null }
  | { ok: false; reason: ClosedReason; message: string; accessUntil: string | null }

export async function getEnrollment(userId: string, courseId: string) {
  return db
    .selectFrom('enrollments')
    .select(['id', 'is_active', 'source', 'access_until'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst()
}

/**
 * The one rule for "can this learner open this course now" (the player, notes, get-full-course, the purchase
 * panel, checkout, the profile's and current-user's course lists go through it or through
 * `openCourseIds`, its list form): an active enrolment whose end has not passed (app/lib/access.ts `isOpenAt`), or
 * admin/instructor. `now` is injectable so tests can step through a period.
 */
export async function courseAccess(
  user: { id: string; role: Role },
  courseId: string,
  now: Date = new Date(),
): Promise<Access> {
  const enrolment = await getEnrollment(user.id, courseId)
  const accessUntil = enrolment?.access_until ?? null
  if (enrolment?.is_active === 1 && isOpenAt(accessUntil, now)) return { ok: true, enrolled: true, accessUntil }
  if (isStaff(user.role)) return { ok: true, enrolled: false, accessUntil }
  if (!enrolment) return { ok: false, reason: 'unauthorized', message: ACCESS_MESSAGES.unauthorized, accessUntil }
  if (enrolment.is_active !== 1) return { ok: false, reason: 'revoked', message: ACCESS_MESSAGES.revoked, accessUntil }
  return { ok: false, reason: 'ended', message: accessEndedMessage(accessUntil!), accessUntil }
}

/**
 * The courses a learner can open now, oldest enrolment first: active enrolments whose end is ahead or absent (the
 * same rule as `courseAccess`, as one query; ends are ISO text in UTC, so they compare as text). With their ends.
 */
export async function openEnrolments(userId: string, now: Date = new Date()) {
  return db
    .selectFrom('enrollments')
    .select(['course_id', 'access_until'])
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .where((eb) => eb.or([eb('access_until', 'is', null), eb('access_until', '>', now.toISOString())]))
    .orderBy('created_at')
    .execute()
}

/** Ids of the courses a learner can open now (docs/legacy-api.md: user.enrolledCourses). */
export async function openCourseIds(userId: string, now: Date = new Date()): Promise<string[]> {
  return (await openEnrolments(userId, now)).map((r) => r.course_id)
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
    await trx
      .updateTable('enrollments')
      .set({ is_active: active ? 1 : 0, access_until: accessUntil, updated_at: now })
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
 * What `grantCourse` did: the enrolment's id, whether this call created it, what the learner now has, the end of
 * their access after it (null for good) and whether they already had the course (`renewal`: an existing active
 * enrolment, open or ended, was extended).
 */
export type CourseGrant = {
  enrollmentId: string
  inserted: boolean
  active: boolean
  grantsQuizAccess: boolean
  accessUntil: string | null
  renewal: boolean
}

/**
 * What enrolling in a course grants (docs/decisions/004-payments.md), in the caller's transaction: the enrolment
 * (unique per user and course, so a second grant adds none) with one access period, and while it is active the
 * premium flag and, when the course says so (`courses.grants_quiz_access`), quiz access; the learner's remembered
 * coupon for the course is forgotten. Checkout's fulfilment and an admin's hand enrolment both grant through here,
 * so a learner enrolled by hand has exactly what buying the course gives.
 *
 * The period: a course with `access_days` N ends N days after the later of now and the current end
 * (app/lib/access.ts `extendedEnd`: paying early never loses days); a course for good gives access for good. Each
 * call grants one period, so callers call it once per thing paid for: fulfilment behind the order's conditional
 * created -> paid update, a hand enrolment only for a new enrolment. The enrolment row is locked before its end is
 * read, so two orders fulfilled at once both count. An existing inactive enrolment (an admin revoked it) is left
 * alone and grants nothing: neither a payment nor a second grant silently overrides an admin's decision.
 */
export async function grantCourse(
  trx: Transaction<Database>,
  input: { userId: string; courseId: string; source: string; note?: string | null; now: string },
): Promise<CourseGrant> {
  const { userId, courseId, now } = input
  const at = new Date(now)
  const course = await trx
    .selectFrom('courses')
    .select(['grants_quiz_access', 'access_days'])
    .where('id', '=', courseId)
    .executeTakeFirst()
  const days = course?.access_days ?? null
  const firstEnd = extendedEnd({ now: at, days })
  const inserted = await trx
    .insertInto('enrollments')
    .values({
      id: newId(),
      user_id: userId,
      course_id: courseId,
      is_active: 1,
      source: input.source,
      note: input.note ?? null,
      access_until: firstEnd,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doNothing())
    .executeTakeFirst()
  const isNew = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1
  const find = () =>
    trx
      .selectFrom('enrollments')
      .select(['id', 'is_active', 'access_until'])
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow()
  let enrolment = await find()
  let accessUntil = enrolment.access_until
  if (!isNew && enrolment.is_active === 1) {
    await lockRow(trx, 'enrollments', enrolment.id)
    enrolment = await find()
    accessUntil = extendedEnd({ now: at, days, current: enrolment.access_until })
    await trx
      .updateTable('enrollments')
      .set({ access_until: accessUntil, updated_at: now })
      .where('id', '=', enrolment.id)
      .execute()
  }
  const active = enrolment.is_active === 1
  const grantsQuizAccess = active && course?.grants_quiz_access === 1
  if (active) {
    await trx
      .updateTable('users')
      .set({ is_premium_member: 1, ...(grantsQuizAccess ? { has_access_to_quizzes: 1 } : {}), updated_at: now })
      .where('id', '=', userId)
      .execute()
  }
  await trx.deleteFrom('coupon_selections').where('user_id', '=', userId).where('course_id', '=', courseId).execute()
  return {
    enrollmentId: enrolment.id,
    inserted: isNew,
    active,
    grantsQuizAccess,
    accessUntil,
    renewal: !isNew && active,
  }
}

/** Why a hand enrolment was refused: each says what to do instead. */
export const ENROL_REFUSALS = {
  'no-course': 'Course not found',
  'no-account': 'No account uses this e-mail. Ask the learner to sign up first.',
  staff: 'This e-mail belongs to a staff account. Staff open every course without being enrolled.',
  enrolled: 'This learner is already enrolled in this course.',
  revoked: 'This learner is already enrolled, but their access was revoked. Grant their access again instead.',
} as const
export type EnrolRefusal = keyof typeof ENROL_REFUSALS

export type HandEnrolment =
  | { ok: true; enrollment: EnrollmentRow; learner: { id: string; name: string; email: string }; courseTitle: string }
  | { ok: false; reason: EnrolRefusal; message: string }

/** Thrown inside the transaction to undo it when another request enrolled the learner first. */
class EnrolledMeanwhile extends Error {}

/**
 * An admin enrols a learner who has an account, by e-mail, with a note saying why (a cash payment at the office,
 * say): the enrolment is recorded with source 'manual' and the note, grants what buying the course grants
 * (`grantCourse`, no order is made), is audited in the same transaction and the learner is told by e-mail after it.
 * A draft course may be enrolled into (staff prepare a batch before publishing it). Refused, changing nothing:
 * an unknown e-mail; a staff account (staff open every course already, and would only inflate the learner
 * counts); a learner already enrolled; a learner whose access was revoked, who is given access again with the
 * access switch (`setCourseAccess`), so an enrolment's source (a purchase, say) and its grant/revoke history
 * stay as they were.
 */
export async function enrolByHand(input: {
  actorId: string
  email: string
  courseId: string
  note: string
  origin?: string
  now?: Date
}): Promise<HandEnrolment> {
  const refuse = (reason: EnrolRefusal) => ({ ok: false, reason, message: ENROL_REFUSALS[reason] }) as const
  const now = (input.now ?? new Date()).toISOString()
  let outcome
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const course = await trx
        .selectFrom('courses')
        .select(['id', 'course_title', 'whatsapp_link'])
        .where('id', '=', input.courseId)
        .executeTakeFirst()
      if (!course) return refuse('no-course')
      const learner = await trx
        .selectFrom('users')
        .select(['id', 'name', 'email', 'role'])
        .where('email', '=', normaliseEmail(input.email))
        .executeTakeFirst()
      if (!learner) return refuse('no-account')
      if (isStaff(learner.role)) return refuse('staff')
      const existing = await trx
        .selectFrom('enrollments')
        .select('is_active')
        .where('user_id', '=', learner.id)
        .where('course_id', '=', course.id)
        .executeTakeFirst()
      if (existing) return refuse(existing.is_active === 1 ? 'enrolled' : 'revoked')
      const grant = await grantCourse(trx, {
        userId: learner.id,
        courseId: course.id,
        source: ENROLMENT_SOURCES.manual,
        note: input.note,
        now,
      })
      // A purchase or another admin enrolled them between the check above and the insert.
      if (!grant.inserted) throw new EnrolledMeanwhile()
      await recordAudit(
        {
          actorId: input.actorId,
          action: 'enrollment.manual',
          targetType: 'enrollment',
          targetId: grant.enrollmentId,
          details: {
            userId: learner.id,
            email: learner.email,
            courseId: course.id,
            note: input.note,
            quizAccess: grant.grantsQuizAccess,
          },
        },
        trx,
      )
      return { ok: true, grant, learner, course } as const
    })
  } catch (error) {
    if (error instanceof EnrolledMeanwhile) return refuse('enrolled')
    throw error
  }
  if (!outcome.ok) return outcome
  const { grant, learner, course } = outcome
  const origin = input.origin ?? appOrigin()
  const lines = [
    `Hello ${learner.name},`,
    '',
    `You have been enrolled in "${course.course_title}".`,
    `Start learning: ${origin}/my-courses/${course.id}`,
    course.whatsapp_link ? `Join the course WhatsApp group: ${course.whatsapp_link}` : null,
    grant.grantsQuizAccess ? `You now have access to the premium mock test series: ${origin}/quizzes` : null,
  ].filter((line) => line !== null)
  await sendMailQuietly({
    to: learner.email,
    subject: `You are enrolled: ${course.course_title}`,
    text: lines.join('\n') + '\n',
  })
  return {
    ok: true,
    enrollment: {
      id: grant.enrollmentId,
      courseId: course.id,
      userId: learner.id,
      isActive: true,
      source: ENROLMENT_SOURCES.manual,
      note: input.note,
      accessUntil: grant.accessUntil,
      createdAt: now,
      updatedAt: now,
    },
    learner: { id: learner.id, name: learner.name, email: learner.email },
    courseTitle: course.course_title,
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
      .set({ access_until: input.accessUntil, updated_at: now })
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
