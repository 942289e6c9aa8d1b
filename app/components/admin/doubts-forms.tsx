import { Form } from 'react-router'
import { inputClass } from '~/components/forms'
import { buttonClass, secondaryButtonClass } from './ui'

// The forms under each doubt of the staff inbox: Answer (markup and an optional image, multipart), Resolve, and
// Hide or Show. Plain posts naming the doubt, so they work without JavaScript; a refusal comes back beside the form
// that was sent, with the answer as typed.

export type DoubtFormError = { field: 'body' | 'image' | null; message: string; body: string }

function Hidden({ doubtId, intent }: { doubtId: string; intent: string }) {
  return (
    <>
      <input type="hidden" name="doubtId" value={doubtId} />
      <input type="hidden" name="intent" value={intent} />
    </>
  )
}

export function DoubtForms({
  doubtId,
  answerBody,
  resolved,
  hidden,
  error,
}: {
  doubtId: string
  /** The current answer's markup, to edit. */
  answerBody: string
  resolved: boolean
  hidden: boolean
  error: DoubtFormError | null
}) {
  const bodyId = `answer-body-${doubtId}`
  const imageId = `answer-image-${doubtId}`
  const errorId = `answer-error-${doubtId}`
  const bodyError = error && error.field !== 'image'
  const imageError = error?.field === 'image'
  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3 dark:border-slate-700">
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
        <Hidden doubtId={doubtId} intent="answer" />
        <label htmlFor={bodyId} className="text-sm font-medium">
          Your answer <span className="font-normal">(Markdown, LaTeX $...$, \ce{'{}'} for chemistry)</span>
        </label>
        <textarea
          // A refused post renders the page again: the key gives the textarea the answer as typed.
          key={error ? `typed-${error.body.length}` : 'current'}
          id={bodyId}
          name="body"
          rows={4}
          defaultValue={error ? error.body : answerBody}
          className={inputClass}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={bodyError ? errorId : undefined}
        />
        <label htmlFor={imageId} className="text-sm font-medium">
          Image <span className="font-normal">(optional: PNG, JPEG or WebP, at most 1 MB)</span>
        </label>
        <input
          id={imageId}
          type="file"
          name="image"
          accept="image/png,image/jpeg,image/webp"
          className="max-w-full text-sm"
          aria-invalid={imageError ? true : undefined}
          aria-describedby={imageError ? errorId : undefined}
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error.message}
          </p>
        ) : null}
        <div>
          <button type="submit" className={buttonClass}>
            Answer
          </button>
        </div>
      </Form>
      <div className="flex flex-wrap gap-2">
        {resolved ? null : (
          <Form method="post">
            <Hidden doubtId={doubtId} intent="resolve" />
            <button type="submit" className={secondaryButtonClass}>
              Resolve
            </button>
          </Form>
        )}
        <Form method="post">
          <Hidden doubtId={doubtId} intent={hidden ? 'show' : 'hide'} />
          <button type="submit" className={secondaryButtonClass}>
            {hidden ? 'Show' : 'Hide'}
          </button>
        </Form>
      </div>
    </div>
  )
}
