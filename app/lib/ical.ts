import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

// The learners' class feed as iCalendar (RFC 5545), written by ical-generator: a kept library owns the format's
// rules (CRLF line ends, folding at 75 octets, TEXT escaping), so this module only says what goes in the feed.

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

/** A whole calendar: one VCALENDAR of VEVENTs, times in UTC ('Z'), cancelled events STATUS:CANCELLED. */
export function buildCalendar(input: {
  name: string
  /** PRODID's owner and product: '-//{company}//{product}//EN'. */
  prodId: { company: string; product: string }
  now: string
  events: CalendarEvent[]
}): string {
  const calendar = ical({
    name: input.name,
    prodId: { ...input.prodId, language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  })
  for (const e of input.events) {
    calendar.createEvent({
      id: e.uid,
      stamp: new Date(input.now),
      lastModified: new Date(e.updatedAt),
      start: new Date(e.start),
      end: new Date(e.end),
      summary: e.summary,
      description: e.description || null,
      url: e.url || null,
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    })
  }
  // The library ends the last line without CRLF; RFC 5545 ends every content line with one.
  const text = calendar.toString()
  return text.endsWith('\r\n') ? text : `${text}\r\n`
}
