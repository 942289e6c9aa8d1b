import { z } from 'zod'
import { IMAGE_MESSAGES, QUIZ_IMAGE_ALT_MAX } from '~/lib/quiz/images'

// The quiz editor's images panel: the text field of an upload (the file, `image`, is checked from its bytes on the
// server by app/models/quiz/images.server.ts, which holds the same alt-text rule for the API).
export const quizImageFormSchema = z.object({
  imageAlt: z
    .string({ error: IMAGE_MESSAGES.altMissing })
    .trim()
    .min(1, IMAGE_MESSAGES.altMissing)
    .max(QUIZ_IMAGE_ALT_MAX, IMAGE_MESSAGES.altTooLong),
})

/** The panel's delete post: which image. */
export const quizImageDeleteSchema = z.object({ imageId: z.string().regex(/^[0-9a-f]{24}$/) })
