import { indiaDay } from './dates'

// India's financial year runs from 1 April to 31 March, by the calendar in India (a payment at 00:10 IST on
// 1 April, still 31 March in UTC, belongs to the new year). Invoices and credit notes are numbered in one series
// per financial year, starting again at 1 each April: '2026-27/000123' and 'CN2026-27/000001' (at most 16
// characters, the GST rule for a document number, up to 999,999 documents a year).

export type DocumentSeries = 'invoice' | 'credit-note'

const PREFIX: Record<DocumentSeries, string> = { invoice: '', 'credit-note': 'CN' }

/** The financial year of an instant, in India time: '2026-27' from 1 April 2026 00:00 IST to 31 March 2027. */
export function financialYearOf(at: Date | string): string {
  const [year, month] = indiaDay(at).split('-').map(Number)
  const start = month >= 4 ? year : year - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

/** The document number of the n-th document of a series in a financial year. */
export function documentNumber(series: DocumentSeries, financialYear: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError('document numbers start at 1')
  return `${PREFIX[series]}${financialYear}/${String(n).padStart(6, '0')}`
}
