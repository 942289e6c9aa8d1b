import type { MoneyStatus, RefundStatus } from './refunds'

// A paid order's receipt or GST tax invoice, with its refunds and credit notes: what the receipts model reads
// (app/models/money/receipts.server.ts) and the receipt page, its PDF and the purchase mail show.

export type CreditNote = {
  number: string
  at: string
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
}

export type ReceiptRefund = {
  id: string
  amountPaise: number
  status: RefundStatus
  createdAt: string
  processedAt: string | null
  creditNote: CreditNote | null
}

export type Receipt = {
  orderId: string
  status: MoneyStatus
  /** 'invoice': a numbered GST tax invoice; 'receipt': a receipt without tax lines. */
  kind: 'invoice' | 'receipt'
  number: string | null
  issuedAt: string
  paymentId: string | null
  couponCode: string | null
  seller: { name: string; address: string | null; gstin: string | null; stateName: string | null }
  buyer: { name: string; email: string }
  /** 'West Bengal (19)'; null when not known (a receipt without GSTIN may have none). */
  placeOfSupply: string | null
  description: string
  sac: string | null
  rateBp: number | null
  totalPaise: number
  taxablePaise: number
  cgstPaise: number
  sgstPaise: number
  igstPaise: number
  /** The state half is UTGST: the seller is in a union territory without a legislature. */
  utgst: boolean
  refundedPaise: number
  refunds: ReceiptRefund[]
}
