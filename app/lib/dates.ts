// Dates as the old API and the admin pages show them.

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
