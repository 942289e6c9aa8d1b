import { describe, expect, test } from 'vitest'
import { makeMarks } from './marks'
import { countAtOrBelow, percentage, percentile, shareOfMax } from './standing'

describe('percentile', () => {
  test('the share at or below you, you included', () => {
    expect(percentile(1, 1)).toEqual({ value: 100, text: '100.00' })
    expect(percentile(2, 2)?.text).toBe('100.00')
    // The last of two reads 50 everywhere.
    expect(percentile(1, 2)).toEqual({ value: 50, text: '50.00' })
    expect(percentile(4, 5)?.text).toBe('80.00')
    expect(percentile(1, 5)?.text).toBe('20.00')
    expect(percentile(4, 4)?.text).toBe('100.00')
    expect(percentile(1, 4)).toEqual({ value: 25, text: '25.00' })
  })

  test('rounds half up to 2 decimals with integers only', () => {
    expect(percentile(1, 3)).toEqual({ value: 33.33, text: '33.33' })
    expect(percentile(2, 3)).toEqual({ value: 66.67, text: '66.67' })
    expect(percentile(1, 8)?.text).toBe('12.50')
    expect(percentile(1, 16)?.text).toBe('6.25')
    expect(percentile(1, 32)?.text).toBe('3.13')
    expect(percentile(1, 3_000_000)?.text).toBe('0.00')
  })

  test('no board, no percentile', () => {
    expect(percentile(0, 0)).toBeNull()
    expect(percentile(0, 3)).toBeNull()
    expect(percentile(4, 3)).toBeNull()
    expect(percentile(1.5, 3)).toBeNull()
  })

  test('ties share one percentile', () => {
    const counts = [
      { units: 60, n: 1 },
      { units: 20, n: 2 },
      { units: -10, n: 1 },
    ]
    expect(countAtOrBelow(counts, 20)).toBe(3)
    expect(countAtOrBelow(counts, 60)).toBe(4)
    expect(countAtOrBelow(counts, -10)).toBe(1)
    expect(countAtOrBelow(counts, -20)).toBe(0)
  })
})

describe('percentage', () => {
  test('is a toFixed(2) string and never NaN', () => {
    expect(percentage(2.75, 4)).toBe('68.75')
    expect(percentage(1, 3)).toBe('33.33')
    expect(percentage(0, 0)).toBe('0.00')
    expect(percentage(-0.5, 2)).toBe('-25.00')
  })
})

describe('share of the maximum', () => {
  test('exact score over exact maximum, 2 decimals; 0 without marks', () => {
    expect(shareOfMax(makeMarks(2, 3), makeMarks(1))).toEqual({ value: (2 / 3) * 100, text: '66.67%' })
    expect(shareOfMax(makeMarks(-1, 3), makeMarks(4)).text).toBe('-8.33%')
    expect(shareOfMax(makeMarks(7, 3), makeMarks(7, 3)).text).toBe('100.00%')
    expect(shareOfMax(makeMarks(0), makeMarks(0))).toEqual({ value: 0, text: '0.00%' })
  })
})
