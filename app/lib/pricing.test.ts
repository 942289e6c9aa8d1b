import { describe, expect, test } from 'vitest'
import {
  bundlePercentOff,
  cardPercentOff,
  couponPrice,
  parsePlainDecimal,
  rupeesToPaise,
  showStruckPrice,
} from './pricing'

describe('card percent-off (truncated)', () => {
  test('truncates, never rounds', () => {
    expect(cardPercentOff(1500, 999)).toBe(33) // 33.4
    expect(cardPercentOff(1200, 999)).toBe(16) // 16.9 -> 16
    expect(cardPercentOff(399, 99)).toBe(75) // 75.18
  })
  test('is 0 (hidden) with no discount or a bad price', () => {
    expect(cardPercentOff(999, 999)).toBe(0)
    expect(cardPercentOff(0, 0)).toBe(0)
    expect(cardPercentOff(500, 700)).toBe(0)
  })
})

describe('bundle percent-off (rounded)', () => {
  test('rounds to the nearest integer', () => {
    expect(bundlePercentOff(1200, 999)).toBe(17) // 16.9 -> 17, where the card truncates to 16
    expect(bundlePercentOff(399, 99)).toBe(75)
    expect(bundlePercentOff(3, 2)).toBe(33)
  })
  test('is 0 with no discount', () => expect(bundlePercentOff(99, 99)).toBe(0))
})

describe('coupon price', () => {
  test('discounted - floor(discounted x pct / 100)', () => {
    expect(couponPrice(999, 10)).toBe(900) // floor(99.9) = 99
    expect(couponPrice(1999, 15)).toBe(1700) // floor(299.85) = 299
    expect(couponPrice(99, 50)).toBe(50) // floor(49.5) = 49
  })
  test('100% is free and out-of-range percents are clamped', () => {
    expect(couponPrice(999, 100)).toBe(0)
    expect(couponPrice(999, 150)).toBe(0)
    expect(couponPrice(999, -5)).toBe(999)
  })
})

test('paise = rupees x 100, an integer', () => {
  expect(rupeesToPaise(99)).toBe(9900)
  expect(rupeesToPaise(19.99)).toBe(1999)
})

test('struck price hidden when equal', () => {
  expect(showStruckPrice(999, 999)).toBe(false)
  expect(showStruckPrice(1500, 999)).toBe(true)
})

describe('parsePlainDecimal: a typed price', () => {
  test('plain decimal digits with an optional sign and fraction; blank is missing', () => {
    expect(parsePlainDecimal('149')).toBe(149)
    expect(parsePlainDecimal(' 0 ')).toBe(0)
    expect(parsePlainDecimal('-5')).toBe(-5)
    expect(parsePlainDecimal('1.5')).toBe(1.5)
    expect(parsePlainDecimal('')).toBeUndefined()
    expect(parsePlainDecimal('   ')).toBeUndefined()
  })
  test('hex, exponents and other things Number() accepts are not prices', () => {
    for (const text of ['0x10', '1e2', '0b11', '0o7', 'Infinity', '1_000', '+5', '.5', '5.', '1,000', '١٢'])
      expect(parsePlainDecimal(text), text).toBeNaN()
  })
})
