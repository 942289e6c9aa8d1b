// India time, the one place it is defined: every date the site shows and every India day boundary it computes comes
// from here. India Standard Time is UTC+05:30 all year (no daylight saving), so a fixed offset is exact, day
// boundaries are plain arithmetic on UTC instants (an India day starts at 18:30 UTC the day before), and no time
// zone database is needed. The same instants are what the queries compare stored ISO timestamps against, so the SQL
// needs no date functions (they differ between SQLite and PostgreSQL).

/** The IANA zone the formatters below use (Intl has the same fixed offset for it). */
export const INDIA_TIME_ZONE = 'Asia/Kolkata'
/** India's offset from UTC, as an ISO 8601 suffix and in minutes. */
export const INDIA_OFFSET = '+05:30'
export const INDIA_OFFSET_MINUTES = 330

const MINUTE_MS = 60_000
/** India's offset from UTC in milliseconds: add it to an instant for its wall-clock reading in India. */
export const INDIA_OFFSET_MS = INDIA_OFFSET_MINUTES * MINUTE_MS
const OFFSET_MS = INDIA_OFFSET_MS
const DAY_MS = 86_400_000

const instant = (at: string | Date) => (typeof at === 'string' ? Date.parse(at) : at.getTime())

// ---- Calendar days in India ----------------------------------------------------------------------------------

/** The India calendar day of an instant, 'YYYY-MM-DD'. */
export function indiaDay(at: string | Date): string {
  return new Date(instant(at) + OFFSET_MS).toISOString().slice(0, 10)
}

/** The instant the India day of `at` begins (00:00 IST), as ISO in UTC. */
export function indiaDayStart(at: string | Date): string {
  const local = instant(at) + OFFSET_MS
  return new Date(local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - OFFSET_MS).toISOString()
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Whether the text is a real calendar date 'YYYY-MM-DD' (not 2026-02-30, which Date would roll into March). */
export function isCalendarDate(day: string): boolean {
  const m = CALENDAR_DATE.exec(day)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const check = new Date(Date.UTC(y, mo - 1, d))
  return check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d
}

function calendarDateUtc(day: string): number {
  if (!isCalendarDate(day)) throw new RangeError(`not a calendar date: ${day}`)
  return Date.parse(`${day}T00:00:00.000Z`)
}

/** When a calendar date begins in India (00:00 IST), as ISO in UTC. Throws RangeError when it is no real date. */
export function indiaDateStart(day: string): string {
  return new Date(calendarDateUtc(day) - OFFSET_MS).toISOString()
}

/** The last millisecond of a calendar date in India (23:59:59.999 IST), as ISO in UTC: "until the end of that day". */
export function indiaDateEnd(day: string): string {
  return new Date(calendarDateUtc(day) + DAY_MS - 1 - OFFSET_MS).toISOString()
}

// ---- Form values --------------------------------------------------------------------------------------------

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
  return new Date(wall - OFFSET_MS).toISOString()
}

/** An instant as a `datetime-local` value in India time ('2026-01-05T18:30'), for the edit form. */
export function toIndiaLocal(iso: string): string {
  return new Date(Date.parse(iso) + OFFSET_MS).toISOString().slice(0, 16)
}

// ---- Dates as people read them ------------------------------------------------------------------------------

/** Date and time in India as the admin pages show them, e.g. '19 Aug 2025, 3:45 pm'. */
export const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
  timeZone: INDIA_TIME_ZONE,
})

/** docs/legacy-api.md §1.6: '19 Aug 2025, 03:45 pm' (en-IN, Asia/Kolkata). */
export function formatAttemptedAt(iso: string) {
  const parts = Object.fromEntries(indiaDateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]))
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** An instant as people read it, in India time: 'Mon, 5 Jan 2026, 6:30 pm IST'. */
export function formatIndiaDateTime(iso: string): string {
  const t = new Date(Date.parse(iso) + OFFSET_MS)
  const h = t.getUTCHours()
  const hour12 = h % 12 === 0 ? 12 : h % 12
  const minutes = String(t.getUTCMinutes()).padStart(2, '0')
  return `${WEEKDAYS[t.getUTCDay()]}, ${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}, ${hour12}:${minutes} ${h < 12 ? 'am' : 'pm'} IST`
}

// Intl's en-IN month names ('Sept'), as these dates have always been shown.
const dayMonthYear = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: INDIA_TIME_ZONE,
})
const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: INDIA_TIME_ZONE })
const monthYear = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: INDIA_TIME_ZONE })

/** The India day of an instant as people read it: '31 Jan 2026' (no comma, whatever the Intl version writes). */
export function formatIndiaDate(at: string | Date): string {
  const parts = Object.fromEntries(dayMonthYear.formatToParts(new Date(instant(at))).map((p) => [p.type, p.value]))
  return `${parts.day} ${parts.month} ${parts.year}`
}

/** A calendar date's day and month, for chart axes: '12 Nov'. */
export function formatDayMonth(day: string): string {
  return dayMonth.format(new Date(indiaDateStart(day)))
}

/** The India month of an instant: 'January 2026'. */
export function formatIndiaMonthYear(at: string | Date): string {
  return monthYear.format(new Date(instant(at)))
}
