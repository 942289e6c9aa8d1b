import { indiaDayStart } from './dates'

// Access reminders: when each is due. The sweep asks what is due now, not what happened since it last ran, so an
// app that was stopped catches up when it starts, and a period is identified by its end: a renewal moves the end,
// so the old period's reminders are never due again and the new period's come in their turn.

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/** The first reminder goes this many days before the end. */
export const REMINDER_DAYS_BEFORE = 3
/** The end-day reminder still goes this long after the end (an app stopped over the end catches up). */
export const END_REMINDER_GRACE_HOURS = 24

export type ReminderKind = '3days' | 'end'

/**
 * Which reminder is due for a period ending at `end`, at `now` (at most one):
 * - 'end': from the start of the end's day in India (00:00 IST) until 24 hours after the end;
 * - '3days': from 3 days before the end until the end's India day begins (so an app stopped through those days
 *   sends only the end-day reminder, not both at once).
 */
export function reminderDue(end: string, now: Date): ReminderKind | null {
  const t = now.getTime()
  const endAt = Date.parse(end)
  if (t >= Date.parse(indiaDayStart(end)) && t < endAt + END_REMINDER_GRACE_HOURS * HOUR_MS) return 'end'
  if (t >= endAt - REMINDER_DAYS_BEFORE * DAY_MS && t < endAt) return '3days'
  return null
}

/** The window of ends a sweep at `now` must look at: ends in (now - 24 h, now + 3 days]. */
export function reminderWindow(now: Date): { after: string; until: string } {
  return {
    after: new Date(now.getTime() - END_REMINDER_GRACE_HOURS * HOUR_MS).toISOString(),
    until: new Date(now.getTime() + REMINDER_DAYS_BEFORE * DAY_MS).toISOString(),
  }
}
