import { resultsPublic } from '~/lib/quiz/visibility'
import { sql } from 'kysely'
import { isId } from '~/lib/ids'
import { makeMarks, marksFromStorage, marksToStorage, MARKS_UNIT, storedScore, type Marks } from '~/lib/quiz/marks'
import {
  type AnswerAndKey,
  type GroupScore,
  type Outcome,
  type PaperScore,
  type QuestionType,
} from '~/lib/quiz/scoring'
import { getAttempt, getLatestPractice } from '~/models/quiz/attempt.server'
import { isLiveMock } from '~/lib/quiz/window'
import type { AttemptRow } from '~/models/quiz/rows'
import { markedPaper, type MarkedPaper } from '~/models/quiz/paper.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { scoreTotals, standingOf } from '~/models/quiz/standing.server'
import { percentile as percentileOf, type Percentile } from '~/lib/quiz/standing'
import { db } from '~/utils/db.server'

// The result and analysis of one submitted attempt, read from the database so it survives a
// reload. Scoring is app/lib/quiz/scoring.ts (scorePaper, through the paper model); this module only reads rows and
// aggregates in SQL.
//
// - The answer key is returned only for the learner's OWN SUBMITTED attempt, and only once their ranked
//   attempt is submitted: a practice attempt exists only after that, but it is checked anyway.
// - Rank, participants, percentile, topper and average count ranked submitted attempts only (practice attempts
//   never do): sums over the per-score counts (score-counts.server.ts, decision 013), the tie and the topper's
//   attempt from the partial index attempts_ranked_leaderboard_idx (quiz_id, score_units desc, submitted_at).
// - Rank follows the leaderboard's order (getLeaderboard): higher score first, then the earlier submission, so
//   rank = 1 + (attempts with more score_units) + (attempts with equal score_units submitted earlier).
// - Percentile: app/lib/quiz/standing.ts, the one definition (decision 018), from the same counts as the leaderboard.
// - Average: the exact sum of score_units divided by the participant count, kept as an exact fraction
//   (decision 011) and shown with 2 decimals.

/**
 * The attempt's paper and exact score: attempt.server's markedPaper (the questions shown at its start, decision
 * 002; answers saved by deadline + grace), so the page always shows the score the submit stored.
 */
async function loadPaper(attempt: Pick<AttemptRow, 'id' | 'quiz_id' | 'started_at' | 'deadline_at'>) {
  const { paper, score } = await markedPaper(attempt)
  return { rows: paper.map((row) => ({ row, answer: row.answer, timeSpentMs: row.timeSpentMs })), score }
}

export type AnalysisQuestion = AnswerAndKey & {
  questionId: string
  number: number
  type: QuestionType
  question: string
  options: string[]
  section: string | null
  topic: string | null
  outcome: Outcome
  earned: Marks
  maxMarks: Marks
  negativeMarks: Marks
  timeSpentMs: number
  explanation: string | null
  /** The stored HTML of the text, options and explanation (what the page shows; the fields above are the source). */
  questionHtml: string
  optionsHtml: string[]
  explanationHtml: string | null
}

export type AnalysisGroup = GroupScore & {
  timeSpentMs: number
  /** The topper's marks in this group (null when there is no ranked submission to compare with). */
  topperEarned: Marks | null
}

export type Analysis = {
  quiz: { id: string; title: string }
  attempt: {
    id: string
    mode: 'ranked' | 'practice'
    startedAt: string
    submittedAt: string
    /** Wall-clock time from start to submission. */
    durationMs: number
    /** Sum of the time recorded per question. */
    timeSpentMs: number
  }
  score: Marks
  maxScore: Marks
  overall: PaperScore['overall']
  /** Null for a practice attempt (never ranked) or when the ranked attempt has no stored score. */
  rank: number | null
  participants: number
  /** Null for a practice attempt (never ranked). */
  percentile: Percentile | null
  topper: Marks | null
  average: Marks | null
  sections: AnalysisGroup[]
  topics: AnalysisGroup[]
  questions: AnalysisQuestion[]
}

/** Participants, topper and the exact sum of scores of a quiz's ranked submitted attempts (per-score counts). */
async function boardStats(quizId: string) {
  const { participants, top, total } = await scoreTotals(quizId)
  if (participants === 0 || top === null || total === null) return { participants: 0, topper: null, average: null }
  const average = makeMarks(Number(total), participants * MARKS_UNIT)
  return { participants, topper: marksFromStorage(top), average }
}

/** The topper's attempt (leaderboard order), for the per-section and per-topic comparison. */
async function topperAttempt(quizId: string) {
  return db
    .selectFrom('attempts')
    .select(['id', 'quiz_id', 'started_at', 'deadline_at'])
    .where('quiz_id', '=', quizId)
    .where('mode', '=', 'ranked')
    .where('submitted_at', 'is not', null)
    .where('score_units', 'is not', null)
    .orderBy(sql`score_units desc, submitted_at asc`)
    .limit(1)
    .executeTakeFirst()
}

async function findAttempt({
  userId,
  quizId,
  attemptId,
  now,
}: {
  userId: string
  quizId: string
  attemptId?: string
  now: Date
}): Promise<AttemptRow | undefined> {
  // The ranked attempt (finalized first when its clock ran out), which must be submitted before any key shows.
  const ranked = await getAttempt(userId, quizId, now)
  if (!ranked?.submitted_at) {
    // A published live mock is open to anyone as an unranked attempt, sat or not (app/models/quiz/attempt.server.ts
    // startPractice): its key is public by then, so the practice result shows without a ranked attempt.
    const quiz = await getQuiz(quizId)
    if (!quiz || !isLiveMock(quiz) || !resultsPublic(quiz)) return undefined
    if (!attemptId) return getLatestPractice(userId, quizId)
  } else if (!attemptId || attemptId === ranked.id) return ranked
  if (!isId(attemptId)) return undefined
  return (
    db
      .selectFrom('attempts')
      .selectAll()
      .where('id', '=', attemptId)
      .where('user_id', '=', userId)
      .where('quiz_id', '=', quizId)
      .where('submitted_at', 'is not', null)
      // A practice set's attempt has its own result page (/practice/sets/{id}/result).
      .where('practice_set_id', 'is', null)
      .executeTakeFirst()
  )
}

/**
 * Everything the result page shows for the learner's own submitted attempt: by default their ranked attempt;
 * `attemptId` picks one of their submitted practice attempts. Null when there is nothing they may see.
 */
export async function getAnalysis({
  userId,
  quizId,
  attemptId,
  now = new Date(),
}: {
  userId: string
  quizId: string
  attemptId?: string
  now?: Date
}): Promise<Analysis | null> {
  if (!isId(quizId)) return null
  const attempt = await findAttempt({ userId, quizId, attemptId, now })
  if (!attempt?.submitted_at) return null
  const [quiz, paper, stats, topAttempt] = await Promise.all([
    getQuiz(quizId),
    loadPaper(attempt),
    boardStats(quizId),
    topperAttempt(quizId),
  ])
  const { rows, score } = paper
  const topperScore = topAttempt ? (topAttempt.id === attempt.id ? score : (await loadPaper(topAttempt)).score) : null

  let rank: number | null = null
  let percentile: Percentile | null = null
  if (attempt.mode === 'ranked') {
    // The stored score is what the leaderboard orders by; the page shows the same (the pure function's) total.
    const units = marksToStorage(storedScore(attempt))
    const r = await standingOf(quizId, units, attempt.submitted_at)
    rank = r.rank
    percentile = percentileOf(r.atOrBelow, r.participants)
  }

  const timeByGroup = (pick: (r: (typeof rows)[number]) => string | null) => {
    const map = new Map<string | null, number>()
    for (const r of rows) {
      const raw = pick(r)
      const key = raw && raw.trim() !== '' ? raw.trim() : null
      map.set(key, (map.get(key) ?? 0) + r.timeSpentMs)
    }
    return map
  }
  const withExtras = (groups: GroupScore[], times: Map<string | null, number>, topper: GroupScore[] | null) =>
    groups.map((g) => ({
      ...g,
      timeSpentMs: times.get(g.key) ?? 0,
      topperEarned: topper ? (topper.find((t) => t.key === g.key)?.earned ?? null) : null,
    }))

  const questions = reviewQuestions({ paper: rows.map((r) => r.row), score })

  const submittedMs = Date.parse(attempt.submitted_at)
  const startedMs = Date.parse(attempt.started_at)
  return {
    quiz: { id: quizId, title: quiz?.title ?? 'Quiz' },
    attempt: {
      id: attempt.id,
      mode: attempt.mode,
      startedAt: attempt.started_at,
      submittedAt: attempt.submitted_at,
      durationMs: Number.isFinite(submittedMs - startedMs) ? Math.max(0, submittedMs - startedMs) : 0,
      timeSpentMs: rows.reduce((t, r) => t + r.timeSpentMs, 0),
    },
    score: score.total,
    maxScore: score.maxTotal,
    overall: score.overall,
    rank,
    participants: stats.participants,
    percentile,
    topper: stats.topper,
    average: stats.average,
    sections: withExtras(
      score.sections,
      timeByGroup((r) => r.row.section),
      topperScore?.sections ?? null,
    ),
    topics: withExtras(
      score.topics,
      timeByGroup((r) => r.row.topic),
      topperScore?.topics ?? null,
    ),
    questions,
  }
}

/**
 * Each question of a marked paper (markedPaper) as a review shows it: the learner's answer, the key, the outcome,
 * the marks earned and the time spent. The result page, the practice lists and a practice set's result read it.
 */
export function reviewQuestions({ paper, score }: Pick<MarkedPaper, 'paper' | 'score'>): AnalysisQuestion[] {
  return paper.map((row, i) => {
    const result = score.results[i]
    const answer = row.answer
    const timeSpentMs = row.timeSpentMs
    return {
      questionId: row.id,
      number: i + 1,
      type: row.type,
      question: row.text,
      options: row.options,
      section: result.section,
      topic: result.topic,
      selectedOption: row.type === 'mcq' ? (answer?.selectedOption ?? null) : null,
      selectedOptions: row.type === 'msq' ? [...(answer?.selectedOptions ?? [])].sort((a, b) => a - b) : [],
      numericAnswer: row.type === 'nat' ? (answer?.numericAnswer ?? null) : null,
      correctOptions: row.correctOptions,
      answerMin: row.answerMin,
      answerMax: row.answerMax,
      outcome: result.outcome,
      earned: result.earned,
      maxMarks: result.maxMarks,
      negativeMarks: row.negativeMarks,
      timeSpentMs,
      explanation: row.explanation,
      questionHtml: row.html.text,
      optionsHtml: row.html.options,
      explanationHtml: row.html.explanation,
    }
  })
}
