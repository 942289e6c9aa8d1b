import { z } from 'zod'
import { DIFFICULTIES, readTags, type BankTags, type FieldProblem } from '~/lib/bank/bank'
import { fieldLabel, type MarkupProblem } from '~/lib/markup/question'
import { createBankQuestion, setRetired, updateBankQuestion } from '~/models/bank/authoring.server'
import { listExams } from '~/models/bank/filters.server'
import { getBankQuestion, searchBank, type BankListRow } from '~/models/bank/search.server'
import { QUESTION_TYPES } from '~/schemas/admin-quiz'
import { bankQuestionApiSchema, bankQuestionDocSchema, readBankQuery } from '~/schemas/bank-question'
import { apiQuestionToDraft } from '~/schemas/quiz-form'
import { apiError, json, readJsonBody } from '~/utils/api.server'
import { endpoint, ok, type SignedInArgs } from '../endpoints.server'

// /api/v1/admin/questions: the question bank for staff, the twin of /admin/questions (the rows of ../admin.server.ts's
// table). The same filters (app/schemas/bank-question.ts readBankQuery), models and checks as the pages; every
// refusal is a 400 whose message starts with the field at fault, also given as `field`.

const id = z.string().describe('24 lowercase hex characters')

const BankQuestionShape = z.object({
  _id: id,
  questionText: z.string(),
  options: z.array(z.string()).describe('Four options; [] for a nat question'),
  type: z.enum(QUESTION_TYPES),
  subject: z.string(),
  topic: z.string(),
  subtopic: z.string().nullable(),
  exams: z.array(z.string()),
  year: z.number().int().nullable(),
  difficulty: z.enum(DIFFICULTIES),
  source: z.string().nullable(),
  correctOption: z.number().int().describe('mcq: the key (0-3); msq: the smallest keyed option; nat: 0'),
  correctOptions: z.array(z.number().int()).describe('The keyed options, 0-3: one for mcq, each for msq, none for nat'),
  answerMin: z.string().nullable().describe('nat: lowest accepted answer'),
  answerMax: z.string().nullable().describe('nat: highest accepted answer'),
  explanation: z.string().nullable(),
  retired: z.boolean().describe('Kept in old papers and results; never offered for new papers or practice'),
  papers: z.array(z.object({ _id: id, title: z.string() })).describe('The papers that hold it now'),
  stats: z
    .object({
      learners: z.number().int().describe('Submitted ranked attempts shown some version of it'),
      answered: z.number().int(),
      correct: z.number().int(),
      shareCorrect: z.number().nullable(),
      separation: z.number().nullable().describe('Point-biserial with the score share; null below 5 learners'),
      separationLabel: z.string(),
    })
    .describe('Across every paper it was in: submitted ranked attempts, answers saved in time'),
})

function questionJson(r: BankListRow): z.infer<typeof BankQuestionShape> {
  const key = r.key!
  return {
    _id: r.id,
    questionText: key.text,
    options: key.options,
    type: r.type,
    subject: r.subject,
    topic: r.topic,
    subtopic: r.subtopic,
    exams: r.exams,
    year: r.year,
    difficulty: r.difficulty,
    source: r.source,
    correctOption: key.correctOption,
    correctOptions: key.correctOptions,
    answerMin: key.answerMin,
    answerMax: key.answerMax,
    explanation: key.explanation,
    retired: r.retired,
    papers: r.papers.map((p) => ({ _id: p.id, title: p.title })),
    stats: r.stats,
  }
}

const refused = (p: FieldProblem) => apiError(400, `${p.field}: ${p.message}`, { field: p.field })

/** 'options[1]' for the path ['options', 1]. */
const fieldOf = (path: readonly PropertyKey[]) =>
  path.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i ? '.' : ''}${String(k)}`)).join('') || 'body'

const markupField = (p: MarkupProblem) => (p.field === 'options' ? `options[${p.option}]` : p.field)
const markupRefused = (p: MarkupProblem) =>
  apiError(400, `${markupField(p)}: ${fieldLabel(p)}: ${p.message}`, { field: markupField(p) })

/** The body of POST and PUT: the question (checked as create-quiz checks one) and its tags. */
async function questionBody(request: Request) {
  const body = await readJsonBody(request)
  const parsed = bankQuestionApiSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { error: refused({ field: fieldOf(issue.path), message: issue.message }) }
  }
  const tags = readTags(body, await listExams())
  if (!tags.ok) return { error: refused(tags.problems[0]!) }
  return { draft: apiQuestionToDraft(parsed.data), tags: tags.tags as BankTags }
}

const listHandler = async ({ request }: SignedInArgs) => {
  const { filters, page, problems } = readBankQuery(new URL(request.url).searchParams)
  if (problems.length) return refused(problems[0]!)
  const { total, rows } = await searchBank({ filters, page }, { withKey: true })
  return json({ success: true, questions: rows.map(questionJson), total, page })
}

const createHandler = async ({ request, user }: SignedInArgs) => {
  const { draft, tags, error } = await questionBody(request)
  if (error) return error
  const saved = await createBankQuestion({ actorId: user.id, draft, tags })
  if (!saved.ok) return markupRefused(saved.problems[0]!)
  return json({ success: true, question: questionJson((await getBankQuestion(saved.id))!) }, 201)
}

const updateHandler = async ({ request, params, user }: SignedInArgs) => {
  if (!(await getBankQuestion(params.questionId))) return apiError(404, 'Question not found')
  const { draft, tags, error } = await questionBody(request)
  if (error) return error
  const saved = await updateBankQuestion({ actorId: user.id, bankId: params.questionId, draft, tags })
  if (!saved) return apiError(404, 'Question not found')
  if (!saved.ok) return markupRefused(saved.problems[0]!)
  return json({
    success: true,
    newVersion: saved.newVersion,
    question: questionJson((await getBankQuestion(saved.id))!),
  })
}

const BankQuery = z.object({
  q: z.string().optional().describe('Words the question text contains'),
  subject: z.string().optional(),
  topic: z.string().optional().describe('May repeat: any of them'),
  exam: z.string().optional().describe('An exam name; may repeat: any of them'),
  year: z.string().optional().describe('A year; may repeat: any of them'),
  difficulty: z.enum(DIFFICULTIES).optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  used: z.enum(['yes', 'no']).optional().describe('yes: in some paper now; no: in none'),
  retired: z.enum(['include', 'only']).optional().describe('Left out: retired questions are not listed'),
  page: z.string().optional().describe('From 1; 20 questions a page'),
})

const REFUSAL =
  'the field at fault and why, also as `field` ("topic: Topic is required", "options[1]: Option 2 is required")'
const byId = ['questionId'] as const

export const adminQuestionEndpoints = [
  endpoint({
    method: 'GET',
    path: '/questions',
    summary: 'Searches the question bank: 20 questions a page, newest first, with their key, papers and statistics',
    guard: 'staff',
    query: BankQuery,
    success: { 200: ok({ questions: z.array(BankQuestionShape), total: z.number().int(), page: z.number().int() }) },
    errors: { 400: REFUSAL },
    handler: listHandler,
  }),
  endpoint({
    method: 'POST',
    path: '/questions',
    summary: 'Adds a question to the bank',
    guard: 'staff',
    body: { json: bankQuestionDocSchema },
    success: { 201: ok({ question: BankQuestionShape }) },
    errors: { 400: REFUSAL },
    handler: createHandler,
  }),
  endpoint({
    method: 'GET',
    path: '/questions/:questionId',
    idParams: byId,
    summary: 'A bank question with its key, papers and statistics',
    guard: 'staff',
    success: { 200: ok({ question: BankQuestionShape }) },
    errors: { 404: 'Question not found' },
    handler: async ({ params }) => {
      const row = await getBankQuestion(params.questionId)
      if (!row) return apiError(404, 'Question not found')
      return json({ success: true, question: questionJson(row) })
    },
  }),
  endpoint({
    method: 'PUT',
    path: '/questions/:questionId',
    idParams: byId,
    summary:
      'Replaces a bank question and its tags. A changed text, option, key or explanation is a new version, which ' +
      'takes its place in every paper holding it (attempts keep the version they were shown); tags change in place',
    guard: 'staff',
    body: { json: bankQuestionDocSchema },
    success: { 200: ok({ newVersion: z.boolean(), question: BankQuestionShape }) },
    errors: { 400: REFUSAL, 404: 'Question not found' },
    handler: updateHandler,
  }),
  endpoint({
    method: 'DELETE',
    path: '/questions/:questionId',
    idParams: byId,
    summary: 'Retires a bank question: kept in old papers and results, never offered for new papers or practice',
    guard: 'staff',
    success: { 200: ok({ message: z.string(), question: BankQuestionShape }) },
    errors: { 404: 'Question not found' },
    handler: async ({ params, user }) => {
      if (!(await getBankQuestion(params.questionId))) return apiError(404, 'Question not found')
      await setRetired({ actorId: user.id, ids: [params.questionId], retired: true })
      return json({
        success: true,
        message: 'Question retired',
        question: questionJson((await getBankQuestion(params.questionId))!),
      })
    },
  }),
]
