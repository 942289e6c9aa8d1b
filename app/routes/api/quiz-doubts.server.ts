import { z } from 'zod'
import { DOUBTS_PER_HOUR } from '~/lib/doubts/rules'
import { questionDoubtAccess } from '~/models/doubts/access.server'
import { endpoint, type SignedInArgs } from './endpoints.server'
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

// /api/v1/quiz: ours, the API twins of a question's doubts page (the rows of ./quiz.server.ts's table;
// docs/decisions/034-doubts.md). Only staff, and learners who submitted the paper (the thread holds its key), read
// or ask: questionDoubtAccess, checked before the body is read. Four segments: no older path of the table matches.

const path = '/:quizId/questions/:questionId/doubts'

const AskQuestionDoubt = z.object({
  body: z.string().describe('Markdown with LaTeX `$...$` and `\\ce{}`; at most 5,000 characters'),
})

export const questionDoubtEndpoints = [
  endpoint({
    method: 'GET',
    path,
    summary:
      "Ours: a question's answered doubts (across its versions; 10 a page, newest first) and, on page 1, the caller's own pending ones; after the caller submitted the paper",
    guard: 'signedIn',
    query: ThreadQuery,
    success: { 200: ThreadShape },
    errors: THREAD_ERRORS,
    handler: async ({ request, params, user }: SignedInArgs) =>
      threadAnswer(request, user, await questionDoubtAccess(user, params.quizId, params.questionId)),
  }),
  endpoint({
    method: 'POST',
    path,
    summary: `Ours: asks a doubt on a question of a submitted paper (JSON, or multipart with an \`image\`: PNG, JPEG or WebP, at most 1 MB); at most ${DOUBTS_PER_HOUR} an hour`,
    guard: 'signedIn',
    body: askBody(AskQuestionDoubt),
    success: { 201: AskedShape },
    errors: ASK_ERRORS,
    handler: async ({ request, params, user }: SignedInArgs) =>
      askAnswer(request, user, await questionDoubtAccess(user, params.quizId, params.questionId), { videoAt: false }),
  }),
]
