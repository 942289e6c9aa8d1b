import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { creditBreakdown, gstBreakdown, gstinCheckChar, gstinProblem, parseGstRate } from './gst'

const RATE = 1800

describe('gstBreakdown: tax worked back from a GST-inclusive price', () => {
  test('intra-state: CGST and SGST, half each', () => {
    // ₹1,180 at 18% is ₹1,000 + ₹180 exactly.
    expect(gstBreakdown({ totalPaise: 118_000, rateBp: RATE, intraState: true })).toEqual({
      totalPaise: 118_000,
      taxablePaise: 100_000,
      taxPaise: 18_000,
      cgstPaise: 9_000,
      sgstPaise: 9_000,
      igstPaise: 0,
    })
  })

  test('inter-state: all IGST', () => {
    expect(gstBreakdown({ totalPaise: 118_000, rateBp: RATE, intraState: false })).toEqual({
      totalPaise: 118_000,
      taxablePaise: 100_000,
      taxPaise: 18_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
    })
  })

  test('an amount that does not divide evenly: ₹2,999 (299900 x 100 / 118 = 254152.54...)', () => {
    const intra = gstBreakdown({ totalPaise: 299_900, rateBp: RATE, intraState: true })
    expect(intra).toMatchObject({ taxablePaise: 254_153, taxPaise: 45_747, cgstPaise: 22_874, sgstPaise: 22_873 })
    expect(intra.taxablePaise + intra.cgstPaise + intra.sgstPaise).toBe(299_900)
    const inter = gstBreakdown({ totalPaise: 299_900, rateBp: RATE, intraState: false })
    expect(inter).toMatchObject({ taxablePaise: 254_153, igstPaise: 45_747 })
  })

  test('₹1: 85 paise taxable, 15 paise tax split 8 + 7', () => {
    expect(gstBreakdown({ totalPaise: 100, rateBp: RATE, intraState: true })).toMatchObject({
      taxablePaise: 85,
      cgstPaise: 8,
      sgstPaise: 7,
    })
    expect(gstBreakdown({ totalPaise: 100, rateBp: RATE, intraState: false })).toMatchObject({
      taxablePaise: 85,
      igstPaise: 15,
    })
  })

  test('0 and a 0% rate', () => {
    expect(gstBreakdown({ totalPaise: 0, rateBp: RATE, intraState: true })).toEqual({
      totalPaise: 0,
      taxablePaise: 0,
      taxPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    })
    expect(gstBreakdown({ totalPaise: 99_900, rateBp: 0, intraState: true })).toMatchObject({
      taxablePaise: 99_900,
      taxPaise: 0,
    })
  })

  test('a half paisa rounds up: ₹0.59 at 18% is exactly 50 paise taxable, 9 tax; 1 paisa is all taxable', () => {
    // 59 x 100 / 118 = 50 exactly; 1 x 100 / 118 = 0.847 -> 1.
    expect(gstBreakdown({ totalPaise: 59, rateBp: RATE, intraState: true })).toMatchObject({
      taxablePaise: 50,
      cgstPaise: 5,
      sgstPaise: 4,
    })
    expect(gstBreakdown({ totalPaise: 1, rateBp: RATE, intraState: true })).toMatchObject({
      taxablePaise: 1,
      taxPaise: 0,
    })
  })

  test('refuses fractions of a paisa and negatives', () => {
    expect(() => gstBreakdown({ totalPaise: 10.5, rateBp: RATE, intraState: true })).toThrow(RangeError)
    expect(() => gstBreakdown({ totalPaise: -1, rateBp: RATE, intraState: true })).toThrow(RangeError)
  })

  test('for any amount and rate the parts are whole paise and add up to the total exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (totalPaise, rateBp, intraState) => {
          const b = gstBreakdown({ totalPaise, rateBp, intraState })
          expect(b.taxablePaise + b.cgstPaise + b.sgstPaise + b.igstPaise).toBe(totalPaise)
          expect(b.taxPaise).toBe(b.cgstPaise + b.sgstPaise + b.igstPaise)
          expect(Math.abs(b.cgstPaise - b.sgstPaise)).toBeLessThanOrEqual(1)
          // The taxable value is the nearest paisa to total / (1 + rate).
          expect(Math.abs(b.taxablePaise - (totalPaise * 10_000) / (10_000 + rateBp))).toBeLessThanOrEqual(0.5)
          for (const part of Object.values(b)) expect(Number.isSafeInteger(part) && part >= 0).toBe(true)
        },
      ),
    )
  })
})

describe('creditBreakdown: what a refund takes back', () => {
  test('a full refund takes back exactly the invoice', () => {
    const invoice = gstBreakdown({ totalPaise: 299_900, rateBp: RATE, intraState: true })
    expect(creditBreakdown({ beforePaise: 0, refundPaise: 299_900, rateBp: RATE, intraState: true })).toEqual(invoice)
  })

  test('refunds in parts add up to the invoice, part by part', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (parts, intraState) => {
          const total = parts.reduce((a, b) => a + b, 0)
          const invoice = gstBreakdown({ totalPaise: total, rateBp: RATE, intraState })
          let before = 0
          const sum = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }
          for (const refundPaise of parts) {
            const c = creditBreakdown({ beforePaise: before, refundPaise, rateBp: RATE, intraState })
            expect(c.taxablePaise + c.cgstPaise + c.sgstPaise + c.igstPaise).toBe(refundPaise)
            for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += c[k]
            before += refundPaise
          }
          expect(sum).toEqual({
            taxablePaise: invoice.taxablePaise,
            cgstPaise: invoice.cgstPaise,
            sgstPaise: invoice.sgstPaise,
            igstPaise: invoice.igstPaise,
          })
        },
      ),
    )
  })
})

describe('GST_RATE and GSTIN', () => {
  test('rates: percent with up to two decimals, 0 to 100', () => {
    expect(parseGstRate('18')).toBe(1800)
    expect(parseGstRate('0.25')).toBe(25)
    expect(parseGstRate('12.5')).toBe(1250)
    expect(parseGstRate('0')).toBe(0)
    for (const bad of ['-5', '101', '18%', '1.234', 'eighteen', '']) expect(parseGstRate(bad)).toBeUndefined()
  })

  test('a GSTIN: its shape and its check character', () => {
    // Published GSTINs of large companies.
    for (const real of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '24AAACC1206D1ZM'])
      expect(gstinProblem(real)).toBeNull()
    expect(gstinCheckChar('19AAACB1234C1Z')).toBe('C')
    expect(gstinProblem('19AAACB1234C1ZD')).toMatch(/check character/)
    for (const bad of ['19AAACB1234C1Z', '19aaacb1234c1zc', '19AAACB1234C1XC', 'AAACB1234C1ZC19'])
      expect(gstinProblem(bad)).toMatch(/15 characters/)
  })
})
