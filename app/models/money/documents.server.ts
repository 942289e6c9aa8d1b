import { sql, type Kysely } from 'kysely'
import { BRAND_NAME } from '~/lib/constants'
import { documentNumber, financialYearOf, type DocumentSeries } from '~/lib/financial-year'
import { creditBreakdown, gstBreakdown } from '~/lib/gst'
import { getEnv, type Env } from '~/utils/env.server'
import type { Database } from '#db/schema'

// The documents money leaves behind: the receipt or GST tax invoice issued when an order is fulfilled, and the
// credit note issued when a refund of a tax invoice is processed. Both are numbered in their own series per Indian
// financial year (app/lib/financial-year.ts) from a counter row taken inside the caller's transaction, and both keep
// the facts they were issued with (seller, rate, place of supply, amounts), so later changes to the environment or
// the catalogue never rewrite a document a learner already holds. Tax arithmetic: app/lib/gst.ts.

/** What BUNDLE orders are called on documents (the order's own description at checkout). */
export const BUNDLE_DESCRIPTION = 'Premium mock test series'

/** The seller on documents, from the environment when one is issued. */
export type Seller = {
  name: string
  address: string | null
  /** Null: no GST registration, so receipts without tax lines. */
  gstin: string | null
  /** GST state code. */
  state: string | null
  sac: string
  rateBp: number
}

export function sellerFromEnv(env: Env = getEnv()): Seller {
  return {
    name: env.BUSINESS_NAME ?? BRAND_NAME,
    address: env.BUSINESS_ADDRESS ?? null,
    gstin: env.GSTIN ?? null,
    state: env.BUSINESS_STATE ?? null,
    sac: env.INVOICE_SAC,
    rateBp: env.GST_RATE,
  }
}

const SERIES_KEY: Record<DocumentSeries, string> = { invoice: 'INV', 'credit-note': 'CN' }

/**
 * The next number of a series in a financial year, taken in the caller's transaction. One upsert: the first
 * document of a year inserts the counter row, every later one increments it; either way the row stays locked
 * until the transaction ends (PostgreSQL's row lock, SQLite's write lock), so concurrent issuers, in this process
 * or in another instance on the same PostgreSQL, queue here and each reads the number the one before it committed.
 * A transaction that rolls back takes its increment with it: no gaps, no duplicates.
 */
export async function nextDocumentNumber(
  trx: Kysely<Database>,
  series: DocumentSeries,
  financialYear: string,
): Promise<string> {
  const row = await trx
    .insertInto('document_counters')
    .values({ series: SERIES_KEY[series], financial_year: financialYear, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['series', 'financial_year'])
        .doUpdateSet({ last_number: sql<number>`${sql.ref('document_counters.last_number')} + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow()
  return documentNumber(series, financialYear, Number(row.last_number))
}

/**
 * Issues the receipt or tax invoice of an order, inside the fulfilment transaction that has just won the order's
 * created -> paid transition (app/models/money/payment.server.ts), which makes this once per order. A tax invoice when
 * the seller has a GSTIN and the order took money (a 100% coupon's order gets a receipt: there is nothing to tax).
 * The place of supply is the state chosen at checkout, else the learner's profile state, else the seller's own.
 * The number is taken last, so the counter row is held for as short a time as possible.
 */
export async function issueInvoice(
  trx: Kysely<Database>,
  input: { orderId: string; now: string; seller?: Seller },
): Promise<{ kind: 'invoice' | 'receipt'; number: string | null }> {
  const seller = input.seller ?? sellerFromEnv()
  const order = await trx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('courses', 'courses.id', 'orders.course_id')
    .select([
      'orders.amount_paise',
      'orders.item_type',
      'orders.state as order_state',
      'users.state as user_state',
      'users.name',
      'users.email',
      'courses.course_title',
    ])
    .where('orders.id', '=', input.orderId)
    .executeTakeFirstOrThrow()
  const totalPaise = Number(order.amount_paise)
  const placeOfSupply = order.order_state ?? order.user_state ?? seller.state
  const taxInvoice = seller.gstin !== null && totalPaise > 0
  const tax = taxInvoice
    ? gstBreakdown({ totalPaise, rateBp: seller.rateBp, intraState: placeOfSupply === seller.state })
    : null
  const financialYear = taxInvoice ? financialYearOf(input.now) : null
  const number = financialYear ? await nextDocumentNumber(trx, 'invoice', financialYear) : null
  await trx
    .insertInto('invoices')
    .values({
      order_id: input.orderId,
      kind: taxInvoice ? 'invoice' : 'receipt',
      number,
      financial_year: financialYear,
      issued_at: input.now,
      seller_name: seller.name,
      seller_address: seller.address,
      seller_gstin: taxInvoice ? seller.gstin : null,
      seller_state: seller.state,
      sac: taxInvoice ? seller.sac : null,
      gst_rate_bp: taxInvoice ? seller.rateBp : null,
      buyer_name: order.name,
      buyer_email: order.email,
      place_of_supply: placeOfSupply,
      description: order.item_type === 'quiz_bundle' ? BUNDLE_DESCRIPTION : (order.course_title ?? 'Course'),
      total_paise: totalPaise,
      taxable_paise: tax?.taxablePaise ?? totalPaise,
      cgst_paise: tax?.cgstPaise ?? 0,
      sgst_paise: tax?.sgstPaise ?? 0,
      igst_paise: tax?.igstPaise ?? 0,
    })
    .execute()
  return { kind: taxInvoice ? 'invoice' : 'receipt', number }
}

/**
 * Issues the credit note of a processed refund of a tax invoice, inside the transaction that has just moved the
 * refund to 'processed' (once per refund) with the order's row locked (so the refunds before it are settled).
 * It takes back the refund's share of the invoice at the invoice's own rate and place of supply: the difference
 * between the breakdowns of what was credited before and after it, so the credit notes of a fully refunded invoice
 * add up to the invoice exactly. A receipt (no GSTIN, or nothing taxed) gets no credit note.
 */
export async function issueCreditNote(
  trx: Kysely<Database>,
  input: { refundId: string; now: string },
): Promise<string | null> {
  const refund = await trx
    .selectFrom('refunds')
    .innerJoin('invoices', 'invoices.order_id', 'refunds.order_id')
    .select([
      'refunds.order_id',
      'refunds.amount_paise',
      'invoices.kind',
      'invoices.gst_rate_bp',
      'invoices.place_of_supply',
      'invoices.seller_state',
    ])
    .where('refunds.id', '=', input.refundId)
    .executeTakeFirst()
  if (!refund || refund.kind !== 'invoice' || refund.gst_rate_bp === null) return null
  const before = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_paise'), eb.val(0)).as('paise'))
    .where('order_id', '=', refund.order_id)
    .where('credit_note_number', 'is not', null)
    .executeTakeFirstOrThrow()
  const credit = creditBreakdown({
    beforePaise: Number(before.paise),
    refundPaise: Number(refund.amount_paise),
    rateBp: Number(refund.gst_rate_bp),
    intraState: refund.place_of_supply === refund.seller_state,
  })
  const number = await nextDocumentNumber(trx, 'credit-note', financialYearOf(input.now))
  await trx
    .updateTable('refunds')
    .set({
      credit_note_number: number,
      credit_note_at: input.now,
      credit_taxable_paise: credit.taxablePaise,
      credit_cgst_paise: credit.cgstPaise,
      credit_sgst_paise: credit.sgstPaise,
      credit_igst_paise: credit.igstPaise,
    })
    .where('id', '=', input.refundId)
    .execute()
  return number
}
