import { z } from 'zod'
import { DOUBT_MESSAGES, INBOX_STATUSES, inboxStatusOf, pageOf } from '~/lib/doubts/rules'
import { isId } from '~/lib/ids'
import { inboxPage } from '~/models/doubts/inbox.server'
import { answerDoubt, resolveDoubt, setDoubtHidden, type StaffOutcome } from '~/models/doubts/moderation.server'
import { doubtColumns, doubtItem, doubtsWithText } from '~/models/doubts/threads.server'
import { inboxDoubtJson, staffDoubtJson } from '~/presenters/doubts.server'
import { InboxDoubtShape, StaffDoubtShape } from '~/presenters/doubt-shapes'
import { ApiErrorShape } from '~/presenters/v1-shapes'
import { apiError, json, readJsonBody } from '~/utils/api.server'
import { appOrigin } from '~/utils/origin.server'
import { endpoint, ok, type SignedInArgs } from '../endpoints.server'
import { readAskBody } from '../doubt-threads.server'

// /api/v1/admin: the staff inbox of doubts and its work (the rows of ../admin.server.ts's table), the twins of
// /admin/doubts: the same models (app/models/doubts/inbox.server.ts, moderation.server.ts), so the same rules,
// the same audit and the same one e-mail (docs/decisions/034-doubts.md).

const InboxQuery = z.object({
  courseId: z.string().optional().describe("a course's doubts"),
  quizId: z.string().optional().describe("a paper's doubts"),
  status: z
    .enum(INBOX_STATUSES)
    .optional()
    .describe('all (the default: unanswered first), open, answered, resolved, hidden'),
  page: z.string().optional().describe('From 1; 20 doubts a page'),
})

const refusal = (field: string, message: string) => apiError(400, `${field}: ${message}`, { field })

async function list({ request }: SignedInArgs) {
  const query = new URL(request.url).searchParams
  const courseId = query.get('courseId') || null
  const quizId = query.get('quizId') || null
  const status = query.get('status') || 'all'
  if (courseId && !isId(courseId)) return refusal('courseId', 'not a course id')
  if (quizId && !isId(quizId)) return refusal('quizId', 'not a quiz id')
  if (inboxStatusOf(status) !== status) return refusal('status', `one of ${INBOX_STATUSES.join(', ')}`)
  const inbox = await inboxPage({ courseId, quizId, status: inboxStatusOf(status), page: pageOf(query.get('page')) })
  const origin = appOrigin(request)
  return json({
    success: true,
    doubts: inbox.doubts.map((d) => inboxDoubtJson(d, origin)),
    total: inbox.total,
    page: inbox.page,
    pages: inbox.pages,
  })
}

/** The doubt as staff read it after their work (the model has just found it). */
async function staffDoubt(doubtId: string) {
  const row = await doubtsWithText().select(doubtColumns).where('d.id', '=', doubtId).executeTakeFirst()
  return row ? doubtItem(row, null, new Set()) : undefined
}

async function answered(request: Request, doubtId: string, outcome: StaffOutcome) {
  if (!outcome.ok)
    return outcome.field
      ? apiError(outcome.status, outcome.message, { field: outcome.field })
      : apiError(outcome.status, outcome.message)
  const doubt = await staffDoubt(doubtId)
  if (!doubt) return apiError(404, DOUBT_MESSAGES.notFound)
  return json({ success: true, message: outcome.message, doubt: staffDoubtJson(doubt, appOrigin(request)) })
}

async function answer({ request, params, user }: SignedInArgs) {
  if (!isId(params.doubtId)) return apiError(404, DOUBT_MESSAGES.notFound)
  const read = await readAskBody(request)
  if ('refusal' in read) return read.refusal
  const outcome = await answerDoubt({
    actorId: user.id,
    doubtId: params.doubtId,
    body: read.doubt.body,
    image: read.doubt.image,
    origin: appOrigin(request),
  })
  return answered(request, params.doubtId, outcome)
}

async function hide({ request, params, user }: SignedInArgs) {
  if (!isId(params.doubtId)) return apiError(404, DOUBT_MESSAGES.notFound)
  const hidden = (await readJsonBody(request)).hidden ?? true
  if (typeof hidden !== 'boolean') return refusal('hidden', 'true or false')
  return answered(request, params.doubtId, await setDoubtHidden({ actorId: user.id, doubtId: params.doubtId, hidden }))
}

async function resolve({ request, params, user }: SignedInArgs) {
  if (!isId(params.doubtId)) return apiError(404, DOUBT_MESSAGES.notFound)
  return answered(request, params.doubtId, await resolveDoubt({ actorId: user.id, doubtId: params.doubtId }))
}

const Done = ok({ message: z.string(), doubt: StaffDoubtShape })
const NOT_FOUND = { 404: DOUBT_MESSAGES.notFound }
const AnswerBody = z.object({
  body: z.string().describe('the answer: the same markup as questions; at most 5,000 characters'),
})

export const adminDoubtEndpoints = [
  endpoint({
    method: 'GET',
    path: '/doubts',
    summary:
      'The doubts inbox: 20 a page, unanswered first, then newest first; each with its learner and what it is about (a question with its key)',
    guard: 'staff',
    query: InboxQuery,
    success: {
      200: ok({
        doubts: z.array(InboxDoubtShape),
        total: z.number().int(),
        page: z.number().int(),
        pages: z.number().int(),
      }),
    },
    errors: {
      400: {
        description: 'a malformed filter, named as `field` (courseId, quizId, status)',
        schema: ApiErrorShape.extend({ field: z.enum(['courseId', 'quizId', 'status']) }),
      },
    },
    handler: list,
  }),
  endpoint({
    method: 'POST',
    path: '/doubts/:doubtId/answer',
    summary:
      'Answers a doubt (again: replaces the answer), JSON or multipart with an `image` (PNG, JPEG or WebP, at most 1 MB); the learner is e-mailed once; audited',
    guard: 'staff',
    body: {
      json: AnswerBody,
      multipart: AnswerBody.extend({ image: z.string().optional().describe('PNG, JPEG or WebP, at most 1 MB') }),
    },
    success: { 200: Done },
    errors: {
      ...NOT_FOUND,
      400: {
        description: `the field at fault, as \`field\`: "${DOUBT_MESSAGES.answerMissing}", "${DOUBT_MESSAGES.answerTooLong}", or a bad image`,
        schema: ApiErrorShape.extend({ field: z.enum(['body', 'image']) }),
      },
    },
    handler: answer,
  }),
  endpoint({
    method: 'POST',
    path: '/doubts/:doubtId/resolve',
    summary: 'Marks a doubt resolved (answered or not: a duplicate, or settled elsewhere); audited',
    guard: 'staff',
    success: { 200: Done },
    errors: NOT_FOUND,
    handler: resolve,
  }),
  endpoint({
    method: 'POST',
    path: '/doubts/:doubtId/hide',
    summary: 'Hides a doubt from every learner (`hidden`: true, the default), or shows it again (false); audited',
    guard: 'staff',
    body: { json: z.object({ hidden: z.boolean().optional().describe('default true') }) },
    success: { 200: Done },
    errors: {
      ...NOT_FOUND,
      400: {
        description: '`hidden` is not true or false',
        schema: ApiErrorShape.extend({ field: z.literal('hidden') }),
      },
    },
    handler: hide,
  }),
]
