import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  MARKS_UNIT,
  ZERO_MARKS,
  addMarks,
  compareMarks,
  formatMarks,
  isZero,
  makeMarks,
  marksFromStorage,
  marksToNumber,
  marksToStorage,
  mulMarks,
  negMarks,
  parseMarks,
  readMarks,
  storedScore,
  subMarks,
  sumMarks,
} from './marks'
const m = (num: number, den = 1) => makeMarks(num, den)

describe('the Marks rational', () => {
  test('reduced, sign on the numerator, zero is 0/1', () => {
    expect(m(2, 6)).toEqual({ num: 1, den: 3 })
    expect(m(1, -3)).toEqual({ num: -1, den: 3 })
    expect(m(-2, -4)).toEqual({ num: 1, den: 2 })
    expect(m(0, 7)).toEqual({ num: 0, den: 1 })
    expect(Object.is(negMarks(ZERO_MARKS).num, 0)).toBe(true) // never -0
    expect(() => m(1, 0)).toThrow(RangeError)
    expect(() => m(0.5)).toThrow(TypeError)
  })

  test('arithmetic is exact: 3 x (-1/3) = -1, 3 x (-2/3) = -2', () => {
    const third = m(-1, 3)
    expect(addMarks(addMarks(third, third), third)).toEqual({ num: -1, den: 1 })
    expect(mulMarks(m(-2, 3), 3)).toEqual({ num: -2, den: 1 })
    expect(addMarks(m(1, 3), m(1, 4))).toEqual({ num: 7, den: 12 })
    expect(subMarks(m(1), m(1, 3))).toEqual({ num: 2, den: 3 })
    expect(negMarks(m(1, 4))).toEqual({ num: -1, den: 4 })
    expect(sumMarks([m(1, 6), m(1, 3), m(1, 2)])).toEqual({ num: 1, den: 1 })
    expect(isZero(addMarks(mulMarks(m(-1, 3), 3), m(1)))).toBe(true)
  })

  test('compare and convert', () => {
    expect(compareMarks(m(1, 3), m(33, 100))).toBe(1)
    expect(compareMarks(m(-2, 3), m(-1, 3))).toBe(-1)
    expect(compareMarks(m(2, 4), m(1, 2))).toBe(0)
    expect(marksToNumber(m(11, 4))).toBe(2.75)
    expect([m(1), m(-1, 3), m(2, 3), ZERO_MARKS].sort(compareMarks).map(formatMarks)).toEqual([
      '-0.33',
      '0.00',
      '0.67',
      '1.00',
    ])
  })
})

describe('formatMarks: exactly 2 decimals, half away from zero on the exact value', () => {
  test.each([
    [m(1, 3), '0.33'],
    [m(-1, 3), '-0.33'],
    [m(2, 3), '0.67'],
    [m(-2, 3), '-0.67'],
    [m(1, 6), '0.17'],
    [m(-1, 6), '-0.17'],
    [m(1, 12), '0.08'],
    [m(14, 3), '4.67'],
    [m(-1, 4), '-0.25'],
    [m(11, 4), '2.75'],
    [m(5, 1000), '0.01'],
    [m(-5, 1000), '-0.01'], // a tie rounds away from zero
    [m(125, 1000), '0.13'],
    [m(2675, 1000), '2.68'], // (2.675).toFixed(2) is "2.67": the double is 2.67499999...
    [m(1000), '1000.00'],
    [m(-190), '-190.00'],
    [ZERO_MARKS, '0.00'],
    [m(-4, 1000), '0.00'], // rounds to zero: never "-0.00"
    [m(-1, 300), '0.00'],
  ])('%o -> %s', (value, shown) => {
    expect(formatMarks(value)).toBe(shown)
  })
})

describe('storage: one integer in units of 1/30000', () => {
  test('known values', () => {
    expect(MARKS_UNIT).toBe(30000)
    expect(marksToStorage(m(1))).toBe(30000)
    expect(marksToStorage(m(-1, 3))).toBe(-10000)
    expect(marksToStorage(m(-2, 3))).toBe(-20000)
    expect(marksToStorage(m(1, 4))).toBe(7500)
    expect(marksToStorage(m(1, 10000))).toBe(3)
    expect(marksToStorage(m(1, 12))).toBe(2500)
    expect(marksToStorage(ZERO_MARKS)).toBe(0)
    expect(marksFromStorage(-10000)).toEqual({ num: -1, den: 3 })
    expect(marksFromStorage('82500')).toEqual({ num: 11, den: 4 }) // node-pg bigint without a parser
    expect(marksFromStorage(-30000n)).toEqual({ num: -1, den: 1 })
  })

  test('refuses what is not a whole number of units, or not an integer', () => {
    expect(() => marksToStorage(m(1, 7))).toThrow(RangeError)
    expect(() => marksFromStorage(1.5)).toThrow(TypeError)
    expect(() => marksFromStorage('1.5')).toThrow(TypeError)
    expect(() => marksFromStorage('abc')).toThrow(TypeError)
  })

  test('a 500-question paper of 1000-mark questions stays far below 2^53 units', () => {
    const units = marksToStorage(mulMarks(m(1000), 500))
    expect(units).toBe(15_000_000_000)
    expect(units).toBeLessThan(Number.MAX_SAFE_INTEGER / 100_000)
  })
})

describe('readMarks / parseMarks', () => {
  test.each([
    ['1', m(1)],
    ['2', m(2)],
    ['4', m(4)],
    ['0.25', m(1, 4)],
    ['.5', m(1, 2)],
    ['0.5', m(1, 2)],
    ['1.5', m(3, 2)],
    ['1/3', m(1, 3)],
    ['2/3', m(2, 3)],
    [' 2 / 6 ', m(1, 3)],
    ['5/6', m(5, 6)],
    ['1/12', m(1, 12)],
    ['3/8', m(3, 8)],
    ['0.0001', m(1, 10000)],
    ['1000', m(1000)],
    ['0', ZERO_MARKS],
    [0.25, m(1, 4)],
    [3, m(3)],
    [0, ZERO_MARKS],
    // A JSON number within floating-point error of a whole number of 1/30000: what a program computes.
    [1 / 3, m(1, 3)],
    [0.6666666666666666, m(2, 3)],
    [2 / 3, m(2, 3)],
    [0.1 + 0.2, m(3, 10)],
    [1000 / 3, m(1000, 3)],
    [1 / 12, m(1, 12)],
    [1000, m(1000)],
  ] as const)('accepts %o', (input, value) => {
    expect(parseMarks(input)).toEqual(value)
  })

  test.each([
    ['-1', 'can’t be negative'],
    [-0.25, 'can’t be negative'],
    ['−1', 'can’t be negative'], // typographic minus
    ['', 'Enter the marks'],
    ['   ', 'Enter the marks'],
    ['abc', 'number or a fraction'],
    ['NaN', 'number or a fraction'],
    ['Infinity', 'number or a fraction'],
    [Number.NaN, 'as a number'],
    [Number.POSITIVE_INFINITY, 'as a number'],
    ['0.33333', 'at most 4 decimal places'],
    [1 / 7, 'at most 4 decimal places'],
    [0.00001, 'at most 4 decimal places'],
    ['0.6666666666666666', 'at most 4 decimal places'],
    [1000.25, 'at most 1000'],
    ['1/7', 'can’t be kept exactly'],
    ['1/9', 'can’t be kept exactly'],
    ['1/0', '0 below the line'],
    ['1001', 'at most 1000'],
    ['3001/3', 'at most 1000'],
    ['1e3', 'without “e”'],
    [1e-7, 'without “e”'],
    ['1,5', 'number or a fraction'],
    ['+1', 'number or a fraction'],
    ['1 1/2', 'number or a fraction'],
    ['12345678901234567890123', 'at most 20 characters'],
  ] as const)('refuses %o (%s)', (input, reason) => {
    const r = readMarks(input)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toContain(reason)
    expect(parseMarks(input)).toBeNull()
  })

  test('every message names its field', () => {
    expect(readMarks('-1', { what: 'Negative marks' })).toEqual({
      ok: false,
      message: 'Negative marks can’t be negative. Enter negative marking as the amount taken off, like 0.25 or 1/3.',
    })
    expect(readMarks(-0.5, { what: 'Negative marks' })).toMatchObject({ message: /^Negative marks can’t be negative/ })
    expect(readMarks('1/7', { what: 'Negative marks' })).toMatchObject({
      message: /^Negative marks: 1\/7 can’t be kept/,
    })
    expect(readMarks('', { what: 'Negative marks' })).toMatchObject({ message: /^Enter the negative marks,/ })
    expect(readMarks(0, { positive: true })).toEqual({ ok: false, message: 'Marks must be more than 0.' })
  })

  test('a question’s own marks must be more than 0', () => {
    expect(readMarks('0', { positive: true })).toEqual({ ok: false, message: 'Marks must be more than 0.' })
    expect(readMarks('0.25', { positive: true })).toEqual({ ok: true, value: m(1, 4) })
  })

  test('every accepted value is a whole number of storage units (property)', () => {
    const decimal = fc
      .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 9999 }))
      .map(([whole, frac]) => `${whole}.${String(frac).padStart(4, '0')}`)
    const fraction = fc
      .tuple(fc.integer({ min: 0, max: 2000 }), fc.constantFrom(1, 2, 3, 4, 6, 8, 12, 24))
      .map(([a, b]) => `${a}/${b}`)
    fc.assert(
      fc.property(fc.oneof(decimal, fraction), (text) => {
        const value = parseMarks(text)
        if (value === null) return text.includes('/') // only fractions above 1000 are refused
        return Number.isInteger(marksToStorage(value)) && marksFromStorage(marksToStorage(value)).num === value.num
      }),
    )
  })
})

describe('storedScore', () => {
  test('score_units when stored, else the old quarter-mark score, else 0', () => {
    expect(storedScore({ score: 0.6666666666666666, score_units: 20000 })).toEqual(makeMarks(2, 3))
    expect(storedScore({ score: 0.67, score_units: '20000' })).toEqual(makeMarks(2, 3))
    expect(storedScore({ score: -0.25, score_units: null })).toEqual(makeMarks(-1, 4))
    expect(storedScore({ score: 1.7500000000000002, score_units: null })).toEqual(makeMarks(7, 4))
    expect(storedScore({ score: null, score_units: null })).toEqual(makeMarks(0))
  })
})
