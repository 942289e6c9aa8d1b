import { z } from 'zod'

// The doubt wire shapes (docs/decisions/034-doubts.md) as zod schemas: the types of ./doubts.server.ts and the
// response schemas of the OpenAPI document. Strict, like ./v1-shapes.ts: a key the presenter adds without a line
// here fails the recorded-response test (tests/integration/openapi.test.ts).

const id = z.string().describe('24 lowercase hex characters (opaque to clients)')
const isoTime = z.string().describe('ISO-8601 UTC with milliseconds')
const html = z.string().describe('sanitised HTML from the markup renderer (Markdown, LaTeX, chemistry)')
const imageUrl = z.string().nullable().describe('absolute; served after the same access check as the doubt')

export const DoubtAnswerShape = z.object({ body: z.string(), bodyHtml: html, imageUrl, answeredAt: isoTime })

/** A doubt as a learner with access reads it under a lecture or a question. */
export const DoubtShape = z.object({
  _id: id,
  body: z.string().nullable().describe("the learner's words; null once the learner's account is deleted"),
  bodyHtml: html.nullable(),
  imageUrl,
  videoAt: z.number().int().nullable().describe('seconds into the lecture video (lectures only)'),
  status: z.enum(['open', 'answered', 'resolved']),
  answer: DoubtAnswerShape.nullable(),
  helped: z.number().int().describe("how many learners marked 'This helped me'"),
  helpedByMe: z.boolean(),
  mine: z.boolean().describe("the caller's own doubt"),
  createdAt: isoTime,
})

/** A doubt as staff read it after answering, resolving or hiding it. */
export const StaffDoubtShape = DoubtShape.omit({ helpedByMe: true, mine: true }).extend({
  hidden: z.boolean().describe('hidden from every learner (moderation)'),
})

/** A doubt of the staff inbox: who asked, and what it is about (a question with its key). */
export const InboxDoubtShape = StaffDoubtShape.extend({
  learner: z.object({ _id: id, name: z.string(), email: z.string() }).nullable().describe('null: account deleted'),
  lecture: z
    .object({
      courseId: id.nullable(),
      courseTitle: z.string().nullable(),
      lectureId: id,
      lectureTitle: z.string().nullable(),
      lectureExists: z.boolean().describe('false once the lecture is deleted (the doubt keeps its title)'),
    })
    .nullable(),
  question: z
    .object({
      quizId: id,
      quizTitle: z.string().nullable(),
      questionId: id,
      questionHtml: html.nullable().describe('null when the question version is gone'),
      optionsHtml: z.array(html),
      explanationHtml: html.nullable(),
      key: z.string().nullable().describe("the answer key: 'B', 'A, C' or '2.5 – 2.7'"),
    })
    .nullable(),
})
