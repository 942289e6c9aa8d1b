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
// by the server at ?delete=<imageId>), each a plain form post, so it works without JavaScript. The question bank's
// pages use the same panel for the bank's own images (./questions-images.server.ts).

/**
 * The panel's loader data. `newest`: list only that many images, newest first (the bank holds thousands); the
 * confirmation still finds any image of the quiz.
 */
export async function quizImagesPanelData(request: Request, quizId: string, { newest }: { newest?: number } = {}) {
  const all = await listQuizImages(quizId)
  const images = newest === undefined ? all : all.slice(-newest).reverse()
  const asked = deleteAsked(request)
  const image = asked ? all.find((i) => i.id === asked) : undefined
  let confirmImage: ImageDeleteConfirm | null = null
  if (image) {
    const use = await imageUse(quizId, image.id)
    confirmImage = {
      id: image.id,
      name: image.name,
      usedBy: use.current,
      earlierVersions: use.archived,
      ...(use.bankQuestions ? { usedByBank: use.bankQuestions } : {}),
    }
  }
  return {
    imageCount: all.length,
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

/** Why an image in use cannot go: the paper's question numbers, or how many bank questions show it. */
function inUseMessage(result: { questions: number[]; bankQuestions?: string[] }) {
  const n = result.bankQuestions?.length
  const users = n ? `${n} bank question${n === 1 ? '' : 's'}` : questionList(result.questions)
  return `${users} use${n === 1 ? 's' : ''} this image: take it out of ${n === 1 ? 'it' : 'them'} and save, then delete it`
}

/**
 * The panel's posts (intent image-add / image-delete), or null for any other intent. Success and a refused delete
 * go back to the page (`back`, the Edit Quiz page unless given) with a message; a refused upload answers the form
 * with the field at fault.
 */
export async function quizImageAction(
  form: FormData,
  { actorId, quizId, back = `/admin/edit-quiz/${quizId}` }: { actorId: string; quizId: string; back?: string },
): Promise<Response | ReturnType<typeof data> | null> {
  const intent = form.get('intent')
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
      result.reason === 'not-found' ? 'Image not found' : inUseMessage(result),
    )
  }
  return null
}
