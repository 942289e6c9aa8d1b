import { sql } from 'kysely'
import type { QuestionType } from '#db/schema'
import { isId } from '~/lib/ids'
import { formatDecimal, parseNumericAnswer } from '~/lib/quiz/numeric'
import { formatMarks, marksFromStorage, marksToStorage } from '~/lib/quiz/marks'
import { scoreQuestion, type Answer, type Question } from '~/lib/quiz/scoring'
import {
  msqVerdict,
  possibleRange,
  questionFlags,
  scoreBins,
  type OptionCount,
  type QuestionFlag,
  type ScoreBin,
} from '~/lib/quiz/stats'
import { QUIZ_GRACE_SECONDS } from '~/lib/constants'
import { db } from '~/utils/db.server'
import { savedBySql } from '#db/dialect'
import { getQuiz, parseOptionIndexes } from './catalog.server'
import { currentKeyedQuestions, type KeyedQuestion } from './paper.server'

// Staff statistics of one quiz. Who counts: SUBMITTED RANKED attempts (practice attempts and
// open ones never do), as on the leaderboard (decision 013).
//
// Bounded whatever the number of attempts: the score distribution comes from quiz_score_counts (one row per
// distinct score, decision 013), and the answers are grouped in SQL by (question, the answer given), so memory
// grows with the number of distinct answers (at most 5 per MCQ, 16 per MSQ; for NAT the distinct numbers typed),
// never with the attempts.
//
// Question versions (decision 002): the figures are per CURRENT question row. Editing a question makes a new
// row, so an attempt of the earlier wording is not mixed into the new one's figures. The learners who saw a
// current question are the submitted ranked attempts started at or after it was written (questionsShownAt's
// rule); those of them with no answer row, or an empty answer, left it unattempted.
//
// Answers count as the scorer counts them: only those saved by deadline + grace (savedInTime; savedBySql is its
// SQL form), so a figure here never credits an answer the learner's score ignored.

export type NatAnswerCount = { answer: string; count: number; correct: boolean }

export type QuestionStats = {
  id: string
  number: number
  text: string
  /** The stored HTML of the question text (what the page shows). */
  html: string
  type: QuestionType
  section: string | null
  marks: string
  negativeMarks: string
  /** Learners (submitted ranked attempts) whose paper had this question. */
  seen: number
  correct: number
  /** MSQ only: some keyed options and no other, not all (scored as wrong; see msqVerdict). */
  partial: number
  wrong: number
  unattempted: number
  /** MCQ/MSQ: how many learners picked each option; empty for NAT. */
  options: (OptionCount & { text: string; html: string })[]
  /** NAT: the key range and the most common answers (same number however typed). */
  nat: { min: string; max: string; top: NatAnswerCount[]; distinct: number } | null
  /** Mean of time_spent_ms over the learners with time recorded on it (> 0), or null when none. */
  averageTimeMs: number | null
  timedLearners: number
  flags: QuestionFlag[]
}

export type QuizStats = {
  quiz: { id: string; title: string }
  attempts: number
  possible: { lo: string; hi: string }
  bins: ScoreBin[]
  questions: QuestionStats[]
}

/** How many most common NAT answers the page lists. */
export const NAT_TOP_ANSWERS = 5

const num = (v: unknown) => Number(v ?? 0)

/** The quiz's statistics, or null when there is no such quiz. */
export async function getQuizStats(quizId: string): Promise<QuizStats | null> {
  const quiz = isId(quizId) ? await getQuiz(quizId) : undefined
  if (!quiz) return null

  const questions = await currentKeyedQuestions(quizId)

  const [scoreRows, seenByCreated, answerGroups] = await Promise.all([
    db
      .selectFrom('quiz_score_counts')
      // A score's count is the sum over its shards (migrations/0022).
      .select(['score_units', sql<number | string>`sum(n)`.as('n')])
      .where('quiz_id', '=', quizId)
      .groupBy('score_units')
      .orderBy('score_units')
      .execute(),
    seenCounts(
      quizId,
      questions.map((q) => q.createdAt),
    ),
    answerCounts(
      quizId,
      questions.map((q) => q.id),
    ),
  ])

  const counts = scoreRows.map((r) => ({ units: num(r.score_units), n: num(r.n) }))
  const range = possibleRange(
    questions.map((q) => ({ marks: marksToStorage(q.marks), negativeMarks: marksToStorage(q.negativeMarks) })),
  )
  const byQuestion = new Map<string, AnswerGroup[]>()
  for (const g of answerGroups) byQuestion.set(g.question_id, [...(byQuestion.get(g.question_id) ?? []), g])

  return {
    quiz: { id: quiz.id, title: quiz.title },
    attempts: counts.reduce((t, c) => t + c.n, 0),
    possible: {
      lo: formatMarks(marksFromStorage(range.lo)),
      hi: formatMarks(marksFromStorage(range.hi)),
    },
    bins: scoreBins(range.lo, range.hi, counts),
    questions: questions.map((q, i) =>
      questionStats(q, i + 1, seenByCreated.get(q.createdAt) ?? 0, byQuestion.get(q.id) ?? []),
    ),
  }
}

type AnswerGroup = {
  question_id: string
  selected_option: number | null
  selected_options: string | null
  numeric_answer: string | null
  n: number
  time_ms: number
  timed: number
}

/** Submitted ranked attempts started at or after each distinct question creation time (few: one per edit). */
async function seenCounts(quizId: string, createdAts: string[]): Promise<Map<string, number>> {
  const distinct = [...new Set(createdAts)]
  const rows = await Promise.all(
    distinct.map((t) =>
      db
        .selectFrom('attempts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('quiz_id', '=', quizId)
        .where('mode', '=', 'ranked')
        .where('submitted_at', 'is not', null)
        .where('started_at', '>=', t)
        .executeTakeFirst(),
    ),
  )
  return new Map(distinct.map((t, i) => [t, num(rows[i]?.n)]))
}

/** Stored answers to the given questions from submitted ranked attempts, grouped by the answer given. */
async function answerCounts(quizId: string, questionIds: string[]): Promise<AnswerGroup[]> {
  if (questionIds.length === 0) return []
  const rows = await db
    .selectFrom('attempt_answers as aa')
    .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
    .select([
      'aa.question_id',
      'aa.selected_option',
      'aa.selected_options',
      'aa.numeric_answer',
      (eb) => eb.fn.countAll().as('n'),
      sql<number | string>`sum(aa.time_spent_ms)`.as('time_ms'),
      sql<number | string>`sum(case when aa.time_spent_ms > 0 then 1 else 0 end)`.as('timed'),
    ])
    .where('a.quiz_id', '=', quizId)
    .where('a.mode', '=', 'ranked')
    .where('a.submitted_at', 'is not', null)
    .where('aa.question_id', 'in', questionIds)
    .where(savedBySql(db, 'aa.saved_at', 'a.deadline_at', QUIZ_GRACE_SECONDS))
    .groupBy(['aa.question_id', 'aa.selected_option', 'aa.selected_options', 'aa.numeric_answer'])
    .execute()
  return rows.map((r) => ({
    question_id: r.question_id,
    selected_option: r.selected_option === null ? null : num(r.selected_option),
    selected_options: r.selected_options,
    numeric_answer: r.numeric_answer,
    n: num(r.n),
    time_ms: num(r.time_ms),
    timed: num(r.timed),
  }))
}

/** scoreQuestion's outcome; a key it cannot score (not reachable through the editor) reads every answer as wrong. */
function outcomeOf(key: Question, answer: Answer) {
  try {
    return scoreQuestion(key, answer).outcome
  } catch {
    return 'wrong' as const
  }
}

function questionStats(q: KeyedQuestion, number: number, seen: number, groups: AnswerGroup[]): QuestionStats {
  const key = q.scorable
  const optionTexts = q.options
  const keyed = q.correctOptions
  const picked = [0, 0, 0, 0]
  const nat = new Map<string, NatAnswerCount>()
  let correct = 0
  let partial = 0
  let wrong = 0
  let timeMs = 0
  let timed = 0
  for (const g of groups) {
    timeMs += g.time_ms
    timed += g.timed
    const answer = {
      selectedOption: g.selected_option,
      selectedOptions: parseOptionIndexes(g.selected_options),
      numericAnswer: g.numeric_answer,
    }
    // The one scoring rule (app/lib/quiz/scoring.ts) decides right, wrong and unattempted.
    const outcome = outcomeOf(key, answer)
    if (outcome === 'unattempted') continue
    if (outcome === 'correct') correct += g.n
    else if (q.type === 'msq' && msqVerdict(answer.selectedOptions, keyed) === 'partial') partial += g.n
    else wrong += g.n
    if (q.type === 'mcq' && g.selected_option !== null && g.selected_option >= 0 && g.selected_option < 4)
      picked[g.selected_option] += g.n
    if (q.type === 'msq') for (const o of new Set(answer.selectedOptions)) picked[o] += g.n
    if (q.type === 'nat') {
      const parsed = parseNumericAnswer(g.numeric_answer ?? '')
      const text = parsed.ok ? formatDecimal(parsed.value) : (g.numeric_answer ?? '').trim()
      const entry = nat.get(text) ?? { answer: text, count: 0, correct: outcome === 'correct' }
      entry.count += g.n
      nat.set(text, entry)
    }
  }
  const answered = correct + partial + wrong
  const options =
    q.type === 'nat'
      ? []
      : optionTexts.map((text, index) => ({
          index,
          text,
          html: q.html.options[index] ?? '',
          count: picked[index] ?? 0,
          keyed: keyed.includes(index),
        }))
  return {
    id: q.id,
    number,
    text: q.text,
    html: q.html.text,
    type: q.type,
    section: q.section?.trim() ? q.section.trim() : null,
    marks: formatMarks(q.marks),
    negativeMarks: formatMarks(q.negativeMarks),
    seen,
    correct,
    partial,
    wrong,
    // Seen minus answered: no answer row, or a row with only a visit or time on it.
    unattempted: Math.max(0, seen - answered),
    options,
    nat:
      q.type === 'nat'
        ? {
            min: q.answerMin ?? '',
            max: q.answerMax ?? '',
            top: [...nat.values()]
              .sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer))
              .slice(0, NAT_TOP_ANSWERS),
            distinct: nat.size,
          }
        : null,
    averageTimeMs: timed > 0 ? Math.round(timeMs / timed) : null,
    timedLearners: timed,
    flags: questionFlags({ answered, correct, options }),
  }
}
