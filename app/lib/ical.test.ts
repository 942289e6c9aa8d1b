import { describe, expect, test } from 'vitest'
import { buildCalendar, escapeText, foldLine, icsDateTime } from './ical'

describe('iCalendar writing (RFC 5545)', () => {
  test('TEXT escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
  })

  test('lines fold at 75 octets and never split a multi-byte character', () => {
    const long = 'SUMMARY:' + 'x'.repeat(200)
    const folded = foldLine(long).split('\r\n')
    expect(folded[0]).toHaveLength(75)
    for (const line of folded.slice(1)) {
      expect(line.startsWith(' ')).toBe(true)
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    }
    expect(folded.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(long)
    const hindi = 'SUMMARY:' + 'जीवविज्ञान'.repeat(10)
    const parts = foldLine(hindi).split('\r\n')
    for (const line of parts) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    expect(parts.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(hindi)
  })

  test('UTC times, CRLF everywhere, cancelled events marked', () => {
    expect(icsDateTime('2026-01-05T13:00:00.000Z')).toBe('20260105T130000Z')
    const text = buildCalendar({
      name: 'Classes',
      prodId: '-//T//EN',
      now: '2026-01-01T00:00:00.000Z',
      events: [
        {
          uid: 'a@t',
          start: '2026-01-05T13:00:00.000Z',
          end: '2026-01-05T14:00:00.000Z',
          summary: 'Cell, division; part 1',
          cancelled: true,
          updatedAt: '2026-01-02T00:00:00.000Z',
        },
      ],
    })
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    expect(text).toContain('\r\nDTSTART:20260105T130000Z\r\n')
    expect(text).toContain('\r\nSUMMARY:Cell\\, division\\; part 1\r\n')
    expect(text).toContain('\r\nSTATUS:CANCELLED\r\n')
    expect(text).toContain('\r\nDTSTAMP:20260101T000000Z\r\n')
  })
})
