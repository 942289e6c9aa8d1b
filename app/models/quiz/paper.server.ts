import type { Kysely, Selectable } from 'kysely'
import { db } from '~/utils/db.server'
import type { Database, QuestionsTable, QuestionType, QuizzesTable } from '#db/schema'
import { formatMarks, marksEqual, marksFromStorage } from '~/lib/quiz/marks'
import { savedInTime } from '~/lib/quiz/clock'
import { scorePaper, type Answer, type Question } from '~/lib/quiz/scoring'
import { MARKING_SCHEMES } from '~/lib/quiz/schemes'

// Quizzes and questions as learners see them. The answer key (correct_option, explanation) is NEVER selected
// here: anything this module returns may go to a page, loader data or the API before submission
// (issue 5 §5). Scoring and results read the key in attempt.server.ts, after submission only, through the
// column-less query builders below.

export type QuizRow = Selectable<QuizzesTable>

export type LearnerQuestion = { id: string; questionText: string; options: string[] }

/** A question as the test view shows it: also its type and section, never its key (correct options, NAT range). */
export type TestQuestionRow = LearnerQuestion & {
  type: QuestionType
  section: string | null
  /** The question's marks and negative marks, 2 decimals (shown on the test view, as in the real CBT). */
  marks: string
  negativeMarks: string
}

const learnerColumns = ['id', 'question_text', 'options', 'type', 'section', 'marks', 'negative_marks'] as const

function learnerQuestion(r: {
  id: string
  question_text: string
  options: string
  type: QuestionType
  section: string | null
  marks: number
  negative_marks: number
}): TestQuestionRow {
  const section = r.section?.trim() ? r.section.trim() : null
  return {
    id: r.id,
    questionText: r.question_text,
    options: parseOptions(r.options),
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

export function parseOptions(json: string): string[] {
  try {
    const value = JSON.parse(json)
    return Array.isArray(value) ? value.map(String) : []
  } catch {
    return []
  }
}

export async function getQuiz(id: string): Promise<QuizRow | undefined> {
  return db.selectFrom('quizzes').select(quizColumns).where('id', '=', id).executeTakeFirst()
}

/** Every quiz with its current question ids, free before paid (API.md §2.4 GET /quiz), then oldest first. */
export async function listQuizzes(): Promise<(QuizRow & { questionIds: string[]; mcqOnly: boolean })[]> {
  const quizzes = await db
    .selectFrom('quizzes')
    .select(quizColumns)
    .orderBy('category', 'asc')
    .orderBy('created_at', 'asc')
    .execute()
  const questions = await db
    .selectFrom('questions')
    .select(['id', 'quiz_id', 'type'])
    .where('archived_at', 'is', null)
    .orderBy('quiz_id')
    .orderBy('position')
    .execute()
  const byQuiz = new Map<string, string[]>()
  const typed = new Set<string>()
  for (const q of questions) {
    const list = byQuiz.get(q.quiz_id) ?? []
    list.push(q.id)
    byQuiz.set(q.quiz_id, list)
    if (q.type !== 'mcq') typed.add(q.quiz_id)
  }
  return quizzes.map((q) => ({ ...q, questionIds: byQuiz.get(q.id) ?? [], mcqOnly: !typed.has(q.id) }))
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
  const rows = await currentQuestionRows(quizId).select(['id', 'question_text', 'options']).execute()
  return rows.map((r) => ({ id: r.id, questionText: r.question_text, options: parseOptions(r.options) }))
}

/** The questions of an attempt that started at `startedAt`, as the learner sees them. */
export async function attemptQuestions(quizId: string, startedAt: string): Promise<LearnerQuestion[]> {
  const rows = await questionsShownAt(quizId, startedAt).select(['id', 'question_text', 'options']).execute()
  return rows.map((r) => ({ id: r.id, questionText: r.question_text, options: parseOptions(r.options) }))
}

/** attemptQuestions with each question's type and section (the test view, the answer checks); no key. */
export async function attemptTestQuestions(quizId: string, startedAt: string): Promise<TestQuestionRow[]> {
  const rows = await questionsShownAt(quizId, startedAt).select(learnerColumns).execute()
  return rows.map(learnerQuestion)
}

/**
 * Whether every current question of the quiz is a 4-option MCQ, the only type the v1 API's older client can show (issue 13 item 8).
 */
export async function isMcqOnly(quizId: string): Promise<boolean> {
  const row = await db
    .selectFrom('questions')
    .select('id')
    .where('quiz_id', '=', quizId)
    .where('archived_at', 'is', null)
    .where('type', '!=', 'mcq')
    .executeTakeFirst()
  return !row
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

/**
 * The question columns scorableQuestion reads (type, marks, the key, section, topic), for the staff queries that
 * select them: spread into their `select` after whatever else they need. Never into a learner's query.
 */
export const scorableColumns = [
  'type',
  'marks',
  'negative_marks',
  'correct_option',
  'correct_options',
  'answer_min',
  'answer_max',
  'section',
  'topic',
] as const satisfies readonly (keyof QuestionsTable)[]

/**
 * A stored question as app/lib/marks.ts scores it: the one place that reads the key columns of migrations/0007
 * (attempt scoring, the analysis page and the staff results all go through it).
 */
export function scorableQuestion(q: {
  type: QuestionType
  marks: number
  negative_marks: number
  correct_option: number
  correct_options: string | null
  answer_min: string | null
  answer_max: string | null
  section: string | null
  topic: string | null
}): Question {
  const common = {
    marks: marksFromStorage(q.marks),
    negativeMarks: marksFromStorage(q.negative_marks),
    section: q.section,
    topic: q.topic,
  }
  if (q.type === 'msq') return { ...common, type: 'msq', correctOptions: parseOptionIndexes(q.correct_options) }
  if (q.type === 'nat') return { ...common, type: 'nat', answerMin: q.answer_min ?? '', answerMax: q.answer_max ?? '' }
  return { ...common, type: 'mcq', correctOption: q.correct_option }
}

/**
 * The attempt's paper with the answer key: every question it saw (decision 002) with the answer that counts for
 * it, i.e. one saved by deadline + grace. Scoring and the result review both read it, so a score is always the
 * sum of the marks its review shows.
 */
export async function markedPaper(
  attempt: { id: string; quiz_id: string; started_at: string; deadline_at: string | null },
  conn: Kysely<Database> = db,
) {
  const questions = await questionsShownAt(attempt.quiz_id, attempt.started_at, conn)
    .select([
      'id',
      'question_text',
      'options',
      'correct_option',
      'explanation',
      'type',
      'marks',
      'negative_marks',
      'correct_options',
      'answer_min',
      'answer_max',
      'section',
      'topic',
    ])
    .execute()
  const answers = await conn
    .selectFrom('attempt_answers')
    .select(['question_id', 'selected_option', 'selected_options', 'numeric_answer', 'saved_at', 'time_spent_ms'])
    .where('attempt_id', '=', attempt.id)
    .execute()
  const counted = new Map(
    answers
      .filter((a) => savedInTime(a.saved_at, attempt.deadline_at))
      .map((a) => [
        a.question_id,
        {
          selectedOption: a.selected_option,
          selectedOptions: parseOptionIndexes(a.selected_options),
          numericAnswer: a.numeric_answer,
        } satisfies Answer,
      ]),
  )
  const spent = new Map(answers.map((a) => [a.question_id, Number(a.time_spent_ms ?? 0)]))
  const paper = questions.map((q) => ({
    ...q,
    answer: counted.get(q.id) ?? null,
    selected: counted.get(q.id)?.selectedOption ?? null,
    timeSpentMs: spent.get(q.id) ?? 0,
  }))
  const score = scorePaper(
    paper.map(scorableQuestion),
    paper.map((q) => q.answer),
  )
  return { paper, score }
}
