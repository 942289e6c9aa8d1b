import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'
import { ErrorList, Field, StatusButton, TextareaField } from '~/components/forms'
import { secondaryButtonClass } from '~/components/admin/ui'
import { DURATION_MAX_MINUTES } from '~/lib/live-classes'
import { LiveClassSchema, RecordingSchema } from '~/schemas/live-class'

/** What the edit form starts from: the class as staff typed it (`startsAt` as a datetime-local in India time). */
export type LiveClassDefaults = {
  id: string
  title: string
  startsAt: string
  durationMinutes: number
  joinUrl: string
  notes: string
  notify: boolean
}

/** Schedule a class, or edit one (`editing`); a failed post shows its errors and keeps what was typed. */
export function LiveClassForm({
  lastResult,
  editing,
  cancelTo,
}: {
  lastResult?: SubmissionResult<string[]> | null
  editing: LiveClassDefaults | null
  cancelTo: string
}) {
  const [form, fields] = useForm({
    id: editing ? `edit-${editing.id}` : 'schedule',
    lastResult,
    defaultValue: editing
      ? { ...editing, durationMinutes: String(editing.durationMinutes), notify: editing.notify ? 'on' : undefined }
      : { durationMinutes: '60' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LiveClassSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mb-8 max-w-xl" aria-labelledby={`${form.id}-heading`}>
      <h2 id={`${form.id}-heading`} className="mb-3 text-lg font-semibold">
        {editing ? `Edit class: ${editing.title}` : 'Schedule a class'}
      </h2>
      {editing ? <input type="hidden" name="classId" value={editing.id} /> : null}
      <Field label="Title" inputProps={getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
      <Field
        label="Starts at (India time)"
        inputProps={getInputProps(fields.startsAt, { type: 'datetime-local' })}
        errors={fields.startsAt.errors}
      />
      <Field
        label="Duration (minutes)"
        inputProps={{ ...getInputProps(fields.durationMinutes, { type: 'number' }), min: 1, max: DURATION_MAX_MINUTES }}
        errors={fields.durationMinutes.errors}
      />
      <Field
        label="Join link"
        inputProps={{ ...getInputProps(fields.joinUrl, { type: 'url' }), placeholder: 'https://' }}
        errors={fields.joinUrl.errors}
        hint="YouTube Live, Google Meet or Zoom (https). Shown only to learners with access, from 15 minutes before the start."
      />
      <TextareaField
        label="Notes (optional)"
        textareaProps={{ ...getTextareaProps(fields.notes), rows: 3 }}
        errors={fields.notes.errors}
      />
      <div className="mb-4 flex items-center gap-2">
        <input
          type="checkbox"
          id={`${form.id}-notify`}
          name="notify"
          defaultChecked={fields.notify.initialValue === 'on'}
        />
        <label htmlFor={`${form.id}-notify`} className="text-sm">
          E-mail learners with access when it is scheduled and an hour before it starts
        </label>
      </div>
      <ErrorList errors={form.errors} />
      <div className="flex flex-wrap gap-2">
        <StatusButton name="intent" value={editing ? 'update' : 'schedule'} pendingText="Saving...">
          {editing ? 'Save class' : 'Schedule class'}
        </StatusButton>
        {editing ? (
          <Link to={cancelTo} className={secondaryButtonClass}>
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  )
}

/** Attach (or replace) the recording of a class after it. */
export function RecordingForm({
  classId,
  title,
  current,
  lastResult,
}: {
  classId: string
  title: string
  current: string | null
  lastResult?: SubmissionResult<string[]> | null
}) {
  const [form, fields] = useForm({
    id: `recording-${classId}`,
    lastResult,
    defaultValue: { recordingUrl: current ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RecordingSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4" preventScrollReset>
      <input type="hidden" name="classId" value={classId} />
      <Field
        label={`Recording link for ${title}`}
        inputProps={{ ...getInputProps(fields.recordingUrl, { type: 'url' }), placeholder: 'https://' }}
        errors={fields.recordingUrl.errors}
      />
      <ErrorList errors={form.errors} />
      <StatusButton name="intent" value="recording" pendingText="Saving...">
        Save recording
      </StatusButton>
    </Form>
  )
}
