import type { Transaction } from 'kysely'
import { extendedEnd } from '~/lib/access'
import { newId } from '~/utils/ids.server'
import { lockRow } from '#db/dialect'
import type { Database } from '#db/schema'

// What enrolling in a course grants, shared by checkout's fulfilment and an admin's hand enrolment.

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
 * premium flag (quiz access from a course that grants it follows the enrolment when read); the learner's remembered
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
      .set({ access_until: accessUntil, access_ended_by: null, updated_at: now })
      .where('id', '=', enrolment.id)
      .execute()
  }
  const active = enrolment.is_active === 1
  // Quiz access from the course is worked out when read (./access.server.ts `paidQuizAccessSql`), never copied;
  // this only says whether the purchase mail may announce it.
  const grantsQuizAccess = active && course?.grants_quiz_access === 1
  if (active) {
    await trx.updateTable('users').set({ is_premium_member: 1, updated_at: now }).where('id', '=', userId).execute()
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
