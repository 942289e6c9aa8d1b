// An iCalendar (RFC 5545) writer for the learners' class feed: just the parts the feed uses (one VCALENDAR of
// VEVENTs with UTC times). No kept iCalendar library is installed in this project, so the three rules the format
// needs are written here, each tested: CRLF line ends (3.1), lines folded at 75 octets without splitting a UTF-8
// character (3.1), and TEXT values escaping backslash, semicolon, comma and newlines (3.3.11).

export type CalendarEvent = {
  /** Stable across feeds and edits, so a subscribed calendar updates the event rather than adding another. */
  uid: string
  start: string
  end: string
  summary: string
  description?: string
  url?: string
  cancelled?: boolean
  /** When the event last changed (LAST-MODIFIED). */
  updatedAt: string
}

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, newlines as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * One content line folded at 75 octets (RFC 5545 3.1): each continuation starts with a space, and a multi-byte
 * character is never split between lines.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // The first line holds 75 octets; each continuation 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

/** An instant as a UTC DATE-TIME: '20260105T130000Z'. */
export function icsDateTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** A whole calendar: CRLF after every line, the last included. */
export function buildCalendar(input: { name: string; prodId: string; now: string; events: CalendarEvent[] }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${input.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
  ]
  for (const e of input.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `DTSTAMP:${icsDateTime(input.now)}`,
      `LAST-MODIFIED:${icsDateTime(e.updatedAt)}`,
      `DTSTART:${icsDateTime(e.start)}`,
      `DTEND:${icsDateTime(e.end)}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `STATUS:${e.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    )
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`)
    if (e.url) lines.push(`URL:${e.url}`)
    lines.push('END:VEVENT')
  }
  lines.push('END:VCALENDAR')
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
