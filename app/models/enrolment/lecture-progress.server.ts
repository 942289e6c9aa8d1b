import { isForeignKeyViolation } from '#db/dialect'
import type { Role } from '#db/schema'
import { courseProgress, type CourseProgress } from '~/lib/progress'
import { db } from '~/utils/db.server'
import { courseAccess } from './access.server'

// A learner's progress through a course (migrations/0015): the lectures they marked done and the lecture they
// last opened. Progress is kept only for a learner enrolled in the course with access now (courseAccess, the one
// rule; staff who open every course to look at it keep none), and always counted against the course's current
// lectures: a lecture's course is read through its section, and a deleted lecture takes its rows with it.

type Learner = { id: string; role: Role }

/** The course's lectures joined to it through their sections: `l.id` and `s.course_id`. */
const courseLectures = () => db.selectFrom('lectures as l').innerJoin('sections as s', 's.id', 'l.section_id')

export type MarkOutcome = { ok: true } | { ok: false; reason: 'no-access' | 'no-lecture' }

/**
 * Marks a lecture of a course done (or not done) for the learner. Refused when they are not enrolled with access now
 * or the lecture is not one of the course's (another course's id in the post changes nothing). Marking twice is one
 * mark.
 */
export async function setLectureDone({
  user,
  courseId,
  lectureId,
  done,
  now = new Date(),
}: {
  user: Learner
  courseId: string
  lectureId: string
  done: boolean
  now?: Date
}): Promise<MarkOutcome> {
  const access = await courseAccess(user, courseId, now)
  if (!access.ok || !access.enrolled) return { ok: false, reason: 'no-access' }
  const lecture = await courseLectures()
    .select('l.id')
    .where('l.id', '=', lectureId)
    .where('s.course_id', '=', courseId)
    .executeTakeFirst()
  if (!lecture) return { ok: false, reason: 'no-lecture' }
  if (done) {
    try {
      await db
        .insertInto('lecture_progress')
        .values({ user_id: user.id, lecture_id: lecture.id, done_at: now.toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'lecture_id']).doNothing())
        .execute()
    } catch (error) {
      // Staff deleted the lecture between the check above and this write.
      if (isForeignKeyViolation(error)) return { ok: false, reason: 'no-lecture' }
      throw error
    }
  } else
    await db
      .deleteFrom('lecture_progress')
      .where('user_id', '=', user.id)
      .where('lecture_id', '=', lecture.id)
      .execute()
  return { ok: true }
}

/** Ids of the course's current lectures the learner marked done. */
export async function doneLectureIds(userId: string, courseId: string): Promise<string[]> {
  const rows = await courseLectures()
    .innerJoin('lecture_progress as p', 'p.lecture_id', 'l.id')
    .select('l.id')
    .where('p.user_id', '=', userId)
    .where('s.course_id', '=', courseId)
    .execute()
  return rows.map((r) => r.id)
}

/** Progress in each of these courses (their current lectures, done and in all), by course id. */
export async function progressByCourse(userId: string, courseIds: string[]): Promise<Map<string, CourseProgress>> {
  const out = new Map<string, CourseProgress>()
  if (courseIds.length === 0) return out
  const [totals, done] = await Promise.all([
    courseLectures()
      .select(['s.course_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('s.course_id', 'in', courseIds)
      .groupBy('s.course_id')
      .execute(),
    courseLectures()
      .innerJoin('lecture_progress as p', 'p.lecture_id', 'l.id')
      .select(['s.course_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('p.user_id', '=', userId)
      .where('s.course_id', 'in', courseIds)
      .groupBy('s.course_id')
      .execute(),
  ])
  const doneBy = new Map(done.map((r) => [r.course_id, Number(r.n)]))
  const totalBy = new Map(totals.map((r) => [r.course_id, Number(r.n)]))
  for (const id of courseIds) out.set(id, courseProgress(doneBy.get(id) ?? 0, totalBy.get(id) ?? 0))
  return out
}

/**
 * Records the lecture the learner opened in a course (the player calls it for every lecture it shows to an enrolled
 * learner, after its access check). One statement, and no write at all when it is the lecture already recorded:
 * reloading the player costs nothing.
 */
export async function recordLectureOpened({
  userId,
  courseId,
  lectureId,
  now = new Date(),
}: {
  userId: string
  courseId: string
  lectureId: string
  now?: Date
}) {
  try {
    await db
      .insertInto('lecture_visits')
      .values({ user_id: userId, course_id: courseId, lecture_id: lectureId, opened_at: now.toISOString() })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'course_id'])
          .doUpdateSet((eb) => ({ lecture_id: eb.ref('excluded.lecture_id'), opened_at: eb.ref('excluded.opened_at') }))
          .whereRef('lecture_visits.lecture_id', '<>', 'excluded.lecture_id'),
      )
      .execute()
  } catch (error) {
    // Staff deleted the lecture (or the course) while the player was reading it: there is nothing to resume.
    if (!isForeignKeyViolation(error)) throw error
  }
}

/** The lecture the learner last opened in each of these courses (absent: none yet, or it was deleted). */
export async function lastOpenedLectures(userId: string, courseIds: string[]): Promise<Map<string, string>> {
  if (courseIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('lecture_visits')
    .select(['course_id', 'lecture_id'])
    .where('user_id', '=', userId)
    .where('course_id', 'in', courseIds)
    .execute()
  return new Map(rows.map((r) => [r.course_id, r.lecture_id]))
}
