import { data, Link } from 'react-router'
import { formatAccessDate } from '~/lib/access'
import { amountLines } from '~/lib/gst'
import { isId } from '~/lib/ids'
import { countsAsRefunded, formatPaise, MONEY_STATUS_LABELS } from '~/lib/refunds'
import type { Receipt as ReceiptData } from '~/lib/receipt'
import { getReceipt } from '~/models/money/receipts.server'
import { requireUser } from '~/auth/guard.server'
import type { Route } from './+types/receipt'

// A paid order's receipt, or its GST tax invoice, with the credit notes of its refunds: a printable page (the site's
// header and footer are not printed) and the same document as a PDF (./receipt-pdf.ts). The buyer and admins only;
// anyone else gets the 404 a missing order gets, so an order id tells nothing about whether it exists.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const receipt = isId(params.orderId) ? await getReceipt(params.orderId, user) : undefined
  if (!receipt) throw data('Receipt not found', { status: 404 })
  return { receipt }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.receipt.number ? `Tax invoice ${loaderData.receipt.number} | BioCoach` : 'Receipt | BioCoach',
  },
]

function Amounts({ lines, caption }: { lines: Array<[string, number]>; caption: string }) {
  return (
    <table className="mt-2 w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {lines.map(([label, paise], i) => {
          const last = i === lines.length - 1 && lines.length > 1
          return (
            <tr key={label} className={last ? 'border-t border-slate-300 font-semibold dark:border-slate-600' : ''}>
              <th scope="row" className="py-1 pr-4 text-left font-normal">
                {label}
              </th>
              <td className="py-1 text-right tabular-nums">{formatPaise(paise)}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function Facts({ facts }: { facts: Array<[string, string | null]> }) {
  return (
    <dl className="grid gap-1 text-sm">
      {facts
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="text-slate-500 dark:text-slate-400 print:text-black">{label}</dt>
            <dd className="min-w-0 break-all">{value}</dd>
          </div>
        ))}
    </dl>
  )
}

function CreditNotes({ receipt }: { receipt: ReceiptData }) {
  const refunds = receipt.refunds.filter((r) => countsAsRefunded(r.status))
  if (refunds.length === 0) return null
  return (
    <section aria-labelledby="refunds-heading" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h2 id="refunds-heading" className="text-lg font-semibold">
        {receipt.kind === 'invoice' ? 'Refunds and credit notes' : 'Refunds'}
      </h2>
      {refunds.map((r) =>
        r.creditNote ? (
          <div key={r.id} className="mt-3" data-testid="credit-note">
            <h3 className="font-semibold">Credit note {r.creditNote.number}</h3>
            <Facts
              facts={[
                ['Date', formatAccessDate(r.creditNote.at)],
                ['Against tax invoice', receipt.number],
              ]}
            />
            <Amounts
              caption={`Credit note ${r.creditNote.number}`}
              lines={amountLines({
                kind: 'invoice',
                rateBp: receipt.rateBp,
                taxablePaise: r.creditNote.taxablePaise,
                cgstPaise: r.creditNote.cgstPaise,
                sgstPaise: r.creditNote.sgstPaise,
                igstPaise: r.creditNote.igstPaise,
                totalPaise: r.amountPaise,
                utgst: receipt.utgst,
              }).map(([label, paise]) => [label === 'Total (tax included)' ? 'Refunded' : label, paise])}
            />
          </div>
        ) : (
          <p key={r.id} className="mt-2 text-sm">
            {formatPaise(r.amountPaise)} refunded on {formatAccessDate(r.createdAt)}
            {r.status === 'pending' ? ' (on its way back to you: banks take 5-7 working days)' : ''}.
          </p>
        ),
      )}
    </section>
  )
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData
  const invoice = receipt.kind === 'invoice'
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 print:max-w-none print:p-0">
      <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm print:hidden">
        <Link to="/profile/purchases" className="text-emerald-700 underline dark:text-emerald-400">
          ← Purchases
        </Link>
        <a
          href={`/profile/purchases/${receipt.orderId}/receipt.pdf`}
          className="font-semibold text-emerald-700 underline dark:text-emerald-400"
        >
          Download PDF
        </a>
        <span className="text-slate-600 dark:text-slate-300">or print this page</span>
      </p>
      <article
        aria-labelledby="document-title"
        className="rounded-lg border border-slate-200 p-6 dark:border-slate-700 print:border-0 print:p-0 print:text-black"
      >
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 id="document-title" className="text-2xl font-bold">
              {invoice ? 'Tax Invoice' : 'Receipt'}
            </h1>
            <p className="mt-2 font-semibold">{receipt.seller.name}</p>
            {receipt.seller.address ? <p className="text-sm whitespace-pre-line">{receipt.seller.address}</p> : null}
            {receipt.seller.gstin ? <p className="text-sm">GSTIN: {receipt.seller.gstin}</p> : null}
            {receipt.seller.stateName ? <p className="text-sm">State: {receipt.seller.stateName}</p> : null}
          </div>
          <Facts
            facts={[
              ['Invoice number', receipt.number],
              [invoice ? 'Invoice date' : 'Date', formatAccessDate(receipt.issuedAt)],
              ['Order', receipt.orderId],
              ['Payment id', receipt.paymentId],
              ['Status', MONEY_STATUS_LABELS[receipt.status]],
            ]}
          />
        </div>

        <section aria-labelledby="billed-heading" className="mt-6">
          <h2 id="billed-heading" className="font-semibold">
            Billed to
          </h2>
          <p className="break-words">{receipt.buyer.name}</p>
          <p className="text-sm break-all">{receipt.buyer.email}</p>
          {receipt.placeOfSupply ? <p className="text-sm">Place of supply: {receipt.placeOfSupply}</p> : null}
        </section>

        <section aria-labelledby="items-heading" className="mt-6">
          <h2 id="items-heading" className="font-semibold">
            Description
          </h2>
          <div className="mt-1 flex flex-wrap justify-between gap-x-4 text-sm">
            <p className="break-words">
              {receipt.description}
              {receipt.sac ? <span className="block text-slate-500 dark:text-slate-400">SAC {receipt.sac}</span> : null}
              {receipt.couponCode ? (
                <span className="block text-slate-500 dark:text-slate-400">
                  Coupon {receipt.couponCode.toUpperCase()} applied
                </span>
              ) : null}
            </p>
            <p className="tabular-nums">{formatPaise(receipt.totalPaise)}</p>
          </div>
          <Amounts caption={invoice ? 'Tax' : 'Amount'} lines={amountLines(receipt)} />
        </section>

        <CreditNotes receipt={receipt} />

        <p className="mt-8 text-xs text-slate-500 dark:text-slate-400 print:text-black">
          A computer-generated document; no signature is required.
        </p>
      </article>
    </main>
  )
}
