import { describe, expect, test } from 'vitest'
import { parseIcs } from '../../tests/support/ics'
import { buildCalendar } from './ical'

// What the feed promises calendar apps, read back with a real parser (tests/support/ics.ts, ical.js).
describe('the class feed as iCalendar (RFC 5545)', () => {
  const event = {
    uid: 'live-class-a@biocoach',
    start: '2026-01-05T13:00:00.000Z',
    end: '2026-01-05T14:00:00.000Z',
    summary: 'Cell, division; part 1 \\ ' + 'जीवविज्ञान'.repeat(10),
    description: 'Bring the notes\nJoin: https://meet.example/abc',
    url: 'https://meet.example/abc',
    updatedAt: '2026-01-02T00:00:00.000Z',
  }
  const feed = (cancelled: boolean) =>
    buildCalendar({
      name: 'Classes',
      prodId: { company: 'BioCoach', product: 'Live classes' },
      now: '2026-01-01T00:00:00.000Z',
      events: [{ ...event, cancelled }],
    })

  test('CRLF line ends and lines of at most 75 octets, multi-byte text included (checked by the reader)', () => {
    const text = feed(false)
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(() => parseIcs(text)).not.toThrow()
  })

  test('text round-trips through escaping and folding; times are UTC; the event is confirmed', () => {
    const { props, events } = parseIcs(feed(false))
    expect(props).toMatchObject({ VERSION: '2.0', PRODID: '-//BioCoach//Live classes//EN', METHOD: 'PUBLISH' })
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      UID: 'live-class-a@biocoach',
      DTSTAMP: '20260101T000000Z',
      DTSTART: '20260105T130000Z',
      DTEND: '20260105T140000Z',
      SUMMARY: event.summary,
      DESCRIPTION: event.description,
      URL: event.url,
      STATUS: 'CONFIRMED',
    })
  })

  test('a cancelled class is STATUS:CANCELLED', () => {
    expect(parseIcs(feed(true)).events[0].STATUS).toBe('CANCELLED')
  })
})
