import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useRef } from 'react'
import { Form } from 'react-router'
import { ErrorList, Field, StatusButton, TextareaField } from '~/components/forms'
import { SelectField } from '~/components/admin/select-field'
import { defaultAccessDays, LIVE_ACCESS_DAYS } from '~/lib/access'
import { ACCESS_DAYS_MAX, courseSchema } from '~/schemas/admin'

/** The form's text values: what Conform fills the fields with (a ticked box is 'on'). */
export type CourseFormValues = Partial<Record<keyof typeof courseSchema.shape, string>>

/**
 * The course form of Create Course and Edit Course: the same fields and names (the course API's), prefilled on
 * edit. The image is required on create; on edit an empty file field keeps the current image.
 */
export function CourseForm({
  lastResult,
  defaultValue,
  currentImage,
  submitLabel,
  pendingText,
  accessDaysFollowMode = false,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  defaultValue: CourseFormValues
  /** Edit: the image the course has now. */
  currentImage?: string
  submitLabel: string
  pendingText: string
  /**
   * Create: until staff type in Access days, choosing a mode fills in its default (30 for live, empty for
   * recorded: app/lib/access.ts `defaultAccessDays`). An enhancement: without JS the field keeps what was typed.
   */
  accessDaysFollowMode?: boolean
}) {
  const accessDaysTyped = useRef(false)
  const [form, fields] = useForm({
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: courseSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const text = (name: keyof typeof fields, label: string, type: 'text' | 'number' | 'url' = 'text') => (
    <Field
      label={label}
      inputProps={{ ...getInputProps(fields[name], { type }), ...(type === 'number' ? { min: 0, step: 1 } : {}) }}
      errors={fields[name].errors}
    />
  )
  const checkbox = (name: 'published' | 'grantsQuizAccess', label: string, hint?: string) => (
    <div className="mb-4">
      <div className="flex items-center gap-2">
        <input
          type="checkbox"
          id={name}
          name={name}
          defaultChecked={fields[name].initialValue === 'on'}
          aria-describedby={hint ? `${name}-hint` : undefined}
        />
        <label htmlFor={name} className="text-sm">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${name}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList errors={fields[name].errors} />
    </div>
  )
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="max-w-2xl">
      <div className="grid gap-x-4 sm:grid-cols-2">
        {text('cardTitle', 'Card Title')}
        {text('subTitle', 'Subtitle')}
        {text('courseTag', 'Course Tag')}
        <SelectField
          label="Mode"
          selectProps={{
            ...getSelectProps(fields.mode),
            onChange: (e) => {
              if (!accessDaysFollowMode || accessDaysTyped.current) return
              const days = defaultAccessDays(e.currentTarget.value)
              form.update({ name: fields.accessDays.name, value: days === null ? '' : String(days) })
            },
          }}
          placeholder="Select mode"
          options={[
            { value: 'live', label: 'Live' },
            { value: 'recorded', label: 'Recorded' },
          ]}
          errors={fields.mode.errors}
        />
        {text('language', 'Language')}
        {text('whatsappLink', 'WhatsApp Link', 'url')}
        {text('actualPrice', 'Actual Price (₹)', 'number')}
        {text('discountedPrice', 'Discounted Price (₹)', 'number')}
      </div>
      {text('courseTitle', 'Course Title')}
      <TextareaField
        label="Course Description"
        textareaProps={{ ...getTextareaProps(fields.courseDescription), rows: 5 }}
        errors={fields.courseDescription.errors}
      />
      {currentImage ? (
        <figure className="mb-2">
          <img
            src={currentImage}
            alt="Current course cover"
            width={160}
            height={90}
            className="aspect-video w-40 rounded object-cover"
          />
        </figure>
      ) : null}
      <Field
        label={currentImage ? 'New Course Image (optional)' : 'Course Image'}
        inputProps={{
          type: 'file',
          name: 'courseImage',
          id: 'courseImage',
          accept: 'image/png,image/jpeg,image/webp',
          required: !currentImage,
          className: 'block w-full text-sm',
        }}
        errors={form.allErrors.courseImage}
        hint={
          currentImage
            ? 'PNG, JPEG or WebP, at most 5 MB. Leave empty to keep the current image.'
            : 'PNG, JPEG or WebP, at most 5 MB.'
        }
      />
      <Field
        label="Access days (optional)"
        inputProps={{
          ...getInputProps(fields.accessDays, { type: 'number' }),
          min: 1,
          max: ACCESS_DAYS_MAX,
          step: 1,
          onInput: () => {
            accessDaysTyped.current = true
          },
        }}
        errors={fields.accessDays.errors}
        hint={`Whole days one payment gives access for (1 to ${ACCESS_DAYS_MAX}). Leave empty for access for good. Live batches usually sell ${LIVE_ACCESS_DAYS} days.`}
      />
      {checkbox('grantsQuizAccess', 'Buying this course grants quiz access')}
      {checkbox('published', 'Published', 'Listed and on sale. Untick to keep it a draft that only staff see.')}
      <ErrorList errors={form.errors} />
      <StatusButton pendingText={pendingText}>{submitLabel}</StatusButton>
    </Form>
  )
}
