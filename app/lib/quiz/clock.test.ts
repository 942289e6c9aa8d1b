import { describe, expect, test } from 'vitest'
import {
  answersCloseAt,
  deadlineFor,
  formatClock,
  formatTimeLeft,
  isPastGrace,
  pastGraceDeadlineBound,
  savedInTime,
  secondsLeft,
} from './clock'

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
