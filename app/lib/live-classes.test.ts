import { describe, expect, test } from 'vitest'
import { classEnd, classNoticesDue, classPhase, isHttpsUrl, startsWithinAccess } from './live-classes'
import { formatIndiaDateTime, indiaDay, indiaDayStart, parseIndiaLocal, toIndiaLocal } from './dates'

describe('India time', () => {
  test('a datetime-local value is read as UTC+05:30 and written back the same', () => {
    expect(parseIndiaLocal('2026-01-05T18:30')).toBe('2026-01-05T13:00:00.000Z')
    expect(parseIndiaLocal('2026-01-05T02:00')).toBe('2026-01-04T20:30:00.000Z')
    expect(parseIndiaLocal('2026-01-05T18:30:15')).toBe('2026-01-05T13:00:15.000Z')
    expect(toIndiaLocal('2026-01-04T20:30:00.000Z')).toBe('2026-01-05T02:00')
    // No daylight saving: the same offset in July.
    expect(parseIndiaLocal('2026-07-05T18:30')).toBe('2026-07-05T13:00:00.000Z')
  })

  test('anything but a real date and time is refused', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-01-05 18:30', '2026-01-05T24:00', '2026-13-01T10:00', 'soon'])
      expect(parseIndiaLocal(bad)).toBeUndefined()
  })

  test('formats in India time with the day, 12-hour clock and IST', () => {
    expect(formatIndiaDateTime('2026-01-05T13:00:00.000Z')).toBe('Mon, 5 Jan 2026, 6:30 pm IST')
    expect(formatIndiaDateTime('2026-01-04T18:30:00.000Z')).toBe('Mon, 5 Jan 2026, 12:00 am IST')
    expect(formatIndiaDateTime('2026-01-05T06:35:00.000Z')).toBe('Mon, 5 Jan 2026, 12:05 pm IST')
  })

  test("an instant's India day and when that day begins", () => {
    expect(indiaDay('2026-01-04T18:29:59.999Z')).toBe('2026-01-04')
    expect(indiaDay('2026-01-04T18:30:00.000Z')).toBe('2026-01-05')
    expect(indiaDayStart('2026-01-05T13:00:00.000Z')).toBe('2026-01-04T18:30:00.000Z')
  })
})

describe('links', () => {
  test('only https addresses', () => {
    expect(isHttpsUrl('https://meet.google.com/abc-defg-hij')).toBe(true)
    expect(isHttpsUrl('https://zoom.us/j/123?pwd=x')).toBe(true)
    for (const bad of ['http://zoom.us/j/1', 'javascript:alert(1)', 'meet.google.com/abc', '', 'https://'])
      expect(isHttpsUrl(bad)).toBe(false)
  })
})

describe('the join window', () => {
  const c = { startsAt: '2026-01-05T13:00:00.000Z', durationMinutes: 90, cancelledAt: null }
  const at = (iso: string) => new Date(iso)

  test('Join from 15 minutes before the start until the end, not a millisecond outside', () => {
    expect(classEnd(c)).toBe('2026-01-05T14:30:00.000Z')
    expect(classPhase(c, at('2026-01-05T12:44:59.999Z'))).toBe('upcoming')
    expect(classPhase(c, at('2026-01-05T12:45:00.000Z'))).toBe('joinable')
    expect(classPhase(c, at('2026-01-05T14:29:59.999Z'))).toBe('joinable')
    expect(classPhase(c, at('2026-01-05T14:30:00.000Z'))).toBe('ended')
  })

  test('a cancelled class is cancelled whenever it is looked at', () => {
    const cancelled = { ...c, cancelledAt: '2026-01-01T00:00:00.000Z' }
    expect(classPhase(cancelled, at('2026-01-05T13:00:00.000Z'))).toBe('cancelled')
  })
})

describe('class notices', () => {
  const c = { startsAt: '2026-01-05T13:00:00.000Z', durationMinutes: 60, cancelledAt: null, notify: true }
  test('scheduled while ahead, the hour notice from an hour before, none once it started', () => {
    expect(classNoticesDue(c, new Date('2026-01-01T00:00:00.000Z'))).toEqual(['scheduled'])
    expect(classNoticesDue(c, new Date('2026-01-05T11:59:59.999Z'))).toEqual(['scheduled'])
    expect(classNoticesDue(c, new Date('2026-01-05T12:00:00.000Z'))).toEqual(['scheduled', 'hour'])
    expect(classNoticesDue(c, new Date('2026-01-05T13:00:00.000Z'))).toEqual([])
  })
  test('none without notify or once cancelled', () => {
    const now = new Date('2026-01-05T12:30:00.000Z')
    expect(classNoticesDue({ ...c, notify: false }, now)).toEqual([])
    expect(classNoticesDue({ ...c, cancelledAt: '2026-01-05T10:00:00.000Z' }, now)).toEqual([])
  })
})

describe('the calendar feed and the access end', () => {
  test('a class is in the feed when it starts before the end; for good, always', () => {
    const end = '2026-01-10T18:29:59.999Z'
    expect(startsWithinAccess('2026-01-10T18:29:59.998Z', end)).toBe(true)
    expect(startsWithinAccess('2026-01-10T18:29:59.999Z', end)).toBe(false)
    expect(startsWithinAccess('2026-02-01T13:00:00.000Z', end)).toBe(false)
    expect(startsWithinAccess('2036-02-01T13:00:00.000Z', null)).toBe(true)
  })
})
