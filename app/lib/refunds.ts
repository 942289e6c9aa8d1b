import { parsePlainDecimal } from './pricing'

// What an order's money came to, for every page that shows it (the learner's purchases and receipts, the admin's
// payments): refunds count while they are pending or processed (a failed refund gave nothing back), so "refunded"
// means the whole payment is on its way back or back, and what is left to refund is the payment less those.

/** A refund's state (refunds.status): a failed refund gave nothing back. */
export type RefundStatus = 'pending' | 'processed' | 'failed'

export type MoneyStatus = 'created' | 'failed' | 'paid' | 'refund-due' | 'partly-refunded' | 'refunded'

export const MONEY_STATUS_LABELS: Record<MoneyStatus, string> = {
  created: 'Not completed',
  failed: 'Failed',
  paid: 'Paid',
  'refund-due': 'Paid · refund due',
  'partly-refunded': 'Partly refunded',
  refunded: 'Refunded',
}

export function moneyStatus(order: {
  status: 'created' | 'paid' | 'failed'
  /** Paid but held for a refund (a coupon over its limit). */
  refundDue: boolean
  amountPaise: number
  refundedPaise: number
}): MoneyStatus {
  if (order.status !== 'paid') return order.status
  if (order.amountPaise > 0 && order.refundedPaise >= order.amountPaise) return 'refunded'
  if (order.refundedPaise > 0) return 'partly-refunded'
  return order.refundDue ? 'refund-due' : 'paid'
}

/** Whole paise from rupees as typed ('1499', '1,499.50'); undefined when blank, NaN when not an amount. */
export function readRupees(text: string): number | undefined {
  const value = parsePlainDecimal(text.replace(/,/g, ''))
  if (value === undefined || Number.isNaN(value)) return value
  if (!/^\s*-?\d+(\.\d{1,2})?\s*$/.test(text.replace(/,/g, ''))) return Number.NaN
  return Math.round(value * 100)
}

/** Paise as rupees for a form field: 149950 -> '1499.50', 150000 -> '1500'. */
export const rupeesInput = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2))

/** Paise as an amount on a document: 'Rs. 1,499.50' (built-in PDF fonts have no rupee sign). */
export const formatPaise = (paise: number, symbol = '₹') =>
  `${symbol}${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
