import { useId, type SelectHTMLAttributes } from 'react'
import { ErrorList, inputClass, type ListOfErrors } from '~/components/forms'

export function SelectField({
  label,
  selectProps,
  options,
  errors,
  placeholder,
}: {
  label: string
  selectProps: SelectHTMLAttributes<HTMLSelectElement>
  options: Array<{ value: string; label: string }>
  errors?: ListOfErrors
  placeholder?: string
}) {
  const fallbackId = useId()
  const id = selectProps.id ?? fallbackId
  const errorId = errors?.filter(Boolean).length ? `${id}-error` : undefined
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        {...selectProps}
        id={id}
        className={inputClass}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
