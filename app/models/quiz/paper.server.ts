import type { Kysely } from 'kysely'
import type { Database, QuestionType } from '#db/schema'
import { savedInTime } from '~/lib/quiz/clock'
import { marksFromStorage, type Marks } from '~/lib/quiz/marks'
import { scorePaper, type Answer, type Question } from '~/lib/quiz/scoring'
import { db } from '~/utils/db.server'
import type { QuestionHtml } from '~/lib/markup/question'
import {
  attemptQuestionRows,
  currentQuestionRows,
  parseOptionIndexes,
  parseOptions,
  storedHtml,
  type PaperOf,
} from './catalog.server'

// The paper with its answer key: the ONLY module that reads or writes the key columns of a question
// (correct_option, correct_options, answer_min, answer_max). Everything else gets the key in domain terms, and
// only from functions that run after submission (markedPaper) or for staff (the editor, the statistics). A live
// mock's whole-paper scoring and key correction (./live-paper.server.ts) read and write them with these columns.

/** What scoring reads of a question: its marking and key, none of its text. */
export const scoringColumns = [
  'id',
  'type',
  'marks',
  'negative_marks',
  'correct_option',
  'correct_options',
  'answer_min',
  'answer_max',
  'section',
  'topic',
] as const

/** The key columns, what scoring reads beside them, and the question's source and stored HTML. */
const keyColumns = [
  ...scoringColumns,
  'question_text',
  'options',
  'explanation',
  'question_html',
  'options_html',
  'explanation_html',
] as const

type KeyRow = {
  id: string
  question_text: string
  options: string
  explanation: string | null
  type: QuestionType
  marks: number
  negative_marks: number
  correct_option: number
  correct_options: string | null
  answer_min: string | null
  answer_max: string | null
  section: string | null
  topic: string | null
  question_html: string
  options_html: string
  explanation_html: string | null
}

/** A question with its answer key, in domain terms. */
export type KeyedQuestion = {
  id: string
  text: string
  options: string[]
  explanation: string | null
  type: QuestionType
  marks: Marks
  negativeMarks: Marks
  section: string | null
  topic: string | null
  /** As stored: mcq the key, msq the smallest keyed option, nat 0 (the older client's `correctAnswer`). */
  correctOption: number
  /** The keyed options, ascending: one for mcq, every one for msq, none for nat. */
  correctOptions: number[]
  /** nat only: the inclusive accepted range as exact decimal text; null for the other types. */
  answerMin: string | null
  answerMax: string | null
  /** The question as app/lib/quiz/scoring.ts scores it. */
  scorable: Question
  /** The stored HTML of the text, options and explanation (the source above is what staff wrote). */
  html: QuestionHtml
}

type ScoringRow = Pick<KeyRow, (typeof scoringColumns)[number]>

/** The question as app/lib/quiz/scoring.ts scores it (marks may arrive as text from PostgreSQL's numeric). */
export function scorableQuestion(q: ScoringRow): Question {
  const common = {
    marks: marksFromStorage(Number(q.marks)),
    negativeMarks: marksFromStorage(Number(q.negative_marks)),
    section: q.section,
    topic: q.topic,
  }
  return q.type === 'msq'
    ? { ...common, type: 'msq', correctOptions: parseOptionIndexes(q.correct_options) }
    : q.type === 'nat'
      ? { ...common, type: 'nat', answerMin: q.answer_min ?? '', answerMax: q.answer_max ?? '' }
      : { ...common, type: 'mcq', correctOption: q.correct_option }
}

function keyedQuestion(q: KeyRow): KeyedQuestion {
  const scorable = scorableQuestion(q)
  const { marks, negativeMarks } = scorable
  const msqKey = parseOptionIndexes(q.correct_options)
  return {
    id: q.id,
    text: q.question_text,
    options: parseOptions(q.options),
    explanation: q.explanation,
    type: q.type,
    marks,
    negativeMarks,
    section: q.section,
    topic: q.topic,
    correctOption: q.correct_option,
    correctOptions: q.type === 'msq' ? [...msqKey].sort((a, b) => a - b) : q.type === 'mcq' ? [q.correct_option] : [],
    answerMin: q.type === 'nat' ? q.answer_min : null,
    answerMax: q.type === 'nat' ? q.answer_max : null,
    scorable,
    html: storedHtml(q),
  }
}

/**
 * The attempt's paper with the answer key: every question it saw (decision 002; a practice set's chosen versions
 * for a set attempt, attemptQuestionRows) with the answer that counts for it, i.e. one saved by deadline + grace
 * (savedInTime). Scoring, the result review, the analysis, the staff results and the practice lists all read it,
 * so a score is always the sum of the marks its review shows.
 */
export async function markedPaper(
  attempt: { id: string; deadline_at: string | null } & PaperOf,
  conn: Kysely<Database> = db,
) {
  const questions = await attemptQuestionRows(attempt, conn).select(keyColumns).execute()
  const { counted, spent } = await attemptAnswers(attempt, conn)
  const paper = questions.map((row) => ({
    ...keyedQuestion(row),
    answer: counted.get(row.id) ?? null,
    timeSpentMs: spent.get(row.id) ?? 0,
  }))
  const score = scorePaper(
    paper.map((q) => q.scorable),
    paper.map((q) => q.answer),
  )
  return { paper, score }
}

/**
 * The attempt's score alone: the same questions, answers and scorer as markedPaper, reading only the marking and
 * key columns. Submitting scores inside its write transaction, so it must not pull a paper's text and stored HTML
 * (some 2 KB a question on a paper of formulas) through the connection while holding the attempt's lock.
 */
export async function paperScore(
  attempt: { id: string; deadline_at: string | null } & PaperOf,
  conn: Kysely<Database> = db,
) {
  const questions = await attemptQuestionRows(attempt, conn).select(scoringColumns).execute()
  const { counted } = await attemptAnswers(attempt, conn)
  return scorePaper(
    questions.map(scorableQuestion),
    questions.map((q) => counted.get(q.id) ?? null),
  )
}

/** The attempt's answers that count (saved by deadline + grace, savedInTime) and the time spent per question. */
async function attemptAnswers(attempt: { id: string; deadline_at: string | null }, conn: Kysely<Database>) {
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
  return { counted, spent }
}

/** An attempt's marked paper: its questions with key, counted answer and time, and their score. */
export type MarkedPaper = Awaited<ReturnType<typeof markedPaper>>

/** The quiz's current questions with their key and creation time (the staff statistics). */
export async function currentKeyedQuestions(quizId: string) {
  const rows = await currentQuestionRows(quizId)
    .select([...keyColumns, 'created_at'])
    .execute()
  return rows.map((r) => ({
    ...keyedQuestion({ ...r, marks: Number(r.marks), negative_marks: Number(r.negative_marks) }),
    createdAt: r.created_at,
  }))
}

/**
 * Question rows by id with their key, in no particular order (staff only: the question bank's pages and API read
 * a bank question's current version and the versions its statistics count).
 */
export async function keyedQuestionsById(ids: readonly string[], conn: Kysely<Database> = db) {
  if (!ids.length) return []
  const rows = await conn
    .selectFrom('questions')
    .select([...keyColumns, 'bank_question_id'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return rows.map((r) => ({
    ...keyedQuestion({ ...r, marks: Number(r.marks), negative_marks: Number(r.negative_marks) }),
    bankId: r.bank_question_id,
  }))
}

// ---------------------------------------------------------------------------------------------------------------
// Staff editing: the stored form of a question (decision 002: a changed stored field is a new version)
// ---------------------------------------------------------------------------------------------------------------

// The stored form lives in stored-question.ts (no database import, so the demo seed can use it); re-exported here
// for the editor.
export { questionColumns, quizDefaultMarks, sameQuestion, type QuestionColumns } from './stored-question'

/** The quiz's current questions as stored, with their position and creation time (the editor's comparison). */
export function currentStoredQuestions(conn: Kysely<Database>, quizId: string) {
  return currentQuestionRows(quizId, conn)
    .select([...keyColumns, 'position', 'created_at', 'bank_question_id'])
    .execute()
}

/** A stored question as the editor fills its form: correct option 0-3, marks in units, keys by type. */
export function draftOfStored(q: Awaited<ReturnType<typeof currentStoredQuestions>>[number]) {
  const k = keyedQuestion({ ...q, marks: Number(q.marks), negative_marks: Number(q.negative_marks) })
  return {
    id: q.id,
    questionText: k.text,
    options: k.options,
    correctOption: k.correctOption,
    explanation: k.explanation ?? undefined,
    type: k.type,
    marks: Number(q.marks),
    negativeMarks: Number(q.negative_marks),
    ...(k.type === 'msq' ? { correctOptions: k.correctOptions } : {}),
    ...(k.type === 'nat' ? { answerMin: k.answerMin ?? '', answerMax: k.answerMax ?? '' } : {}),
    section: k.section ?? undefined,
    topic: k.topic ?? undefined,
    /** The stored HTML, for the editor's preview before anything is changed. */
    html: k.html,
    /** The bank question this row is a version of: the editor sends it back, so an edit stays that question. */
    bankId: q.bank_question_id ?? undefined,
  }
}
