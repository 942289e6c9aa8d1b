import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import { ErrorList, StatusButton } from '~/components/forms'
import { ConfirmDialog, CoursePicker, PageTitle } from '~/components/admin/ui'
import { isId } from '~/lib/ids'
import { listCoursesWithCounts } from '~/models/catalogue/course.server'
import { addLecture, listSections, NotFoundError } from '~/models/catalogue/section.server'
import { lectureSchema } from '~/schemas/admin'
import { requireRole } from '~/auth/guard.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { UploadError } from '~/utils/upload.server'
import { getEnv } from '~/utils/env.server'
import { withLectureVideo } from '~/models/video/upload.server'
import type { Route } from './+types/add-lecture'
import { LectureFields } from './lecture-fields'
import { readLecturePage } from './lecture-form.server'

// Course cards -> pick a section -> lecture form (?course=&section= without JS).
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const url = new URL(request.url)
  const courses = await listCoursesWithCounts()
  const courseId = url.searchParams.get('course')
  const course = isId(courseId) ? (courses.find((c) => c.id === courseId) ?? null) : null
  const sections = (course && (await listSections(course.id))) || []
  const sectionId = url.searchParams.get('section')
  const section = course && isId(sectionId) ? (sections.find((s) => s.id === sectionId) ?? null) : null
  return { courses, course, sections, section, videoMaxMb: getEnv().VIDEO_MAX_MB }
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const parsed = await readLecturePage(request, lectureSchema, staff.id, { videoRequired: true })
  if ('reply' in parsed) return parsed.reply
  const { submission, note, video } = parsed
  try {
    await withLectureVideo(
      video,
      staff.id,
      () => addLecture({ actorId: staff.id, fields: submission.value, note }),
      (added) => added.lecture.id,
    )
  } catch (error) {
    if (error instanceof UploadError)
      return data({ result: submission.reply({ fieldErrors: { noteURL: [error.message] } }) }, { status: 400 })
    if (error instanceof NotFoundError)
      return data({ result: submission.reply({ formErrors: ['Section not found'] }) }, { status: 404 })
    throw error
  }
  throw await redirectWithSuccess('/admin/add-lecture', 'Lecture added!')
}

export const meta: Route.MetaFunction = () => [{ title: 'Add Lecture | Admin' }]

export default function AddLecture({ loaderData, actionData }: Route.ComponentProps) {
  const { courses, course, sections, section, videoMaxMb } = loaderData
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lectureSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <>
      <PageTitle>Add Lecture</PageTitle>
      <CoursePicker courses={courses} label="Add Lecture" />
      {course && !section ? (
        <ConfirmDialog title={`Choose a section of ${course.courseTitle}`} cancelTo="/admin/add-lecture">
          {sections.length === 0 ? (
            <p>This course has no sections yet. Add one on the Add Section page first.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {sections.map((s) => (
                <li key={s.id}>
                  <Link
                    to={`?course=${course.id}&section=${s.id}`}
                    preventScrollReset
                    className="block rounded border border-slate-300 px-3 py-2 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                  >
                    {s.title} <span className="text-xs text-slate-500">({s.lectureIds.length} lectures)</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-4 text-sm">
            <Link
              to={`/admin/course-content/${course.id}`}
              className="font-semibold text-emerald-800 underline dark:text-emerald-300"
            >
              Edit, move or delete this course&apos;s sections and lectures
            </Link>
          </p>
        </ConfirmDialog>
      ) : null}
      {course && section ? (
        <ConfirmDialog title={`Add a lecture to ${section.title}`} cancelTo={`/admin/add-lecture?course=${course.id}`}>
          <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
            <input type="hidden" name="sectionId" value={section.id} />
            <LectureFields
              title={fields.title}
              videoURL={fields.videoURL}
              noteTitle={fields.noteTitle}
              noteErrors={form.allErrors.noteURL}
              videoErrors={form.allErrors.videoFile}
              videoMaxMb={videoMaxMb}
            />
            <ErrorList errors={[...(form.errors ?? []), ...(fields.sectionId.errors ?? [])]} />
            <StatusButton pendingText="Adding...">Add Lecture</StatusButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </>
  )
}
