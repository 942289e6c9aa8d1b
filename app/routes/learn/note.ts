import { isId } from '~/lib/ids'
import { attachmentHeader, forceHttps, noteStorageKey, sanitiseDownloadName } from '~/lib/note-url'
import { courseAccess, getCourseLecture } from '~/models/enrollment.server'
import { getStorage } from '~/services/storage.server'
import { requireUser } from '~/utils/auth.server'
import type { Route } from './+types/note'

// Notes download (issue 4 §7, DESIGN.md "Files"): access-checked like the player. A stored file is streamed as
// an attachment with a sanitised name; an external link is redirected to its https form.

const EXT_BY_TYPE: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  if (!isId(params.id) || !isId(params.lectureId)) return new Response('Not found', { status: 404 })
  const access = await courseAccess(user, params.id)
  if (!access.ok) return new Response(access.message, { status: 401, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const lecture = await getCourseLecture(params.id, params.lectureId)
  if (!lecture?.note_url) return new Response('Not found', { status: 404 })

  const key = noteStorageKey(lecture.note_url)
  if (key) {
    const object = await getStorage().get(key)
    if (!object) return new Response('Not found', { status: 404 })
    const ext = key.split('.').pop() ?? EXT_BY_TYPE[object.contentType] ?? ''
    return new Response(Buffer.from(object.body), {
      headers: {
        'Content-Type': object.contentType,
        'Content-Disposition': attachmentHeader(sanitiseDownloadName(lecture.note_title || lecture.title, ext)),
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'",
        'Cache-Control': 'private, no-store',
      },
    })
  }
  const external = forceHttps(lecture.note_url.startsWith('/') ? new URL(lecture.note_url, request.url).toString() : lecture.note_url)
  if (!external) return new Response('Not found', { status: 404 })
  // A same-site path (e.g. /notes/sample.pdf in public/) stays relative; other hosts are forced to https.
  if (lecture.note_url.startsWith('/') && !lecture.note_url.startsWith('//')) {
    return new Response(null, { status: 302, headers: { Location: lecture.note_url } })
  }
  return new Response(null, { status: 302, headers: { Location: external } })
}
