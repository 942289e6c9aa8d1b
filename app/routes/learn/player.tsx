import { useEffect } from 'react'
import { data, Link } from 'react-router'
import { LiveClassList } from '~/components/live-classes'
import { VideoEmbed } from '~/components/video-embed'
import { accessEndedNotice } from '~/lib/access'
import { isId } from '~/lib/ids'
import { courseAccess } from '~/models/enrollment.server'
import { classesForLearner } from '~/models/live-class.server'
import { getFullCourse } from '~/models/section.server'
import { requireUser } from '~/auth/guard.server'
import type { Route } from './+types/player'
import type { RouteHandle } from '~/hooks/use-route-handle'

// Course player /my-courses/{id}. Access: an open enrolment, or admin/instructor (`courseAccess`); an ended period
// answers 403 with its end and a 'Renew' link to the checkout.
// Choosing a lecture is a link (?lecture=<id>), so it works without JS; the video loads on click.

// Needs JavaScript for the player (right-click disabled): this page hydrates.
export const handle: RouteHandle = { hydrate: true }
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
  const lectures = course.sections.flatMap((s) => s.lectures)
  const wanted = new URL(request.url).searchParams.get('lecture')
  const current = lectures.find((l) => l.id === wanted) ?? lectures[0] ?? null
  // The live classes check access again themselves: a join link never leaves the server without it.
  const liveClasses = await classesForLearner(user, course.id)
  return {
    error: null,
    status: 200 as const,
    renew: null,
    lectureId: current?.id ?? null,
    liveClasses,
    course: {
      id: course.id,
      title: course.course_title,
      // The paid-community link: only for learners who are actually enrolled.
      whatsappLink: access.enrolled && course.whatsapp_link ? course.whatsapp_link : null,
      sections: course.sections.map((s) => ({
        id: s.id,
        title: s.title,
        lectures: s.lectures.map((l) => ({
          id: l.id,
          title: l.title,
          videoURL: l.video_url,
          noteTitle: l.note_title,
          hasNote: Boolean(l.note_url),
        })),
      })),
    },
  }
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

export default function Player({ loaderData }: Route.ComponentProps) {
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
  // Lectures are numbered across sections (1, 2, 3 ... through the whole course).
  const firstNumber = course.sections.map((_, i) =>
    course.sections.slice(0, i).reduce((sum, s) => sum + s.lectures.length, 1),
  )
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">{course.title}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <section>
          {current ? (
            <>
              <VideoEmbed key={current.id} url={current.videoURL} title={current.title} />
              <h2 className="mt-3 text-lg font-semibold">{current.title}</h2>
            </>
          ) : (
            <p className="rounded bg-slate-100 p-6 text-center dark:bg-slate-800">No lectures have been added yet.</p>
          )}
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
        </section>
        <nav aria-label="Course content" className="rounded-lg border border-slate-200 dark:border-slate-700">
          {course.sections.map((section, i) => (
            <div key={section.id} className="border-b border-slate-200 p-3 last:border-b-0 dark:border-slate-700">
              <h3 className="font-semibold">
                Section {i + 1}: {section.title}
              </h3>
              <ol className="mt-2 space-y-1">
                {section.lectures.map((lecture, j) => {
                  const n = firstNumber[i] + j
                  const active = lecture.id === lectureId
                  return (
                    <li key={lecture.id} className="flex items-center justify-between gap-2">
                      <Link
                        to={`?lecture=${lecture.id}`}
                        aria-current={active ? 'true' : undefined}
                        preventScrollReset
                        className={`flex-1 rounded px-2 py-1 text-sm ${active ? 'bg-emerald-100 font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
                      >
                        {n}. {lecture.title}
                      </Link>
                      {lecture.hasNote ? (
                        <a
                          href={`/my-courses/${course.id}/notes/${lecture.id}`}
                          className="shrink-0 text-xs text-emerald-700 underline dark:text-emerald-400"
                          aria-label={`Notes: ${lecture.noteTitle || lecture.title}`}
                          download
                        >
                          Notes
                        </a>
                      ) : null}
                    </li>
                  )
                })}
              </ol>
            </div>
          ))}
        </nav>
      </div>
    </main>
  )
}
