import { getStorage, isPublicKey } from '~/services/storage.server'
import type { Route } from './+types/uploads'

// Public uploads (profile photos, course images). server.js adds X-Content-Type-Options: nosniff to every
// response; the CSP below keeps an uploaded file from running anything even if opened directly. Notes and quiz images are
// never served here: notes go through /my-courses/{id}/notes/{lectureId} and quiz images through /quiz-images/..., which
// check who may see them first.
export async function loader({ params }: Route.LoaderArgs) {
  const key = params['*'] ?? ''
  if (!isPublicKey(key)) return new Response('Not found', { status: 404 })
  const object = await getStorage().get(key)
  if (!object) return new Response('Not found', { status: 404 })
  return new Response(Buffer.from(object.body), {
    headers: {
      'Content-Type': object.contentType,
      'Content-Security-Policy': "default-src 'none'",
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
