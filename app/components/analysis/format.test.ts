import { describe, expect, test } from 'vitest'
import { compactMarks, formatAccuracy, formatDuration, signedMarks } from './format'

describe('result page formatting', () => {
  test('durations', () => {
    expect(formatDuration(0)).toBe('0 s')
    expect(formatDuration(42_400)).toBe('42 s')
    expect(formatDuration(260_000)).toBe('4 min 20 s')
    expect(formatDuration(3_720_000)).toBe('1 h 02 min')
  })
  test('accuracy, signed and compact marks', () => {
    expect(formatAccuracy(null)).toBe('—')
    expect(formatAccuracy(0.5)).toBe('50.00%')
    expect(formatAccuracy(2 / 3)).toBe('66.67%')
    expect(signedMarks('2.00')).toBe('+2.00')
    expect(signedMarks('-0.33')).toBe('-0.33')
    expect(signedMarks('0.00')).toBe('0.00')
    expect(compactMarks('3.00')).toBe('3')
    expect(compactMarks('1.75')).toBe('1.75')
    expect(compactMarks('-1.00')).toBe('-1')
  })
})
