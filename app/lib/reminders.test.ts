import { describe, expect, test } from 'vitest'
import { reminderDue, reminderWindow } from './reminders'

// A period ending 10:00 UTC (15:30 IST) on 31 Jan; its India day begins 30 Jan 18:30 UTC.
const end = '2026-01-31T10:00:00.000Z'
const at = (iso: string) => new Date(iso)

describe('reminder due rules', () => {
  test('nothing before 3 days out', () => {
    expect(reminderDue(end, at('2026-01-28T09:59:59.999Z'))).toBeNull()
  })
  test('the 3-day reminder from 3 days before the end until the end day begins in India', () => {
    expect(reminderDue(end, at('2026-01-28T10:00:00.000Z'))).toBe('3days')
    expect(reminderDue(end, at('2026-01-30T18:29:59.999Z'))).toBe('3days')
  })
  test('the end-day reminder on the India day of the end, and up to 24 hours after it (catching up)', () => {
    expect(reminderDue(end, at('2026-01-30T18:30:00.000Z'))).toBe('end')
    expect(reminderDue(end, at('2026-01-31T09:00:00.000Z'))).toBe('end')
    expect(reminderDue(end, at('2026-02-01T09:59:59.999Z'))).toBe('end')
    expect(reminderDue(end, at('2026-02-01T10:00:00.000Z'))).toBeNull()
  })
  test('an app stopped over the last days sends only the end-day reminder when it starts', () => {
    expect(reminderDue(end, at('2026-01-31T08:00:00.000Z'))).toBe('end')
  })
  test('the window a sweep looks at covers every due end', () => {
    const now = at('2026-01-30T00:00:00.000Z')
    const w = reminderWindow(now)
    expect(w).toEqual({ after: '2026-01-29T00:00:00.000Z', until: '2026-02-02T00:00:00.000Z' })
  })
})
