import { describe, expect, test } from 'vitest'
import { purchaseStanding } from './purchase'

const now = new Date('2027-01-10T00:00:00.000Z')
const later = '2027-02-01T00:00:00.000Z'
const earlier = '2027-01-01T00:00:00.000Z'
const open = (access_until: string | null) => ({ is_active: 1, access_until })

describe('may a learner buy or renew a course', () => {
  test('not enrolled: buy; revoked: neither, whatever the end', () => {
    expect(purchaseStanding({ enrolment: undefined, accessDays: 30, now })).toEqual({ kind: 'buy' })
    expect(purchaseStanding({ enrolment: { is_active: 0, access_until: earlier }, accessDays: 30, now })).toEqual({
      kind: 'revoked',
    })
  })
  test('a period open or ended: renew (after the end, or from today)', () => {
    expect(purchaseStanding({ enrolment: open(later), accessDays: 30, now })).toEqual({
      kind: 'renew',
      until: later,
      ended: false,
    })
    expect(purchaseStanding({ enrolment: open(earlier), accessDays: 30, now })).toEqual({
      kind: 'renew',
      until: earlier,
      ended: true,
    })
    // A course now sold for good, with access that ended: bought again (for good).
    expect(purchaseStanding({ enrolment: open(earlier), accessDays: null, now })).toMatchObject({ ended: true })
  })
  test('open for good, or an open end on a course for good: bought once', () => {
    expect(purchaseStanding({ enrolment: open(null), accessDays: 30, now })).toEqual({ kind: 'enrolled', until: null })
    expect(purchaseStanding({ enrolment: open(later), accessDays: null, now })).toEqual({
      kind: 'enrolled',
      until: later,
    })
  })
})
