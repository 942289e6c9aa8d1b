import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from '~/components/forms'

// A live mock's window on the quiz editor (docs/decisions/029-live-mocks.md): when the paper opens and closes, typed
// in India time. Both blank: an anytime paper. Plain `datetime-local` fields, so the form works without JS.

type TimeField = FieldMetadata<string | undefined>

/** A value the API set to the second needs `step=1`, or the browser would refuse to post it unchanged. */
const stepFor = (field: TimeField) => (String(field.initialValue ?? '').length > 16 ? 1 : undefined)

export function WindowFields({ opensAt, closesAt }: { opensAt: TimeField; closesAt: TimeField }) {
  return (
    <fieldset className="mb-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <legend className="px-1 font-semibold">Live mock window (optional)</legend>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Give the paper one window to make it an All-India live mock: learners register before it opens and sit it,
        ranked, inside the window. Leave both empty for a paper learners take any time. The window must be at least as
        long as the time limit.
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="Opens at (India time)"
          inputProps={{ ...getInputProps(opensAt, { type: 'datetime-local' }), step: stepFor(opensAt) }}
          errors={opensAt.errors}
        />
        <Field
          label="Closes at (India time)"
          inputProps={{ ...getInputProps(closesAt, { type: 'datetime-local' }), step: stepFor(closesAt) }}
          errors={closesAt.errors}
        />
      </div>
    </fieldset>
  )
}
