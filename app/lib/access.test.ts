import { describe, expect, it } from 'vitest'
import {
  accessDateInput,
  defaultAccessDays,
  endsWithin,
  extendedEnd,
  formatAccessDate,
  isOpenAt,
  readAccessUntil,
  regrantedEnd,
} from './access'

const day0 = new Date('2026-01-01T04:30:00.000Z') // 10:00 in India
const day = (n: number) => new Date(day0.getTime() + n * 86_400_000)

describe('extendedEnd', () => {
  it('a first period runs from now', () => {
    expect(extendedEnd({ now: day0, days: 30 })).toBe(day(30).toISOString())
  })
  it('renewing early adds to the current end: bought on day 0, renewed on day 20, ends on day 60', () => {
    const first = extendedEnd({ now: day0, days: 30 })
    expect(extendedEnd({ now: day(20), days: 30, current: first })).toBe(day(60).toISOString())
  })
  it('renewing after the end runs from now', () => {
    expect(extendedEnd({ now: day(45), days: 30, current: day(30).toISOString() })).toBe(day(75).toISOString())
  })
  it('a course for good gives access for good, and access for good stays for good', () => {
    expect(extendedEnd({ now: day0, days: null, current: day(3).toISOString() })).toBeNull()
    expect(extendedEnd({ now: day0, days: 30, current: null })).toBeNull()
  })
})

describe('regrantedEnd', () => {
  it('gives one period from now once the end has passed', () => {
    expect(regrantedEnd({ now: day(40), days: 30, current: day(30).toISOString() })).toBe(day(70).toISOString())
    expect(regrantedEnd({ now: day(40), days: null, current: day(30).toISOString() })).toBeNull()
  })
  it('keeps an end still ahead, or none', () => {
    expect(regrantedEnd({ now: day(10), days: 30, current: day(30).toISOString() })).toBe(day(30).toISOString())
    expect(regrantedEnd({ now: day(10), days: 30, current: null })).toBeNull()
  })
})

describe('isOpenAt and endsWithin', () => {
  const end = day(30).toISOString()
  it('access lasts while now is before the end; none is for good', () => {
    expect(isOpenAt(end, day(29))).toBe(true)
    expect(isOpenAt(end, day(30))).toBe(false)
    expect(isOpenAt(null, day(9999))).toBe(true)
  })
  it('ends within 7 days: ahead and no later than a week away', () => {
    expect(endsWithin(end, day(22))).toBe(false)
    expect(endsWithin(end, day(23))).toBe(true)
    expect(endsWithin(end, day(30))).toBe(false)
    expect(endsWithin(null, day(29))).toBe(false)
  })
})

describe('dates in India time', () => {
  it('shows the day in India', () => {
    // 20:00 UTC on 31 Jan is already 1 Feb in India.
    expect(formatAccessDate('2026-01-31T20:00:00.000Z')).toBe('1 Feb 2026')
    expect(formatAccessDate('2026-01-31T10:00:00.000Z')).toBe('31 Jan 2026')
  })
  it('a typed date means through that day in India, and reads back as the same day', () => {
    const end = readAccessUntil('2026-03-15')
    expect(end).toBe('2026-03-15T18:29:59.999Z')
    expect(accessDateInput(end!)).toBe('2026-03-15')
    expect(formatAccessDate(end!)).toBe('15 Mar 2026')
    expect(isOpenAt(end!, new Date('2026-03-15T18:29:00.000Z'))).toBe(true)
    expect(isOpenAt(end!, new Date('2026-03-15T18:30:00.000Z'))).toBe(false)
  })
  it('reads a full timestamp as given, empty or null as for good, anything else as invalid', () => {
    expect(readAccessUntil('2026-03-15T10:00:00+05:30')).toBe('2026-03-15T04:30:00.000Z')
    expect(readAccessUntil('2026-03-15T04:30:00.000Z')).toBe('2026-03-15T04:30:00.000Z')
    expect(readAccessUntil('')).toBeNull()
    expect(readAccessUntil(null)).toBeNull()
    expect(accessDateInput(null)).toBe('')
    for (const bad of ['2026-02-30', '15/03/2026', 'soon', '2026-03-15T10:00'])
      expect(readAccessUntil(bad)).toBeUndefined()
  })
})

describe('defaultAccessDays', () => {
  it('a live course sells 30 days, a recorded one access for good', () => {
    expect(defaultAccessDays('live')).toBe(30)
    expect(defaultAccessDays('Live')).toBe(30)
    expect(defaultAccessDays('recorded')).toBeNull()
  })
})
