import type { Kysely } from 'kysely'
import { formatAccessDate } from '~/lib/access'
import { formatIndiaDateTime } from '~/lib/dates'
import { reminderDue, reminderWindow, type ReminderKind } from '~/lib/reminders'
import type { Database } from '#db/schema'
import type { Job } from '../jobs/job'

// Access reminders (app/lib/reminders.ts says when each is due): an e-mail 3 days before an enrolment's access
// ends and one on the day it ends, with the renewal link. The claim key names the period by its end, so each goes
// at most once per period, and after a renewal (a new end) the old period's reminders are never due again.
// Only an end that runs out in time is reminded of: an enrolment switched off, or one whose end a refund, a revoke
// or staff brought forward to that moment (`access_ended_by` set), is not asked to renew.

/** The reminders due at `now`, one job each (the sweep claims and sends them, app/models/sweep/sweep.server.ts). */
export async function dueReminders(input: { conn: Kysely<Database>; now: Date; origin: string }): Promise<Job[]> {
  const { conn, now, origin } = input
  const { after, until } = reminderWindow(now)
  const rows = await conn
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.user_id')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select([
      'enrollments.id',
      'enrollments.access_until',
      'users.name',
      'users.email',
      'courses.course_title',
      'courses.card_title',
      'courses.link_address',
    ])
    .where('enrollments.is_active', '=', 1)
    .where('enrollments.access_ended_by', 'is', null)
    .where('enrollments.access_until', '>', after)
    .where('enrollments.access_until', '<=', until)
    .where('users.role', '=', 'user')
    .orderBy('enrollments.id')
    .execute()
  const jobs: Job[] = []
  for (const r of rows) {
    const end = r.access_until!
    const kind = reminderDue(end, now)
    if (!kind) continue
    const course = r.course_title || r.card_title
    jobs.push({
      key: `reminder:${r.id}:${end}:${kind}`,
      // Renewed (a new end), revoked or ended early since the read above: this period's reminder is no longer due.
      stillDue: async (c) =>
        Boolean(
          await c
            .selectFrom('enrollments')
            .select('id')
            .where('id', '=', r.id)
            .where('is_active', '=', 1)
            .where('access_ended_by', 'is', null)
            .where('access_until', '=', end)
            .executeTakeFirst(),
        ),
      mail: reminderMail({
        kind,
        ended: now.getTime() >= Date.parse(end),
        end,
        name: r.name,
        email: r.email,
        course,
        renewUrl: `${origin}/checkout/${encodeURIComponent(r.link_address)}`,
      }),
    })
  }
  return jobs
}

function reminderMail(m: {
  kind: ReminderKind
  ended: boolean
  end: string
  name: string
  email: string
  course: string
  renewUrl: string
}) {
  const subject =
    m.kind === '3days'
      ? `Your access to ${m.course} ends on ${formatAccessDate(m.end)}`
      : m.ended
        ? `Your access to ${m.course} has ended`
        : `Your access to ${m.course} ends today`
  const when = m.ended ? `ended on ${formatIndiaDateTime(m.end)}` : `ends on ${formatIndiaDateTime(m.end)}`
  return {
    to: m.email,
    subject,
    text: [
      `Hello ${m.name},`,
      '',
      `Your access to "${m.course}" ${when}.`,
      `Renew it to keep learning: ${m.renewUrl}`,
      '',
      'Renewing early loses no days: the new period starts when the current one ends.',
      '',
    ].join('\n'),
  }
}
