import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { imageMarkup, questionList } from '~/lib/quiz/images'
import { imageUse } from '~/models/quiz/image-use.server'
import { addQuizImage, deleteQuizImage, listQuizImages } from '~/models/quiz/images.server'
import { quizImageDeleteSchema, quizImageFormSchema } from '~/schemas/quiz-image'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import { fileOf, withoutFiles } from '~/utils/upload.server'
import type { ImageDeleteConfirm, QuizImageItem } from '~/components/admin/quiz-editor/images-panel'
import { deleteAsked } from './delete-step.server'

// The Edit Quiz page's images panel: its loader data and its two posts (upload, delete after a confirmation rendered
// by the server at ?delete=<imageId>), each a plain form post, so it works without JavaScript.

export async function quizImagesPanelData(request: Request, quizId: string) {
  const images = await listQuizImages(quizId)
  const asked = deleteAsked(request)
  const image = asked ? images.find((i) => i.id === asked) : undefined
  let confirmImage: ImageDeleteConfirm | null = null
  if (image) {
    const use = await imageUse(quizId, image.id)
    confirmImage = { id: image.id, name: image.name, usedBy: use.current, earlierVersions: use.archived }
  }
  return {
    images: images.map((i): QuizImageItem => ({
      id: i.id,
      name: i.name,
      url: i.url,
      alt: i.alt,
      markup: imageMarkup(i),
      byteSize: i.byteSize,
      width: i.width,
      height: i.height,
    })),
    confirmImage,
  }
}

/** Which of the panel's questions a refusal names: the file or its alt text. */
const FORM_FIELD = { image: 'image', alt: 'imageAlt' } as const

/**
 * The panel's posts (intent image-add / image-delete), or null for any other intent. Success and a refused delete
 * go back to the page with a message; a refused upload answers the form with the field at fault.
 */
export async function quizImageAction(
  form: FormData,
  { actorId, quizId }: { actorId: string; quizId: string },
): Promise<Response | ReturnType<typeof data> | null> {
  const intent = form.get('intent')
  const back = `/admin/edit-quiz/${quizId}`
  if (intent === 'image-add') {
    const submission = parseWithZod(withoutFiles(form), { schema: quizImageFormSchema })
    const file = fileOf(form, 'image')
    const result = await addQuizImage({
      actorId,
      quizId,
      bytes: file ? new Uint8Array(await file.arrayBuffer()) : null,
      fileName: file?.name ?? '',
      alt: String(form.get('imageAlt') ?? ''),
    })
    if (!result.ok) {
      if (result.field === 'quiz') throw data('Quiz not found', { status: 404 })
      return data(
        {
          kind: 'image' as const,
          result: submission.reply({ fieldErrors: { [FORM_FIELD[result.field]]: [result.message] } }),
        },
        { status: 400 },
      )
    }
    throw await redirectWithSuccess(
      `${back}?images#quiz-images`,
      `Image ${result.image.name} added: put ${imageMarkup(result.image)} in a question to show it`,
    )
  }
  if (intent === 'image-delete') {
    const parsed = quizImageDeleteSchema.safeParse({ imageId: form.get('imageId') })
    if (!parsed.success) throw await redirectWithError(back, 'Nothing changed: the request was not understood')
    const result = await deleteQuizImage({ actorId, quizId, imageId: parsed.data.imageId })
    if (result.ok) throw await redirectWithSuccess(`${back}?images#quiz-images`, `Image ${result.image.name} deleted`)
    throw await redirectWithError(
      `${back}?images#quiz-images`,
      result.reason === 'not-found'
        ? 'Image not found'
        : `${questionList(result.questions)} use this image: take it out of them and save, then delete it`,
    )
  }
  return null
}
