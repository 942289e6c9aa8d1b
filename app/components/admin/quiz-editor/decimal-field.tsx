import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Field } from '~/components/forms'

/**
 * A number typed as text, so that exact marks such as 1/3 and NAT bounds keep the digits the author wrote; phones
 * show the decimal keypad.
 */
export function DecimalField<Schema, FormSchema extends Record<string, unknown>>({
  label,
  field,
  hint,
  placeholder,
}: {
  label: ReactNode
  field: FieldMetadata<Schema, FormSchema>
  hint?: ReactNode
  placeholder?: string
}) {
  return (
    <Field
      label={label}
      inputProps={{ ...getInputProps(field, { type: 'text' }), inputMode: 'decimal', placeholder }}
      errors={field.errors}
      hint={hint}
    />
  )
}
