import { useEffect } from 'react'
import { data, Link } from 'react-router'
import { CourseContents } from '~/components/course-contents'
import { LiveClassList } from '~/components/live-classes'
import { VideoEmbed } from '~/components/video-embed'
import { LectureVideo } from '~/components/video/lecture-video'
import { playerSources } from '~/models/video/watch.server'
import { playsOwnVideo, withLectureVideos } from '~/models/video/visibility.server'
import { accessEndedNotice } from '~/lib/access'
import { isId } from '~/lib/ids'
import { parseWithZod } from '@conform-to/zod/v4'
import { MarkDoneForm, ProgressSummary } from '~/components/lecture-progress'
import { courseProgress } from '~/lib/progress'
import { ACCESS_MESSAGES, courseAccess } from '~/models/enrolment/access.server'
import {
  doneLectureIds,
  lastOpenedLectures,
  recordLectureOpened,
  setLectureDone,
} from '~/models/enrolment/lecture-progress.server'
import { LectureMarkSchema } from '~/schemas/learning'
import { readForm } from '~/utils/body.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { classesForLearner } from '~/models/live/learner-classes.server'
import { contentsView, getFullCourse } from '~/models/catalogue/section.server'
import { requireUser } from '~/auth/guard.server'
import { LectureDoubtsSection } from '~/components/doubts/lecture-doubts-section'
import { isStaff } from '~/lib/roles'
import { threadFor } from '~/models/doubts/threads.server'
import { formSettings, playerThreadView } from './doubt-pages.server'
import type { Route } from './+types/player'
import type { RouteHandle } from '~/hooks/use-route-handle'

// Course player /my-courses/{id}. Access: an open enrolment, or admin/instructor (`courseAccess`); an ended period
// answers 403 with its end and a 'Renew' link to the checkout.
// Choosing a lecture is a link (?lecture=<id>), so it works without JS; the video loads on click. Without ?lecture=
// it opens the lecture last opened here. 'Mark as done' is a form post (app/models/enrolment/lecture-progress.server.ts).

// The page works whole without script (the lecture's <video> plays its own sources, every control is a link or a
// form), so the framework's scripts start only after it has loaded: on a slow phone the lecture's page paints from
// one response, and the player library loads only when play is pressed (app/components/video/adaptive-player.ts).
export const handle: RouteHandle = { hydrate: true, hydrateAfterLoad: true }
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const course = isId(params.id) ? await getFullCourse(params.id) : undefined
  if (!course)
    return data(
      { error: 'Course not found', status: 404 as const, course: null, lectureId: null, renew: null },
      { status: 404 },
    )
  const access = await courseAccess(user, course.id)
  // An ended period is forbidden with the way back: the checkout renews it.
  if (!access.ok && access.reason === 'ended' && access.accessUntil) {
    const renew = `/checkout/${encodeURIComponent(course.link_address)}`
    const error = accessEndedNotice(access.accessUntil)
    return data({ error, status: 403 as const, course: null, lectureId: null, renew }, { status: 403 })
  }
  if (!access.ok)
    return data(
      { error: access.message, status: 401 as const, course: null, lectureId: null, renew: null },
      { status: 401 },
    )
  // Lectures whose uploaded video is not ready and that have no YouTube link are not shown to learners
  // (app/models/video/visibility.server.ts); staff see them, with the video's state.
  const { course: visible, videos } = await withLectureVideos(course, user)
  const lectures = visible.sections.flatMap((s) => s.lectures)
  // Progress is an enrolled learner's (app/models/enrolment/lecture-progress.server.ts): staff previewing a course keep none.
  // Without ?lecture= the player opens the lecture last opened here (the first at the start, or when that one was
  // deleted), and records every lecture it shows.
  const tracked = access.enrolled
  const url = new URL(request.url)
  const wanted =
    url.searchParams.get('lecture') ??
    (tracked ? (await lastOpenedLectures(user.id, [course.id])).get(course.id) : undefined)
  const current = lectures.find((l) => l.id === wanted) ?? lectures[0] ?? null
  if (current && tracked) await recordLectureOpened({ userId: user.id, courseId: course.id, lectureId: current.id })
  // The live classes check access again themselves: a join link never leaves the server without it.
  // The video's addresses are made only here, after the access check, and only for the lecture shown.
  // Doubts: the newest answered ones, as many as fit the page's budget (the rest are on the lecture's doubts page),
  // after the access check above.
  const [liveClasses, doneIds, video, thread] = await Promise.all([
    classesForLearner(user, course.id),
    tracked ? doneLectureIds(user.id, course.id) : [],
    current && playsOwnVideo(videos, current.id) ? playerSources(user, current) : null,
    current
      ? threadFor(user, { kind: 'lecture', lectureId: current.id, lectureTitle: current.title, courseId: course.id })
      : null,
  ])
  const state = current ? videos.get(current.id) : undefined
  const t = Number(url.searchParams.get('t'))
  return {
    error: null,
    status: 200 as const,
    renew: null,
    lectureId: current?.id ?? null,
    liveClasses,
    doneIds,
    progress: tracked ? courseProgress(doneIds.length, lectures.length) : null,
    video,
    start: video && Number.isInteger(t) && t > 0 ? t : null,
    // '?audio=1': the 'Audio only' link of the page without JavaScript (the 2G rung, the poster on screen).
    audioOnly: Boolean(video) && url.searchParams.get('audio') === '1',
    email: user.email,
    doubts: thread
      ? { thread: playerThreadView(thread), settings: formSettings(true), staff: isStaff(user.role) }
      : null,
    // Staff only ever reach a lecture whose video is not ready: what is happening to it.
    pending: state && state.status !== 'ready' ? { status: state.status, progress: state.progress } : null,
    course: {
      id: course.id,
      title: course.course_title,
      // The paid-community link: only for learners who are actually enrolled.
      whatsappLink: access.enrolled && course.whatsapp_link ? course.whatsapp_link : null,
      sections: contentsView(visible.sections),
    },
  }
}

/** What staff see in place of a lecture's video that is not ready (learners never reach such a lecture). */
const LATER = 'Learners will see this lecture when it is ready.'
const PENDING = {
  queued: `The video is queued for processing. ${LATER}`,
  transcoding: `The video is being processed. ${LATER}`,
  failed: 'The video could not be processed: see the course content page to retry.',
  ready: '',
} as const

const LECTURE_GONE = 'That lecture is no longer in this course: it may have just been removed.'

/** 'Mark as done' / 'Mark as not done' of one lecture; back to that lecture (post/redirect/get). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(await readForm(request), { schema: LectureMarkSchema })
  if (submission.status !== 'success' || !isId(params.id))
    return data({ error: 'That action was not understood. Please try again.' }, { status: 400 })
  const { intent, lectureId } = submission.value
  const outcome = await setLectureDone({ user, courseId: params.id, lectureId, done: intent === 'done' })
  if (!outcome.ok && outcome.reason === 'no-access')
    return data({ error: ACCESS_MESSAGES.unauthorized }, { status: 403 })
  // The lecture is gone (staff deleted it after the page was shown) or was never this course's: back to the course as
  // it is now, saying so.
  if (!outcome.ok) throw await redirectWithError(`/my-courses/${params.id}`, LECTURE_GONE)
  throw await redirectWithSuccess(
    `/my-courses/${params.id}?lecture=${lectureId}`,
    intent === 'done' ? 'Marked as done' : 'Marked as not done',
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.course?.title ?? 'My course' }]

function WarningIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="48"
      height="48"
      aria-hidden="true"
      className="mx-auto text-amber-500"
      fill="currentColor"
    >
      <path d="M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z" />
    </svg>
  )
}

export default function Player({ loaderData, actionData }: Route.ComponentProps) {
  // Right-click is disabled in the player (an enhancement; it deters casual copying only).
  useEffect(() => {
    const block = (e: MouseEvent) => e.preventDefault()
    document.addEventListener('contextmenu', block)
    return () => document.removeEventListener('contextmenu', block)
  }, [])

  const { course, lectureId } = loaderData
  if (!course) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <WarningIcon />
        <p role="alert" className="mt-4 text-lg font-semibold">
          {loaderData.error}
        </p>
        {loaderData.renew ? (
          <Link
            to={loaderData.renew}
            className="mt-6 inline-block rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
          >
            Renew
          </Link>
        ) : null}
        <Link to="/profile" className="mt-6 block underline">
          Back to profile
        </Link>
      </main>
    )
  }
  const current = course.sections.flatMap((s) => s.lectures).find((l) => l.id === lectureId) ?? null
  const doneIds = new Set(loaderData.doneIds ?? [])
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{course.title}</h1>
      {loaderData.progress ? (
        <div className="mt-3 max-w-md">
          <ProgressSummary progress={loaderData.progress} label="Lectures done" />
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section>
          {current ? (
            <>
              {loaderData.video ? (
                <LectureVideo
                  key={`${current.id}-${String(loaderData.start)}-${String(loaderData.audioOnly)}`}
                  courseId={course.id}
                  lectureId={current.id}
                  title={current.title}
                  email={loaderData.email}
                  start={loaderData.start}
                  audioOnly={loaderData.audioOnly}
                  sources={loaderData.video}
                />
              ) : loaderData.pending && !current.videoURL ? (
                <p className="flex aspect-video w-full items-center justify-center rounded-lg bg-slate-100 p-4 text-center dark:bg-slate-800">
                  {loaderData.pending.status === 'transcoding'
                    ? `The video is being processed (${String(loaderData.pending.progress)}%). ${LATER}`
                    : PENDING[loaderData.pending.status]}
                </p>
              ) : (
                <VideoEmbed key={current.id} url={current.videoURL} title={current.title} />
              )}
              <h2 className="mt-3 text-lg font-semibold">{current.title}</h2>
              {loaderData.progress ? <MarkDoneForm lectureId={current.id} done={doneIds.has(current.id)} /> : null}
            </>
          ) : (
            <p className="rounded bg-slate-100 p-6 text-center dark:bg-slate-800">No lectures have been added yet.</p>
          )}
          {actionData?.error ? (
            <p
              role="alert"
              className="mt-3 rounded bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
            >
              {actionData.error}
            </p>
          ) : null}
          {course.whatsappLink ? (
            <a
              href={course.whatsappLink}
              target="_blank"
              rel="noreferrer"
              className="mt-4 inline-block rounded bg-green-700 px-4 py-2 font-semibold text-white hover:bg-green-700"
            >
              Join the course WhatsApp group
            </a>
          ) : null}
          <LiveClassList classes={loaderData.liveClasses ?? []} />
          {current && loaderData.doubts ? (
            <LectureDoubtsSection courseId={course.id} lectureId={current.id} {...loaderData.doubts} />
          ) : null}
        </section>
        <CourseContents courseId={course.id} sections={course.sections} lectureId={lectureId} doneIds={doneIds} />
      </div>
    </main>
  )
}
