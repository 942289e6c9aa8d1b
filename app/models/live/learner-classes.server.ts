import {
  classEnd,
  classPhase,
  DURATION_MAX_MINUTES,
  PAST_CLASSES_DAYS,
  startsWithinAccess,
  type ClassPhase,
} from '~/lib/live-classes'
import { formatIndiaDateTime } from '~/lib/dates'
import { isStaff } from '~/lib/roles'
import { db } from '~/utils/db.server'
import type { Role } from '#db/schema'
import { courseAccess, openEnrolments } from '../enrolment/access.server'

// Live classes as learners see them: the player's list, the profile's next class and the calendar feed. A class's
// join link is the paid product: every function here checks the learner's access itself and hands the link out
// only while the 'Join' link is shown (app/lib/live-classes.ts `classPhase`), so no page, `.data` response or feed
// can carry it to anyone else; the feed never carries it at all.

/** Whether the user can open the course now: the one access rule (app/models/enrolment/access.server.ts). */
async function canOpen(user: { id: string; role: Role }, courseId: string, now: Date): Promise<boolean> {
  return (await courseAccess(user, courseId, now)).ok
}

/**
 * The courses a user can open now with when that access ends (null: for good), for the profile and the calendar
 * feed: the one access rule's list form (`openEnrolments`); staff open every course, for good.
 */
async function openCourses(
  user: { id: string; role: Role },
  now: Date,
): Promise<Array<{ course_id: string; access_until: string | null }>> {
  if (isStaff(user.role))
    return (await db.selectFrom('courses').select('id').execute()).map((c) => ({ course_id: c.id, access_until: null }))
  return openEnrolments(user.id, now)
}

/** A class as a learner with access sees it: the join link only while 'Join' is shown, the recording after. */
export type LearnerClass = {
  id: string
  courseId: string
  title: string
  startsAt: string
  endsAt: string
  /** India time, e.g. 'Mon, 5 Jan 2026, 6:30 pm IST'. */
  when: string
  durationMinutes: number
  notes: string | null
  phase: ClassPhase
  joinUrl: string | null
  recordingUrl: string | null
}

type ClassRow = {
  id: string
  course_id: string
  title: string
  starts_at: string
  duration_minutes: number
  join_url: string
  notes: string | null
  cancelled_at: string | null
  recording_url: string | null
  updated_at: string
}

function toLearnerClass(r: ClassRow, now: Date): LearnerClass {
  const times = { startsAt: r.starts_at, durationMinutes: r.duration_minutes, cancelledAt: r.cancelled_at }
  const phase = classPhase(times, now)
  return {
    id: r.id,
    courseId: r.course_id,
    title: r.title,
    startsAt: r.starts_at,
    endsAt: classEnd(times),
    when: formatIndiaDateTime(r.starts_at),
    durationMinutes: r.duration_minutes,
    notes: r.notes,
    phase,
    joinUrl: phase === 'joinable' ? r.join_url : null,
    recordingUrl: phase === 'ended' ? r.recording_url : null,
  }
}

const LEARNER_COLUMNS = [
  'id',
  'course_id',
  'title',
  'starts_at',
  'duration_minutes',
  'join_url',
  'notes',
  'cancelled_at',
  'recording_url',
  'updated_at',
] as const

/** Classes of the given courses that end after `since` (or every class), soonest first. */
async function classRows(courseIds: string[], since: Date | null) {
  if (courseIds.length === 0) return []
  let q = db.selectFrom('live_classes').select(LEARNER_COLUMNS).where('course_id', 'in', courseIds)
  // A class lasts at most DURATION_MAX_MINUTES, so starts after (since - that) cover every class ending after since.
  if (since) q = q.where('starts_at', '>=', new Date(since.getTime() - DURATION_MAX_MINUTES * 60_000).toISOString())
  const rows = await q.orderBy('starts_at').orderBy('id').execute()
  return since
    ? rows.filter(
        (r) => Date.parse(classEnd({ startsAt: r.starts_at, durationMinutes: r.duration_minutes })) > since.getTime(),
      )
    : rows
}

/**
 * A course's classes for the player: upcoming ones and those ended in the last 30 days (with their recordings);
 * none for a user who cannot open the course now.
 */
export async function classesForLearner(
  user: { id: string; role: Role },
  courseId: string,
  now = new Date(),
): Promise<LearnerClass[]> {
  if (!(await canOpen(user, courseId, now))) return []
  const since = new Date(now.getTime() - PAST_CLASSES_DAYS * 24 * 60 * 60_000)
  return (await classRows([courseId], since)).map((r) => toLearnerClass(r, now))
}

/** The profile's 'Next live class': the soonest class not cancelled and not ended, of a course they can open. */
export async function nextClassFor(
  user: { id: string; role: Role },
  now = new Date(),
): Promise<(LearnerClass & { courseTitle: string }) | null> {
  const courseIds = (await openCourses(user, now)).map((c) => c.course_id)
  const next = (await classRows(courseIds, now)).find((r) => r.cancelled_at === null)
  if (!next) return null
  const course = await db
    .selectFrom('courses')
    .select(['course_title', 'card_title'])
    .where('id', '=', next.course_id)
    .executeTakeFirstOrThrow()
  return { ...toLearnerClass(next, now), courseTitle: course.course_title || course.card_title }
}

/** A class in a learner's calendar feed: never its join link (the event links to the course player instead). */
export type FeedClass = {
  id: string
  courseId: string
  courseTitle: string
  title: string
  startsAt: string
  endsAt: string
  notes: string | null
  cancelled: boolean
  /** As the player shows it: only once the class has ended. */
  recordingUrl: string | null
  updatedAt: string
}

/**
 * The classes of a learner's calendar feed: the classes (from 30 days back) of the courses they can open now that
 * start before their access to that course ends, with the course title. A feed is fetched by a calendar app long
 * after it is made and outlives the access it was made under, so it carries no join link: its events link to the
 * player, which checks access and the time when opened.
 */
export async function feedClassesFor(userId: string, now = new Date()): Promise<FeedClass[]> {
  const user = await db.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst()
  if (!user) return []
  const open = await openCourses(user, now)
  const courseIds = open.map((c) => c.course_id)
  const ends = new Map(open.map((c) => [c.course_id, c.access_until]))
  const since = new Date(now.getTime() - PAST_CLASSES_DAYS * 24 * 60 * 60_000)
  const rows = (await classRows(courseIds, since)).filter((r) =>
    startsWithinAccess(r.starts_at, ends.get(r.course_id) ?? null),
  )
  if (rows.length === 0) return []
  const titles = new Map(
    (
      await db
        .selectFrom('courses')
        .select(['id', 'course_title', 'card_title'])
        .where('id', 'in', [...new Set(rows.map((r) => r.course_id))])
        .execute()
    ).map((c) => [c.id, c.course_title || c.card_title]),
  )
  return rows.map((r) => ({
    id: r.id,
    courseId: r.course_id,
    courseTitle: titles.get(r.course_id) ?? '',
    title: r.title,
    startsAt: r.starts_at,
    endsAt: classEnd({ startsAt: r.starts_at, durationMinutes: r.duration_minutes }),
    notes: r.notes,
    cancelled: r.cancelled_at !== null,
    recordingUrl: toLearnerClass(r, now).recordingUrl,
    updatedAt: r.updated_at,
  }))
}
