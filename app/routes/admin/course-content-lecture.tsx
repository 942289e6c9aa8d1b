import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { ContentEditForm } from '~/components/admin/content-edit-form'
import { isId } from '~/lib/ids'
import { noteStorageKey } from '~/lib/note-url'
import { getLectureForEdit, updateLecture } from '~/models/catalogue/lecture-edits.server'
import { NotFoundError } from '~/models/catalogue/section.server'
import { lectureEditSchema } from '~/schemas/course-content'
import { requireRole } from '~/auth/guard.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { parseNoteForm, UploadError } from '~/utils/upload.server'
import type { Route } from './+types/course-content-lecture'
import { LectureFields } from './lecture-fields'

// Edit a lecture: the Add Lecture fields prefilled; a chosen note file replaces the current note, 'Remove note'
// drops it (our own stored file is deleted from storage, an external link just forgotten).

/** The lecture, when it is one of this course's; else the page is a 404. */
async function lectureOf(params: { courseId: string; lectureId: string }) {
  const lecture = isId(params.lectureId) ? await getLectureForEdit(params.lectureId) : undefined
  if (!lecture || lecture.course_id !== params.courseId) throw data('Lecture not found', { status: 404 })
  return lecture
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const lecture = await lectureOf(params)
  return {
    courseId: params.courseId,
    lecture: {
      id: lecture.id,
      title: lecture.title,
      videoURL: lecture.video_url,
      noteTitle: lecture.note_title ?? '',
      note: lecture.note_url ? (noteStorageKey(lecture.note_url) ? 'a stored file' : 'an external link') : null,
    },
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const parsed = await parseNoteForm(request, lectureEditSchema)
  if ('reply' in parsed) return parsed.reply
  const { submission, note } = parsed
  const { title, videoURL, noteTitle, removeNote } = submission.value
  try {
    await updateLecture({
      actorId: staff.id,
      lectureId: params.lectureId,
      courseId: params.courseId,
      // An emptied Note Title field clears it.
      changes: { title, videoURL, noteTitle: noteTitle ?? '', removeNote },
      note,
    })
  } catch (error) {
    if (error instanceof UploadError)
      return data({ result: submission.reply({ fieldErrors: { noteURL: [error.message] } }) }, { status: 400 })
    if (error instanceof NotFoundError) throw data('Lecture not found', { status: 404 })
    throw error
  }
  throw await redirectWithSuccess(`/admin/course-content/${params.courseId}`, 'Lecture updated successfully')
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit Lecture | Admin' }]

export default function EditLecture({ loaderData, actionData }: Route.ComponentProps) {
  const { courseId, lecture } = loaderData
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { title: lecture.title, videoURL: lecture.videoURL, noteTitle: lecture.noteTitle },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lectureEditSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <ContentEditForm
      heading="Edit Lecture"
      courseId={courseId}
      formProps={getFormProps(form)}
      errors={form.errors}
      multipart
    >
      <LectureFields
        title={fields.title}
        videoURL={fields.videoURL}
        noteTitle={fields.noteTitle}
        noteErrors={form.allErrors.noteURL}
      />
      <p className="mb-2 text-sm">
        {lecture.note ? `Current note: ${lecture.note}. A new file replaces it.` : 'This lecture has no note yet.'}
      </p>
      {lecture.note ? (
        <div className="mb-4 flex items-center gap-2">
          <input type="checkbox" id="removeNote" name="removeNote" />
          <label htmlFor="removeNote" className="text-sm">
            Remove note
          </label>
        </div>
      ) : null}
    </ContentEditForm>
  )
}
