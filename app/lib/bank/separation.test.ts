import { describe, expect, test } from 'vitest'
import { separation, separationLabel } from './bank'

// The separation figure (./bank.ts) with grouped points: a point standing for n learners counts as n points, so the
// staff statistics can group learners by score in SQL (app/models/bank/stats.server.ts).

describe('separation with weighted points', () => {
  const one = [
    { correct: true, share: 1 },
    { correct: true, share: 1 },
    { correct: true, share: 0.5 },
    { correct: false, share: 0.5 },
    { correct: false, share: 0 },
    { correct: false, share: 0 },
    { correct: false, share: 0 },
  ]
  const grouped = [
    { correct: true, share: 1, n: 2 },
    { correct: true, share: 0.5, n: 1 },
    { correct: false, share: 0.5 },
    { correct: false, share: 0, n: 3 },
  ]

  test('equals the figure of the points one by one', () => {
    expect(separation(grouped)).toBeCloseTo(separation(one)!, 12)
    expect(separationLabel(separation(grouped))).toBe('Separates well')
  })

  test('counts learners, not points, towards the minimum of 5', () => {
    expect(
      separation([
        { correct: true, share: 1, n: 3 },
        { correct: false, share: 0, n: 2 },
      ]),
    ).toBe(1)
    expect(
      separation([
        { correct: true, share: 1, n: 2 },
        { correct: false, share: 0, n: 2 },
      ]),
    ).toBeNull()
  })

  test('a group of none adds nothing', () => {
    expect(separation([...grouped, { correct: true, share: 0, n: 0 }])).toBeCloseTo(separation(one)!, 12)
  })
})
