import type { Kysely } from 'kysely'
import { stateByCode } from '~/lib/indian-states'
import { moneyStatus, refundedSoFar, type MoneyStatus } from '~/lib/refunds'
import { db } from '~/utils/db.server'
import { onePage } from '~/utils/page.server'
import type { Database, Role } from '#db/schema'
import type { Receipt } from '~/lib/receipt'
import { BUNDLE_DESCRIPTION, sellerFromEnv } from './documents.server'
import { refundedPaiseOf } from './refunded.server'

// What a learner (and an admin) reads about an order's money: the learner's purchases, newest first, and one
// order's receipt or tax invoice with its refunds and credit notes, as the page, the PDF and the mail show it.
// Only the buyer and admins may read a receipt; to anyone else it does not exist (the page answers 404 either way).

export type PurchaseRow = {
  id: string
  createdAt: string
  paidAt: string | null
  status: MoneyStatus
  itemType: 'course' | 'quiz_bundle'
  title: string
  amountPaise: number
  refundedPaise: number
  couponCode: string | null
  paymentId: string | null
  /** The access end this order produced (null: for good, or not a course order). */
  accessUntil: string | null
  invoiceNumber: string | null
  /** Paid orders have a receipt page. */
  hasReceipt: boolean
}

/** One page of a learner's orders, newest first, and how many there are. */
export async function listPurchases(input: { userId: string; page: number; pageSize: number }) {
  const base = db.selectFrom('orders').where('orders.user_id', '=', input.userId)
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n ?? 0)
  const rows = await onePage(
    base
      .leftJoin('courses', 'courses.id', 'orders.course_id')
      .leftJoin('coupons', 'coupons.id', 'orders.coupon_id')
      .leftJoin('invoices', 'invoices.order_id', 'orders.id')
      .select((eb) => [
        'orders.id',
        'orders.created_at',
        'orders.paid_at',
        'orders.status',
        'orders.refund_reason',
        'orders.item_type',
        'orders.amount_paise',
        'orders.provider_payment_id',
        'orders.access_until',
        'courses.course_title',
        'coupons.code as coupon_code',
        'invoices.number as invoice_number',
        'invoices.description',
        refundedPaiseOf(eb).as('refunded_paise'),
      ])
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc'),
    input,
  ).execute()
  const purchases: PurchaseRow[] = rows.map((r) => {
    const amountPaise = Number(r.amount_paise)
    const refundedPaise = Number(r.refunded_paise ?? 0)
    return {
      id: r.id,
      createdAt: r.created_at,
      paidAt: r.paid_at,
      status: moneyStatus({ status: r.status, refundDue: Boolean(r.refund_reason), amountPaise, refundedPaise }),
      itemType: r.item_type,
      title:
        r.description ?? (r.item_type === 'quiz_bundle' ? BUNDLE_DESCRIPTION : (r.course_title ?? 'Deleted course')),
      amountPaise,
      refundedPaise,
      couponCode: r.coupon_code,
      paymentId: r.provider_payment_id,
      accessUntil: r.item_type === 'course' ? r.access_until : null,
      invoiceNumber: r.invoice_number,
      hasReceipt: r.status === 'paid',
    }
  })
  return { total, purchases }
}

const place = (code: string | null) => {
  const state = stateByCode(code)
  return state ? `${state.name} (${state.code})` : null
}

/**
 * A paid order's receipt for `viewer`: the buyer or an admin; undefined for anyone else, and for an order that
 * does not exist or is not paid. An order fulfilled before documents were issued, or paid but never fulfilled
 * (held for a refund), has no stored document: it reads as a receipt of the order's own facts.
 */
export async function getReceipt(
  orderId: string,
  viewer: { id: string; role: Role },
  conn: Kysely<Database> = db,
): Promise<Receipt | undefined> {
  const order = await conn
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('courses', 'courses.id', 'orders.course_id')
    .leftJoin('coupons', 'coupons.id', 'orders.coupon_id')
    .select([
      'orders.id',
      'orders.user_id',
      'orders.status',
      'orders.refund_reason',
      'orders.item_type',
      'orders.amount_paise',
      'orders.paid_at',
      'orders.created_at',
      'orders.provider_payment_id',
      'orders.state',
      'users.name',
      'users.email',
      'courses.course_title',
      'coupons.code as coupon_code',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst()
  if (!order || order.status !== 'paid') return undefined
  if (order.user_id !== viewer.id && viewer.role !== 'admin') return undefined
  const [invoice, refunds] = await Promise.all([
    conn
      .selectFrom('invoices')
      .select([
        'kind',
        'number',
        'issued_at',
        'seller_name',
        'seller_address',
        'seller_gstin',
        'seller_state',
        'sac',
        'gst_rate_bp',
        'buyer_name',
        'buyer_email',
        'place_of_supply',
        'description',
        'total_paise',
        'taxable_paise',
        'cgst_paise',
        'sgst_paise',
        'igst_paise',
      ])
      .where('order_id', '=', orderId)
      .executeTakeFirst(),
    conn
      .selectFrom('refunds')
      .select([
        'id',
        'amount_paise',
        'status',
        'created_at',
        'processed_at',
        'credit_note_number',
        'credit_note_at',
        'credit_taxable_paise',
        'credit_cgst_paise',
        'credit_sgst_paise',
        'credit_igst_paise',
      ])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ])
  const amountPaise = Number(order.amount_paise)
  const refundedPaise = refundedSoFar(refunds.map((r) => ({ amountPaise: Number(r.amount_paise), status: r.status })))
  const seller = sellerFromEnv()
  const base = invoice ?? {
    kind: 'receipt' as const,
    number: null,
    issued_at: order.paid_at ?? order.created_at,
    seller_name: seller.name,
    seller_address: seller.address,
    seller_gstin: null,
    seller_state: seller.state,
    sac: null,
    gst_rate_bp: null,
    buyer_name: order.name,
    buyer_email: order.email,
    place_of_supply: order.state,
    description: order.item_type === 'quiz_bundle' ? BUNDLE_DESCRIPTION : (order.course_title ?? 'Deleted course'),
    total_paise: amountPaise,
    taxable_paise: amountPaise,
    cgst_paise: 0,
    sgst_paise: 0,
    igst_paise: 0,
  }
  return {
    orderId: order.id,
    status: moneyStatus({ status: order.status, refundDue: Boolean(order.refund_reason), amountPaise, refundedPaise }),
    kind: base.kind,
    number: base.number,
    issuedAt: base.issued_at,
    paymentId: order.provider_payment_id,
    couponCode: order.coupon_code,
    seller: {
      name: base.seller_name,
      address: base.seller_address,
      gstin: base.seller_gstin,
      stateName: stateByCode(base.seller_state)?.name ?? null,
    },
    buyer: { name: base.buyer_name, email: base.buyer_email },
    placeOfSupply: place(base.place_of_supply),
    description: base.description,
    sac: base.sac,
    rateBp: base.gst_rate_bp === null ? null : Number(base.gst_rate_bp),
    totalPaise: Number(base.total_paise),
    taxablePaise: Number(base.taxable_paise),
    cgstPaise: Number(base.cgst_paise),
    sgstPaise: Number(base.sgst_paise),
    igstPaise: Number(base.igst_paise),
    utgst: Boolean(stateByCode(base.seller_state)?.utgst),
    refundedPaise,
    refunds: refunds.map((r) => ({
      id: r.id,
      amountPaise: Number(r.amount_paise),
      status: r.status,
      createdAt: r.created_at,
      processedAt: r.processed_at,
      creditNote: r.credit_note_number
        ? {
            number: r.credit_note_number,
            at: r.credit_note_at!,
            taxablePaise: Number(r.credit_taxable_paise),
            cgstPaise: Number(r.credit_cgst_paise),
            sgstPaise: Number(r.credit_sgst_paise),
            igstPaise: Number(r.credit_igst_paise),
          }
        : null,
    })),
  }
}

/** The file name of a receipt's PDF: the invoice number when it has one ('/' is not allowed in a name). */
export const receiptFileName = (receipt: Pick<Receipt, 'number' | 'orderId'>) =>
  `${receipt.number ? `invoice-${receipt.number.replace('/', '-')}` : `receipt-${receipt.orderId}`}.pdf`
