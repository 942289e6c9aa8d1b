import type { Kysely, Transaction } from 'kysely'
import {
  classEnd,
  classNoticesDue,
  classPhase,
  DURATION_MAX_MINUTES,
  JOIN_OPENS_MINUTES,
  PAST_CLASSES_DAYS,
  type ClassPhase,
} from '~/lib/live-classes'
import { formatIndiaDateTime } from '~/lib/dates'
import { isStaff } from '~/lib/roles'
import type { LiveClassFields } from '~/schemas/live-class'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { Database, Role } from '#db/schema'
import { recordAudit } from '../audit/audit.server'
import type { Job } from '../jobs/job'
import { courseAccess, openCourseIds } from '../enrolment/access.server'

// Live classes: staff schedule, edit, cancel and attach recordings (audited); learners with current access see
// them. A class's join link is the paid product: every function here that answers a learner checks their access
// itself and hands the link out only while the 'Join' link is shown (app/lib/live-classes.ts `classPhase`), so
// no page, `.data` response, e-mail or feed can carry it to anyone else.

/** Whether the user can open the course now: the one access rule (app/models/enrolment/access.server.ts). */
async function canOpen(user: { id: string; role: Role }, courseId: string, now: Date): Promise<boolean> {
  return (await courseAccess(user, courseId, now)).ok
}

/**
 * The learners (not staff) who can open a course now, for class notices; `conn` lets the sweep use its own
 * connection. The same rule as `courseAccess` (and `openEnrolments`), as one query over the course: an active
 * enrolment whose end is absent or still ahead (ends are ISO text in UTC, so they compare as text).
 */
export async function learnersWithAccess(
  courseId: string,
  now: Date,
  conn: Kysely<Database> = db,
): Promise<Array<{ id: string; name: string; email: string }>> {
  return conn
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('enrollments.course_id', '=', courseId)
    .where('enrollments.is_active', '=', 1)
    .where((eb) =>
      eb.or([eb('enrollments.access_until', 'is', null), eb('enrollments.access_until', '>', now.toISOString())]),
    )
    .where('users.role', '=', 'user')
    .orderBy('users.id')
    .execute()
}

/** Ids of the courses a user can open now (every course for staff), for the profile and the calendar feed. */
async function openCourses(user: { id: string; role: Role }, now: Date): Promise<string[]> {
  if (isStaff(user.role)) return (await db.selectFrom('courses').select('id').execute()).map((c) => c.id)
  return openCourseIds(user.id, now)
}

const STAFF_COLUMNS = [
  'id',
  'course_id',
  'title',
  'starts_at',
  'duration_minutes',
  'join_url',
  'notes',
  'notify',
  'cancelled_at',
  'recording_url',
  'created_at',
  'updated_at',
] as const

export type StaffClass = {
  id: string
  title: string
  startsAt: string
  durationMinutes: number
  joinUrl: string
  notes: string | null
  notify: boolean
  cancelledAt: string | null
  recordingUrl: string | null
  phase: ClassPhase
}

function toStaffClass(
  r: {
    id: string
    title: string
    starts_at: string
    duration_minutes: number
    join_url: string
    notes: string | null
    notify: number
    cancelled_at: string | null
    recording_url: string | null
  },
  now: Date,
): StaffClass {
  return {
    id: r.id,
    title: r.title,
    startsAt: r.starts_at,
    durationMinutes: r.duration_minutes,
    joinUrl: r.join_url,
    notes: r.notes,
    notify: r.notify === 1,
    cancelledAt: r.cancelled_at,
    recordingUrl: r.recording_url,
    phase: classPhase({ startsAt: r.starts_at, durationMinutes: r.duration_minutes, cancelledAt: r.cancelled_at }, now),
  }
}

/** Every class of a course for staff, soonest first. */
export async function listCourseClasses(courseId: string, now = new Date()): Promise<StaffClass[]> {
  const rows = await db
    .selectFrom('live_classes')
    .select(STAFF_COLUMNS)
    .where('course_id', '=', courseId)
    .orderBy('starts_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => toStaffClass(r, now))
}

export async function getCourseClass(courseId: string, classId: string, now = new Date()) {
  const row = await db
    .selectFrom('live_classes')
    .select(STAFF_COLUMNS)
    .where('course_id', '=', courseId)
    .where('id', '=', classId)
    .executeTakeFirst()
  return row ? toStaffClass(row, now) : undefined
}

const columnsOf = (f: LiveClassFields) => ({
  title: f.title,
  starts_at: f.startsAt,
  duration_minutes: f.durationMinutes,
  join_url: f.joinUrl,
  notes: f.notes ? f.notes : null,
  notify: f.notify ? 1 : 0,
})

/** Staff schedule a class (audited). With `notify`, the sweep tells its learners (app/models/jobs/jobs.server.ts). */
export async function scheduleClass(input: { actorId: string; courseId: string; fields: LiveClassFields }) {
  const now = nowIso()
  const id = newId()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('live_classes')
      .values({ id, course_id: input.courseId, ...columnsOf(input.fields), created_at: now, updated_at: now })
      .execute()
    await audit(trx, input.actorId, 'live_class.create', id, { courseId: input.courseId, ...auditFields(input.fields) })
  })
  return id
}

/** The audit trail names the class and when it is, never its join link (the log is read by every staff member). */
const auditFields = (f: LiveClassFields) => ({
  title: f.title,
  startsAt: f.startsAt,
  durationMinutes: f.durationMinutes,
  notify: f.notify,
})

async function audit(
  trx: Transaction<Database>,
  actorId: string,
  action: 'live_class.create' | 'live_class.update' | 'live_class.cancel' | 'live_class.recording',
  classId: string,
  details: Record<string, unknown>,
) {
  await recordAudit({ actorId, action, targetType: 'live_class', targetId: classId, details }, trx)
}

/** Staff edit a class (audited); false when the course has no such class. */
export async function updateClass(input: {
  actorId: string
  courseId: string
  classId: string
  fields: LiveClassFields
}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('live_classes')
      .set({ ...columnsOf(input.fields), updated_at: nowIso() })
      .where('id', '=', input.classId)
      .where('course_id', '=', input.courseId)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    await audit(trx, input.actorId, 'live_class.update', input.classId, {
      courseId: input.courseId,
      ...auditFields(input.fields),
    })
    return true
  })
}

/** Staff cancel a class (audited): it stays listed as 'Cancelled', with no join link and no notices. */
export async function cancelClass(input: { actorId: string; courseId: string; classId: string }): Promise<boolean> {
  const now = nowIso()
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('live_classes')
      .set({ cancelled_at: now, updated_at: now })
      .where('id', '=', input.classId)
      .where('course_id', '=', input.courseId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    await audit(trx, input.actorId, 'live_class.cancel', input.classId, { courseId: input.courseId })
    return true
  })
}

/** Staff attach (or replace) a class's recording link (audited). */
export async function setRecording(input: {
  actorId: string
  courseId: string
  classId: string
  recordingUrl: string
}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('live_classes')
      .set({ recording_url: input.recordingUrl, updated_at: nowIso() })
      .where('id', '=', input.classId)
      .where('course_id', '=', input.courseId)
      .executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    await audit(trx, input.actorId, 'live_class.recording', input.classId, {
      courseId: input.courseId,
      recordingUrl: input.recordingUrl,
    })
    return true
  })
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
  const courseIds = await openCourses(user, now)
  const next = (await classRows(courseIds, now)).find((r) => r.cancelled_at === null)
  if (!next) return null
  const course = await db
    .selectFrom('courses')
    .select(['course_title', 'card_title'])
    .where('id', '=', next.course_id)
    .executeTakeFirstOrThrow()
  return { ...toLearnerClass(next, now), courseTitle: course.course_title || course.card_title }
}

/**
 * The classes of a learner's calendar feed: every class (from 30 days back) of the courses they can open now,
 * with the course title. The feed is theirs alone and follows their access: the join link is in it while they
 * can open the course, and a course whose access ended drops out of it.
 */
export async function feedClassesFor(userId: string, now = new Date()) {
  const user = await db.selectFrom('users').select(['id', 'role']).where('id', '=', userId).executeTakeFirst()
  if (!user) return []
  const courseIds = await openCourses(user, now)
  const since = new Date(now.getTime() - PAST_CLASSES_DAYS * 24 * 60 * 60_000)
  const rows = await classRows(courseIds, since)
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
    courseTitle: titles.get(r.course_id) ?? '',
    title: r.title,
    startsAt: r.starts_at,
    endsAt: classEnd({ startsAt: r.starts_at, durationMinutes: r.duration_minutes }),
    notes: r.notes,
    cancelled: r.cancelled_at !== null,
    joinUrl: r.join_url,
    recordingUrl: r.recording_url,
    updatedAt: r.updated_at,
  }))
}

/**
 * The class notices due at `now` (app/lib/live-classes.ts `classNoticesDue`), one job per learner with access at
 * that moment. The e-mail names the class and its time and links to the course page, never the join link itself:
 * an e-mail outlives the access it was sent under. The hour notice's key carries the start, so a class moved to
 * another time gets its hour notice for the new time.
 */
export async function dueClassNotices(input: { conn: Kysely<Database>; now: Date; origin: string }): Promise<Job[]> {
  const { conn, now, origin } = input
  const classes = await conn
    .selectFrom('live_classes')
    .innerJoin('courses', 'courses.id', 'live_classes.course_id')
    .select([
      'live_classes.id',
      'live_classes.course_id',
      'live_classes.title',
      'live_classes.starts_at',
      'live_classes.duration_minutes',
      'live_classes.notify',
      'live_classes.cancelled_at',
      'courses.course_title',
      'courses.card_title',
    ])
    .where('live_classes.notify', '=', 1)
    .where('live_classes.cancelled_at', 'is', null)
    .where('live_classes.starts_at', '>', now.toISOString())
    .orderBy('live_classes.starts_at')
    .orderBy('live_classes.id')
    .execute()
  const jobs: Job[] = []
  for (const c of classes) {
    const due = classNoticesDue(
      {
        startsAt: c.starts_at,
        durationMinutes: c.duration_minutes,
        cancelledAt: c.cancelled_at,
        notify: c.notify === 1,
      },
      now,
    )
    if (due.length === 0) continue
    const course = c.course_title || c.card_title
    const when = formatIndiaDateTime(c.starts_at)
    for (const learner of await learnersWithAccess(c.course_id, now, conn)) {
      for (const notice of due) {
        jobs.push({
          key:
            notice === 'scheduled'
              ? `class:${c.id}:scheduled:${learner.id}`
              : `class:${c.id}:hour:${c.starts_at}:${learner.id}`,
          mail: {
            to: learner.email,
            subject: notice === 'scheduled' ? `Live class scheduled: ${c.title}` : `Starting in an hour: ${c.title}`,
            text: [
              `Hello ${learner.name},`,
              '',
              `${notice === 'scheduled' ? 'A live class is scheduled' : 'Your live class starts in an hour'} in "${course}":`,
              `${c.title}, ${when} (${c.duration_minutes} minutes).`,
              `The Join link is on the course page from ${JOIN_OPENS_MINUTES} minutes before the start: ${origin}/my-courses/${c.course_id}`,
              '',
            ].join('\n'),
          },
        })
      }
    }
  }
  return jobs
}
