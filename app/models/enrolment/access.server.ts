import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import { accessEndedMessage, enrolmentIsOpen } from '~/lib/access'
import { isStaff } from '~/lib/roles'
import { db } from '~/utils/db.server'
import type { Database, Role } from '#db/schema'

// Access is read, never copied: whether a learner may open a course, and whether they may sit paid mock tests, are
// worked out here from the rows that prove them, at the moment of use (docs/decisions/026-access-read-when-used.md).
// Each rule has a JS form (app/lib/access.ts `enrolmentIsOpen`) and, for the queries that filter many rows at once,
// a Kysely expression beside it (`enrolmentOpenSql`); tests/integration/access-rules.test.ts holds the two together
// at the boundary on both databases.

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

/**
 * The SQL form of `enrolmentIsOpen` for a query that has `enrollments` in scope: active, and the end absent or
 * still ahead (ends are ISO text in UTC, written by `Date.toISOString`, so they compare as text on both databases).
 */
export function enrolmentOpenSql(now: Date | string) {
  const at = typeof now === 'string' ? now : now.toISOString()
  return (eb: ExpressionBuilder<Database, 'enrollments'>) =>
    eb.and([
      eb('enrollments.is_active', '=', 1),
      eb.or([eb('enrollments.access_until', 'is', null), eb('enrollments.access_until', '>', at)]),
    ])
}

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
 * panel, checkout, live classes, the profile's and current-user's course lists go through it or through
 * `openCourseIds`, its list form): an open enrolment (`enrolmentIsOpen`), or admin/instructor. `now` is
 * injectable so tests can step through a period.
 */
export async function courseAccess(
  user: { id: string; role: Role },
  courseId: string,
  now: Date = new Date(),
): Promise<Access> {
  const enrolment = await getEnrollment(user.id, courseId)
  const accessUntil = enrolment?.access_until ?? null
  if (enrolment && enrolmentIsOpen(enrolment, now)) return { ok: true, enrolled: true, accessUntil }
  if (isStaff(user.role)) return { ok: true, enrolled: false, accessUntil }
  if (!enrolment) return { ok: false, reason: 'unauthorized', message: ACCESS_MESSAGES.unauthorized, accessUntil }
  if (enrolment.is_active !== 1) return { ok: false, reason: 'revoked', message: ACCESS_MESSAGES.revoked, accessUntil }
  return { ok: false, reason: 'ended', message: accessEndedMessage(accessUntil!), accessUntil }
}

/** The courses a learner can open now, oldest enrolment first, with their ends (`courseAccess` as one query). */
export async function openEnrolments(userId: string, now: Date = new Date(), conn: Kysely<Database> = db) {
  return conn
    .selectFrom('enrollments')
    .select(['course_id', 'access_until'])
    .where('user_id', '=', userId)
    .where(enrolmentOpenSql(now))
    .orderBy('created_at')
    .execute()
}

/** Ids of the courses a learner can open now (docs/legacy-api.md: user.enrolledCourses). */
export async function openCourseIds(userId: string, now: Date = new Date()): Promise<string[]> {
  return (await openEnrolments(userId, now)).map((r) => r.course_id)
}

/**
 * Paid mock tests, worked out when read: quiz access granted directly (`users.has_access_to_quizzes`: the quiz
 * bundle, for good, or an admin), or an open enrolment in a course that grants quiz access. Staff are let in by the
 * quiz gate itself (app/models/quiz/access.server.ts), so this is what `hasAccessToQuizzes` reports for anyone. As
 * an expression over a query with `users` in scope, for lists (the staff users table, the users CSV).
 */
export function paidQuizAccessSql(now: Date | string) {
  return (eb: ExpressionBuilder<Database, 'users'>) =>
    eb.or([
      eb('users.has_access_to_quizzes', '=', 1),
      eb.exists(
        eb
          .selectFrom('enrollments')
          .innerJoin('courses', 'courses.id', 'enrollments.course_id')
          .select(sql`1`.as('one'))
          .whereRef('enrollments.user_id', '=', 'users.id')
          .where('courses.grants_quiz_access', '=', 1)
          .where(enrolmentOpenSql(now)),
      ),
    ])
}

/** `paidQuizAccessSql` for one user: whether they hold paid quiz access now (current-user's `hasAccessToQuizzes`). */
export async function hasPaidQuizAccess(userId: string, now: Date = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('users.id')
    .where('users.id', '=', userId)
    .where(paidQuizAccessSql(now))
    .executeTakeFirst()
  return row !== undefined
}

/** Whether the user holds quiz access granted directly (the bundle, an admin): the bundle is then not for sale. */
export async function ownsQuizBundle(userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('has_access_to_quizzes').where('id', '=', userId).executeTakeFirst()
  return row?.has_access_to_quizzes === 1
}

/** A SQL boolean as read back: 0/1 from SQLite, true/false from PostgreSQL. */
export const sqlTrue = (value: unknown): boolean => value === true || Number(value) === 1
