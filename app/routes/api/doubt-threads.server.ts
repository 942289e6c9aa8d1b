import { z } from 'zod'
import { DOUBT_MESSAGES, DOUBTS_PER_HOUR, pageOf } from '~/lib/doubts/rules'
import type { TargetAccess, Viewer } from '~/models/doubts/access.server'
import { askDoubt, DOUBT_IMAGE_MAX_BYTES, type AskInput } from '~/models/doubts/ask.server'
import { threadFor } from '~/models/doubts/threads.server'
import { doubtJson } from '~/presenters/doubts.server'
import { DoubtShape } from '~/presenters/doubt-shapes'
import { ApiErrorShape } from '~/presenters/v1-shapes'
import { apiError, json, readJsonBody } from '~/utils/api.server'
import { parseForm } from '~/utils/body.server'
import { appOrigin } from '~/utils/origin.server'
import { ok } from './endpoints.server'

// The two threads of doubts the v1 API serves (a lecture's, ./lectures.server.ts; a question's, ./quiz-doubts.server.ts):
// the same answers, after each one's own access check (app/models/doubts/access.server.ts), which comes before the
// body is read. A refusal carries the model's message and nothing of the thread.

export const ThreadShape = ok({
  doubts: z
    .array(DoubtShape)
    .describe("this page's answered public doubts, newest first; on page 1 then the caller's own unanswered ones"),
  answeredCount: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
})
export const AskedShape = ok({ doubt: DoubtShape })
export const ThreadQuery = z.object({ page: z.string().optional().describe('From 1; 10 answered doubts a page') })

/** A refused ask names the field at fault (`body`, `videoAt`, `image`). */
export const ASK_REFUSAL = {
  description: `the field at fault, as \`field\`, and why: "${DOUBT_MESSAGES.bodyMissing}", "${DOUBT_MESSAGES.bodyTooLong}", a bad time or image`,
  schema: ApiErrorShape.extend({ field: z.enum(['body', 'videoAt', 'image']) }),
}
/** The body of an ask: the JSON fields, or the same as multipart with the file `image`. */
export const askBody = <T extends z.ZodRawShape>(fields: z.ZodObject<T>) => ({
  json: fields,
  multipart: fields.extend({ image: z.string().optional().describe('PNG, JPEG or WebP, at most 1 MB') }),
})
export const THREAD_ERRORS = {
  403: `"${DOUBT_MESSAGES.noAccess}" or "${DOUBT_MESSAGES.notSubmitted}"`,
  404: `"${DOUBT_MESSAGES.lectureGone}" or "${DOUBT_MESSAGES.questionGone}"`,
}
/** What an ask may answer besides the thread's refusals: a refused field, or the hourly limit. */
export const ASK_ERRORS = {
  ...THREAD_ERRORS,
  400: ASK_REFUSAL,
  429: {
    description: `more than ${DOUBTS_PER_HOUR} doubts in an hour`,
    schema: ApiErrorShape.extend({ field: z.literal('body') }),
  },
}

/** The thread a viewer with access reads, page `?page=`. */
export async function threadAnswer(request: Request, viewer: Viewer, access: TargetAccess) {
  if (!access.ok) return apiError(access.status, access.message)
  const page = pageOf(new URL(request.url).searchParams.get('page'))
  const thread = await threadFor(viewer, access.target, page)
  const origin = appOrigin(request)
  return json({
    success: true,
    doubts: [...thread.answered, ...thread.pending].map((d) => doubtJson(d, origin)),
    answeredCount: thread.answeredCount,
    page: thread.page,
    pages: thread.pages,
  })
}

/**
 * A doubt's body as JSON `{body, videoAt?}` or multipart (`body`, `videoAt`, the file `image`). A file past the
 * image limit is the image's refusal, as the model words it; any other unreadable body, the body reader's answer.
 */
export async function readAskBody(request: Request): Promise<{ doubt: AskInput } | { refusal: Response }> {
  const type = (request.headers.get('Content-Type') ?? '').toLowerCase()
  if (!type.startsWith('multipart/form-data')) {
    const body = await readJsonBody(request)
    return { doubt: { body: body.body, videoAt: body.videoAt ?? null, image: null } }
  }
  const parsed = await parseForm(request, { maxFiles: 1, maxFileSize: DOUBT_IMAGE_MAX_BYTES })
  if (!parsed.ok)
    return {
      refusal:
        parsed.reason === 'file-too-large'
          ? apiError(400, DOUBT_MESSAGES.imageTooBig, { field: 'image' })
          : apiError(parsed.status, parsed.message),
    }
  const file = parsed.form.get('image')
  const image = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null
  return { doubt: { body: parsed.form.get('body'), videoAt: parsed.form.get('videoAt'), image } }
}

/** Asks a doubt on the target; 201 with the doubt as its asker now reads it. */
export async function askAnswer(
  request: Request,
  viewer: Viewer,
  access: TargetAccess,
  { videoAt }: { videoAt: boolean },
) {
  if (!access.ok) return apiError(access.status, access.message)
  const read = await readAskBody(request)
  if ('refusal' in read) return read.refusal
  const doubt = videoAt ? read.doubt : { ...read.doubt, videoAt: null }
  const asked = await askDoubt({ viewer, target: access.target, doubt })
  if (!asked.ok) return apiError(asked.status, asked.message, { field: asked.field })
  // The new doubt is the asker's own, unanswered: on page 1 of their thread.
  const thread = await threadFor(viewer, access.target, 1)
  const item = thread.pending.find((d) => d.id === asked.doubtId)
  if (!item) return apiError(404, DOUBT_MESSAGES.notFound)
  return json({ success: true, doubt: doubtJson(item, appOrigin(request)) }, 201)
}
