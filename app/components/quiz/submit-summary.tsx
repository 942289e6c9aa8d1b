import { useEffect, useRef } from 'react'
import { Form, Link } from 'react-router'
import { Dialog } from '~/components/dialog'
import type { StateCounts } from '~/lib/quiz/palette'
import { submitSummary } from '~/lib/quiz/summary'
import { btn, btnGrey } from './button-classes'

// The step before the final submit: "You have N unanswered, M marked for review. Submit?" with the count of
// every palette state. With JavaScript it is a dialog under the test's buttons; without, a page of its own whose
// Yes posts the submit. The numbers come from app/lib/quiz/summary.ts.

export function SubmitSummaryText({ counts }: { counts: StateCounts }) {
  const summary = submitSummary(counts)
  return (
    <>
      <p className="mb-3" data-testid="submit-summary">
        {summary.sentence}
      </p>
      <dl className="mb-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {summary.rows.map((row) => (
          <div
            key={row.state}
            className="flex justify-between gap-2 border-b border-slate-100 py-1 dark:border-slate-800"
          >
            <dt>{row.label}</dt>
            <dd className="font-semibold" data-testid={`count-${row.state}`}>
              {row.count}
            </dd>
          </div>
        ))}
      </dl>
    </>
  )
}

/** The enhanced test view's confirmation, in place under its buttons. */
export function SubmitSummary({
  counts,
  onCancel,
  onConfirm,
  disabled,
}: {
  counts: StateCounts
  onCancel: () => void
  onConfirm: () => void
  disabled: boolean
}) {
  // The dialog opens on the learner's own click: move focus to its first action so a keyboard or screen-reader
  // user lands inside it.
  const confirmRef = useRef<HTMLButtonElement>(null)
  useEffect(() => confirmRef.current?.focus(), [])
  return (
    <Dialog
      titleId="submit-summary-title"
      title="Submit your test?"
      modal={false}
      className="mt-4 rounded-lg border-2 border-emerald-700 bg-white p-4 dark:bg-slate-900"
    >
      <SubmitSummaryText counts={counts} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onConfirm}
          disabled={disabled}
          ref={confirmRef}
          className={`${btn} bg-emerald-700 text-white`}
        >
          Yes, submit
        </button>
        <button type="button" onClick={onCancel} className={btnGrey}>
          Back to the test
        </button>
      </div>
    </Dialog>
  )
}

/** The no-JS confirmation page: the second step of the final submit. */
export function SubmitConfirmPage({ title, counts, backTo }: { title: string; counts: StateCounts; backTo: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-1 text-xl font-bold">{title}</h1>
      <h2 className="mb-3 text-lg font-semibold">Submit your test?</h2>
      <SubmitSummaryText counts={counts} />
      <Form method="post" className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="submit" className={`${btn} bg-emerald-700 text-white`}>
          Yes, submit
        </button>
        <Link to={backTo} className={btnGrey}>
          Back to the test
        </Link>
      </Form>
    </main>
  )
}
