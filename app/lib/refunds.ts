import { parsePlainDecimal } from './pricing'

// What an order's money came to, for every page that shows it (the learner's purchases and receipts, the admin's
// payments): refunds count while they are pending or processed (a failed refund gave nothing back), so "refunded"
// means the whole payment is on its way back or back, and what is left to refund is the payment less those.
// "Refunded so far" is this rule: `refundedSoFar` over refunds in hand, and its SQL form `refundedPaiseOf`
// (app/models/money/refunded.server.ts) over the refunds table, both counting COUNTED_REFUND_STATUSES.

/** The refunds that count as money given back: pending (on its way) or processed. A failed one gave nothing. */
export const COUNTED_REFUND_STATUSES = ['pending', 'processed'] as const satisfies readonly RefundStatus[]

export const countsAsRefunded = (status: RefundStatus) =>
  (COUNTED_REFUND_STATUSES as readonly RefundStatus[]).includes(status)

/** What has been refunded of an order so far, from its refunds (paise). */
export const refundedSoFar = (refunds: readonly { amountPaise: number; status: RefundStatus }[]) =>
  refunds.reduce((sum, r) => sum + (countsAsRefunded(r.status) ? r.amountPaise : 0), 0)

/**
 * Why a payment was taken but not fulfilled (`orders.refund_reason`), as staff read it on "Payments to refund": the
 * order granted nothing and its money goes back in full.
 */
export const REFUND_DUE_REASONS = {
  coupon_limit: 'The coupon had reached its usage limit',
  coupon_used: 'The learner had already used this coupon',
  revoked: "The learner's access to the course had been revoked by an admin",
} as const

export type RefundDueReason = keyof typeof REFUND_DUE_REASONS

/** A stored reason as staff read it; one this version does not know is shown as it was stored. */
export const refundDueLabel = (reason: string): string =>
  Object.hasOwn(REFUND_DUE_REASONS, reason) ? REFUND_DUE_REASONS[reason as RefundDueReason] : reason

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
