import { Link } from 'react-router'
import { lectureDoubtsPath } from '~/models/doubts/paths'
import { DoubtForm } from './doubt-form'
import { DoubtThread } from './doubt-list'
import type { DoubtFormSettings, ThreadView } from './types'

// The course player's doubts under the lecture (id="doubts"): the newest answered doubts (as many of the first page as
// fit the player's budget: app/routes/learn/doubt-pages.server.ts playerThreadView) and the learner's
// own pending ones, a link to the rest on the lecture's doubts page, and the form, which posts to that page's
// action and comes back here. Staff previewing read the thread; they answer from the inbox, not here.

/** The lecture at a time in its video: the player's ?t= starts it there, with or without script. */
export const lectureAt = (courseId: string, lectureId: string) => (seconds: number) =>
  `/my-courses/${courseId}?lecture=${lectureId}&t=${seconds}`

export function StaffDoubtsNote() {
  return (
    <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
      Staff answer doubts in the{' '}
      <Link to="/admin/doubts" className="text-emerald-800 underline dark:text-emerald-300">
        doubts inbox
      </Link>
      .
    </p>
  )
}

export function LectureDoubtsSection({
  courseId,
  lectureId,
  thread,
  settings,
  staff,
}: {
  courseId: string
  lectureId: string
  thread: ThreadView
  settings: DoubtFormSettings
  staff: boolean
}) {
  const page = lectureDoubtsPath(courseId, lectureId)
  return (
    <section
      id="doubts"
      aria-labelledby="doubts-heading"
      className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-700"
    >
      <h2 id="doubts-heading" className="text-lg font-semibold">
        Answered doubts ({thread.answeredCount.toLocaleString('en-IN')})
      </h2>
      <DoubtThread
        thread={thread}
        help={staff ? null : { action: page, from: 'player', page: 1 }}
        seekHref={lectureAt(courseId, lectureId)}
      />
      {thread.trimmed || thread.pages > 1 ? (
        <p className="mt-3">
          {/* Long doubts leave some of the first page off the player: then the rest start on the doubts page's first. */}
          <Link
            to={thread.trimmed ? page : `${page}?page=2`}
            className="font-semibold text-emerald-800 underline dark:text-emerald-300"
          >
            More answered doubts
          </Link>
        </p>
      ) : null}
      {staff ? (
        <StaffDoubtsNote />
      ) : (
        <>
          <h3 className="mt-6 font-semibold">Ask a doubt about this lecture</h3>
          <DoubtForm action={page} from="player" settings={settings} reply={null} />
        </>
      )}
    </section>
  )
}
