import { indiaDateStart, isCalendarDate } from './dates'

// The payments page's filters, read from the query string the page's GET form and its CSV link
// share: ?q= (an e-mail, or an order or payment id), ?status=created|paid|failed, ?from= and ?to= (days in India,
// YYYY-MM-DD, both inclusive), ?page=. Pure, so the page, the export and the tests read them the same way.
// A bad value never fails the request: it is dropped, with a message the page shows.

export const ORDER_STATUSES = ['created', 'paid', 'failed'] as const
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number]

export type PaymentFilters = {
  q: string
  status: OrderStatusFilter | null
  /** The from/to days as given (YYYY-MM-DD), for the form and the CSV link. */
  from: string | null
  to: string | null
  /** The same range as instants: created_at >= fromIso and created_at < toIso (ISO strings compare as times). */
  fromIso: string | null
  toIso: string | null
}

export type ParsedPaymentFilters = { filters: PaymentFilters; page: number; errors: string[] }

const DAY_MS = 86_400_000

/** Milliseconds at the start of a filter's day in India (app/lib/dates.ts), or null for no real date in 2000-2999. */
function filterDayStart(day: string): number | null {
  if (!isCalendarDate(day) || day < '2000' || day >= '3000') return null
  return Date.parse(indiaDateStart(day))
}

const text = (v: string | null, max: number) => (v ?? '').trim().slice(0, max)

export function parsePaymentFilters(params: URLSearchParams): ParsedPaymentFilters {
  const errors: string[] = []
  const q = text(params.get('q'), 100)

  const statusText = text(params.get('status'), 20).toLowerCase()
  let status: OrderStatusFilter | null = null
  if (statusText) {
    if ((ORDER_STATUSES as readonly string[]).includes(statusText)) status = statusText as OrderStatusFilter
    else errors.push(`Unknown status "${statusText}": showing every status.`)
  }

  const day = (name: 'from' | 'to', label: string) => {
    const value = text(params.get(name), 20)
    if (!value) return { day: null, start: null }
    const start = filterDayStart(value)
    if (start === null) {
      errors.push(`${label} date "${value}" is not a valid date (use YYYY-MM-DD): ignored.`)
      return { day: null, start: null }
    }
    return { day: value, start }
  }
  let from = day('from', 'From')
  let to = day('to', 'To')
  if (from.start !== null && to.start !== null && from.start > to.start) {
    errors.push('The From date is after the To date: the date filter is ignored.')
    from = { day: null, start: null }
    to = { day: null, start: null }
  }

  const pageNumber = Number(params.get('page') ?? '1')
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 1_000_000 ? pageNumber : 1

  return {
    filters: {
      q,
      status,
      from: from.day,
      to: to.day,
      fromIso: from.start === null ? null : new Date(from.start).toISOString(),
      // "To" is inclusive: everything before the start of the next day in India.
      toIso: to.start === null ? null : new Date(to.start + DAY_MS).toISOString(),
    },
    page,
    errors,
  }
}

/** The query string of the valid filters (no page): what the CSV link and the Fulfil form carry. */
export function paymentFilterQuery(filters: PaymentFilters): string {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.status) params.set('status', filters.status)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  const s = params.toString()
  return s ? `?${s}` : ''
}
