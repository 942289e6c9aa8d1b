import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { accessDateInput } from '~/lib/access'

/**
 * 'Access until' for one learner on a course's users page (admins only), inside the dialog the URL asks for
 * (?until=userId, so it works without JS). Posts intent=until with a date: access lasts through that day in India
 * time; empty is for good; a past day ends it now. The server reads and checks the date (app/schemas/access.ts);
 * a refusal comes back as the field's error.
 */
export function AccessUntilForm({
  userId,
  accessUntil,
  lastResult,
}: {
  userId: string
  accessUntil: string | null
  lastResult?: SubmissionResult<string[]>
}) {
  const [form, fields] = useForm({
    id: 'access-until',
    lastResult,
    defaultValue: { userId, accessUntil: accessDateInput(accessUntil) },
  })
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-4">
      <input type="hidden" name="userId" value={userId} />
      <Field
        label="Access until"
        inputProps={getInputProps(fields.accessUntil, { type: 'date' })}
        errors={fields.accessUntil.errors}
        hint="Access lasts through this day (India time). Leave empty for good; a past day ends access now."
      />
      <ErrorList errors={form.errors} />
      <StatusButton name="intent" value="until" pendingText="Saving...">
        Save end date
      </StatusButton>
    </Form>
  )
}
