import { z } from 'zod'
import { isId } from '~/lib/ids'
import { QUIZ_IMAGE_ALT_MAX } from '~/lib/quiz/images'
import { addQuizImage } from '~/models/quiz/images.server'
import { apiError, json } from '~/utils/api.server'
import { absoluteOnOrigin, appOrigin } from '~/utils/origin.server'
import { parseQuizImageUpload, textFields } from '~/utils/upload.server'
import { endpoint, ok, type SignedInArgs } from '../endpoints.server'

// /api/v1/admin: an image uploaded to a quiz (the row of ../admin.server.ts's table), the twin of the quiz editor's
// images panel. Questions then name it in their markup, `![alt](name)`; the answer gives that name.

const QuizImageBody = z.object({
  image: z.string().describe('the file: PNG, JPEG or WebP (checked from its bytes), at most 1 MB'),
  alt: z
    .string()
    .describe(`alt text, required, at most ${QUIZ_IMAGE_ALT_MAX} characters: what the image shows, for screen readers`),
})

const addImage = async ({ request, params, user }: SignedInArgs) => {
  if (!isId(params.quizId)) return apiError(404, 'Quiz not found')
  const upload = await parseQuizImageUpload(request)
  if (!upload.ok)
    return apiError(
      upload.status,
      upload.field ? `${upload.field}: ${upload.message}` : upload.message,
      upload.field ? { field: upload.field } : {},
    )
  const result = await addQuizImage({
    actorId: user.id,
    quizId: params.quizId,
    bytes: upload.image?.bytes ?? null,
    fileName: upload.image?.fileName ?? '',
    alt: textFields(upload.form).alt,
  })
  if (!result.ok)
    return result.field === 'quiz'
      ? apiError(404, result.message)
      : apiError(400, `${result.field}: ${result.message}`, { field: result.field })
  const { name, url } = result.image
  return json({ success: true, image: { name, url: absoluteOnOrigin(url, appOrigin(request)) } })
}

export const adminQuizImageEndpoints = [
  endpoint({
    method: 'POST',
    path: '/quiz/:quizId/images',
    summary:
      "Uploads an image to a quiz; its questions show it with the markup ![alt](name), name as answered (the file's " +
      "own name made safe and unique within the quiz: 'Gel Photo.PNG' -> gel-photo.png)",
    guard: 'staff',
    body: { multipart: QuizImageBody },
    success: { 200: ok({ image: z.object({ name: z.string(), url: z.string() }) }) },
    errors: {
      400: 'the field at fault and why, with `field` ("image: The image must be a PNG, JPEG or WebP file", "alt: Alt text is required: ...")',
      404: 'Quiz not found',
      413: '"image: The image is too large (at most 1 MB)"',
      415: 'not multipart',
    },
    handler: addImage,
  }),
]
