import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { isPastGrace } from '~/lib/quiz/clock'
import { storedScore, type Marks } from '~/lib/quiz/marks'
import { practiceSelection } from '~/lib/quiz/practice'
import type { PaperScore } from '~/lib/quiz/scoring'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import type { QuizViewer } from './access.server'
import { reviewQuestions, type AnalysisQuestion } from './analysis.server'
import { getSetAttempt, openSetAttempt, submitAttempt } from './attempt.server'
import type { AttemptRow } from './rows'
import { markedPaper } from './paper.server'
import { revisableQuestionIds } from './revision.server'

// Practice sets (migrations/0015): question versions a learner chose from their mistakes or saved questions, or a
// draw from the question bank (app/models/bank/practice.server.ts), taken as one test in the test view (untimed,
// unless a bank draw asked for a clock). Its attempt is an ordinary practice attempt whose paper is the set
// (attemptQuestionRows), so it is saved, submitted and scored by the one attempt lifecycle and scorer
// (attempt.server.ts, paper.server.ts), and, being practice, never reaches a leaderboard, a rank or the staff figures.
// A set and its attempt are their learner's alone: anyone else's id reads as no set at all.

/** Longest title kept for a set (it names where its questions were listed from). */
const TITLE_MAX = 200

export type StartOutcome = { ok: true; setId: string } | { ok: false; reason: 'empty' | 'not-revisable' }

/**
 * Makes a practice set of the listed question versions (practiceSelection: each once, at most PRACTICE_SET_MAX)
 * and opens its attempt, in one transaction. Refused as a whole when any id is not one the learner may revise
 * (revisableQuestionIds): someone else's question, a version they never saw, a quiz they have not submitted.
 */
export async function startPracticeSet({
  user,
  questionIds,
  title,
  now = new Date(),
}: {
  user: QuizViewer
  questionIds: readonly string[]
  title: string
  now?: Date
}): Promise<StartOutcome> {
  const chosen = practiceSelection(questionIds)
  if (chosen.length === 0) return { ok: false, reason: 'empty' }
  const revisable = await revisableQuestionIds(user, chosen)
  if (chosen.some((id) => !revisable.has(id))) return { ok: false, reason: 'not-revisable' }
  const first = await db.selectFrom('questions').select('quiz_id').where('id', '=', chosen[0]).executeTakeFirstOrThrow()
  const setId = newId()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('practice_sets')
      .values({ id: setId, user_id: user.id, title: title.slice(0, TITLE_MAX), created_at: now.toISOString() })
      .execute()
    await trx
      .insertInto('practice_set_questions')
      .values(chosen.map((questionId, seq) => ({ set_id: setId, question_id: questionId, seq })))
      .execute()
    await openSetAttempt(trx, { userId: user.id, setId, quizId: first.quiz_id, now })
  })
  return { ok: true, setId }
}

/**
 * Makes a practice set of bank versions a draw chose (app/models/bank/practice.server.ts, which applied the key rule
 * of what a learner may practise, so no revisable check here) and opens its attempt of the bank's own quiz, never a
 * paper's; timed when given `minutes`. In one transaction. Returns the set's id.
 */
export async function startBankPracticeSet({
  user,
  rowIds,
  title,
  minutes,
  now = new Date(),
}: {
  user: QuizViewer
  rowIds: readonly string[]
  title: string
  minutes: number | null
  now?: Date
}): Promise<string> {
  const setId = newId()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('practice_sets')
      .values({ id: setId, user_id: user.id, title: title.slice(0, TITLE_MAX), created_at: now.toISOString() })
      .execute()
    await trx
      .insertInto('practice_set_questions')
      .values(rowIds.map((questionId, seq) => ({ set_id: setId, question_id: questionId, seq })))
      .execute()
    await openSetAttempt(trx, { userId: user.id, setId, quizId: BANK_QUIZ_ID, now, minutes: minutes ?? 0 })
  })
  return setId
}

export type PracticeSet = { id: string; title: string; createdAt: string; attempt: AttemptRow }

/**
 * The learner's own practice set with its attempt, or undefined (no such set, or someone else's). A timed set's
 * attempt past deadline + grace is scored with what was saved in time first, so it reads as submitted.
 */
export async function getPracticeSet(
  userId: string,
  setId: string,
  now = new Date(),
): Promise<PracticeSet | undefined> {
  const set = await db
    .selectFrom('practice_sets')
    .select(['id', 'title', 'created_at'])
    .where('id', '=', setId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  let attempt = set ? await getSetAttempt(userId, set.id) : undefined
  if (set && attempt && !attempt.submitted_at && isPastGrace(attempt.deadline_at, now)) {
    await submitAttempt({ attemptId: attempt.id, now })
    attempt = await getSetAttempt(userId, set.id)
  }
  return set && attempt ? { id: set.id, title: set.title, createdAt: set.created_at, attempt } : undefined
}

export type PracticeSetResult = {
  set: { id: string; title: string }
  submittedAt: string
  score: Marks
  maxScore: Marks
  overall: PaperScore['overall']
  questions: AnalysisQuestion[]
}

/** The result of the learner's submitted practice set: its score (the scorer's, as stored) and its review. */
export async function practiceSetResult(userId: string, setId: string): Promise<PracticeSetResult | undefined> {
  const set = await getPracticeSet(userId, setId)
  if (!set?.attempt.submitted_at) return undefined
  const marked = await markedPaper(set.attempt)
  return {
    set: { id: set.id, title: set.title },
    submittedAt: set.attempt.submitted_at,
    score: marked.score.total,
    maxScore: marked.score.maxTotal,
    overall: marked.score.overall,
    questions: reviewQuestions(marked),
  }
}

/** The learner's latest practice sets, newest first, with their state and score (the /practice page). */
export async function recentPracticeSets(userId: string, limit = 10) {
  const rows = await db
    .selectFrom('practice_sets as s')
    .innerJoin('attempts as a', 'a.practice_set_id', 's.id')
    .select(['s.id', 's.title', 's.created_at', 'a.submitted_at', 'a.score', 'a.score_units', 'a.total'])
    .where('s.user_id', '=', userId)
    .where('a.user_id', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    createdAt: r.created_at,
    submittedAt: r.submitted_at,
    score: r.submitted_at ? storedScore(r) : null,
    total: r.total,
  }))
}
