import { getUser } from '~/auth/session.server'
import { isId } from '~/lib/ids'
import { isLiveMock } from '~/lib/quiz/window'
import { quizGate } from '~/models/quiz/access.server'
import { canSeeAnswerImage, canSeePaidFigure, imageForServing } from '~/models/quiz/image-use.server'
import { paperVersion } from '~/models/quiz/paper-memo.server'
import { getStorage } from '~/services/storage.server'
import type { Route } from './+types/image'

// /quiz-images/{imageId}/{name}: a quiz image. The address holds the image's id, which a new upload never reuses,
// so the bytes behind it never change: browsers keep it for a year. An image the questions use only in explanations
// belongs to the answer: staff and learners who have submitted that quiz, or a practice set or paper that showed it,
// get it (kept privately), anyone else a 404 as if it did not exist. The test view never names such an image:
// explanations are not sent before submission. A live mock's figures, like the rest of its paper, reach nobody but
// staff before the viewer's opening (the quiz gate, decision 029), and are not kept by shared caches until then. A
// paid paper's figures reach only those who may see the paper (canSeePaidFigure), kept privately.
const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } })

export async function loader({ request, params }: Route.LoaderArgs) {
  const image = isId(params.imageId) ? await imageForServing(params.imageId, params.name) : null
  if (!image) return notFound()
  const quiz = (await paperVersion(image.quizId))?.quiz
  const beforeOpening = !!quiz && isLiveMock(quiz) && Date.now() < new Date(quiz.opens_at!).getTime()
  if (beforeOpening && !(await quizGate(await getUser(request), image.quizId)).ok) return notFound()
  const paid = quiz?.category === 'paid'
  if (paid && image.visibility === 'public') {
    const user = await getUser(request)
    const gateOk = (await quizGate(user, image.quizId)).ok
    if (!(await canSeePaidFigure(user, image.quizId, params.imageId!, gateOk))) return notFound()
  }
  if (
    image.visibility === 'after-submit' &&
    !(await canSeeAnswerImage(await getUser(request), image.quizId, params.imageId!))
  )
    return notFound()
  const object = await getStorage().get(image.storageKey)
  if (!object) return notFound()
  return new Response(Buffer.from(object.body), {
    headers: {
      'Content-Type': image.contentType,
      'Content-Length': String(object.body.byteLength),
      'X-Content-Type-Options': 'nosniff',
      // Opened directly, an image can run nothing.
      'Content-Security-Policy': "default-src 'none'",
      // A paid paper's figures are kept by the browser only, never by a shared cache that could hand them on.
      'Cache-Control': beforeOpening
        ? 'private, no-store'
        : `${image.visibility === 'public' && !paid ? 'public' : 'private'}, max-age=31536000, immutable`,
    },
  })
}
