import { requireRole } from '~/auth/guard.server'
import { parseContentRange } from '~/lib/video/upload-rules'
import { appendChunk, resumableUpload } from '~/models/video/chunks.server'
import { discardUpload, uploadOf } from '~/models/video/staging.server'
import { checkVideoFile } from '~/models/video/upload.server'
import { apiError, json } from '~/utils/api.server'
import type { Route } from './+types/video-upload'

// One resumable upload of a lecture's video (staff only, and only its own uploader: another's id is a 404):
//   GET|HEAD  -> {received, size} and the `Upload-Offset` header: where a client resumes after a dropped connection
//             (the bytes really in the staging file, app/models/video/chunks.server.ts)
//   PUT       a chunk, `Content-Range: bytes <start>-<end>/<size>`, accepted only at that offset and by the one
//             request that claims the chunk (else 409 with `received`; 503 with Retry-After while an earlier try of
//             the same chunk is still arriving); the last chunk checks the whole file against its chunks and the
//             declared SHA-256 (a lost part: 409 with the offset to resend from; a wrong checksum: dropped, 400),
//             then runs the video's checks (kind, ffprobe, length): a refused video is dropped with its message (400)
//   DELETE    cancels it (its staged file removed)
// The form then names the finished upload (`videoUpload=<id>`): app/models/video/upload.server.ts.

const offsetHeaders = (received: number) => ({ 'Upload-Offset': String(received) })

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireRole(request, 'staff', 'api')
  const upload = await resumableUpload(params.uploadId, staff.id)
  if (!upload) return apiError(404, 'Upload not found')
  return json(
    { success: true, id: upload.id, received: upload.received, size: upload.size },
    { headers: offsetHeaders(upload.received) },
  )
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff', 'api')
  if (request.method === 'DELETE') {
    const upload = await uploadOf(params.uploadId, staff.id)
    if (!upload) return apiError(404, 'Upload not found')
    await discardUpload(upload.id)
    return json({ success: true, message: 'Upload cancelled' })
  }
  if (request.method !== 'PUT') return apiError(405, 'Method not allowed')
  const range = parseContentRange(request.headers.get('Content-Range'))
  if (!range) return apiError(400, 'Content-Range: expected "bytes <start>-<end>/<size>"')
  const outcome = await appendChunk({ id: params.uploadId, userId: staff.id, range, body: request.body })
  if (!outcome.ok) {
    const extra = outcome.received === undefined ? {} : { received: outcome.received }
    const response = apiError(outcome.status, outcome.message, extra)
    if (outcome.received !== undefined) response.headers.set('Upload-Offset', String(outcome.received))
    if (outcome.status === 503) response.headers.set('Retry-After', '5')
    return response
  }
  if (outcome.complete) {
    const check = await checkVideoFile(outcome.path)
    if (!check.ok) {
      await discardUpload(outcome.upload.id)
      return apiError(400, check.message)
    }
  }
  return json(
    { success: true, received: outcome.received, size: outcome.upload.size, complete: outcome.complete },
    { headers: offsetHeaders(outcome.received) },
  )
}
