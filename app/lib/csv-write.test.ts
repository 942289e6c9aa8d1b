import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvCell, csvLine, csvResponse } from './csv-write'

describe('csvCell', () => {
  it('guards formulas: = + - @ tab and CR at the start become text', () => {
    for (const s of ['=1+1', '+91 90000', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(s).replace(/^"|"$/g, '').startsWith("'")).toBe(true)
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
  })
  it('guards on the first visible character: controls, zero-width characters and spaces hide no formula', () => {
    for (const lead of ['\u200B', '\uFEFF', '\u0007', '\u0000', '\u200E', '\u2060', ' ', '\u00A0', '\u200B\u0007 '])
      for (const sign of ['=', '+', '-', '@'])
        expect(csvCell(`${lead}${sign}HYPERLINK("http://x","y")`), JSON.stringify(lead + sign)).toMatch(/^"?'/)
  })
  it('guards the full-width and small forms of = + - @', () => {
    for (const sign of ['\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\uFE66', '\uFE62', '\uFE63', '\uFE6B'])
      expect(csvCell(`${sign}HYPERLINK("http://x","y")`), sign).toMatch(/^"?'/)
    expect(csvCell('\u200B\uFF1D1+1')).toBe("'\u200B\uFF1D1+1")
  })
  it('leaves numbers, bigints and plain text alone; quotes commas, quotes and line breaks', () => {
    expect(csvCell(-0.25)).toBe('-0.25')
    expect(csvCell(12n)).toBe('12')
    expect(csvCell('Ananya Das')).toBe('Ananya Das')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(Number.NaN)).toBe('')
  })
  it('keeps leading and trailing spaces: such a cell is quoted, and reads back whole', () => {
    expect(csvCell(' Ananya ')).toBe('" Ananya "')
    expect(Papa.parse<string[]>(csvLine([' a', 'b ', 'c'])).data[0]).toEqual([' a', 'b ', 'c'])
  })
  it('writes dates as ISO 8601', () => {
    expect(csvCell(new Date(Date.UTC(2026, 10, 24, 8, 0, 0)))).toBe('2026-11-24T08:00:00.000Z')
  })
})

describe('csvResponse', () => {
  it('streams BOM + header + rows that round-trip through the CSV parser (Hindi, Bengali, ₹)', async () => {
    async function* rows() {
      yield ['अनन्या', 'শ্রেয়া, G', '₹1,999', -1, '=cmd']
      yield ['line\nbreak', 'q"uote', '', 0, null]
    }
    const res = csvResponse('users 2026.csv', ['a', 'b', 'c', 'd', 'e'], rows())
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="users_2026.csv"')
    const bytes = new Uint8Array(await res.arrayBuffer())
    // The BOM's UTF-8 bytes (Response.text() would hide them).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
    expect(text.startsWith(CSV_BOM)).toBe(true)
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data
    expect(parsed).toEqual([
      ['a', 'b', 'c', 'd', 'e'],
      ['अनन्या', 'শ্রেয়া, G', '₹1,999', '-1', "'=cmd"],
      ['line\nbreak', 'q"uote', '', '0', ''],
    ])
    expect(csvLine(['x'])).toBe('x\r\n')
  })
})
