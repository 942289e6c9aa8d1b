// CSV for spreadsheets: UTF-8 with a byte-order mark so Excel reads Hindi, Bengali and the
// rupee sign correctly, CRLF line ends (RFC 4180), cells quoted by Papa Parse when they need it, dates as ISO 8601,
// and formula injection guarded: a cell a spreadsheet would run as a formula gets a leading apostrophe, so
// "=HYPERLINK(...)" in a learner's name stays text. The guard looks at the first VISIBLE character: controls,
// zero-width and other invisible format characters and spaces in front of "=" hide nothing from a spreadsheet,
// and the full-width and small forms of = + - @ are read as formulas too. Numbers (JS numbers and bigints) are
// written as they are: a negative mark is data, not a formula.

import Papa from 'papaparse'

export type CsvCell = string | number | bigint | boolean | Date | null | undefined

/** The byte-order mark a UTF-8 CSV starts with. */
export const CSV_BOM = '\uFEFF'

// A tab or CR at the start, or a formula sign after any invisible lead-in: controls (\p{Cc}), format characters
// such as U+200B, U+FEFF and bidi marks (\p{Cf}), spaces (\p{Z}). The signs: = + - @ in their ASCII, full-width
// (U+FF1D U+FF0B U+FF0D U+FF20) and small (U+FE66 U+FE62 U+FE63 U+FE6B) forms.
const FORMULA_START = /^(?:[\t\r]|[\p{Cc}\p{Cf}\p{Z}\s]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/u

/** The cell's text before quoting: empty for no value and for NaN/Infinity, ISO 8601 for dates, formulas guarded. */
function cellText(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  const text = value instanceof Date ? value.toISOString() : value
  return FORMULA_START.test(text) ? `'${text}` : text
}

// Papa Parse does the quoting (a cell holding a comma, quote, line break or BOM, or starting or ending with a space,
// is quoted, quotes doubled). Its own `escapeFormulae` is not used: it looks only at the first character, and the
// guard above looks past invisible lead-ins.
const UNPARSE: Papa.UnparseConfig = { newline: '\r\n', quotes: false, header: false }

/** One cell as CSV text: guarded against formulas, quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvCell): string {
  return Papa.unparse([[cellText(value)]], UNPARSE)
}

/** One CSV line, CRLF included. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${Papa.unparse([cells.map(cellText)], UNPARSE)}\r\n`
}

/**
 * A streamed CSV download: the BOM and header first, then each row as the source yields it (a large export
 * never sits whole in memory). `rows` is read lazily, page by page, by the caller's generator.
 */
export function csvResponse(
  filename: string,
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
): Response {
  const encoder = new TextEncoder()
  const iterator = rows[Symbol.asyncIterator]()
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)))
    },
    async pull(controller) {
      try {
        const next = await iterator.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(csvLine(next.value)))
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      await iterator.return?.()
    },
  })
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
