import type { SelectHTMLAttributes } from 'react'
import { SelectField } from '~/components/admin/select-field'
import type { ListOfErrors } from '~/components/forms'
import { INDIAN_STATES } from '~/lib/indian-states'

// The state or union territory a learner is in (checkout, profile): a plain select of India's states and union
// territories by name, sending the GST state code; optional.

const options = INDIAN_STATES.map((s) => ({ value: s.code, label: s.name }))

export function StateSelect({
  label = 'State',
  selectProps,
  errors,
}: {
  label?: string
  selectProps: SelectHTMLAttributes<HTMLSelectElement>
  errors?: ListOfErrors
}) {
  return (
    <SelectField label={label} selectProps={selectProps} options={options} errors={errors} placeholder="Not chosen" />
  )
}
