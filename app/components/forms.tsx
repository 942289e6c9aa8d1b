import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { useNavigation } from 'react-router'

// Form parts written once: labels, aria-invalid, aria-describedby, errors listed together.

export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter(Boolean)
  if (!list?.length) return null
  return (
    <ul id={id} className="mt-1 flex flex-col gap-1 text-sm text-red-600 dark:text-red-400">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  )
}

const inputClass =
  'w-full rounded border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 focus:outline-none aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100'

export function Field({
  label,
  inputProps,
  errors,
  hint,
  className,
}: {
  label: ReactNode
  inputProps: InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  hint?: ReactNode
  className?: string
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={className ?? 'mb-4'}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        className={inputProps.className ?? inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function TextareaField({
  label,
  textareaProps,
  errors,
  className,
}: {
  label: ReactNode
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>
  errors?: ListOfErrors
  className?: string
}) {
  const fallbackId = useId()
  const id = textareaProps.id ?? fallbackId
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined
  return (
    <div className={className ?? 'mb-4'}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <textarea
        {...textareaProps}
        id={id}
        className={textareaProps.className ?? inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/**
 * A submit button that shows `pendingText` while its form is submitting. It is never disabled from client
 * state otherwise, so it works with JavaScript off.
 */
export function StatusButton({
  children,
  pendingText = 'Processing...',
  className,
  name,
  value,
  formAction,
  pending: pendingByCaller = false,
}: {
  children: ReactNode
  pendingText?: string
  className?: string
  name?: string
  value?: string
  formAction?: string
  /** Pending for a reason of the caller's (a request it sends itself), besides its form's submission. */
  pending?: boolean
}) {
  const navigation = useNavigation()
  const pending =
    pendingByCaller ||
    (navigation.state === 'submitting' &&
      (name === undefined || navigation.formData?.get(name) === value) &&
      (formAction === undefined || navigation.formAction === formAction))
  return (
    <button
      type="submit"
      name={name}
      value={value}
      formAction={formAction}
      disabled={pending}
      className={
        className ??
        'rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70 dark:bg-emerald-700 dark:hover:bg-emerald-700'
      }
    >
      {pending ? pendingText : children}
    </button>
  )
}

export { inputClass }
