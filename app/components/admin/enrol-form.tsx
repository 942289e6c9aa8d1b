import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { useHydrated } from '~/components/admin/ui'
import { ENROLMENT_NOTE_MAX } from '~/lib/enrolment'
import { EnrolSchema } from '~/schemas/enrolment'

/**
 * 'Enrol a learner' on a course's users page (admins only). Posts intent=enrol to the page's action; a refusal (no
 * such account, already enrolled) comes back as the e-mail field's error with what was typed kept. With JS the form
 * clears after a success and the table reloads; without JS the server redirects back to the page.
 */
export function EnrolForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const hydrated = useHydrated()
  const [form, fields] = useForm({
    id: 'enrol-learner',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EnrolSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <section
      aria-labelledby="enrol-heading"
      className="mb-6 max-w-xl rounded border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id="enrol-heading" className="mb-3 text-lg font-semibold">
        Enrol a learner
      </h2>
      <Form method="post" {...getFormProps(form)} preventScrollReset>
        <input type="hidden" name="_js" value={hydrated ? '1' : '0'} />
        <Field
          label="Learner's email"
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'off' }}
          errors={fields.email.errors}
          hint="The email of the learner's account."
        />
        <Field
          label="Note"
          inputProps={{ ...getInputProps(fields.note, { type: 'text' }), maxLength: ENROLMENT_NOTE_MAX }}
          errors={fields.note.errors}
          hint={`Why they are enrolled by hand, e.g. "paid in cash, receipt 114" (at most ${ENROLMENT_NOTE_MAX} characters).`}
        />
        <ErrorList errors={form.errors} />
        <StatusButton name="intent" value="enrol" pendingText="Enrolling...">
          Enrol
        </StatusButton>
      </Form>
    </section>
  )
}
