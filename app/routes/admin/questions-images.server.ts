import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'
import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { IMAGE_MESSAGES, QUIZ_IMAGE_MAX_BYTES } from '~/lib/quiz/images'
import { bodyRejection, parseForm } from '~/utils/body.server'
import { quizImageAction, quizImagesPanelData } from './quiz-images.server'

// The figures of the question bank on its staff pages (/admin/questions/new and /admin/questions/{id}): the Edit
// Quiz page's images panel (./quiz-images.server.ts) for the images of the bank's own quiz, which every bank
// question's markup may name (app/models/bank/images.server.ts). Stored, checked and audited by the quiz editor's
// model (app/models/quiz/images.server.ts); served to learners by app/routes/quiz/image.ts.

/** How many of the bank's images the panel lists, newest first. */
export const BANK_PANEL_IMAGES = 50

/** The panel's loader data: the bank's newest images, and the delete confirmation asked for. */
export const bankImagesPanelData = (request: Request) =>
  quizImagesPanelData(request, BANK_QUIZ_ID, { newest: BANK_PANEL_IMAGES })

/**
 * The bank page's post, read once whatever it carries: the question form (urlencoded) or an upload (multipart, one
 * file of at most 1 MB, cut off while it streams in). An upload over the limit is answered as the panel's own
 * refusal, beside its file field; any other unreadable body as readForm answers it.
 */
export async function readBankPageForm(
  request: Request,
): Promise<{ form: FormData } | { response: ReturnType<typeof data> }> {
  const result = await parseForm(request, { maxFiles: 1, maxFileSize: QUIZ_IMAGE_MAX_BYTES })
  if (result.ok) return { form: result.form }
  if (result.reason !== 'file-too-large') throw bodyRejection(result)
  // The body was cut off, the alt text with it: only the file is named (an empty schema adds no error of its own).
  const reply = parseWithZod(new FormData(), { schema: z.object({}) }).reply({
    fieldErrors: { image: [IMAGE_MESSAGES.tooBig] },
  })
  return { response: data({ kind: 'image' as const, result: reply }, { status: 413 }) }
}

/** The panel's posts (image-add / image-delete) on the bank's quiz, back to `back`; null for any other intent. */
export const bankImageAction = (form: FormData, { actorId, back }: { actorId: string; back: string }) =>
  quizImageAction(form, { actorId, quizId: BANK_QUIZ_ID, back })
