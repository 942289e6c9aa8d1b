import { daysFrom, endsWithin, ENDS_SOON_DAYS, isOpenAt } from '~/lib/access'
import { db } from '~/utils/db.server'

// The dashboard's access figures per live course (a live batch is sold by the period; a recorded course usually
// for good). Counted with the same rules the player applies (app/lib/access.ts), not re-stated in SQL.

/** Days back that count as "recent" renewals. */
export const RENEWALS_WINDOW_DAYS = 30

export type LiveCourseAccess = {
  courseId: string
  title: string
  /** Learners who can open the course now. */
  withAccess: number
  /** Of those, learners whose access ends within `ENDS_SOON_DAYS`. */
  endingSoon: number
  /** Paid orders in the last `RENEWALS_WINDOW_DAYS` from a learner who already had the course (`orders.renewal`). */
  renewals: number
}

export async function liveCourseAccess(now: Date = new Date()): Promise<LiveCourseAccess[]> {
  const courses = await db
    .selectFrom('courses')
    .select(['id', 'card_title'])
    // Stored as the create form wrote it ('live', or 'Live' from older rows).
    .where((eb) => eb(eb.fn('lower', ['mode']), '=', 'live'))
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  if (courses.length === 0) return []
  const ids = courses.map((c) => c.id)
  const [enrolments, renewals] = await Promise.all([
    db
      .selectFrom('enrollments')
      .select(['course_id', 'access_until'])
      .where('course_id', 'in', ids)
      .where('is_active', '=', 1)
      .execute(),
    db
      .selectFrom('orders')
      .select(['course_id', (eb) => eb.fn.countAll().as('n')])
      .where('course_id', 'in', ids)
      .where('status', '=', 'paid')
      .where('renewal', '=', 1)
      .where('paid_at', '>=', daysFrom(now, -RENEWALS_WINDOW_DAYS))
      .groupBy('course_id')
      .execute(),
  ])
  const renewed = new Map(renewals.map((r) => [r.course_id, Number(r.n)]))
  return courses.map((c) => {
    const mine = enrolments.filter((e) => e.course_id === c.id)
    return {
      courseId: c.id,
      title: c.card_title,
      withAccess: mine.filter((e) => isOpenAt(e.access_until, now)).length,
      endingSoon: mine.filter((e) => endsWithin(e.access_until, now, ENDS_SOON_DAYS)).length,
      renewals: renewed.get(c.id) ?? 0,
    }
  })
}
