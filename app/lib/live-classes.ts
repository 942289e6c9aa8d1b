// Live classes: the pure rules for their times and their join link. Times are stored as ISO instants in UTC; staff
// type them, and everyone reads them, in India time. India Standard Time is UTC+05:30 all year (no daylight
// saving), so a fixed offset is exact and no time zone database is needed.

const MINUTE_MS = 60_000
export const INDIA_OFFSET_MINUTES = 330

/** The join link shows from this many minutes before the start until the class ends. */
export const JOIN_OPENS_MINUTES = 15
/** The second notice of a class with `notify` goes this many minutes before it starts. */
export const HOUR_NOTICE_MINUTES = 60
/** A class may last from 1 minute to 10 hours. */
export const DURATION_MAX_MINUTES = 600
/** Ended classes stay on learners' lists this long (their recording is there). */
export const PAST_CLASSES_DAYS = 30

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * Reads a `datetime-local` value ('2026-01-05T18:30', seconds optional) as India time and answers the instant as
 * ISO in UTC; undefined when it is not a real date and time.
 */
export function parseIndiaLocal(value: string): string | undefined {
  const m = LOCAL.exec(value.trim())
  if (!m) return undefined
  const [y, mo, d, h, mi, s] = m.slice(1).map((p) => Number(p ?? 0))
  const wall = Date.UTC(y, mo - 1, d, h, mi, s)
  const check = new Date(wall)
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi
  )
    return undefined
  return new Date(wall - INDIA_OFFSET_MINUTES * MINUTE_MS).toISOString()
}

/** An instant as a `datetime-local` value in India time ('2026-01-05T18:30'), for the edit form. */
export function toIndiaLocal(iso: string): string {
  return new Date(Date.parse(iso) + INDIA_OFFSET_MINUTES * MINUTE_MS).toISOString().slice(0, 16)
}

/** The India calendar day of an instant, 'YYYY-MM-DD'. */
export function indiaDay(iso: string | Date): string {
  const at = typeof iso === 'string' ? Date.parse(iso) : iso.getTime()
  return new Date(at + INDIA_OFFSET_MINUTES * MINUTE_MS).toISOString().slice(0, 10)
}

/** The instant the India day of `iso` begins (00:00 IST), as ISO in UTC. */
export function indiaDayStart(iso: string): string {
  return new Date(Date.parse(`${indiaDay(iso)}T00:00:00Z`) - INDIA_OFFSET_MINUTES * MINUTE_MS).toISOString()
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** An instant as people read it, in India time: 'Mon, 5 Jan 2026, 6:30 pm IST'. */
export function formatIndiaDateTime(iso: string): string {
  const t = new Date(Date.parse(iso) + INDIA_OFFSET_MINUTES * MINUTE_MS)
  const h = t.getUTCHours()
  const hour12 = h % 12 === 0 ? 12 : h % 12
  const minutes = String(t.getUTCMinutes()).padStart(2, '0')
  return `${WEEKDAYS[t.getUTCDay()]}, ${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}, ${hour12}:${minutes} ${h < 12 ? 'am' : 'pm'} IST`
}

/** Whether a link is an https address (join and recording links: never http, javascript: or a bare word). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname.length > 0
  } catch {
    return false
  }
}

export type ClassTimes = { startsAt: string; durationMinutes: number; cancelledAt: string | null }

/** When a class ends (its start plus its duration), as ISO in UTC. */
export function classEnd(c: Pick<ClassTimes, 'startsAt' | 'durationMinutes'>): string {
  return new Date(Date.parse(c.startsAt) + c.durationMinutes * MINUTE_MS).toISOString()
}

/**
 * Where a class stands at `now`: 'cancelled'; 'joinable' from 15 minutes before the start until its end (the only
 * time the join link is shown); 'upcoming' before that; 'ended' after.
 */
export type ClassPhase = 'cancelled' | 'upcoming' | 'joinable' | 'ended'
export function classPhase(c: ClassTimes, now: Date): ClassPhase {
  if (c.cancelledAt) return 'cancelled'
  const t = now.getTime()
  const start = Date.parse(c.startsAt)
  if (t >= Date.parse(classEnd(c))) return 'ended'
  if (t >= start - JOIN_OPENS_MINUTES * MINUTE_MS) return 'joinable'
  return 'upcoming'
}

/** Notices a class with `notify` sends its learners: one when scheduled, one an hour before it starts. */
export type ClassNotice = 'scheduled' | 'hour'

/**
 * Which notices of a class are due at `now`. Both go only while the class is still ahead and not cancelled: the
 * 'scheduled' notice as soon as it exists, the 'hour' notice from an hour before the start. A class scheduled
 * less than an hour ahead gets both. Each is sent once (the sweep's claim rows), so "due" only says it may go.
 */
export function classNoticesDue(c: ClassTimes & { notify: boolean }, now: Date): ClassNotice[] {
  if (!c.notify || c.cancelledAt) return []
  const t = now.getTime()
  const start = Date.parse(c.startsAt)
  if (t >= start) return []
  return t >= start - HOUR_NOTICE_MINUTES * MINUTE_MS ? ['scheduled', 'hour'] : ['scheduled']
}
