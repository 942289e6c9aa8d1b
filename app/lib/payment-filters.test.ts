import { describe, expect, test } from 'vitest'
import { parsePaymentFilters, paymentFilterQuery } from './payment-filters'

const parse = (query: string) => parsePaymentFilters(new URLSearchParams(query))

describe('payment filters', () => {
  test('an India day starts at 18:30 UTC the day before; To is inclusive', () => {
    const { filters, errors } = parse('from=2026-11-01&to=2026-11-24')
    expect(errors).toEqual([])
    expect(filters.fromIso).toBe('2026-10-31T18:30:00.000Z')
    expect(filters.toIso).toBe('2026-11-24T18:30:00.000Z')
  })

  test('bad dates, a reversed range and an unknown status are dropped with a message', () => {
    const bad = parse('from=2026-02-30&to=yesterday&status=refunded')
    expect(bad.filters).toMatchObject({ from: null, to: null, fromIso: null, toIso: null, status: null })
    expect(bad.errors).toEqual([
      'Unknown status "refunded": showing every status.',
      'From date "2026-02-30" is not a valid date (use YYYY-MM-DD): ignored.',
      'To date "yesterday" is not a valid date (use YYYY-MM-DD): ignored.',
    ])
    const reversed = parse('from=2026-11-24&to=2026-11-01')
    expect(reversed.filters.fromIso).toBeNull()
    expect(reversed.errors).toEqual(['The From date is after the To date: the date filter is ignored.'])
  })

  test('q is trimmed, status is case-insensitive, a bad page is page 1', () => {
    const { filters, page } = parse('q=%20a%40b.in%20&status=PAID&page=-3')
    expect(filters).toMatchObject({ q: 'a@b.in', status: 'paid' })
    expect(page).toBe(1)
    expect(parse('page=2.5').page).toBe(1)
    expect(parse('page=4').page).toBe(4)
  })

  test('the CSV link carries the valid filters only, without the page', () => {
    const { filters } = parse('q=x&status=failed&from=2026-11-01&to=nope&page=3')
    expect(paymentFilterQuery(filters)).toBe('?q=x&status=failed&from=2026-11-01')
    expect(paymentFilterQuery(parse('').filters)).toBe('')
  })
})
