import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import { requireUser } from '~/auth/guard.server'
import { isId } from '~/lib/ids'
import { getCourseLecture } from '~/models/catalogue/section.server'
import { courseAccess } from '~/models/enrolment/access.server'
import { savePosition, setDataSaver } from '~/models/video/positions.server'
import { VideoPrefsSchema } from '~/schemas/learning'
import { readForm } from '~/utils/body.server'
import type { Route } from './+types/video-prefs'

// POST /my-courses/{id}/video: the lecture video's two small writes, for a learner who may open the course
// (`courseAccess`) and a lecture of that course.
// - intent=position: where the player stopped (sent every ~15 s while playing and on pause or leaving the page, by
//   fetch or navigator.sendBeacon): 204, nothing to show.
// - intent=data-saver: the 'Data saver' checkbox, a plain form post (JavaScript off too): back to the lecture.

const plain = (status: number, body: string) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(await readForm(request), { schema: VideoPrefsSchema })
  if (submission.status !== 'success' || !isId(params.id)) return plain(400, 'That action was not understood.')
  const value = submission.value
  const access = await courseAccess(user, params.id)
  if (!access.ok) return plain(403, access.message)
  const lecture = await getCourseLecture(params.id, value.lectureId)
  if (!lecture) return plain(404, 'That lecture is no longer in this course.')
  if (value.intent === 'position') {
    await savePosition(user.id, lecture.id, value.seconds)
    return new Response(null, { status: 204 })
  }
  await setDataSaver(user.id, value.dataSaver === 'on')
  return redirect(`/my-courses/${params.id}?lecture=${lecture.id}`, 303)
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(isId(params.id) ? `/my-courses/${params.id}` : '/profile')
}
