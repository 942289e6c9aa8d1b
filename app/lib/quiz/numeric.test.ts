import { describe, expect, test } from 'vitest'
import { compareDecimals, formatDecimal, parseNumericAnswer } from './numeric'

describe('parseNumericAnswer (NAT input)', () => {
  test.each([
    ['3.14', '3.14'],
    ['-2', '-2'],
    ['0.5', '0.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['+1', '1'],
    ['-.5', '-0.5'],
    ['2.500', '2.5'],
    ['007', '7'],
    ['-0', '0'],
    ['  42  ', '42'],
    ['−2.5', '-2.5'], // U+2212 from some phone keyboards
    ['0.30000000000000004', '0.30000000000000004'],
  ])('accepts %o as %s', (text, shown) => {
    const r = parseNumericAnswer(text)
    expect(r.ok).toBe(true)
    if (r.ok) expect(formatDecimal(r.value)).toBe(shown)
  })

  test('normalised: equal numbers are equal values', () => {
    expect(parseNumericAnswer('2.50')).toEqual({ ok: true, value: { coefficient: 25n, scale: 1 } })
    expect(parseNumericAnswer('-0.0')).toEqual({ ok: true, value: { coefficient: 0n, scale: 0 } })
  })

  test.each([
    ['', 'Enter a number, like 3.14 or -2.'],
    ['   ', 'Enter a number, like 3.14 or -2.'],
    ['abc', 'Enter a number, like 3.14 or -2.'],
    ['.', 'Enter a number, like 3.14 or -2.'],
    ['-', 'Enter a number, like 3.14 or -2.'],
    ['1.2.3', 'Enter a number, like 3.14 or -2.'],
    ['NaN', 'Enter a number, like 3.14 or -2.'],
    ['Infinity', 'Enter a number, like 3.14 or -2.'],
    ['1/3', 'Enter a number, like 3.14 or -2.'],
    ['1e3', 'Write the number in full, without “e” (for 1e3 type 1000).'],
    ['2.5E-2', 'Write the number in full, without “e” (for 1e3 type 1000).'],
    ['1,000', 'Leave out commas: use a point for decimals, like 2.5 or 1000.'],
    ['2,5', 'Leave out commas: use a point for decimals, like 2.5 or 1000.'],
    ['1 000', 'Remove the spaces inside the number.'],
    ['123456789012345678901', 'That is too long: use at most 20 characters.'],
  ])('refuses %o', (text, message) => {
    expect(parseNumericAnswer(text)).toEqual({ ok: false, message })
  })

  test('exact comparison', () => {
    const d = (t: string) => {
      const r = parseNumericAnswer(t)
      if (!r.ok) throw new Error(r.message)
      return r.value
    }
    expect(compareDecimals(d('2.6'), d('2.60'))).toBe(0)
    expect(compareDecimals(d('2.4999'), d('2.5'))).toBe(-1)
    expect(compareDecimals(d('-1.5'), d('-1.49'))).toBe(-1)
    expect(compareDecimals(d('0.30000000000000004'), d('0.3'))).toBe(1)
  })
})
