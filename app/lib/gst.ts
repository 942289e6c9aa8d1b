// GST on a sale priced inclusive of tax, in whole paise. The price a learner pays already holds the tax, so the
// invoice works it back: taxable value = round(total x 100 / (100 + rate)), tax = total - taxable, and the tax is
// split into CGST + SGST (half each: the first half rounded, the second the remainder) when the place of supply is
// the seller's state, or is all IGST otherwise. Every part is an integer and the parts add up to the total exactly.
// A credit note takes back part of an invoice the same way, as the difference between the breakdowns of what had
// been refunded before and after it, so the credit notes of a fully refunded invoice add up to that invoice.
// Rates are in basis points (18% = 1800) so a rate like 0.25% stays an integer too.

export type TaxBreakdown = {
  totalPaise: number
  taxablePaise: number
  /** cgst + sgst + igst. */
  taxPaise: number
  cgstPaise: number
  /** SGST, or UTGST in a union territory without a legislature (the same amount). */
  sgstPaise: number
  igstPaise: number
}

const HUNDRED_PERCENT_BP = 10_000n

/** round(a / b) for non-negative integers, halves up, in exact integer arithmetic. */
const divideRounded = (a: bigint, b: bigint) => (2n * a + b) / (2n * b)

function check(paise: number, what: string) {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`${what} must be whole paise, 0 or more`)
}

/** The GST inside a tax-inclusive `totalPaise` at `rateBp` basis points. */
export function gstBreakdown(input: { totalPaise: number; rateBp: number; intraState: boolean }): TaxBreakdown {
  const { totalPaise, rateBp, intraState } = input
  check(totalPaise, 'total')
  check(rateBp, 'rate')
  const taxablePaise = Number(
    divideRounded(BigInt(totalPaise) * HUNDRED_PERCENT_BP, HUNDRED_PERCENT_BP + BigInt(rateBp)),
  )
  const taxPaise = totalPaise - taxablePaise
  if (!intraState) return { totalPaise, taxablePaise, taxPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise }
  const cgstPaise = Number(divideRounded(BigInt(taxPaise), 2n))
  return { totalPaise, taxablePaise, taxPaise, cgstPaise, sgstPaise: taxPaise - cgstPaise, igstPaise: 0 }
}

/**
 * The part of an invoice one refund takes back: the breakdown of everything refunded after it minus the breakdown
 * of what was refunded before it (`beforePaise`), at the invoice's own rate and place of supply.
 */
export function creditBreakdown(input: {
  beforePaise: number
  refundPaise: number
  rateBp: number
  intraState: boolean
}): TaxBreakdown {
  const { beforePaise, refundPaise, rateBp, intraState } = input
  check(beforePaise, 'refunded before')
  check(refundPaise, 'refund')
  const before = gstBreakdown({ totalPaise: beforePaise, rateBp, intraState })
  const after = gstBreakdown({ totalPaise: beforePaise + refundPaise, rateBp, intraState })
  return {
    totalPaise: refundPaise,
    taxablePaise: after.taxablePaise - before.taxablePaise,
    taxPaise: after.taxPaise - before.taxPaise,
    cgstPaise: after.cgstPaise - before.cgstPaise,
    sgstPaise: after.sgstPaise - before.sgstPaise,
    igstPaise: after.igstPaise - before.igstPaise,
  }
}

/** GST_RATE as written ('18', '0.25', '12.5'): percent with at most two decimals, 0 to 100, as basis points. */
export function parseGstRate(text: string): number | undefined {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return undefined
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
  return bp <= 10_000 ? bp : undefined
}

/** 1800 -> '18', 25 -> '0.25', 1250 -> '12.5'. */
export const formatRate = (bp: number) => String(bp / 100)

/** Half of a rate for the CGST / SGST lines: 1800 -> '9'. */
export const formatHalfRate = (bp: number) => String(bp / 200)

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'
/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const GSTIN_SHAPE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** The check character of a GSTIN's first 14 characters (the GSTN's mod-36 scheme). */
export function gstinCheckChar(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]
}

/** Why a GSTIN is not valid, or null when it is: its shape, then its check character. */
export function gstinProblem(gstin: string): string | null {
  if (!GSTIN_SHAPE.test(gstin))
    return 'must be 15 characters: a 2-digit state code, the 10-character PAN, an entity code, Z and a check character'
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'has a wrong check character (a typo?)'
  return null
}

/**
 * The lines of amounts a receipt, invoice or credit note shows, label and paise, the total last: a receipt only
 * its amount; a tax invoice its taxable value, CGST + SGST (UTGST in a union territory without a legislature) or
 * IGST, and the total.
 */
export function amountLines(doc: {
  kind: 'invoice' | 'receipt'
  rateBp: number | null
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
  totalPaise: number
  utgst: boolean
}): Array<[string, number]> {
  if (doc.kind === 'receipt' || doc.rateBp === null) return [['Amount paid', doc.totalPaise]]
  const half = formatHalfRate(doc.rateBp)
  const taxes: Array<[string, number]> =
    doc.igstPaise > 0 || (doc.cgstPaise === 0 && doc.sgstPaise === 0)
      ? [[`IGST @ ${formatRate(doc.rateBp)}%`, doc.igstPaise]]
      : [
          [`CGST @ ${half}%`, doc.cgstPaise],
          [`${doc.utgst ? 'UTGST' : 'SGST'} @ ${half}%`, doc.sgstPaise],
        ]
  return [['Taxable value', doc.taxablePaise], ...taxes, ['Total (tax included)', doc.totalPaise]]
}
