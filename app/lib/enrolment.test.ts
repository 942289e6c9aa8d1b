import { describe, expect, test } from 'vitest'
import { enrolmentSourceLabel } from './enrolment'

describe('enrolmentSourceLabel', () => {
  test('a purchase, with or without a note', () => {
    expect(enrolmentSourceLabel('purchase', null)).toBe('Purchase')
    expect(enrolmentSourceLabel('purchase', 'ignored')).toBe('Purchase')
  })
  test('a hand enrolment shows its note', () => {
    expect(enrolmentSourceLabel('manual', 'paid in cash, receipt 114')).toBe('By hand: paid in cash, receipt 114')
    expect(enrolmentSourceLabel('manual', null)).toBe('By hand')
  })
  test('any other stored value is shown as it is, capitalised', () => {
    expect(enrolmentSourceLabel('admin', null)).toBe('Admin')
    expect(enrolmentSourceLabel('', null)).toBe('---')
  })
})
