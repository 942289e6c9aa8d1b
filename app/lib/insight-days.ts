import { formatDayMonth, indiaDay, indiaDayStart } from './dates'

// Calendar days for the staff dashboard, in India's time zone: the business is in India, so "today" starts at
// midnight India time (app/lib/dates.ts). The boundaries are computed in JS and the queries only compare stored ISO
// timestamps against them: the same SQL then works on SQLite and PostgreSQL, with no date functions that differ
// between the two (decision 009).

const DAY_MS = 86_400_000

export type RevenueWindows = {
  /** Start of today (IST). */
  today: string
  /** Start of the last 7 days: today and the 6 days before it. */
  last7: string
  /** Start of the last 30 days: today and the 29 days before it (the charts' 30 points). */
  last30: string
  /** Start of tomorrow (IST): the windows end here, so a timestamp from a skewed clock is not "today". */
  end: string
}

export function revenueWindows(now: Date): RevenueWindows {
  const today = Date.parse(indiaDayStart(now))
  return {
    today: new Date(today).toISOString(),
    last7: new Date(today - 6 * DAY_MS).toISOString(),
    last30: new Date(today - 29 * DAY_MS).toISOString(),
    end: new Date(today + DAY_MS).toISOString(),
  }
}

/** The last `days` Indian calendar days up to and including today, oldest first, as date keys. */
export function lastDays(now: Date, days = 30): string[] {
  const today = Date.parse(indiaDayStart(now))
  return Array.from({ length: days }, (_, i) => indiaDay(new Date(today - (days - 1 - i) * DAY_MS)))
}

export type DayPoint = { day: string; label: string; value: number }

/**
 * One point per day (zero days included) from counts keyed by any prefix of an ISO timestamp that never straddles
 * an Indian midnight (the queries group by 10-minute prefixes, 'YYYY-MM-DDTHH:M'; IST midnight is 18:30 UTC, on a
 * 10-minute boundary). Keys outside the days are ignored.
 */
export function dailySeries(days: string[], counts: Array<{ prefix: string; n: number }>): DayPoint[] {
  const byDay = new Map(days.map((d) => [d, 0]))
  for (const { prefix, n } of counts) {
    // Pad the prefix to a full instant ('2026-11-23T18:3' -> '2026-11-23T18:30:00.000Z').
    const iso = prefix + '0000-01-01T00:00:00.000Z'.slice(prefix.length)
    const key = indiaDay(iso)
    if (byDay.has(key)) byDay.set(key, byDay.get(key)! + n)
  }
  return days.map((day) => ({ day, label: formatDayMonth(day), value: byDay.get(day)! }))
}
