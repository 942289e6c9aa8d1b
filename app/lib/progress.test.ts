import { describe, expect, test } from 'vitest'
import { courseProgress, percentDone, progressText } from './progress'

describe('lecture progress', () => {
  test('whole percent rounded down: 100 only when every lecture is done', () => {
    expect(percentDone(0, 12)).toBe(0)
    expect(percentDone(1, 3)).toBe(33)
    expect(percentDone(2, 3)).toBe(66)
    expect(percentDone(199, 200)).toBe(99)
    expect(percentDone(3, 3)).toBe(100)
    expect(percentDone(1, 8)).toBe(12)
  })

  test('a course without lectures is 0%, and counts outside 0..total are held to it', () => {
    expect(percentDone(0, 0)).toBe(0)
    expect(percentDone(5, 0)).toBe(0)
    expect(percentDone(7, 5)).toBe(100)
    expect(percentDone(-1, 5)).toBe(0)
    expect(percentDone(Number.NaN, 5)).toBe(0)
    expect(courseProgress(7, 5)).toEqual({ done: 5, total: 5, percent: 100 })
    expect(courseProgress(2, 8)).toEqual({ done: 2, total: 8, percent: 25 })
  })

  test('the count as the player and the profile say it', () => {
    expect(progressText({ done: 3, total: 12 })).toBe('3 of 12 lectures done')
    expect(progressText({ done: 0, total: 1 })).toBe('0 of 1 lecture done')
  })
})
