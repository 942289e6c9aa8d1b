import { getUser } from '~/auth/session.server'
import { MIME, sniffImage } from '~/lib/file-type'
import { doubtImageFor } from '~/models/doubts/learner.server'
import { getStorage } from '~/services/storage.server'
import type { Route } from './+types/doubt-image'

// /doubt-images/{doubtId}/{question|answer}: a doubt's image or its answer's, after the doubt's own access check
// (doubtImageFor: staff; the asker; anyone who may read the thread once the doubt is answered and shown). Anyone
// else, signed out included, gets the same 404 as for an image that does not exist. Kept by the browser only: access
// can end, and a shared cache must never hand a paid course's image on.
const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getUser(request)
  if (!user) return notFound()
  const key = await doubtImageFor(user, params.doubtId, params.which)
  const object = key ? await getStorage().get(key) : null
  // The type is read from the bytes (stored after the same check), never from the key's name.
  const type = object ? sniffImage(object.body) : null
  if (!object || !type) return notFound()
  return new Response(Buffer.from(object.body), {
    headers: {
      'Content-Type': MIME[type],
      'Content-Length': String(object.body.byteLength),
      'Cache-Control': 'private, max-age=3600',
      'X-Content-Type-Options': 'nosniff',
      // Opened directly, an image can run nothing.
      'Content-Security-Policy': "default-src 'none'",
    },
  })
}
