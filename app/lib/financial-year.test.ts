import { describe, expect, test } from 'vitest'
import { documentNumber, financialYearOf } from './financial-year'

describe('financial year, by India time', () => {
  test('31 March 23:59 IST is the old year; 1 April 00:00 IST the new one', () => {
    expect(financialYearOf('2027-03-31T18:29:59.999Z')).toBe('2026-27') // 31 Mar 2027, 23:59:59.999 IST
    expect(financialYearOf('2027-03-31T18:30:00.000Z')).toBe('2027-28') // 1 Apr 2027, 00:00 IST
    // Still 31 March in UTC, already April in India.
    expect(financialYearOf(new Date('2027-03-31T20:00:00.000Z'))).toBe('2027-28')
  })

  test('January to March belong to the year that began the April before', () => {
    expect(financialYearOf('2027-01-01T00:00:00.000Z')).toBe('2026-27')
    expect(financialYearOf('2026-04-01T00:00:00.000Z')).toBe('2026-27')
    expect(financialYearOf('2026-12-31T12:00:00.000Z')).toBe('2026-27')
  })

  test('the century turns: 2099-00', () => {
    expect(financialYearOf('2099-06-01T00:00:00.000Z')).toBe('2099-00')
    expect(financialYearOf('2009-06-01T00:00:00.000Z')).toBe('2009-10')
  })
})

describe('document numbers', () => {
  test('invoices and credit notes, six digits, at most 16 characters', () => {
    expect(documentNumber('invoice', '2026-27', 123)).toBe('2026-27/000123')
    expect(documentNumber('credit-note', '2026-27', 1)).toBe('CN2026-27/000001')
    expect(documentNumber('credit-note', '2026-27', 999_999)).toHaveLength(16)
  })

  test('a new series each April: the same counter value in two years gives two numbers', () => {
    const march = financialYearOf('2027-03-31T18:29:00.000Z')
    const april = financialYearOf('2027-03-31T18:31:00.000Z')
    expect(documentNumber('invoice', march, 1)).toBe('2026-27/000001')
    expect(documentNumber('invoice', april, 1)).toBe('2027-28/000001')
  })

  test('numbers start at 1', () => {
    expect(() => documentNumber('invoice', '2026-27', 0)).toThrow(RangeError)
  })
})
