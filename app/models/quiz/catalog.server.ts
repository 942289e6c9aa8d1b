import type { ExpressionBuilder, Kysely, Selectable } from 'kysely'
import { db } from '~/utils/db.server'
import type { Database, QuestionType, QuizzesTable } from '#db/schema'
import { formatMarks, marksEqual, marksFromStorage } from '~/lib/quiz/marks'
import { MARKING_SCHEMES } from '~/lib/quiz/schemes'
import { BANK_QUIZ_ID, isPaperId } from '~/lib/bank/bank'

// Quizzes and questions as learners see them. The answer key (and the explanation) is NEVER selected here:
// anything this module returns may go to a page, loader data or the API before submission. The key is read by
// paper.server.ts alone, through the column-less query builders below.

export type QuizRow = Selectable<QuizzesTable>

/**
 * A question as pages show it: the source as written (the CSV export, the older client, the editor) and the
 * stored HTML rendered from it when it was saved (every page; never rendered on a request).
 */
export type LearnerQuestion = {
  id: string
  questionText: string
  options: string[]
  questionHtml: string
  optionsHtml: string[]
}

/**
 * A question as the test view shows it: the stored HTML of its text and options (the source never goes to the test
 * page), its type, section and marks, never its key (correct options, NAT range).
 */
export type TestQuestionRow = {
  id: string
  questionHtml: string
  optionsHtml: string[]
  type: QuestionType
  section: string | null
  /** The question's marks and negative marks, 2 decimals (shown on the test view, as in the real CBT). */
  marks: string
  negativeMarks: string
}

/** The columns of a test view's question (toTestQuestion). */
export const testQuestionColumns = [
  'id',
  'question_html',
  'options_html',
  'type',
  'section',
  'marks',
  'negative_marks',
] as const

/** The columns of a learner's view of a question with its source (staff previews, the older client). */
const shownColumns = ['id', 'question_text', 'options', 'question_html', 'options_html'] as const

type ShownRow = { id: string; question_text: string; options: string; question_html: string; options_html: string }

const shownQuestion = (r: ShownRow): LearnerQuestion => ({
  id: r.id,
  questionText: r.question_text,
  options: parseOptions(r.options),
  questionHtml: r.question_html,
  optionsHtml: parseOptions(r.options_html),
})

/** A row's stored HTML (migrations/0013) in domain terms. */
export function storedHtml(r: { question_html: string; options_html: string; explanation_html: string | null }) {
  return { text: r.question_html, options: parseOptions(r.options_html), explanation: r.explanation_html }
}

export function toTestQuestion(r: {
  id: string
  question_html: string
  options_html: string
  type: QuestionType
  section: string | null
  marks: number
  negative_marks: number
}): TestQuestionRow {
  const section = r.section?.trim() ? r.section.trim() : null
  return {
    id: r.id,
    questionHtml: r.question_html,
    optionsHtml: parseOptions(r.options_html),
    type: r.type,
    section,
    marks: formatMarks(marksFromStorage(r.marks)),
    negativeMarks: formatMarks(marksFromStorage(r.negative_marks)),
  }
}

const quizColumns = [
  'id',
  'title',
  'description',
  'category',
  'time_limit',
  'created_at',
  'updated_at',
  'marking_defaults',
  'opens_at',
  'closes_at',
  'results_published_at',
  'results_held',
] as const satisfies readonly (keyof QuizRow)[]

/** The quiz's current questions in paper order: what a new attempt gets, what the editor shows. No columns picked. */
export function currentQuestionRows(quizId: string, conn: Kysely<Database> = db) {
  return conn
    .selectFrom('questions')
    .where('quiz_id', '=', quizId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .orderBy('created_at')
}

/**
 * "The questions an attempt saw", the one home of that rule (decision 002): the rows current when the attempt
 * started (created by then, archived only later), in paper order. The test view, answer checks, scoring, the
 * result review, the attempt's total and the quiz editor all read through it. No columns picked.
 */
export function questionsShownAt(quizId: string, startedAt: string, conn: Kysely<Database> = db) {
  return conn
    .selectFrom('questions')
    .where('quiz_id', '=', quizId)
    .where('created_at', '<=', startedAt)
    .where((eb) => eb.or([eb('archived_at', 'is', null), eb('archived_at', '>', startedAt)]))
    .orderBy('position')
    .orderBy('created_at')
}

/**
 * The questions of a practice set, in the set's order: the very versions (question rows) the learner chose, whatever
 * staff have edited since. No columns picked; the same builder type as questionsShownAt.
 */
export function practiceSetQuestionRows(setId: string, conn: Kysely<Database> = db) {
  const inSet = (eb: ExpressionBuilder<Database, 'questions'>) =>
    eb.selectFrom('practice_set_questions as psq').where('psq.set_id', '=', setId)
  return conn
    .selectFrom('questions')
    .where('id', 'in', (eb) => inSet(eb).select('psq.question_id'))
    .orderBy((eb) => inSet(eb).whereRef('psq.question_id', '=', 'questions.id').select('psq.seq'))
}

/** What identifies an attempt's paper: its quiz and start (decision 002), or the practice set it is of. */
export type PaperOf = { quiz_id: string; started_at: string; practice_set_id?: string | null }

/**
 * The questions an attempt saw: a practice set's chosen versions for a set attempt, else questionsShownAt. The test
 * view, answer checks, scoring and the review of every attempt read through it. No columns picked.
 */
export function attemptQuestionRows(attempt: PaperOf, conn: Kysely<Database> = db) {
  return attempt.practice_set_id
    ? practiceSetQuestionRows(attempt.practice_set_id, conn)
    : questionsShownAt(attempt.quiz_id, attempt.started_at, conn)
}

export function parseOptions(json: string): string[] {
  try {
    const value = JSON.parse(json)
    return Array.isArray(value) ? value.map(String) : []
  } catch {
    return []
  }
}

/** A paper by id; the bank's own quiz (never a paper) reads as none. */
export async function getQuiz(id: string): Promise<QuizRow | undefined> {
  if (!isPaperId(id)) return undefined
  return db.selectFrom('quizzes').select(quizColumns).where('id', '=', id).executeTakeFirst()
}

/**
 * Every quiz with its current question ids, free before paid, then oldest first (docs/legacy-api.md §2.4, GET /), and
 * whether the older client can show it (olderClientRefusal).
 */
export async function listQuizzes(): Promise<(QuizRow & { questionIds: string[]; olderClient: boolean })[]> {
  const quizzes = await db
    .selectFrom('quizzes')
    .select(quizColumns)
    .where('id', '!=', BANK_QUIZ_ID)
    .orderBy('category', 'asc')
    .orderBy('created_at', 'asc')
    .execute()
  const questions = await db
    .selectFrom('questions')
    .select(['id', 'quiz_id', 'type', 'plain_text'])
    .where('archived_at', 'is', null)
    .where('quiz_id', '!=', BANK_QUIZ_ID)
    .orderBy('quiz_id')
    .orderBy('position')
    .execute()
  const byQuiz = new Map<string, string[]>()
  const notForOlderClient = new Set<string>()
  for (const q of questions) {
    const list = byQuiz.get(q.quiz_id) ?? []
    list.push(q.id)
    byQuiz.set(q.quiz_id, list)
    if (q.type !== 'mcq' || !Number(q.plain_text)) notForOlderClient.add(q.quiz_id)
  }
  return quizzes.map((q) => ({
    ...q,
    questionIds: byQuiz.get(q.id) ?? [],
    olderClient: !notForOlderClient.has(q.id),
  }))
}

export async function countCurrentQuestions(quizId: string): Promise<number> {
  const row = await currentQuestionRows(quizId)
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** The quiz's current questions (staff previews). */
export async function currentQuestions(quizId: string): Promise<LearnerQuestion[]> {
  const rows = await currentQuestionRows(quizId).select(shownColumns).execute()
  return rows.map(shownQuestion)
}

/** The questions of an attempt that started at `startedAt`, as the learner sees them. */
export async function attemptQuestions(quizId: string, startedAt: string): Promise<LearnerQuestion[]> {
  const rows = await questionsShownAt(quizId, startedAt).select(shownColumns).execute()
  return rows.map(shownQuestion)
}

/** The questions of an attempt as the test view shows them (stored HTML, type, section, marks); no key. */
export async function attemptTestQuestions(quizId: string, startedAt: string): Promise<TestQuestionRow[]> {
  const rows = await questionsShownAt(quizId, startedAt).select(testQuestionColumns).execute()
  return rows.map(toTestQuestion)
}

/**
 * Each question of an attempt (a practice set's included, attemptQuestionRows) with its type only: what every answer
 * save checks, kept to two small columns.
 */
export async function attemptQuestionTypes(attempt: PaperOf) {
  return attemptQuestionRows(attempt).select(['id', 'type']).execute()
}

/** The test view's questions of any attempt, a practice set's included (attemptQuestionRows); no key. */
export async function paperTestQuestions(attempt: PaperOf): Promise<TestQuestionRow[]> {
  const rows = await attemptQuestionRows(attempt).select(testQuestionColumns).execute()
  return rows.map(toTestQuestion)
}

/**
 * Why the v1 API's older client cannot show the quiz, or null when it can (docs/legacy-api.md): it shows only
 * 4-option MCQs ('question-types' otherwise), and only as their source text, so every current question must read
 * as its source ('markup' when one holds a formula, an image, emphasis or an escape: questions.plain_text).
 */
export async function olderClientRefusal(quizId: string): Promise<'question-types' | 'markup' | null> {
  const rows = await db
    .selectFrom('questions')
    .select(['type'])
    .where('quiz_id', '=', quizId)
    .where('archived_at', 'is', null)
    .where((eb) => eb.or([eb('type', '!=', 'mcq'), eb('plain_text', '=', 0)]))
    .execute()
  if (rows.some((r) => r.type !== 'mcq')) return 'question-types'
  return rows.length ? 'markup' : null
}

/** Total marks of the quiz's current paper and whether it is marked the default way (mcq only, +1 / -0.25). */
export async function paperMarking(quizId: string): Promise<{ totalMarks: string; standard: boolean }> {
  const rows = await currentQuestionRows(quizId).select(['type', 'marks', 'negative_marks']).execute()
  const total = rows.reduce((t, r) => t + Number(r.marks), 0)
  const { marks, negativeMarks } = MARKING_SCHEMES.spec.mcq
  const standard = rows.every(
    (r) =>
      r.type === 'mcq' &&
      marksEqual(marksFromStorage(r.marks), marks) &&
      marksEqual(marksFromStorage(r.negative_marks), negativeMarks),
  )
  const text = formatMarks(marksFromStorage(total))
  return { totalMarks: text.endsWith('.00') ? text.slice(0, -3) : text, standard }
}

/** Option indexes (0-3) stored as a JSON array (an MSQ key or an MSQ answer); anything unreadable is none. */
export function parseOptionIndexes(json: string | null): number[] {
  if (!json) return []
  try {
    const value = JSON.parse(json)
    return Array.isArray(value) ? value.filter((n) => Number.isInteger(n) && n >= 0 && n <= 3) : []
  } catch {
    return []
  }
}
