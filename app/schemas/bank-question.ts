import { z } from 'zod'
import {
  DIFFICULTIES,
  isDifficulty,
  readTags,
  readYear,
  TAG_MAX,
  type Difficulty,
  type FieldProblem,
} from '~/lib/bank/bank'
import { isId } from '~/lib/ids'
import type { QuestionType } from '~/lib/quiz/scoring'
import { checkExamQuestion, QUESTION_TYPES, quizApiSchema, quizFormSchema } from './admin-quiz'

// The question bank's staff input: one question's page form and API body (the quiz editor's fields and checks,
// without the `questions[i].` prefix, plus the tags app/lib/bank/bank.ts reads), the list's query parameters (page
// and API alike) and the list's bulk tagging.

const formQuestion = quizFormSchema.shape.questions.element.shape
const apiQuestion = quizApiSchema.shape.questions.element.shape

/** Tags as posted: loose here, read by readTags, whose problems land on their fields. */
const formTags = {
  subject: z.string().optional(),
  topic: z.string().optional(),
  subtopic: z.string().optional(),
  exams: z.array(z.string()).optional(),
  year: z.string().optional(),
  difficulty: z.string().optional(),
  source: z.string().optional(),
}

function tagIssues(value: Record<string, unknown>, knownExams: readonly string[], ctx: z.RefinementCtx) {
  const read = readTags(value, knownExams)
  if (!read.ok) for (const p of read.problems) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message })
}

/** The create and edit pages' form (correct option 1-4); `knownExams`: the exam list the `exams` boxes offer. */
export function bankQuestionFormSchema(knownExams: readonly string[]) {
  return z
    .object({
      questionText: formQuestion.questionText,
      type: formQuestion.type,
      options: formQuestion.options,
      correctOption: formQuestion.correctOption,
      correctOptions: formQuestion.correctOptions,
      answerMin: formQuestion.answerMin,
      answerMax: formQuestion.answerMax,
      explanation: formQuestion.explanation,
      ...formTags,
    })
    .superRefine((q, ctx) => {
      checkExamQuestion(q, ctx, { base: 1 })
      tagIssues(q, knownExams, ctx)
    })
}

export type BankQuestionFormFields = z.infer<ReturnType<typeof bankQuestionFormSchema>>

const apiQuestionFields = {
  questionText: apiQuestion.questionText,
  type: apiQuestion.type,
  options: apiQuestion.options,
  correctOption: apiQuestion.correctOption,
  correctOptions: apiQuestion.correctOptions,
  answerMin: apiQuestion.answerMin,
  answerMax: apiQuestion.answerMax,
  explanation: apiQuestion.explanation,
}

/**
 * The question of a POST or PUT /api/v1/admin/questions body: create-quiz's question (correct option 0-3), with its
 * checks. No marks: a paper gives each question its own, the bank's version has its type's default. The handler
 * reads the tags with readTags, whose problems name their field.
 */
export const bankQuestionApiSchema = z
  .object(apiQuestionFields)
  .superRefine((q, ctx) => checkExamQuestion(q, ctx, { base: 0 }))

/** The whole body as the OpenAPI document describes it: the question and its tags. */
export const bankQuestionDocSchema = z
  .object({
    ...apiQuestionFields,
    subject: z.string().describe('Required'),
    topic: z.string().describe('Required'),
    subtopic: z.string().nullable().optional(),
    exams: z.array(z.string()).optional().describe('Names from the exam list'),
    year: z.number().int().nullable().optional().describe('The exam year of a previous-year question'),
    difficulty: z.enum(DIFFICULTIES).optional().describe('Default medium'),
    source: z.string().nullable().optional(),
  })
  .describe(
    'correctOption and correctOptions are 0-based; type mcq (default), msq or nat, as create-quiz reads a question. ' +
      'questionText, options and explanation are markup (Markdown, LaTeX between $...$), rendered once when saved.',
  )

// ---------------------------------------------------------------------------------------------------------------
// The list's query: q, subject, topic, exam, year, difficulty, type, used, retired, page
// ---------------------------------------------------------------------------------------------------------------

export type BankQuery = {
  q?: string
  subject?: string
  topics?: string[]
  exams?: string[]
  years?: number[]
  difficulty?: Difficulty
  type?: QuestionType
  used?: 'yes' | 'no'
  retired?: 'include' | 'only'
}

/** The values the filter form shows again. */
export type BankQueryForm = Record<
  'q' | 'subject' | 'topic' | 'exam' | 'year' | 'difficulty' | 'type' | 'used' | 'retired',
  string
>

const Q_MAX = 200

/**
 * The list's query parameters, read the same for the page and the API. `topic`, `exam` and `year` may repeat
 * (any of them). A value that cannot be read is a problem naming its parameter and filters nothing.
 */
export function readBankQuery(params: URLSearchParams): {
  filters: BankQuery
  page: number
  problems: FieldProblem[]
  form: BankQueryForm
} {
  const problems: FieldProblem[] = []
  const one = (name: string) => (params.get(name) ?? '').trim()
  const many = (name: string) =>
    params
      .getAll(name)
      .map((v) => v.trim())
      .filter(Boolean)
  const filters: BankQuery = {}
  const q = one('q')
  if (q.length > Q_MAX) problems.push({ field: 'q', message: `Search text must be at most ${Q_MAX} characters` })
  else if (q) filters.q = q
  const subject = one('subject')
  if (subject) filters.subject = subject.slice(0, TAG_MAX)
  const topics = many('topic').map((t) => t.slice(0, TAG_MAX))
  if (topics.length) filters.topics = topics
  const exams = many('exam').map((e) => e.slice(0, TAG_MAX))
  if (exams.length) filters.exams = exams
  const years = many('year')
    .map((y) => readYear(y, problems))
    .filter((y): y is number => y !== null)
  if (years.length) filters.years = years
  const difficulty = one('difficulty')
  if (difficulty && isDifficulty(difficulty)) filters.difficulty = difficulty
  else if (difficulty) problems.push({ field: 'difficulty', message: 'Difficulty must be easy, medium or hard' })
  const type = one('type')
  if (type && (QUESTION_TYPES as readonly string[]).includes(type)) filters.type = type as QuestionType
  else if (type) problems.push({ field: 'type', message: 'Type must be mcq, msq or nat' })
  const used = one('used')
  if (used === 'yes' || used === 'no') filters.used = used
  else if (used) problems.push({ field: 'used', message: 'Used in a paper must be yes or no' })
  const retired = one('retired')
  if (retired === 'include' || retired === 'only') filters.retired = retired
  else if (retired) problems.push({ field: 'retired', message: 'Retired must be include or only' })
  const pageText = one('page')
  let page = 1
  if (pageText && (!/^\d{1,6}$/.test(pageText) || Number(pageText) < 1))
    problems.push({ field: 'page', message: 'Page must be a whole number from 1' })
  else if (pageText) page = Number(pageText)
  return {
    filters,
    page,
    problems,
    form: {
      q,
      subject,
      topic: topics[0] ?? '',
      exam: exams[0] ?? '',
      year: params.get('year')?.trim() ?? '',
      difficulty,
      type,
      used,
      retired,
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Bulk tagging of the checked questions
// ---------------------------------------------------------------------------------------------------------------

/** At most this many questions are tagged, retired or restored in one post (a page holds 20). */
export const BULK_MAX = 100

/** What a bulk post changes; a blank field changes nothing. */
export type BulkTags = { subject?: string; topic?: string; difficulty?: Difficulty; year?: number; addExam?: string }

/** The ticked questions (`ids`, repeated). */
export function readBulkIds(form: FormData): { ok: true; ids: string[] } | { ok: false; problem: FieldProblem } {
  const ids = [...new Set(form.getAll('ids').filter((v): v is string => typeof v === 'string' && isId(v)))]
  if (!ids.length) return { ok: false, problem: { field: 'ids', message: 'Tick at least one question' } }
  if (ids.length > BULK_MAX)
    return { ok: false, problem: { field: 'ids', message: `Tick at most ${BULK_MAX} questions` } }
  return { ok: true, ids }
}

/** The tags a bulk post sets (blank: left as they are); at least one. Each problem names its field. */
export function readBulkTags(
  form: FormData,
  knownExams: readonly string[],
): { ok: true; tags: BulkTags } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = []
  const text = (name: string) => {
    const v = form.get(name)
    return typeof v === 'string' ? v.trim() : ''
  }
  const tags: BulkTags = {}
  for (const [field, label] of [
    ['subject', 'Subject'],
    ['topic', 'Topic'],
  ] as const) {
    const v = text(field)
    if (v.length > TAG_MAX) problems.push({ field, message: `${label} must be at most ${TAG_MAX} characters` })
    else if (v) tags[field] = v
  }
  const difficulty = text('difficulty')
  if (difficulty && !isDifficulty(difficulty))
    problems.push({ field: 'difficulty', message: 'Difficulty must be easy, medium or hard' })
  else if (difficulty) tags.difficulty = difficulty as Difficulty
  const year = readYear(text('year'), problems)
  if (year !== null) tags.year = year
  const exam = text('exam')
  if (exam && !knownExams.includes(exam))
    problems.push({ field: 'exam', message: `Unknown exam '${exam.slice(0, 60)}': add it to the exam list first` })
  else if (exam) tags.addExam = exam
  if (!problems.length && !Object.keys(tags).length)
    problems.push({ field: 'subject', message: 'Fill in a subject, topic, difficulty, year or exam to set' })
  return problems.length ? { ok: false, problems } : { ok: true, tags }
}

/** The longest exam name. */
export const EXAM_NAME_MAX = 60

/** A new exam's name: trimmed, 1 to 60 characters (unique: the model checks). */
export function readExamName(value: unknown): { ok: true; name: string } | { ok: false; message: string } {
  const name = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : ''
  if (!name) return { ok: false, message: 'Exam name is required' }
  if (name.length > EXAM_NAME_MAX)
    return { ok: false, message: `Exam name must be at most ${EXAM_NAME_MAX} characters` }
  return { ok: true, name }
}
