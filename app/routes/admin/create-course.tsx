import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { CourseForm } from '~/components/admin/course-form'
import { PageTitle } from '~/components/admin/ui'
import { createCourse } from '~/models/catalogue/course-authoring.server'
import { courseSchema, fromCourseForm } from '~/schemas/admin'
import { requireRole } from '~/auth/guard.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { COURSE_IMAGE_MAX_BYTES, fileOf, parseUpload, UploadError, withoutFiles } from '~/utils/upload.server'
import type { Route } from './+types/create-course'

// Create Course (admin only; instructors go to /admin/dashboard). Image checked by its bytes, <= 5 MB. A new course is
// published unless the box is unticked.
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
    await createCourse({ actorId: admin.id, fields: fromCourseForm(submission.value), image })
  } catch (error) {
    if (error instanceof UploadError)
      return data({ result: submission.reply({ fieldErrors: { courseImage: [error.message] } }) }, { status: 400 })
    throw error
  }
  throw await redirectWithSuccess('/admin/all-courses', 'Course created successfully!')
}

export const meta: Route.MetaFunction = () => [{ title: 'Create Course | Admin' }]

export default function CreateCourse({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Create Course</PageTitle>
      <CourseForm
        lastResult={actionData?.result}
        defaultValue={{ published: 'on' }}
        accessDaysFollowMode
        submitLabel="Create Course"
        pendingText="Creating..."
      />
    </>
  )
}
