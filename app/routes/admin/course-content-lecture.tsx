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
import { UploadError } from '~/utils/upload.server'
import { VideoStatus } from '~/components/video/video-status'
import { VIDEO_MESSAGES } from '~/lib/video/upload-rules'
import { withLectureVideo } from '~/models/video/upload.server'
import { videoOfLecture } from '~/models/video/video.server'
import { getEnv } from '~/utils/env.server'
import type { Route } from './+types/course-content-lecture'
import { LectureFields } from './lecture-fields'
import { readLecturePage } from './lecture-form.server'

// Edit a lecture: the Add Lecture fields prefilled; a chosen note file replaces the current note, 'Remove note'
// drops it (our own stored file is deleted from storage, an external link just forgotten). A chosen video file replaces
// the lecture's own video (the old one's files are deleted); with neither a new file nor a changed link the current
// video stays. The own video's state is shown, with Retry when it failed.

/** The lecture, when it is one of this course's; else the page is a 404. */
async function lectureOf(params: { courseId: string; lectureId: string }) {
  const lecture = isId(params.lectureId) ? await getLectureForEdit(params.lectureId) : undefined
  if (!lecture || lecture.course_id !== params.courseId) throw data('Lecture not found', { status: 404 })
  return lecture
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const lecture = await lectureOf(params)
  const video = await videoOfLecture(lecture.id)
  return {
    courseId: params.courseId,
    videoMaxMb: getEnv().VIDEO_MAX_MB,
    video: video
      ? { status: video.status, progress: video.progress, error: video.error, name: video.source_name }
      : null,
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
  // An unknown lecture is a 404 before a video is read.
  await lectureOf(params)
  const parsed = await readLecturePage(request, lectureEditSchema, staff.id, { videoRequired: false })
  if ('reply' in parsed) return parsed.reply
  const { submission, note, video } = parsed
  const { title, videoURL, noteTitle, removeNote } = submission.value
  // An emptied link is fine when the lecture has (or gets) its own video; else the lecture would have none.
  if (!videoURL && !video && !(await videoOfLecture(params.lectureId)))
    return data({ result: submission.reply({ fieldErrors: { videoURL: [VIDEO_MESSAGES.missing] } }) }, { status: 400 })
  try {
    await withLectureVideo(
      video,
      staff.id,
      () =>
        updateLecture({
          actorId: staff.id,
          lectureId: params.lectureId,
          courseId: params.courseId,
          // An emptied Note Title field clears it; an emptied link too.
          changes: { title, videoURL: videoURL ?? '', noteTitle: noteTitle ?? '', removeNote },
          note,
        }),
      (updated) => updated.lecture.id,
    )
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
  const { courseId, lecture, video, videoMaxMb } = loaderData
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    defaultValue: { title: lecture.title, videoURL: lecture.videoURL, noteTitle: lecture.noteTitle },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: lectureEditSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <>
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
          videoErrors={form.allErrors.videoFile}
          videoMaxMb={videoMaxMb}
        />
        <p className="mb-2 text-sm wrap-anywhere">
          {video
            ? `Current own video: ${video.name ?? 'uploaded file'}. A new file replaces it.`
            : 'This lecture has no video file of its own yet.'}
        </p>
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
      {video ? (
        <section aria-label="Own video" className="mt-6 max-w-xl">
          <VideoStatus
            video={video}
            lectureId={lecture.id}
            lectureTitle={lecture.title}
            retryAction={`/admin/course-content/${courseId}`}
          />
        </section>
      ) : null}
    </>
  )
}
