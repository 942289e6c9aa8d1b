import { describe, expect, test } from 'vitest'
import { formatPaise, moneyStatus, readRupees, refundDueLabel, refundedSoFar, rupeesInput } from './refunds'

describe("an order's money", () => {
  const paid = { status: 'paid' as const, refundDue: false, amountPaise: 299_900, refundedPaise: 0 }
  test('paid, partly refunded, refunded; a payment held for a refund until it is refunded', () => {
    expect(moneyStatus(paid)).toBe('paid')
    expect(moneyStatus({ ...paid, refundedPaise: 1 })).toBe('partly-refunded')
    expect(moneyStatus({ ...paid, refundedPaise: 299_900 })).toBe('refunded')
    expect(moneyStatus({ ...paid, refundDue: true })).toBe('refund-due')
    expect(moneyStatus({ ...paid, refundDue: true, refundedPaise: 299_900 })).toBe('refunded')
  })
  test('unpaid orders are what they are; a free order is never "refunded"', () => {
    expect(moneyStatus({ ...paid, status: 'created' })).toBe('created')
    expect(moneyStatus({ ...paid, status: 'failed' })).toBe('failed')
    expect(moneyStatus({ ...paid, amountPaise: 0 })).toBe('paid')
  })
})

describe('rupees as typed', () => {
  test('whole rupees, two decimals, thousands separators', () => {
    expect(readRupees('1499')).toBe(149_900)
    expect(readRupees('1,499.50')).toBe(149_950)
    expect(readRupees(' 0.01 ')).toBe(1)
    expect(readRupees('')).toBeUndefined()
  })
  test('not an amount: NaN', () => {
    for (const bad of ['1.005', '1e3', 'Rs. 10', '0x10', '--1']) expect(readRupees(bad)).toBeNaN()
  })
  test('back to a field and to a document', () => {
    expect(rupeesInput(150_000)).toBe('1500')
    expect(rupeesInput(149_950)).toBe('1499.50')
    expect(formatPaise(299_900)).toBe('₹2,999.00')
    expect(formatPaise(1_234_567_89, 'Rs. ')).toBe('Rs. 12,34,567.89')
  })
})

describe('refunded so far', () => {
  test('pending and processed refunds count; a failed one gave nothing back', () => {
    expect(refundedSoFar([])).toBe(0)
    expect(
      refundedSoFar([
        { amountPaise: 100, status: 'pending' },
        { amountPaise: 200, status: 'processed' },
        { amountPaise: 400, status: 'failed' },
      ]),
    ).toBe(300)
  })
  test('why a payment is held, as staff read it; an unknown reason as stored', () => {
    expect(refundDueLabel('coupon_used')).toBe('The learner had already used this coupon')
    expect(refundDueLabel('coupon over its limit')).toBe('coupon over its limit')
  })
})
