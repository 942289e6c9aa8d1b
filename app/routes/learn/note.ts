import { isId } from '~/lib/ids'
import { courseAccess } from '~/models/enrolment/access.server'
import { getCourseLecture } from '~/models/catalogue/section.server'
import { requireUser } from '~/auth/guard.server'
import { noteDownload } from './note-download.server'
import { appOrigin } from '~/utils/origin.server'
import type { Route } from './+types/note'

// Notes download of the player: access-checked like the player; the answer
// itself is shared with the v1 notes endpoint (./note-download.server.ts).
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  if (!isId(params.id) || !isId(params.lectureId)) return new Response('Not found', { status: 404 })
  const access = await courseAccess(user, params.id)
  if (!access.ok)
    return new Response(access.message, { status: 401, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const lecture = await getCourseLecture(params.id, params.lectureId)
  return (lecture && (await noteDownload(lecture, appOrigin(request)))) || new Response('Not found', { status: 404 })
}
