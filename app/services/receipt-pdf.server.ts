import PDFDocument from 'pdfkit'
import { amountLines } from '~/lib/gst'
import { formatAccessDate } from '~/lib/access'
import { countsAsRefunded, formatPaise } from '~/lib/refunds'
import type { Receipt } from '~/lib/receipt'

// A receipt or tax invoice as a PDF (pdfkit), the same facts as the receipt page. pdfkit's built-in Helvetica has
// no rupee sign, so amounts read 'Rs. 1,499.00'; it covers Latin text only, so a name in another script prints as
// the font's stand-in glyphs (the HTML receipt shows it as written).

const money = (paise: number) => formatPaise(paise, 'Rs. ')
const date = (iso: string) => formatAccessDate(iso)

export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: receipt.number ? `Tax invoice ${receipt.number}` : `Receipt ${receipt.orderId}`,
      Author: receipt.seller.name,
    },
  })
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })

  const width = pdf.page.width - 100
  const row = (label: string, value: string, bold = false) => {
    const y = pdf.y
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 50, y, { width: width - 160 })
    const after = pdf.y
    pdf.text(value, 50 + width - 160, y, { width: 160, align: 'right' })
    pdf.y = Math.max(after, pdf.y)
    pdf.x = 50
  }
  const heading = (text: string) => {
    pdf.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text).fontSize(10).moveDown(0.3)
  }

  pdf
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(receipt.kind === 'invoice' ? 'Tax Invoice' : 'Receipt')
  pdf.moveDown(0.5).fontSize(10)
  pdf.font('Helvetica-Bold').text(receipt.seller.name)
  pdf.font('Helvetica')
  if (receipt.seller.address) pdf.text(receipt.seller.address)
  if (receipt.seller.gstin) pdf.text(`GSTIN: ${receipt.seller.gstin}`)
  if (receipt.seller.stateName) pdf.text(`State: ${receipt.seller.stateName}`)

  pdf.moveDown()
  if (receipt.number) row('Invoice number', receipt.number, true)
  row(receipt.kind === 'invoice' ? 'Invoice date' : 'Date', date(receipt.issuedAt))
  row('Order', receipt.orderId)
  if (receipt.paymentId) row('Payment id', receipt.paymentId)

  heading('Billed to')
  pdf.font('Helvetica').text(receipt.buyer.name).text(receipt.buyer.email)
  if (receipt.placeOfSupply) pdf.text(`Place of supply: ${receipt.placeOfSupply}`)

  heading('Description')
  row(receipt.description, money(receipt.totalPaise))
  if (receipt.sac) pdf.text(`SAC ${receipt.sac}`)
  if (receipt.couponCode) pdf.text(`Coupon ${receipt.couponCode.toUpperCase()} applied`)
  pdf.moveDown(0.5)
  for (const [label, paise] of amountLines(receipt)) row(label, money(paise), label.startsWith('Total'))

  // A failed refund gave nothing back: it is not on the document.
  for (const refund of receipt.refunds.filter((r) => countsAsRefunded(r.status))) {
    const note = refund.creditNote
    heading(note ? `Credit note ${note.number}` : `Refund (${refund.status})`)
    if (note) {
      row('Credit note date', date(note.at))
      row('Against invoice', receipt.number ?? '')
      for (const [label, paise] of amountLines({
        kind: 'invoice',
        rateBp: receipt.rateBp,
        taxablePaise: note.taxablePaise,
        cgstPaise: note.cgstPaise,
        sgstPaise: note.sgstPaise,
        igstPaise: note.igstPaise,
        totalPaise: refund.amountPaise,
        utgst: receipt.utgst,
      }))
        row(label.replace('Total (tax included)', 'Refunded'), money(paise), label.startsWith('Total'))
    } else {
      row('Refund date', date(refund.createdAt))
      row('Refunded', money(refund.amountPaise), true)
    }
  }

  pdf
    .moveDown(2)
    .font('Helvetica')
    .fontSize(8)
    .text('A computer-generated document; no signature is required.', { width })
  pdf.end()
  return done
}
