import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import { CourseForm, type CourseFormValues } from '~/components/admin/course-form'
import { dangerButtonClass, PageTitle, secondaryButtonClass } from '~/components/admin/ui'
import { DraftBadge } from '~/components/draft-badge'
import { isId } from '~/lib/ids'
import { getStaffCourse, updateCourse, type StaffCourse } from '~/models/catalogue/course-authoring.server'
import { courseSchema, fromCourseForm } from '~/schemas/admin'
import { imageUrl } from '~/services/storage.server'
import { requireRole } from '~/auth/guard.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { COURSE_IMAGE_MAX_BYTES, fileOf, parseUpload, UploadError, withoutFiles } from '~/utils/upload.server'
import type { Route } from './+types/edit-course'

// Edit Course (admin only; instructors go to /admin/dashboard): the create form prefilled, the image optional (an
// empty file field keeps it), plus published and access days. The link address stays as it was.

const formValues = (c: StaffCourse): CourseFormValues => ({
  cardTitle: c.card_title,
  subTitle: c.sub_title,
  courseTag: c.course_tag,
  mode: c.mode,
  language: c.language,
  whatsappLink: c.whatsapp_link,
  actualPrice: String(c.actual_price),
  discountedPrice: String(c.discounted_price),
  courseTitle: c.course_title,
  courseDescription: c.course_description,
  accessDays: c.access_days === null ? '' : String(c.access_days),
  grantsQuizAccess: c.grants_quiz_access === 1 ? 'on' : '',
  published: c.published === 1 ? 'on' : '',
})

async function courseOf(params: Route.LoaderArgs['params']) {
  const course = isId(params.courseId) ? await getStaffCourse(params.courseId) : undefined
  if (!course) throw data('Course not found', { status: 404 })
  return course
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const course = await courseOf(params)
  return {
    id: course.id,
    linkAddress: course.link_address,
    published: course.published === 1,
    image: imageUrl(course.course_image) ?? '',
    values: formValues(course),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireRole(request, 'admin')
  const course = await courseOf(params)
  let form: FormData
  try {
    form = await parseUpload(request, { maxFileSize: COURSE_IMAGE_MAX_BYTES })
  } catch (error) {
    if (!(error instanceof UploadError)) throw error
    // The body could not be read (an image over the limit): the form comes back with the course as it is stored.
    const stored = new FormData()
    for (const [name, value] of Object.entries(formValues(course))) if (value) stored.append(name, value)
    const submission = parseWithZod(stored, { schema: courseSchema })
    return data({ result: submission.reply({ fieldErrors: { courseImage: [error.message] } }) }, { status: 400 })
  }
  const submission = parseWithZod(withoutFiles(form), { schema: courseSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  let outcome
  try {
    outcome = await updateCourse({
      actorId: admin.id,
      courseId: course.id,
      changes: fromCourseForm(submission.value),
      image: fileOf(form, 'courseImage'),
    })
  } catch (error) {
    if (error instanceof UploadError)
      return data({ result: submission.reply({ fieldErrors: { courseImage: [error.message] } }) }, { status: 400 })
    throw error
  }
  if (outcome.kind === 'not-found') throw data('Course not found', { status: 404 })
  if (outcome.kind === 'invalid')
    return data({ result: submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }) }, { status: 400 })
  throw await redirectWithSuccess('/admin/all-courses', 'Course updated successfully!')
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit Course | Admin' }]

export default function EditCourse({ loaderData, actionData }: Route.ComponentProps) {
  const { id, linkAddress, published } = loaderData
  return (
    <>
      <PageTitle
        actions={
          <>
            <Link to={`/admin/course-content/${id}`} className={secondaryButtonClass}>
              Content
            </Link>
            <Link to={`/admin/all-courses?delete=${id}`} className={dangerButtonClass}>
              Delete
            </Link>
          </>
        }
      >
        Edit Course {published ? null : <DraftBadge />}
      </PageTitle>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        Course page:{' '}
        <Link to={`/courses/${encodeURIComponent(linkAddress)}`} className="underline">
          /courses/{linkAddress}
        </Link>{' '}
        (the link stays the same when the title changes).
      </p>
      <CourseForm
        key={id}
        lastResult={actionData?.result}
        defaultValue={loaderData.values}
        currentImage={loaderData.image}
        submitLabel="Save Changes"
        pendingText="Saving..."
      />
    </>
  )
}
