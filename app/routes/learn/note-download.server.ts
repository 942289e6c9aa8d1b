import { attachmentHeader, forceHttps, noteStorageKey, sanitiseDownloadName } from '~/lib/note-url'
import type { LectureRow } from '~/models/catalogue/section.server'
import { getStorage } from '~/services/storage.server'
import { absoluteOnOrigin } from '~/utils/origin.server'

// A lecture's note as an HTTP answer, for the player's notes route and the v1 notes endpoint alike. The caller has
// checked course access. A stored file is streamed as an attachment with a sanitised name; a same-site path (e.g.
// /notes/sample.pdf in public/) is redirected on our origin; an external link is redirected to its https form.
// null: nothing to download.

const EXT_BY_TYPE: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
}

export async function noteDownload(
  lecture: Pick<LectureRow, 'title' | 'note_title' | 'note_url'>,
  origin: string,
): Promise<Response | null> {
  if (!lecture.note_url) return null
  const key = noteStorageKey(lecture.note_url)
  if (key) {
    const object = await getStorage().get(key)
    if (!object) return null
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
  const sameSite = lecture.note_url.startsWith('/') && !lecture.note_url.startsWith('//')
  const location = sameSite ? absoluteOnOrigin(lecture.note_url, origin) : forceHttps(lecture.note_url)
  if (!location) return null
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'private, no-store' } })
}

/** Whether a note link points at our own files (served through an access-checked route, never directly). */
export const isOwnNote = (noteUrl: string) =>
  Boolean(noteStorageKey(noteUrl)) || (noteUrl.startsWith('/') && !noteUrl.startsWith('//'))
