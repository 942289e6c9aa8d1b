import { INDIA_OFFSET, INDIA_OFFSET_MS as OFFSET_MS, isCalendarDate, parseIndiaLocal } from '~/lib/dates'

// A live mock's window as staff type it and the admin API sends it (docs/decisions/029-live-mocks.md): the editor's
// `datetime-local` fields are India time, the API takes ISO 8601 with an offset and answers with India's (+05:30).
// Stored as ISO instants in UTC, kept to the second (app/lib/quiz/window.ts reads them).

/** An instant kept to the second, as stored: '2026-12-06T04:30:00.000Z'. */
const toSecond = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString()

/** A `datetime-local` value typed in India time as the stored instant; undefined when it is no date and time. */
export function windowFromLocal(value: string): string | undefined {
  const iso = parseIndiaLocal(value)
  return iso === undefined ? undefined : toSecond(Date.parse(iso))
}

/**
 * A stored instant as the editor's `datetime-local` value in India time: minutes, or seconds when it has them (an
 * API may set them), so saving the form unchanged keeps the instant exactly.
 */
export function windowToLocal(iso: string): string {
  const local = new Date(Date.parse(iso) + OFFSET_MS).toISOString()
  return local.slice(17, 19) === '00' ? local.slice(0, 16) : local.slice(0, 19)
}

const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))$/

/**
 * ISO 8601 with an offset ('2026-12-06T10:00:00+05:30', '+0530' or '...Z') as the stored instant, kept to the second;
 * undefined for anything else (no offset: whose 10:00 would it be?), or a date or time that does not exist.
 */
export function windowFromIso(value: string): string | undefined {
  const m = WITH_OFFSET.exec(value.trim())
  if (!m) return undefined
  const [, day, h, mi, s, zone, oh, om] = m
  if (!isCalendarDate(day!) || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return undefined
  if (zone !== 'Z' && (Number(oh) > 23 || Number(om) > 59)) return undefined
  const offset = zone === 'Z' ? 0 : (zone![0] === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000
  const wall = Date.parse(`${day}T${h}:${mi}:${s ?? '00'}Z`)
  return Number.isNaN(wall) ? undefined : toSecond(wall - offset)
}

/** A stored instant as ISO 8601 in India time, to the second: '2026-12-06T10:00:00+05:30'. */
export function windowToIso(iso: string): string {
  return new Date(Date.parse(iso) + OFFSET_MS).toISOString().slice(0, 19) + INDIA_OFFSET
}

/** An instant as staff send it: India time from the editor's field, or ISO 8601 with an offset; undefined if neither. */
export function windowInstant(value: string): string | undefined {
  return windowFromLocal(value) ?? windowFromIso(value)
}
