import { describe, expect, test } from 'vitest'
import {
  answersCloseAt,
  deadlineFor,
  formatClock,
  formatTimeLeft,
  isPastGrace,
  marksFor,
  percentage,
  pastGraceDeadlineBound,
  roundScore,
  savedInTime,
  scoreAnswers,
  secondsLeft,
  verdict,
} from './marking'

describe('marking (spec 1 §9)', () => {
  test('+1 right, -0.25 wrong, 0 unattempted', () => {
    expect(marksFor(2, 2)).toBe(1)
    expect(marksFor(1, 2)).toBe(-0.25)
    expect(marksFor(null, 2)).toBe(0)
    expect(marksFor(undefined, 0)).toBe(0)
    expect(marksFor(0, 0)).toBe(1)
    expect(verdict(0, 0)).toBe('correct')
    expect(verdict(3, 0)).toBe('incorrect')
    expect(verdict(null, 0)).toBe('unattempted')
  })

  test('a whole attempt sums, fractional scores stay exact', () => {
    const items = [
      { selected: 1, correct: 1 },
      { selected: 0, correct: 1 },
      { selected: null, correct: 3 },
      { selected: 3, correct: 3 },
      { selected: 2, correct: 3 },
      { selected: 2, correct: 3 },
    ]
    expect(scoreAnswers(items)).toBe(1.25)
    expect(scoreAnswers([])).toBe(0)
    // all wrong goes negative
    expect(
      scoreAnswers([
        { selected: 0, correct: 1 },
        { selected: 0, correct: 1 },
        { selected: 0, correct: 1 },
      ]),
    ).toBe(-0.75)
  })

  test('rounding to two decimals, no negative zero', () => {
    expect(roundScore(0.1 + 0.2)).toBe(0.3)
    expect(roundScore(2.745)).toBe(2.75)
    expect(Object.is(roundScore(-0), 0)).toBe(true)
    expect(roundScore(-0.25 * 3)).toBe(-0.75)
  })

  test('percentage is a toFixed(2) string and never NaN', () => {
    expect(percentage(2.75, 4)).toBe('68.75')
    expect(percentage(1, 3)).toBe('33.33')
    expect(percentage(0, 0)).toBe('0.00')
    expect(percentage(-0.5, 2)).toBe('-25.00')
  })
})

describe('deadline rules', () => {
  const start = new Date('2025-01-01T10:00:00.000Z')
  test('deadline = start + limit minutes; 0 is untimed', () => {
    expect(deadlineFor(start, 10)?.toISOString()).toBe('2025-01-01T10:10:00.000Z')
    expect(deadlineFor(start, 0)).toBeNull()
  })
  test('grace of 60 s after the deadline', () => {
    const deadline = '2025-01-01T10:10:00.000Z'
    expect(isPastGrace(deadline, new Date('2025-01-01T10:10:59.999Z'))).toBe(false)
    expect(isPastGrace(deadline, new Date('2025-01-01T10:11:00.000Z'))).toBe(false)
    expect(isPastGrace(deadline, new Date('2025-01-01T10:11:00.001Z'))).toBe(true)
    expect(isPastGrace(null, new Date('2099-01-01T00:00:00Z'))).toBe(false)
  })
  test('answers close at deadline + 60 s; untimed attempts never close', () => {
    expect(answersCloseAt('2025-01-01T10:10:00.000Z')?.toISOString()).toBe('2025-01-01T10:11:00.000Z')
    expect(answersCloseAt(new Date('2025-01-01T10:10:00.000Z'))?.toISOString()).toBe('2025-01-01T10:11:00.000Z')
    expect(answersCloseAt(null)).toBeNull()
  })
  test('an answer counts when saved by deadline + grace', () => {
    const deadline = '2025-01-01T10:10:00.000Z'
    expect(savedInTime('2025-01-01T10:11:00.000Z', deadline)).toBe(true)
    expect(savedInTime('2025-01-01T10:11:00.001Z', deadline)).toBe(false)
    expect(savedInTime('2099-01-01T00:00:00.000Z', null)).toBe(true)
  })
  test('the deadline bound for queries agrees with isPastGrace around the cutoff', () => {
    const now = new Date('2025-01-01T10:11:00.000Z')
    const bound = pastGraceDeadlineBound(now)
    for (const ms of [-2, -1, 0, 1, 2]) {
      const deadline = new Date(Date.parse('2025-01-01T10:10:00.000Z') + ms)
      expect(deadline.getTime() < bound.getTime()).toBe(isPastGrace(deadline, now))
    }
  })
  test('seconds left and clock text', () => {
    expect(secondsLeft(new Date('2025-01-01T10:10:00.000Z'), new Date('2025-01-01T10:09:59.001Z'))).toBe(1)
    expect(secondsLeft('2025-01-01T10:10:00.000Z', new Date('2025-01-01T10:09:00.500Z'))).toBe(60)
    expect(secondsLeft('2025-01-01T10:10:00.000Z', new Date('2025-01-01T10:20:00Z'))).toBe(0)
    expect(secondsLeft(null, start)).toBeNull()
    expect(formatClock(599)).toBe('9:59')
    expect(formatClock(5)).toBe('0:05')
    expect(formatClock(5400)).toBe('90:00')
    expect(formatTimeLeft(572)).toBe('9 min 32 s')
    expect(formatTimeLeft(600)).toBe('10 min')
    expect(formatTimeLeft(42)).toBe('42 s')
  })
})
