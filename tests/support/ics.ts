import ICAL from 'ical.js'

// Reads an iCalendar feed in tests with ical.js (a kept RFC 5545 parser), after the checks a strict client makes
// of the stream itself: every line ends in CRLF and no physical line is longer than 75 octets. Each VEVENT comes
// back as its properties by upper-case name: TEXT unescaped, DATE-TIMEs in their iCalendar form
// ('20300105T130000Z').
export type IcsEvent = Record<string, string>

function propertiesOf(component: ICAL.Component): Record<string, string> {
  const out: Record<string, string> = {}
  for (const property of component.getAllProperties()) {
    const value = property.getFirstValue() as unknown
    out[property.name.toUpperCase()] =
      value instanceof ICAL.Time ? value.toICALString() : typeof value === 'string' ? value : String(value)
  }
  return out
}

export function parseIcs(text: string): { props: Record<string, string>; events: IcsEvent[] } {
  if (!text.endsWith('\r\n')) throw new Error('an iCalendar stream ends with CRLF')
  for (const line of text.slice(0, -2).split('\r\n')) {
    if (/[\r\n]/.test(line)) throw new Error(`bare CR or LF in ${JSON.stringify(line)}`)
    if (Buffer.byteLength(line) > 75) throw new Error(`line longer than 75 octets: ${line}`)
  }
  const calendar = new ICAL.Component(ICAL.parse(text))
  if (calendar.name !== 'vcalendar') throw new Error('not a VCALENDAR')
  const events = calendar.getAllSubcomponents('vevent').map(propertiesOf)
  for (const event of events)
    for (const required of ['UID', 'DTSTAMP', 'DTSTART'])
      if (!event[required]) throw new Error(`VEVENT without ${required}`)
  return { props: propertiesOf(calendar), events }
}
