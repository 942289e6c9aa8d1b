import { data } from 'react-router'
import { DoubtsPage, DoubtsRefusal } from '~/components/doubts/doubts-page'
import { lectureAt } from '~/components/doubts/lecture-doubts-section'
import { pageOf } from '~/lib/doubts/rules'
import { lectureDoubtAccess } from '~/models/doubts/access.server'
import { lectureDoubtsPath } from '~/models/doubts/paths'
import { threadFor } from '~/models/doubts/threads.server'
import { requireUser } from '~/auth/guard.server'
import { doubtPost, formSettings, postRefused, threadView } from './doubt-pages.server'
import type { Route } from './+types/lecture-doubts'

// /my-courses/{id}/doubts/{lectureId}?page=N: every answered doubt of a lecture, DOUBTS_PAGE_SIZE a page, the
// learner's own pending ones on page 1, and the form. The player shows page 1 under the lecture and posts its form
// here (decision 034). Who may read or ask: whoever may open the course now (lectureDoubtAccess); anyone else gets
// the message and nothing of the thread. The page ships no script: links and plain form posts.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const access = await lectureDoubtAccess(user, params.lectureId, { courseId: params.id })
  if (!access.ok) return data({ refusal: access.message, lecture: null }, { status: access.status })
  const target = access.target
  if (target.kind !== 'lecture') throw new Error('a lecture target was expected')
  const page = pageOf(new URL(request.url).searchParams.get('page'))
  const thread = await threadFor(user, target, page)
  return {
    refusal: null,
    lecture: {
      courseId: target.courseId,
      lectureId: target.lectureId,
      title: target.lectureTitle,
      staff: access.staff,
      thread: threadView(thread),
      settings: formSettings(true),
    },
  }
}

/** 'ask' (the form) or 'helped' ('This helped me'), from this page or from the player (`from=player`). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const access = await lectureDoubtAccess(user, params.lectureId, { courseId: params.id })
  if (!access.ok || access.target.kind !== 'lecture')
    return postRefused(access.ok ? 404 : access.status, access.ok ? 'Not found' : access.message)
  const { courseId, lectureId } = access.target
  return doubtPost({
    request,
    viewer: user,
    target: access.target,
    back: { page: lectureDoubtsPath(courseId, lectureId), player: `/my-courses/${courseId}?lecture=${lectureId}` },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.lecture ? `Doubts: ${loaderData.lecture.title}` : 'Doubts' },
]

export default function LectureDoubts({ loaderData, actionData, params }: Route.ComponentProps) {
  const { lecture } = loaderData
  if (!lecture)
    return (
      <DoubtsRefusal
        message={loaderData.refusal ?? ''}
        back={{ href: `/my-courses/${params.id}`, label: 'Back to the course' }}
      />
    )
  const player = `/my-courses/${lecture.courseId}?lecture=${lecture.lectureId}`
  return (
    <DoubtsPage
      title={`Doubts: ${lecture.title}`}
      back={{ href: player, label: 'Back to the lecture' }}
      path={lectureDoubtsPath(lecture.courseId, lecture.lectureId)}
      thread={lecture.thread}
      settings={lecture.settings}
      reply={actionData?.reply ?? null}
      error={actionData?.error ?? null}
      staff={lecture.staff}
      seekHref={lectureAt(lecture.courseId, lecture.lectureId)}
    />
  )
}
