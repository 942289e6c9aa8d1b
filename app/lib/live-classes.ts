// Live classes: the pure rules for their times and their join link. Times are stored as ISO instants in UTC; staff
// type them, and everyone reads them, in India time (the fixed-offset helpers in ./dates).

const MINUTE_MS = 60_000

/** The join link shows from this many minutes before the start until the class ends. */
export const JOIN_OPENS_MINUTES = 15
/** The second notice of a class with `notify` goes this many minutes before it starts. */
export const HOUR_NOTICE_MINUTES = 60
/** A class may last from 1 minute to 10 hours. */
export const DURATION_MAX_MINUTES = 600
/** Ended classes stay on learners' lists this long (their recording is there). */
export const PAST_CLASSES_DAYS = 30

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

/**
 * Whether a class belongs in a learner's calendar feed, given when their access to its course ends (null: for
 * good): it starts before the end. A class starting at or after the end is one they could not join.
 */
export function startsWithinAccess(startsAt: string, accessUntil: string | null): boolean {
  return accessUntil === null || Date.parse(startsAt) < Date.parse(accessUntil)
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
