import { describe, expect, test } from 'vitest'
import {
  binWidthUnits,
  FLAG_MIN_ANSWERED,
  flagText,
  formatDuration,
  HISTOGRAM_MAX_BINS,
  LOW_CORRECT_SHARE,
  msqVerdict,
  possibleRange,
  questionFlags,
  scoreBins,
  shareText,
} from './stats'

const U = 30000
const opts = (counts: number[], keyed: number[]) =>
  counts.map((count, index) => ({ index, count, keyed: keyed.includes(index) }))

describe('thresholds', () => {
  test('are the documented constants', () => {
    expect(FLAG_MIN_ANSWERED).toBe(10)
    expect(LOW_CORRECT_SHARE).toBe(0.1)
    expect(HISTOGRAM_MAX_BINS).toBe(10)
  })
})

describe('scoreBins', () => {
  test('a 10-mark paper with no negatives: ten 1-mark bins, the last closed', () => {
    const bins = scoreBins(0, 10 * U, [
      { units: 0, n: 2 },
      { units: 9 * U, n: 1 },
      { units: 10 * U, n: 4 }, // full marks land in the last bin, not an 11th
      { units: 4.5 * U, n: 3 },
    ])
    expect(bins).toHaveLength(10)
    expect(bins.map((b) => b.count)).toEqual([2, 0, 0, 0, 3, 0, 0, 0, 0, 5])
    expect(bins[0].label).toBe('0.00 to under 1.00')
    expect(bins[9].label).toBe('9.00 to 10.00')
    expect(bins[9].last).toBe(true)
  })

  test('negatives: a CUET-like 25-question paper (+4/-1) from -25 to 100 uses 20-mark bins', () => {
    // Range 125 marks: 10-mark bins need 13 (too many), 20-mark bins 7 aligned from -40: [-40,-20) .. [80,100].
    const bins = scoreBins(-25 * U, 100 * U, [
      { units: -25 * U, n: 1 },
      { units: -1 * U, n: 2 },
      { units: 0, n: 5 },
      { units: 100 * U, n: 1 },
    ])
    expect(bins.map((b) => b.label)).toEqual([
      '-40.00 to under -20.00',
      '-20.00 to under 0.00',
      '0.00 to under 20.00',
      '20.00 to under 40.00',
      '40.00 to under 60.00',
      '60.00 to under 80.00',
      '80.00 to 100.00',
    ])
    expect(bins.map((b) => b.count)).toEqual([1, 2, 5, 0, 0, 0, 1])
  })

  test('thirds fall in the right bin (exact units, no float edges)', () => {
    // At most 4 bins: half-mark ones. -1/3 is in [-0.5, 0), 2/3 in [0.5, 1), exactly 1 in [1, 1.5].
    const bins = scoreBins(
      -U / 2,
      1.5 * U,
      [
        { units: -U / 3, n: 1 },
        { units: (2 * U) / 3, n: 1 },
        { units: U, n: 1 },
      ],
      4,
    )
    expect(bins.map((b) => [b.label, b.count])).toEqual([
      ['-0.50 to under 0.00', 1],
      ['0.00 to under 0.50', 0],
      ['0.50 to under 1.00', 1],
      ['1.00 to 1.50', 1],
    ])
  })

  test('an observed score outside the current paper (an older version) widens the range', () => {
    const bins = scoreBins(0, 2 * U, [{ units: 5 * U, n: 1 }])
    expect(bins[0].fromUnits).toBe(0)
    expect(bins.at(-1)!.toUnits).toBe(5 * U)
    expect(bins.reduce((t, b) => t + b.count, 0)).toBe(1)
  })

  test('an empty paper still draws one bin', () => {
    // Nothing to spread over: the range becomes [0, 1 mark], in quarter-mark bins.
    expect(scoreBins(0, 0, []).map((b) => b.label)).toEqual([
      '0.00 to under 0.25',
      '0.25 to under 0.50',
      '0.50 to under 0.75',
      '0.75 to 1.00',
    ])
  })

  test('never more than the maximum number of bins, for any range', () => {
    for (const hi of [1, 7, 13, 99, 250, 1001, 4999, 50_000]) {
      for (const lo of [0, -hi / 4]) {
        const w = binWidthUnits(Math.round(lo * U), hi * U)
        const bins = scoreBins(Math.round(lo * U), hi * U, [])
        expect(bins.length).toBeLessThanOrEqual(HISTOGRAM_MAX_BINS)
        expect(bins[0].fromUnits).toBeLessThanOrEqual(Math.round(lo * U))
        expect(bins.at(-1)!.toUnits).toBeGreaterThanOrEqual(hi * U)
        expect(bins[1]?.fromUnits ?? bins[0].fromUnits + w).toBe(bins[0].fromUnits + w)
      }
    }
  })
})

describe('msqVerdict', () => {
  test('exact key right, a strict subset partial, any unkeyed option wrong', () => {
    expect(msqVerdict([2, 0], [0, 2])).toBe('correct')
    expect(msqVerdict([0], [0, 2])).toBe('partial')
    expect(msqVerdict([0, 1], [0, 2])).toBe('wrong')
    expect(msqVerdict([0, 2, 3], [0, 2])).toBe('wrong')
    expect(msqVerdict([1], [0, 2])).toBe('wrong')
  })
})

describe('questionFlags', () => {
  test('MCQ: a wrong option picked more than the key', () => {
    expect(questionFlags({ answered: 12, correct: 3, options: opts([1, 3, 7, 1], [1]) })).toEqual([
      { kind: 'distractor', option: 2, optionCount: 7, keyedOption: 1, keyedCount: 3 },
    ])
  })

  test('a wrong option tied with the key is not flagged', () => {
    expect(questionFlags({ answered: 10, correct: 4, options: opts([4, 4, 2, 0], [0]) })).toEqual([])
  })

  test('MSQ: an unkeyed option above the least-picked keyed one', () => {
    expect(questionFlags({ answered: 10, correct: 3, options: opts([9, 5, 4, 0], [0, 2]) })).toEqual([
      { kind: 'distractor', option: 1, optionCount: 5, keyedOption: 2, keyedCount: 4 },
    ])
    expect(questionFlags({ answered: 10, correct: 6, options: opts([9, 2, 8, 1], [0, 2]) })).toEqual([])
  })

  test('almost nobody right: under 10 % of those who answered', () => {
    expect(questionFlags({ answered: 11, correct: 1, options: [] })).toEqual([
      { kind: 'hard', correct: 1, answered: 11 },
    ])
    // Exactly 10 % is not under it.
    expect(questionFlags({ answered: 10, correct: 1, options: [] })).toEqual([])
    expect(questionFlags({ answered: 20, correct: 1, options: [] })).toEqual([
      { kind: 'hard', correct: 1, answered: 20 },
    ])
  })

  test('no flag below the minimum number of answers', () => {
    expect(questionFlags({ answered: FLAG_MIN_ANSWERED - 1, correct: 0, options: opts([9, 0, 0, 0], [3]) })).toEqual([])
  })

  test('both flags at once, in words', () => {
    const flags = questionFlags({ answered: 20, correct: 1, options: opts([15, 1, 2, 2], [1]) })
    expect(flags.map((f) => f.kind)).toEqual(['distractor', 'hard'])
    expect(flags.map(flagText)).toEqual([
      'More learners picked option A (not keyed, 15) than keyed option B (1): check the key.',
      'Almost nobody right: 1 of 20 who answered (under 10%).',
    ])
  })
})

describe('small formatters', () => {
  test('shares, durations, the possible range', () => {
    expect(shareText(9, 12)).toBe('75.0%')
    expect(shareText(1, 12)).toBe('8.3%')
    expect(shareText(0, 0)).toBe('—')
    expect(formatDuration(24_000)).toBe('24 s')
    expect(formatDuration(55_417)).toBe('55 s')
    expect(formatDuration(65_000)).toBe('1 min 05 s')
    expect(formatDuration(3_725_000)).toBe('1 h 02 min')
    expect(
      possibleRange([
        { marks: U, negativeMarks: U / 3 },
        { marks: 2 * U, negativeMarks: 0 },
      ]),
    ).toEqual({ lo: -U / 3, hi: 3 * U })
  })
})
