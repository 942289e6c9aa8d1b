import { z } from 'zod'
import { DOUBTS_PER_HOUR } from '~/lib/doubts/rules'
import { lectureDoubtAccess } from '~/models/doubts/access.server'
import { apiResource, endpoint, type SignedInArgs } from './endpoints.server'
import {
  askAnswer,
  ASK_ERRORS,
  askBody,
  AskedShape,
  THREAD_ERRORS,
  ThreadQuery,
  ThreadShape,
  threadAnswer,
} from './doubt-threads.server'

// /api/v1/lectures/*: ours, the API twins of a lecture's doubts page (docs/decisions/034-doubts.md). Who may read
// and ask is the course's access now (lectureDoubtAccess), checked on every call before the body is read.

/** What a lecture doubt carries: the markup, and optionally where in the video and an image. */
const AskLectureDoubt = z.object({
  body: z.string().describe('Markdown with LaTeX `$...$` and `\\ce{}`; at most 5,000 characters'),
  videoAt: z
    .union([z.number().int(), z.string()])
    .nullable()
    .optional()
    .describe('where in the video: seconds, or "12:34"'),
})

export const lecturesApi = apiResource({
  mount: '/api/v1/lectures',
  endpoints: [
    endpoint({
      method: 'GET',
      path: '/:lectureId/doubts',
      summary:
        "Ours: a lecture's answered doubts (10 a page, newest first) and, on page 1, the caller's own pending ones",
      guard: 'signedIn',
      query: ThreadQuery,
      success: { 200: ThreadShape },
      errors: THREAD_ERRORS,
      handler: async ({ request, params, user }: SignedInArgs) =>
        threadAnswer(request, user, await lectureDoubtAccess(user, params.lectureId)),
    }),
    endpoint({
      method: 'POST',
      path: '/:lectureId/doubts',
      summary: `Ours: asks a doubt on a lecture (JSON, or multipart with an \`image\`: PNG, JPEG or WebP, at most 1 MB); at most ${DOUBTS_PER_HOUR} an hour`,
      guard: 'signedIn',
      body: askBody(AskLectureDoubt),
      success: { 201: AskedShape },
      errors: ASK_ERRORS,
      handler: async ({ request, params, user }: SignedInArgs) =>
        askAnswer(request, user, await lectureDoubtAccess(user, params.lectureId), { videoAt: true }),
    }),
  ],
})
