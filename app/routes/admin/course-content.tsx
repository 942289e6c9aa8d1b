import { useEffect } from 'react'
import { data, Form, Link, useLocation, useRevalidator } from 'react-router'
import { ContentItemActions } from '~/components/admin/content-item-actions'
import { VideoStatus } from '~/components/video/video-status'
import { videoInProgress } from '~/lib/video/status'
import { retryLectureVideo } from '~/models/video/lecture-videos.server'
import { videosOfLectures } from '~/models/video/video.server'
import { StatusButton } from '~/components/forms'
import { ConfirmDialog, dangerButtonClass, PageTitle, secondaryButtonClass, withParams } from '~/components/admin/ui'
import { isId } from '~/lib/ids'
import { deleteLecture, moveLecture } from '~/models/catalogue/lecture-edits.server'
import { deleteSection, moveSection } from '~/models/catalogue/section-edits.server'
import { contentsView, getFullCourse, NotFoundError } from '~/models/catalogue/section.server'
import { contentActionSchema } from '~/schemas/course-content'
import { requireRole } from '~/auth/guard.server'
import { readForm } from '~/utils/body.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/course-content'
import { deleteAsked, listAddress } from './delete-step.server'

// A course's sections and lectures in the player's order, each with Move up / Move down (a form post each; a
// lecture moves within its section), Edit (its own page) and Delete after a confirmation (?delete=<id>: a dialog
// rendered by the server, so it works without JS). The same rules as the API
// (app/models/catalogue/section-edits.server.ts, lecture-edits.server.ts). A lecture with its own video shows the
// video's state ('Queued', 'Transcoding 42%', 'Ready', 'Failed: <reason>' with Retry); with JS the page looks again
// every few seconds while one is on its way.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const course = isId(params.courseId) ? await getFullCourse(params.courseId) : undefined
  if (!course) throw data('Course not found', { status: 404 })
  const videos = await videosOfLectures(course.sections.flatMap((s) => s.lectures.map((l) => l.id)))
  const sections = contentsView(course.sections).map((s) => ({
    ...s,
    lectures: s.lectures.map((l) => {
      const video = videos.get(l.id)
      return { ...l, video: video ? { status: video.status, progress: video.progress, error: video.error } : null }
    }),
  }))
  const deleteId = deleteAsked(request)
  const section = deleteId ? sections.find((s) => s.id === deleteId) : undefined
  const lecture = deleteId ? sections.flatMap((s) => s.lectures).find((l) => l.id === deleteId) : undefined
  const confirm = section
    ? { kind: 'section' as const, id: section.id, title: section.title, lectureCount: section.lectures.length }
    : lecture
      ? { kind: 'lecture' as const, id: lecture.id, title: lecture.title, hasNote: lecture.hasNote }
      : null
  return { course: { id: course.id, title: course.course_title }, sections, confirm }
}

const plural = (n: number) => `${n} ${n === 1 ? 'lecture' : 'lectures'}`

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  if (!isId(params.courseId)) throw data('Course not found', { status: 404 })
  const back = listAddress(request)
  const parsed = contentActionSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) throw await redirectWithError(back, 'Nothing changed: the request was not understood')
  const { intent, kind, id } = parsed.data
  const target = { actorId: staff.id, courseId: params.courseId }
  let outcome: { ok: boolean; message: string }
  try {
    if (intent === 'retry-video') {
      const retried = kind === 'lecture' ? await retryLectureVideo({ ...target, lectureId: id }) : null
      if (!retried) throw new NotFoundError('Lecture not found')
      outcome = retried.queued
        ? { ok: true, message: `Queued the video of '${retried.title}' again` }
        : { ok: false, message: `The video of '${retried.title}' has not failed: nothing to retry` }
    } else if (intent === 'delete' && kind === 'section') {
      const { section, lectureCount } = await deleteSection({ ...target, sectionId: id })
      outcome = { ok: true, message: `Deleted section '${section.title}' and its ${plural(lectureCount)}` }
    } else if (intent === 'delete') {
      const { lecture } = await deleteLecture({ ...target, lectureId: id })
      outcome = { ok: true, message: `Deleted lecture '${lecture.title}'` }
    } else {
      const by = intent === 'move-up' ? -1 : 1
      const { title, moved } =
        kind === 'section'
          ? await moveSection({ ...target, sectionId: id, by })
          : await moveLecture({ ...target, lectureId: id, by })
      const where = kind === 'lecture' ? ' in its section' : ''
      outcome = moved
        ? { ok: true, message: `Moved '${title}' ${by < 0 ? 'up' : 'down'}` }
        : { ok: false, message: `'${title}' is already ${by < 0 ? 'first' : 'last'}${where}` }
    }
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error
    outcome = { ok: false, message: `${kind === 'section' ? 'Section' : 'Lecture'} not found` }
  }
  throw outcome.ok ? await redirectWithSuccess(back, outcome.message) : await redirectWithError(back, outcome.message)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.course.title ?? 'Course'} content | Admin` },
]

export default function CourseContent({ loaderData }: Route.ComponentProps) {
  const { course, sections, confirm } = loaderData
  const { search, pathname } = useLocation()
  const base = `/admin/course-content/${course.id}`
  const moving = sections.some((s) => s.lectures.some((l) => l.video && videoInProgress(l.video.status)))
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!moving) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') void revalidator.revalidate()
    }, 5000)
    return () => clearInterval(timer)
  }, [moving, revalidator])
  return (
    <>
      <PageTitle
        actions={
          <>
            <Link to={`/admin/add-section?course=${course.id}`} className={secondaryButtonClass}>
              Add Section
            </Link>
            <Link to={`/admin/add-lecture?course=${course.id}`} className={secondaryButtonClass}>
              Add Lecture
            </Link>
            <Link to={`/my-courses/${course.id}`} className={secondaryButtonClass}>
              View Course
            </Link>
            <Link to={`/admin/live-classes/${course.id}`} className={secondaryButtonClass}>
              Live Classes
            </Link>
          </>
        }
      >
        Content: {course.title}
      </PageTitle>
      {sections.length === 0 ? <p>This course has no sections yet.</p> : null}
      <ol className="flex flex-col gap-6">
        {sections.map((section, i) => (
          <li
            key={section.id}
            className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold wrap-anywhere">
                <span className="sr-only">Section {i + 1}: </span>
                {section.title}
              </h2>
              <ContentItemActions
                kind="section"
                id={section.id}
                title={section.title}
                first={i === 0}
                last={i === sections.length - 1}
                editTo={`${base}/section/${section.id}`}
              />
            </div>
            {section.lectures.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">No lectures in this section.</p>
            ) : (
              <ol className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
                {section.lectures.map((lecture, j) => (
                  <li key={lecture.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                    <div className="min-w-0">
                      <h3 className="font-medium wrap-anywhere">
                        {j + 1}. {lecture.title}
                      </h3>
                      {lecture.videoURL ? (
                        <p className="text-sm wrap-anywhere">
                          Video:{' '}
                          <a href={lecture.videoURL} className="text-emerald-800 underline dark:text-emerald-300">
                            {lecture.videoURL}
                          </a>
                        </p>
                      ) : null}
                      {lecture.video ? (
                        <VideoStatus
                          video={lecture.video}
                          lectureId={lecture.id}
                          lectureTitle={lecture.title}
                          retryAction={base}
                        />
                      ) : null}
                      <p className="text-sm wrap-anywhere">
                        Note:{' '}
                        {lecture.hasNote ? (
                          <a
                            href={`/my-courses/${course.id}/notes/${lecture.id}`}
                            className="text-emerald-800 underline dark:text-emerald-300"
                          >
                            {lecture.noteTitle || 'Download'}
                          </a>
                        ) : (
                          <span className="text-slate-600 dark:text-slate-400">none</span>
                        )}
                      </p>
                    </div>
                    <ContentItemActions
                      kind="lecture"
                      id={lecture.id}
                      title={lecture.title}
                      first={j === 0}
                      last={j === section.lectures.length - 1}
                      editTo={`${base}/lecture/${lecture.id}`}
                    />
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
      {confirm ? (
        <ConfirmDialog
          title={confirm.kind === 'section' ? 'Delete section?' : 'Delete lecture?'}
          cancelTo={pathname + withParams(search, { delete: undefined })}
        >
          <p className="wrap-anywhere">
            {confirm.kind === 'section'
              ? `Delete the section '${confirm.title}' and its ${plural(confirm.lectureCount)}? Their notes are deleted too.`
              : `Delete the lecture '${confirm.title}'?${confirm.hasNote ? ' Its note is deleted too.' : ''}`}
          </p>
          <Form method="post" className="mt-4" preventScrollReset>
            <input type="hidden" name="kind" value={confirm.kind} />
            <input type="hidden" name="id" value={confirm.id} />
            <StatusButton name="intent" value="delete" pendingText="Deleting..." className={dangerButtonClass}>
              Delete
            </StatusButton>
          </Form>
        </ConfirmDialog>
      ) : null}
    </>
  )
}
