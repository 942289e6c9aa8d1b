// A small iCalendar reader for tests: unfolds lines (RFC 5545 3.1), splits name;params:value, unescapes TEXT, and
// collects VEVENTs. Enough to check what the app's feed says, strict where the app must be: every line must end
// in CRLF and no unfolded line may be longer than 75 octets.
export type IcsEvent = Record<string, string>

export function parseIcs(text: string): { props: Record<string, string>; events: IcsEvent[] } {
  if (!text.endsWith('\r\n')) throw new Error('an iCalendar stream ends with CRLF')
  const physical = text.slice(0, -2).split('\r\n')
  for (const line of physical) {
    if (/[\r\n]/.test(line)) throw new Error(`bare CR or LF in ${JSON.stringify(line)}`)
    if (Buffer.byteLength(line) > 75) throw new Error(`line longer than 75 octets: ${line}`)
  }
  const lines: string[] = []
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) lines[lines.length - 1] += line.slice(1)
    else lines.push(line)
  }
  if (lines[0] !== 'BEGIN:VCALENDAR' || lines.at(-1) !== 'END:VCALENDAR') throw new Error('not a VCALENDAR')
  const props: Record<string, string> = {}
  const events: IcsEvent[] = []
  let current: IcsEvent | null = null
  for (const line of lines.slice(1, -1)) {
    const colon = line.indexOf(':')
    if (colon < 0) throw new Error(`no value in ${line}`)
    const name = line.slice(0, colon).split(';')[0]
    const value = line.slice(colon + 1).replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c))
    if (name === 'BEGIN' && value === 'VEVENT') current = {}
    else if (name === 'END' && value === 'VEVENT') {
      if (!current) throw new Error('END:VEVENT without BEGIN')
      for (const required of ['UID', 'DTSTAMP', 'DTSTART'])
        if (!current[required]) throw new Error(`VEVENT without ${required}`)
      events.push(current)
      current = null
    } else if (current) current[name] = value
    else props[name] = value
  }
  return { props, events }
}
