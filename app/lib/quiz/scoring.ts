import {
  addMarks,
  compareMarks,
  isStorableMarks,
  makeMarks,
  MARKS_MAX,
  MARKS_UNIT,
  negMarks,
  ZERO_MARKS,
  type Marks,
} from './marks'
import { compareDecimals, parseNumericAnswer, readBound } from './numeric'

// Scoring a mock test (decision 011): MCQ, MSQ and NAT questions, each with its own marks and negative marks,
// scored exactly (3 x -1/3 is exactly -1). The one scorer: attempts, results, the staff results and the
// statistics all reach it through the paper model (app/models/quiz/paper.server.ts). Pure.

/** Options per MCQ/MSQ question, indexes 0..OPTION_COUNT-1. */
export const OPTION_COUNT = 4

/** What the pages call the group of questions that have no section. */
export const UNNAMED_SECTION = 'General'
/** What the pages call the group of questions that have no topic. */
export const UNNAMED_TOPIC = 'Other'

export type QuestionType = 'mcq' | 'msq' | 'nat'

type QuestionCommon = {
  /** Awarded for a correct answer; > 0. */
  marks: Marks
  /** Taken off for a wrong (attempted) answer; >= 0, stored positive. 0 means no negative marking. */
  negativeMarks: Marks
  /** Optional grouping for the result page; missing or blank puts the question in the unnamed (null) group. */
  section?: string | null
  topic?: string | null
}

export type McqQuestion = QuestionCommon & { type: 'mcq'; correctOption: number }
export type MsqQuestion = QuestionCommon & { type: 'msq'; correctOptions: readonly number[] }
export type NatQuestion = QuestionCommon & { type: 'nat'; answerMin: string | number; answerMax: string | number }
export type Question = McqQuestion | MsqQuestion | NatQuestion

/**
 * A learner's answer. Each type reads its own field and ignores the others; a missing answer, a null field,
 * an empty MSQ selection or a blank numeric answer is unattempted.
 */
export type Answer = {
  selectedOption?: number | null
  selectedOptions?: readonly number[] | null
  numericAnswer?: string | null
}

/** A reviewed question's answer and its key, as the result's review and its analysis carry them. */
export type AnswerAndKey = {
  /** The learner's answer: an option index (mcq), option indexes (msq), the number as typed (nat). */
  selectedOption: number | null
  selectedOptions: number[]
  numericAnswer: string | null
  /** The key: mcq one index, msq the indexes, nat the inclusive range. */
  correctOptions: number[]
  answerMin: string | null
  answerMax: string | null
}

export type Outcome = 'correct' | 'wrong' | 'unattempted'
export type QuestionScore = { earned: Marks; outcome: Outcome }

function isOption(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 0 && (n as number) < OPTION_COUNT
}

function marksProblem(m: Marks, what: string, positive: boolean): string | null {
  if (!m || !Number.isSafeInteger(m.num) || !Number.isSafeInteger(m.den) || m.den <= 0) return `${what} are not marks`
  if (positive ? m.num <= 0 : m.num < 0) return `${what} must be ${positive ? 'more than 0' : '0 or more'}`
  if (compareMarks(m, makeMarks(MARKS_MAX)) > 0) return `${what} can be at most ${MARKS_MAX}`
  if (!isStorableMarks(m)) return `${what} are not a whole number of 1/${MARKS_UNIT}`
  return null
}

/** What is wrong with a question's key or marks, in words, or null when it can be scored. */
export function questionProblem(q: Question): string | null {
  const marks = marksProblem(q.marks, 'Marks', true) ?? marksProblem(q.negativeMarks, 'Negative marks', false)
  if (marks) return marks
  switch (q.type) {
    case 'mcq':
      return isOption(q.correctOption) ? null : `The correct option must be 0 to ${OPTION_COUNT - 1}`
    case 'msq':
      if (!Array.isArray(q.correctOptions) || q.correctOptions.length === 0) return 'Mark at least one correct option'
      return q.correctOptions.every(isOption) ? null : `Correct options must be 0 to ${OPTION_COUNT - 1}`
    case 'nat': {
      const min = readBound(q.answerMin)
      const max = readBound(q.answerMax)
      if (!min || !max) return 'The answer range must be two plain numbers, like 2.5 and 2.6'
      return compareDecimals(min, max) <= 0 ? null : 'The lowest accepted answer is above the highest'
    }
    default:
      return `Unknown question type ${(q as { type: unknown }).type}`
  }
}

function sameOptionSet(chosen: readonly number[], correct: readonly number[]): boolean {
  const a = new Set(chosen)
  const b = new Set(correct)
  return a.size === b.size && [...a].every((o) => b.has(o))
}

function outcomeOf(q: Question, answer: Answer | null | undefined): Outcome {
  switch (q.type) {
    case 'mcq': {
      const selected = answer?.selectedOption
      if (selected === null || selected === undefined) return 'unattempted'
      return selected === q.correctOption ? 'correct' : 'wrong'
    }
    case 'msq': {
      const selected = answer?.selectedOptions
      if (!selected || selected.length === 0) return 'unattempted'
      return sameOptionSet(selected, q.correctOptions) ? 'correct' : 'wrong'
    }
    case 'nat': {
      const raw = answer?.numericAnswer
      const text = raw === null || raw === undefined ? '' : String(raw)
      if (text.trim() === '') return 'unattempted'
      const typed = parseNumericAnswer(text)
      if (!typed.ok) return 'wrong'
      const min = readBound(q.answerMin)!
      const max = readBound(q.answerMax)!
      return compareDecimals(min, typed.value) <= 0 && compareDecimals(typed.value, max) <= 0 ? 'correct' : 'wrong'
    }
  }
}

/**
 * One question's result. Correct: +marks. Wrong: -negativeMarks (for every type; JAM/GATE set 0 for MSQ and
 * NAT, an admin may set more). Unattempted: 0.
 * - MCQ: the chosen index equals the key. An index outside 0..3 can never be right, so it counts as wrong.
 * - MSQ: the chosen set equals the key's set exactly (order and duplicates ignored); a missing or extra option
 *   is wrong, there are no partial marks.
 * - NAT: the typed number lies in [answerMin, answerMax], both inclusive, compared as exact decimals. Typed text
 *   that parseNumericAnswer refuses (the page refuses it before saving) counts as wrong.
 * Throws an Error naming the problem when the question's key or marks are invalid (see questionProblem).
 */
export function scoreQuestion(question: Question, answer: Answer | null | undefined): QuestionScore {
  const problem = questionProblem(question)
  if (problem) throw new Error(`Cannot score this question: ${problem}.`)
  const outcome = outcomeOf(question, answer)
  const earned =
    outcome === 'correct' ? question.marks : outcome === 'wrong' ? negMarks(question.negativeMarks) : ZERO_MARKS
  return { earned, outcome }
}

export type ScoreSummary = {
  questions: number
  earned: Marks
  maxMarks: Marks
  correct: number
  wrong: number
  unattempted: number
  attempted: number
  /** correct / attempted, or null when nothing was attempted (exact: the two counts above). */
  accuracy: number | null
}

export type GroupScore = ScoreSummary & { key: string | null }

export type PaperQuestionScore = QuestionScore & {
  index: number
  maxMarks: Marks
  section: string | null
  topic: string | null
}

export type PaperScore = {
  total: Marks
  maxTotal: Marks
  results: PaperQuestionScore[]
  overall: ScoreSummary
  /** Sections in order of first appearance; questions without one form the `key: null` group. */
  sections: GroupScore[]
  /** Topics likewise. */
  topics: GroupScore[]
}

function groupKey(name: string | null | undefined): string | null {
  const trimmed = typeof name === 'string' ? name.trim() : ''
  return trimmed === '' ? null : trimmed
}

type Tally = Omit<ScoreSummary, 'accuracy' | 'attempted'>

function emptyTally(): Tally {
  return { questions: 0, earned: ZERO_MARKS, maxMarks: ZERO_MARKS, correct: 0, wrong: 0, unattempted: 0 }
}

function addToTally(t: Tally, r: PaperQuestionScore): void {
  t.questions += 1
  t.earned = addMarks(t.earned, r.earned)
  t.maxMarks = addMarks(t.maxMarks, r.maxMarks)
  t[r.outcome === 'correct' ? 'correct' : r.outcome === 'wrong' ? 'wrong' : 'unattempted'] += 1
}

function summarise(t: Tally): ScoreSummary {
  const attempted = t.correct + t.wrong
  return { ...t, attempted, accuracy: attempted === 0 ? null : t.correct / attempted }
}

/**
 * Scores a paper: `answers[i]` is the answer to `questions[i]` (missing entries are unattempted). The total is
 * the exact sum of every question's earned marks, so it always equals the sum of what the review shows.
 */
export function scorePaper(
  questions: readonly Question[],
  answers: readonly (Answer | null | undefined)[],
): PaperScore {
  if (answers.length > questions.length) throw new RangeError('scorePaper: more answers than questions')
  const overall = emptyTally()
  const sections = new Map<string | null, Tally>()
  const topics = new Map<string | null, Tally>()
  const results = questions.map((q, index): PaperQuestionScore => {
    const r: PaperQuestionScore = {
      ...scoreQuestion(q, answers[index]),
      index,
      maxMarks: q.marks,
      section: groupKey(q.section),
      topic: groupKey(q.topic),
    }
    addToTally(overall, r)
    for (const [groups, key] of [
      [sections, r.section],
      [topics, r.topic],
    ] as const) {
      let t = groups.get(key)
      if (!t) groups.set(key, (t = emptyTally()))
      addToTally(t, r)
    }
    return r
  })
  const list = (groups: Map<string | null, Tally>) => [...groups].map(([key, t]) => ({ key, ...summarise(t) }))
  return {
    total: overall.earned,
    maxTotal: overall.maxMarks,
    results,
    overall: summarise(overall),
    sections: list(sections),
    topics: list(topics),
  }
}
