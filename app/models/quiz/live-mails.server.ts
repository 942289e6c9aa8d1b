import { sql, type Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { formatIndiaDateTime } from '~/lib/dates'
import { formatMarks, storedScore } from '~/lib/quiz/marks'
import { countText } from '~/lib/quiz/live-rank'
import type { Job } from '../jobs/job'
import { sqlTrue } from '../enrolment/access.server'
import { canAccessQuizNowSql } from './access.server'

// The live mock's e-mails, jobs of the scheduled sweep (app/models/sweep/sweep.server.ts), each claimed once across
// instances (app/models/jobs/claims.server.ts):
// - two reminders to REGISTERED learners who may still sit the paper: the day before (from 24 h before the opening)
//   and 15 minutes before. The key names the opening, so a paper moved to a new time reminds again, and each kind
//   goes once. A paid paper's learner whose access has ended since registering (the period ran out, staff revoked
//   it, the payment was refunded) is not reminded: access is the quiz gate's rule (app/models/quiz/access.server.ts
//   `canAccessQuizNowSql`), read at the sweep's read and again just before sending;
// - after publication, one e-mail per learner who sat it with their All-India rank, sent by the rank e-mails' own
//   lane of the scheduled work, never by the close (docs/decisions/041-live-mock-close-and-mail.md). Due for a week
//   after the publication (a sweep that was stopped catches up), then no longer asked for.

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** The day-before reminder is due from this long before the opening. */
export const DAY_BEFORE_MS = DAY
/** The last reminder is due from this long before the opening. */
export const LAST_CALL_MS = 15 * MINUTE
/** How long after publication the rank e-mails are still due. */
const RANK_MAIL_DAYS = 7

export type LiveReminderKind = 'day' | '15min'

/** Which reminder is due at `now` for a paper opening at `opensAt`, or null (pure). */
export function liveReminderDue(opensAt: string, now: Date): LiveReminderKind | null {
  const left = Date.parse(opensAt) - now.getTime()
  if (left <= 0 || left > DAY_BEFORE_MS) return null
  return left <= LAST_CALL_MS ? '15min' : 'day'
}

/** Reminders due at `now` to the registered learners of every live mock opening within a day who may sit it. */
export async function dueLiveReminders(input: { conn: Kysely<Database>; now: Date; origin: string }): Promise<Job[]> {
  const { conn, now, origin } = input
  // The send comes after this read (the claim, other mails before it): `stillDue` asks at the sweep's clock then,
  // `now` plus the real time since (as app/models/sweep/sweep.server.ts stamps its claims).
  const began = Date.now()
  const sendTime = () => new Date(now.getTime() + (Date.now() - began))
  const rows = await conn
    .selectFrom('live_mock_registrations as r')
    .innerJoin('quizzes as q', 'q.id', 'r.quiz_id')
    .innerJoin('users', 'users.id', 'r.user_id')
    .select(['q.id as quiz_id', 'q.title', 'q.opens_at', 'users.id as user_id', 'users.name', 'users.email'])
    .where('q.opens_at', '>', now.toISOString())
    .where('q.opens_at', '<=', new Date(now.getTime() + DAY_BEFORE_MS).toISOString())
    .where('q.closes_at', 'is not', null)
    .where(canAccessQuizNowSql(now))
    .orderBy('q.id')
    .orderBy('users.id')
    .execute()
  const jobs: Job[] = []
  for (const r of rows) {
    const opensAt = r.opens_at!
    const kind = liveReminderDue(opensAt, now)
    if (!kind) continue
    const when = formatIndiaDateTime(opensAt)
    const link = `${origin}/quiz/${r.quiz_id}`
    jobs.push({
      key: `live-reminder:${r.quiz_id}:${opensAt}:${r.user_id}:${kind}`,
      // Moved to another time, the registration withdrawn, or the learner's access ended since the read above: not
      // due any more.
      stillDue: async (c) =>
        Boolean(
          await c
            .selectFrom('live_mock_registrations as r')
            .innerJoin('quizzes as q', 'q.id', 'r.quiz_id')
            .innerJoin('users', 'users.id', 'r.user_id')
            .select('r.user_id')
            .where('r.quiz_id', '=', r.quiz_id)
            .where('r.user_id', '=', r.user_id)
            .where('q.opens_at', '=', opensAt)
            .where(canAccessQuizNowSql(sendTime()))
            .executeTakeFirst(),
        ),
      mail: {
        to: r.email,
        subject:
          kind === 'day' ? `Tomorrow: the live mock ${r.title} opens at ${when}` : `${r.title} opens in 15 minutes`,
        text: [
          `Hello ${r.name},`,
          '',
          `The All-India live mock "${r.title}" opens at ${when}.`,
          `Open it here when it starts: ${link}`,
          '',
          'Your answers are saved as you go; the test is submitted for you when your time runs out.',
          '',
        ].join('\n'),
      },
    })
  }
  return jobs
}

/**
 * Every ranked attempt of the paper in leaderboard order with its rank: higher score first, then the earlier
 * submission (decision 013's rank = 1 + more + equal submitted earlier). One ordered read for the whole paper, with
 * whether each learner may open the paper at `now` (the quiz gate's access rule, `canAccessQuizNowSql`).
 */
export async function rankList(quizId: string, conn: Kysely<Database>, now: Date) {
  const rows = await conn
    .selectFrom('attempts as a')
    .innerJoin('users', 'users.id', 'a.user_id')
    .innerJoin('quizzes as q', 'q.id', 'a.quiz_id')
    .select(['a.user_id', 'a.score', 'a.score_units', 'a.total', 'a.submitted_at', 'users.name', 'users.email'])
    .select((eb) => canAccessQuizNowSql(now)(eb).as('has_access'))
    .where('a.quiz_id', '=', quizId)
    .where('a.mode', '=', 'ranked')
    .where('a.submitted_at', 'is not', null)
    .where('a.score_units', 'is not', null)
    .orderBy(sql`a.score_units desc, a.submitted_at asc`)
    .execute()
  let rank = 0
  return rows.map((r, i) => {
    const prev = rows[i - 1]
    // A tie submitted at the very same instant shares the rank, as standingOf counts only earlier ones.
    if (!prev || Number(prev.score_units) !== Number(r.score_units) || prev.submitted_at !== r.submitted_at)
      rank = i + 1
    return { ...r, hasAccess: sqlTrue(r.has_access), rank }
  })
}

/**
 * The rank e-mails due at `now`: one per learner who sat a live mock published in the last week.
 *
 * A learner whose access to the paid paper has ended since they sat it (the period ran out, staff revoked it, the
 * payment was refunded) still gets this e-mail: the rank and score are their own result. Nothing more that access
 * pays for goes with it: the e-mail never carries the key, explanations or anyone else's result anyway, and for them
 * it drops the link that promises the section ranks and the answer key, since the result page, like that of any
 * paid quiz, opens only with current access (app/routes/quiz/result.tsx goes through the quiz gate); it says so
 * instead.
 */
export async function dueRankMails(input: { conn: Kysely<Database>; now: Date; origin: string }): Promise<Job[]> {
  const { conn, now, origin } = input
  const published = await conn
    .selectFrom('quizzes')
    .select(['id', 'title'])
    .where('opens_at', 'is not', null)
    .where('results_published_at', 'is not', null)
    .where('results_published_at', '<=', now.toISOString())
    .where('results_published_at', '>', new Date(now.getTime() - RANK_MAIL_DAYS * DAY).toISOString())
    .execute()
  const jobs: Job[] = []
  for (const quiz of published) {
    const list = await rankList(quiz.id, conn, now)
    const of = countText(list.length)
    for (const r of list) {
      jobs.push({
        key: `live-rank:${quiz.id}:${r.user_id}`,
        mail: {
          to: r.email,
          subject: `Your All-India rank: ${countText(r.rank)} of ${of} (${quiz.title})`,
          text: [
            `Hello ${r.name},`,
            '',
            `The results of the All-India live mock "${quiz.title}" are out.`,
            `Your All-India rank: ${countText(r.rank)} of ${of}`,
            `Your score: ${formatMarks(storedScore(r))} / ${r.total}`,
            '',
            r.hasAccess
              ? `Your result, section ranks and the answer key: ${origin}/quiz/result/${quiz.id}`
              : `Your access to paid mock tests has ended, so the detailed result and the answer key are not open to you. Renew your access on the website to see them: ${origin}/quizzes`,
            '',
          ].join('\n'),
        },
      })
    }
  }
  return jobs
}
