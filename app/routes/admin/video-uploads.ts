import { requireRole } from '~/auth/guard.server'
import { startUpload } from '~/models/video/staging.server'
import { apiError, json } from '~/utils/api.server'
import { parseJsonObject } from '~/utils/body.server'
import type { Route } from './+types/video-uploads'

// POST /admin/video-uploads {fileName, size, sha256?} -> 201 {success, id, chunkSize}: starts a resumable upload of a
// lecture's video (staff only; the protocol: app/models/video/staging.server.ts, the client:
// app/components/video/video-upload-field.tsx). `sha256`, the file's SHA-256 in hex, is optional: given, the whole
// upload must match it. A size over VIDEO_MAX_MB is refused before a byte is sent (413), as is one past the staff
// member's staging quota (413) or everyone's (507).

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff', 'api')
  if (request.method !== 'POST') return apiError(405, 'Method not allowed')
  const body = await parseJsonObject(request)
  if (!body.ok) return apiError(body.status, body.message)
  const { fileName, size, sha256 } = body.body
  const started = await startUpload({ userId: staff.id, fileName, size, sha256 })
  if (!started.ok) return apiError(started.status, started.message)
  return json({ success: true, id: started.id, chunkSize: started.chunkSize }, 201)
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff', 'api')
  return apiError(405, 'Method not allowed')
}
