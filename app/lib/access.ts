// Access periods: the pure date rules behind "can this learner open this course now" and what learners and staff
// are shown. An enrolment's end (`enrollments.access_until`) is an ISO timestamp in UTC, or null for good; access
// lasts while now is before the end. Dates are shown, and typed by staff, in India time (the institute's day).

import { formatIndiaDate, indiaDateEnd, indiaDay, isCalendarDate } from './dates'

const DAY_MS = 24 * 60 * 60 * 1000

/** What a live batch sells by default: one month (a live course is priced monthly). */
export const LIVE_ACCESS_DAYS = 30

/** A new course's access days when none are given: 30 for a live course, for good (null) for a recorded one. */
export function defaultAccessDays(mode: string): number | null {
  return mode.trim().toLowerCase() === 'live' ? LIVE_ACCESS_DAYS : null
}

/** The "ends soon" window of the staff filter and the dashboard: ends within this many days from now. */
export const ENDS_SOON_DAYS = 7

/** Whether an end lets the learner in at `now`: none (for good), or now strictly before it. */
export function isOpenAt(accessUntil: string | null, now: Date): boolean {
  return accessUntil === null || now.getTime() < Date.parse(accessUntil)
}

/**
 * Whether an enrolment lets its learner in at `now`: active (an admin has not revoked it) and its end not passed.
 * The SQL twin is app/models/enrolment/access.server.ts `enrolmentOpenSql`.
 */
export function enrolmentIsOpen(enrolment: { is_active: number; access_until: string | null }, now: Date): boolean {
  return enrolment.is_active === 1 && isOpenAt(enrolment.access_until, now)
}

/**
 * Why access ended early, for an end `cause` (a refund, a revoke, staff) is writing at `now`: the cause when the end
 * is not after now, else null (an end ahead, or none, runs out in time and gets the 'renew' reminders).
 */
export function endedEarlyBy<Cause extends string>(cause: Cause, accessUntil: string | null, now: Date): Cause | null {
  return accessUntil !== null && !isOpenAt(accessUntil, now) ? cause : null
}

/**
 * The end after granting one period of `days` (null: the course is for good) to an enrolment whose end is `current`
 * (undefined: there was no enrolment). Paying early never loses days: the period runs from the later of now and
 * the current end. An enrolment already for good stays for good (a course that gained a period later does not
 * shorten it), and a course for good gives access for good.
 */
export function extendedEnd(input: { now: Date; days: number | null; current?: string | null }): string | null {
  const { now, days, current } = input
  if (days === null || current === null) return null
  const from = current === undefined ? now.getTime() : Math.max(now.getTime(), Date.parse(current))
  return new Date(from + days * DAY_MS).toISOString()
}

/**
 * The end after an admin grants access again: an end already passed gives one period from now (for good when the
 * course has none); an end still ahead, or none, is kept.
 */
export function regrantedEnd(input: { now: Date; days: number | null; current: string | null }): string | null {
  const { now, days, current } = input
  if (current === null || isOpenAt(current, now)) return current
  return extendedEnd({ now, days })
}

/** Whether an end falls within the next `days` days (and has not passed): the staff filter and the dashboard. */
export function endsWithin(accessUntil: string | null, now: Date, days = ENDS_SOON_DAYS): boolean {
  if (accessUntil === null || !isOpenAt(accessUntil, now)) return false
  return Date.parse(accessUntil) <= now.getTime() + days * DAY_MS
}

/** The instant `days` days after now, as stored (ISO, UTC): the bound of "ends within" queries. */
export function daysFrom(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString()
}

/** An end as learners and staff read it: its day in India, e.g. '31 Jan 2026'. */
export const formatAccessDate = (iso: string): string => formatIndiaDate(iso)

/** An end as a date input's value ('YYYY-MM-DD', the day in India); '' for good. */
export function accessDateInput(iso: string | null): string {
  if (iso === null) return ''
  return indiaDay(iso)
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * Reads an end staff typed: null or '' is for good; a date 'YYYY-MM-DD' means access through that whole day in
 * India time (the end is its last millisecond, 23:59:59.999 IST, so the day shown back is the day typed); a full
 * ISO timestamp with its offset is taken as it is. Anything else is undefined (the caller says which field).
 */
export function readAccessUntil(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return null
  const text = value.trim()
  if (text === '') return null
  if (isCalendarDate(text)) return indiaDateEnd(text)
  if (ISO_TIMESTAMP.test(text)) {
    const at = Date.parse(text)
    return Number.isNaN(at) ? undefined : new Date(at).toISOString()
  }
  return undefined
}

/** What the older client shows for an ended period (get-full-course's 401 message). */
export function accessEndedMessage(accessUntil: string): string {
  return `Your access to this course ended on ${formatAccessDate(accessUntil)}. Renew it on the website.`
}

/** The player's notice for an ended period (with a 'Renew' link beside it). */
export function accessEndedNotice(accessUntil: string): string {
  return `Your access ended on ${formatAccessDate(accessUntil)}`
}
