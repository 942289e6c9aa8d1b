import crypto from 'node:crypto'
import { BRAND_NAME } from '~/lib/constants'
import { buildCalendar } from '~/lib/ical'
import { JOIN_OPENS_MINUTES } from '~/lib/live-classes'
import { db } from '~/utils/db.server'
import { nowIso } from '~/utils/ids.server'
import { recordAudit } from '../audit/audit.server'
import { feedClassesFor } from './learner-classes.server'

// Each learner's private calendar feed, /calendar/{token}.ics: the token is the only key (calendar apps cannot
// sign in), so it is random and long (32 bytes, 43 base64url characters), one per user, and replacing it makes
// the old address answer 404 at once.

const newToken = () => crypto.randomBytes(32).toString('base64url')
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** The user's calendar token, or null until they ask for one (a page view never writes, so it is made by a post). */
export async function calendarToken(userId: string): Promise<string | null> {
  const row = await db.selectFrom('calendar_tokens').select('token').where('user_id', '=', userId).executeTakeFirst()
  return row?.token ?? null
}

/** A first or a new token for the user (the old address, if any, stops working), audited. */
export async function replaceCalendarToken(userId: string): Promise<string> {
  const token = newToken()
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_tokens').where('user_id', '=', userId).execute()
    await trx.insertInto('calendar_tokens').values({ user_id: userId, token, created_at: nowIso() }).execute()
    await recordAudit({ actorId: userId, action: 'calendar.replace', targetType: 'user', targetId: userId }, trx)
  })
  return token
}

/**
 * The feed for a token, or null when no user has it: one VEVENT per class of the courses the user can open now that
 * starts before their access ends (app/models/live/learner-classes.server.ts `feedClassesFor`), UID stable per
 * class, times in UTC, a cancelled class marked STATUS:CANCELLED. Never the join link: a calendar app keeps what it
 * fetched, so each event links to the course player on `origin` (the app's public origin), which checks access
 * and the time when it is opened.
 */
export async function calendarFeed(token: string, origin: string, now = new Date()): Promise<string | null> {
  if (!TOKEN.test(token)) return null
  const owner = await db.selectFrom('calendar_tokens').select('user_id').where('token', '=', token).executeTakeFirst()
  if (!owner) return null
  const classes = await feedClassesFor(owner.user_id, now)
  return buildCalendar({
    name: `${BRAND_NAME} live classes`,
    prodId: { company: BRAND_NAME, product: 'Live classes' },
    now: now.toISOString(),
    events: classes.map((c) => {
      const player = `${origin}/my-courses/${c.courseId}`
      return {
        uid: `live-class-${c.id}@biocoach`,
        start: c.startsAt,
        end: c.endsAt,
        summary: `${c.title} (${c.courseTitle})`,
        description: [
          c.notes,
          c.cancelled
            ? null
            : `Join on the course page (from ${JOIN_OPENS_MINUTES} minutes before the start): ${player}`,
          c.recordingUrl ? `Recording: ${c.recordingUrl}` : null,
        ]
          .filter(Boolean)
          .join('\n'),
        url: c.cancelled ? undefined : player,
        cancelled: c.cancelled,
        updatedAt: c.updatedAt,
      }
    }),
  })
}
