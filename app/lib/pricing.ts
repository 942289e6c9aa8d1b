// Price rules: card badges, coupon prices, rupees to paise. Prices are integer rupees; payment amounts integer paise.

/** Course-card badge: truncated integer percent; 0 (hidden) when there is no discount. */
export function cardPercentOff(actualPrice: number, discountedPrice: number): number {
  if (!(actualPrice > 0) || discountedPrice >= actualPrice) return 0
  return Math.trunc(((actualPrice - discountedPrice) / actualPrice) * 100)
}

/** Quiz-bundle badge: the rounded percent ("the quiz bundle badge uses the rounded value"). */
export function bundlePercentOff(actualPrice: number, discountedPrice: number): number {
  if (!(actualPrice > 0) || discountedPrice >= actualPrice) return 0
  return Math.round(((actualPrice - discountedPrice) / actualPrice) * 100)
}

/** Coupon price: discounted - floor(discounted x pct / 100). */
export function couponPrice(discountedPrice: number, percent: number): number {
  const pct = Math.min(100, Math.max(0, percent))
  return discountedPrice - Math.floor((discountedPrice * pct) / 100)
}

/** Rupees to paise for the payment provider (amount x 100), always an integer. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100)
}

/** The struck-through actual price is shown only when it differs from the price charged. */
export const showStruckPrice = (actualPrice: number, discountedPrice: number) => actualPrice !== discountedPrice

export const formatRupees = (n: number) => `₹${n.toLocaleString('en-IN')}`

/**
 * A number as a person types it into a price (or a percentage, a count): plain decimal digits, an optional sign
 * and fraction, surrounding spaces ignored. Anything else is NaN: "0x10", "1e2", "Infinity" and "1_000" are not
 * prices, whatever JavaScript's Number() makes of them. Blank is undefined (the field was left empty).
 */
export function parsePlainDecimal(text: string): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN
}
