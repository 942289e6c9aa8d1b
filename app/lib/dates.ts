// Dates in India time: as the old API and the admin pages show them, and the fixed-offset rules live classes and
// access ends use. India Standard Time is UTC+05:30 all year (no daylight saving), so a fixed offset is exact and
// no time zone database is needed.

/** Date and time in India as the admin pages show them, e.g. '19 Aug 2025, 3:45 pm'. */
export const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
})

/** docs/legacy-api.md §1.6: '19 Aug 2025, 03:45 pm' (en-IN, Asia/Kolkata). */
export function formatAttemptedAt(iso: string) {
  const parts = Object.fromEntries(indiaDateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]))
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toLowerCase()}`
}

const MINUTE_MS = 60_000
export const INDIA_OFFSET_MINUTES = 330

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
