import type { Kysely } from 'kysely'
import { classNoticesDue, JOIN_OPENS_MINUTES } from '~/lib/live-classes'
import { formatIndiaDateTime } from '~/lib/dates'
import { db } from '~/utils/db.server'
import type { Database } from '#db/schema'
import type { Job } from '../jobs/job'
import { enrolmentOpenSql } from '../enrolment/access.server'

// The e-mails about a class with `notify` (app/lib/live-classes.ts says when each is due), sent once each by the
// scheduled sweep (app/models/sweep/sweep.server.ts) to the learners who can open its course at that moment.

/**
 * The learners (not staff) who can open a course now, for class notices; `conn` lets the sweep use its own
 * connection. The one access rule (app/models/enrolment/access.server.ts `enrolmentOpenSql`) over the course.
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
    .where(enrolmentOpenSql(now))
    .where('users.role', '=', 'user')
    .orderBy('users.id')
    .execute()
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
