import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { ErrorList, Field, StatusButton, TextareaField } from '~/components/forms'
import { SelectField } from '~/components/admin/select-field'
import { PageTitle } from '~/components/admin/ui'
import { createCourse } from '~/models/course.server'
import { courseSchema } from '~/schemas/admin'
import { requireRole } from '~/auth/guard.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { COURSE_IMAGE_MAX_BYTES, fileOf, parseUpload, UploadError, withoutFiles } from '~/utils/upload.server'
import type { Route } from './+types/create-course'

// Create Course (admin only; instructors go to /admin/dashboard). Image checked by its bytes, <= 5 MB.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  return null
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRole(request, 'admin')
  let form: FormData
  try {
    form = await parseUpload(request, { maxFileSize: COURSE_IMAGE_MAX_BYTES })
  } catch (error) {
    if (!(error instanceof UploadError)) throw error
    const submission = parseWithZod(new FormData(), { schema: courseSchema })
    return data({ result: submission.reply({ fieldErrors: { courseImage: [error.message] } }) }, { status: 400 })
  }
  const submission = parseWithZod(withoutFiles(form), { schema: courseSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const image = fileOf(form, 'courseImage')
  if (!image)
    return data(
      { result: submission.reply({ fieldErrors: { courseImage: ['Course image is required'] } }) },
      { status: 400 },
    )
  try {
    await createCourse({ actorId: admin.id, fields: submission.value, image })
  } catch (error) {
    if (error instanceof UploadError)
      return data({ result: submission.reply({ fieldErrors: { courseImage: [error.message] } }) }, { status: 400 })
    throw error
  }
  throw await redirectWithSuccess('/admin/all-courses', 'Course created successfully!')
}

export const meta: Route.MetaFunction = () => [{ title: 'Create Course | Admin' }]

export default function CreateCourse({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    lastResult: actionData?.result,
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
  return (
    <>
      <PageTitle>Create Course</PageTitle>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="max-w-2xl">
        <div className="grid gap-x-4 sm:grid-cols-2">
          {text('cardTitle', 'Card Title')}
          {text('subTitle', 'Subtitle')}
          {text('courseTag', 'Course Tag')}
          <SelectField
            label="Mode"
            selectProps={getSelectProps(fields.mode)}
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
        <Field
          label="Course Image"
          inputProps={{
            type: 'file',
            name: 'courseImage',
            id: 'courseImage',
            accept: 'image/png,image/jpeg,image/webp',
            required: true,
            className: 'block w-full text-sm',
          }}
          errors={form.allErrors.courseImage}
          hint="PNG, JPEG or WebP, at most 5 MB."
        />
        <div className="mb-4 flex items-center gap-2">
          <input
            type="checkbox"
            id="grantsQuizAccess"
            name="grantsQuizAccess"
            defaultChecked={fields.grantsQuizAccess.initialValue === 'on'}
          />
          <label htmlFor="grantsQuizAccess" className="text-sm">
            Buying this course grants quiz access
          </label>
        </div>
        <ErrorList errors={form.errors} />
        <StatusButton pendingText="Creating...">Create Course</StatusButton>
      </Form>
    </>
  )
}
