import { describe, expect, test } from 'vitest'
import { windowFromIso, windowFromLocal, windowInstant, windowToIso, windowToLocal } from './window-input'

describe('a live mock window as typed and sent', () => {
  test('the editor reads India time and shows it back, seconds only when there are some', () => {
    expect(windowFromLocal('2026-12-06T10:00')).toBe('2026-12-06T04:30:00.000Z')
    expect(windowToLocal('2026-12-06T04:30:00.000Z')).toBe('2026-12-06T10:00')
    expect(windowToLocal('2026-12-06T04:30:15.000Z')).toBe('2026-12-06T10:00:15')
    expect(windowFromLocal(windowToLocal('2026-12-06T04:30:15.000Z'))).toBe('2026-12-06T04:30:15.000Z')
    expect(windowFromLocal('2026-02-30T10:00')).toBeUndefined()
    expect(windowFromLocal('tomorrow')).toBeUndefined()
  })

  test('the API takes ISO with an offset, kept to the second, and answers in India time', () => {
    expect(windowFromIso('2026-12-06T10:00:00+05:30')).toBe('2026-12-06T04:30:00.000Z')
    expect(windowFromIso('2026-12-06T04:30:00Z')).toBe('2026-12-06T04:30:00.000Z')
    expect(windowFromIso('2026-12-06T10:00:07.999+05:30')).toBe('2026-12-06T04:30:07.000Z')
    expect(windowFromIso('2026-12-06T10:00')).toBeUndefined()
    expect(windowFromIso('2026-12-06T10:00:00')).toBeUndefined()
    expect(windowFromIso('2026-02-30T10:00:00+05:30')).toBeUndefined()
    expect(windowFromIso('2026-12-06T25:00:00+05:30')).toBeUndefined()
    expect(windowFromIso('next week')).toBeUndefined()
    expect(windowToIso('2026-12-06T04:30:07.000Z')).toBe('2026-12-06T10:00:07+05:30')
  })
})

describe('one reading of an instant for the window and the overrides', () => {
  test('the basic offset +0530 reads as +05:30, kept to the second; India time from the form; nothing else', () => {
    expect(windowFromIso('2026-12-06T10:00:07+0530')).toBe('2026-12-06T04:30:07.000Z')
    expect(windowFromIso('2026-12-06T10:00:07.900+05:30')).toBe('2026-12-06T04:30:07.000Z')
    expect(windowFromIso('2026-12-06T01:00:00-0200')).toBe('2026-12-06T03:00:00.000Z')
    expect(windowInstant('2026-12-06T10:00')).toBe('2026-12-06T04:30:00.000Z')
    expect(windowInstant('2026-12-06T10:00:07+0530')).toBe('2026-12-06T04:30:07.000Z')
    expect(windowInstant('tomorrow')).toBeUndefined()
    expect(windowInstant('2026-02-30T10:00:00+05:30')).toBeUndefined()
  })
})
