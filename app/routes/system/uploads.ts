import { getStorage, isValidKey } from '~/services/storage.server'
import type { Route } from './+types/uploads'

// Public uploads (profile photos, course images), served with nosniff. Notes are never served here: they go
// through /my-courses/{id}/notes/{lectureId}, which checks access first.
export async function loader({ params }: Route.LoaderArgs) {
  const key = params['*'] ?? ''
  if (!isValidKey(key) || key.startsWith('notes/')) return new Response('Not found', { status: 404 })
  const object = await getStorage().get(key)
  if (!object) return new Response('Not found', { status: 404 })
  return new Response(Buffer.from(object.body), {
    headers: {
      'Content-Type': object.contentType,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
