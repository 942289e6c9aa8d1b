import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { ConfirmDialog, CoursePicker, PageTitle } from '~/components/admin/ui'
import { isId } from '~/lib/ids'
import { listCoursesWithCounts } from '~/models/catalogue/course.server'
import { addSection, NotFoundError } from '~/models/catalogue/section.server'
import { sectionSchema } from '~/schemas/admin'
import { requireRole } from '~/auth/guard.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { UploadError } from '~/utils/upload.server'
import { getEnv } from '~/utils/env.server'
import { withLectureVideo } from '~/models/video/upload.server'
import type { Route } from './+types/add-section'
import { LectureFields } from './lecture-fields'
import { readLecturePage } from './lecture-form.server'

// Course cards, then the form (a modal; without JS the same dialog comes from ?course=).
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const courses = await listCoursesWithCounts()
  const courseId = new URL(request.url).searchParams.get('course')
  const selected = isId(courseId) ? (courses.find((c) => c.id === courseId) ?? null) : null
  return { courses, selected, videoMaxMb: getEnv().VIDEO_MAX_MB }
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const parsed = await readLecturePage(request, sectionSchema, staff.id, { videoRequired: true })
  if ('reply' in parsed) return parsed.reply
  const { submission, note, video } = parsed
  try {
    await withLectureVideo(
      video,
      staff.id,
      () => addSection({ actorId: staff.id, fields: submission.value, note }),
      (added) => added.lecture.id,
    )
  } catch (error) {
    if (error instanceof UploadError)
      return data({ result: submission.reply({ fieldErrors: { noteURL: [error.message] } }) }, { status: 400 })
    if (error instanceof NotFoundError)
      return data(
        { result: submission.reply({ formErrors: ['Failed to add section: course not found'] }) },
        { status: 404 },
      )
    throw error
  }
  throw await redirectWithSuccess('/admin/add-section', 'Section added successfully!')
}

export const meta: Route.MetaFunction = () => [{ title: 'Add Section | Admin' }]

export default function AddSection({ loaderData, actionData }: Route.ComponentProps) {
  const { courses, selected, videoMaxMb } = loaderData
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sectionSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <>
      <PageTitle>Add Section</PageTitle>
      <CoursePicker courses={courses} label="Add Section" />
      {selected ? (
        <ConfirmDialog title={`Add a section to ${selected.courseTitle}`} cancelTo="/admin/add-section">
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <input type="hidden" name="courseId" value={selected.id} />
            <Field
              label="Section Title"
              inputProps={getInputProps(fields.sectionTitle, { type: 'text' })}
              errors={fields.sectionTitle.errors}
            />
            <LectureFields
              title={fields.lectureTitle}
              videoURL={fields.videoURL}
              noteTitle={fields.noteTitle}
              noteErrors={form.allErrors.noteURL}
              videoErrors={form.allErrors.videoFile}
              videoMaxMb={videoMaxMb}
            />
            <ErrorList errors={[...(form.errors ?? []), ...(fields.courseId.errors ?? [])]} />
            <StatusButton pendingText="Adding...">Add Section</StatusButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </>
  )
}
