import { describe, expect, test } from 'vitest'
import {
  formatAttemptedAt,
  formatDayMonth,
  formatIndiaDate,
  formatIndiaDateTime,
  formatIndiaMonthYear,
  indiaDateEnd,
  indiaDateStart,
  indiaDay,
  indiaDayStart,
  isCalendarDate,
  parseIndiaLocal,
  toIndiaLocal,
} from './dates'

// The India day turns at 18:30 UTC: the last millisecond before it is still the day before.
const LAST_OF_23RD = '2026-11-23T18:29:59.999Z'
const FIRST_OF_24TH = '2026-11-23T18:30:00.000Z'

describe('India days at the boundary (18:29:59.999Z / 18:30Z)', () => {
  test('indiaDay: the calendar day of an instant, from a string or a Date', () => {
    expect(indiaDay(LAST_OF_23RD)).toBe('2026-11-23')
    expect(indiaDay(FIRST_OF_24TH)).toBe('2026-11-24')
    expect(indiaDay(new Date(FIRST_OF_24TH))).toBe('2026-11-24')
  })

  test('indiaDayStart: when the India day of an instant began', () => {
    expect(indiaDayStart(LAST_OF_23RD)).toBe('2026-11-22T18:30:00.000Z')
    expect(indiaDayStart(FIRST_OF_24TH)).toBe(FIRST_OF_24TH)
    expect(indiaDayStart(new Date('2026-11-24T08:00:00Z'))).toBe(FIRST_OF_24TH)
    // Before 1970 too (the remainder of a negative time).
    expect(indiaDayStart('1969-12-31T20:00:00.000Z')).toBe('1969-12-31T18:30:00.000Z')
  })

  test('indiaDateStart / indiaDateEnd: the first and last millisecond of a calendar date in India', () => {
    expect(indiaDateStart('2026-11-24')).toBe(FIRST_OF_24TH)
    expect(indiaDateEnd('2026-11-23')).toBe(LAST_OF_23RD)
    expect(indiaDateEnd('2030-01-31')).toBe('2030-01-31T18:29:59.999Z')
    expect(indiaDay(indiaDateStart('2026-03-01'))).toBe('2026-03-01')
    expect(indiaDay(indiaDateEnd('2026-03-01'))).toBe('2026-03-01')
  })

  test('a date that is not on the calendar is refused, never rolled into the next month', () => {
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '24/11/2026', '2026-1-5', ''])
      expect(isCalendarDate(bad), bad).toBe(false)
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(() => indiaDateEnd('2026-02-30')).toThrow(RangeError)
    expect(() => indiaDateStart('yesterday')).toThrow(RangeError)
  })

  test('datetime-local values are India wall time', () => {
    expect(parseIndiaLocal('2026-11-24T00:00')).toBe(FIRST_OF_24TH)
    expect(toIndiaLocal(LAST_OF_23RD)).toBe('2026-11-23T23:59')
    expect(toIndiaLocal(FIRST_OF_24TH)).toBe('2026-11-24T00:00')
  })
})

describe('dates as people read them, on either side of midnight in India', () => {
  test('formatIndiaDate, formatIndiaDateTime, formatAttemptedAt', () => {
    expect(formatIndiaDate(LAST_OF_23RD)).toBe('23 Nov 2026')
    expect(formatIndiaDate(FIRST_OF_24TH)).toBe('24 Nov 2026')
    expect(formatIndiaDateTime(LAST_OF_23RD)).toBe('Mon, 23 Nov 2026, 11:59 pm IST')
    expect(formatIndiaDateTime(FIRST_OF_24TH)).toBe('Tue, 24 Nov 2026, 12:00 am IST')
    expect(formatAttemptedAt(FIRST_OF_24TH)).toBe('24 Nov 2026, 12:00 am')
  })

  test('formatIndiaMonthYear turns at midnight India time at the end of a month', () => {
    expect(formatIndiaMonthYear('2026-11-30T18:29:59.999Z')).toBe('November 2026')
    expect(formatIndiaMonthYear('2026-11-30T18:30:00.000Z')).toBe('December 2026')
  })

  test('formatDayMonth labels a calendar date', () => {
    expect(formatDayMonth('2026-11-24')).toBe('24 Nov')
  })
})
