import { data } from 'react-router'
import { isId } from '~/lib/ids'
import { getReceipt, receiptFileName } from '~/models/money/receipts.server'
import { receiptPdf } from '~/services/receipt-pdf.server'
import { requireUser } from '~/auth/guard.server'
import type { Route } from './+types/receipt-pdf'

// GET /profile/purchases/{orderId}/receipt.pdf: the receipt page's document as a PDF download, for the buyer and
// admins only (anyone else: the same 404 as a missing order).

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const receipt = isId(params.orderId) ? await getReceipt(params.orderId, user) : undefined
  if (!receipt) throw data('Receipt not found', { status: 404 })
  const pdf = await receiptPdf(receipt)
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${receiptFileName(receipt)}"`,
      'Content-Length': String(pdf.length),
      // A learner's own document: never kept by a shared cache.
      'Cache-Control': 'private, no-store',
    },
  })
}
