import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { isMistake, topicName } from '~/lib/quiz/practice'
import { db } from '~/utils/db.server'
import { mayOpen } from '~/lib/quiz/visibility'
import { resultsPublicSql } from './visibility.server'
import { opensPaidQuizzes, type QuizViewer } from './access.server'
import { reviewQuestions, type AnalysisQuestion } from './analysis.server'
import { finalizeExpiredAttempts } from './attempt.server'
import { questionsShownAt } from './catalog.server'
import { markedPaper, type MarkedPaper } from './paper.server'

// Revising: a learner's mistakes and saved questions (/practice, the result page's 'Save question'), and the one
// rule of which question versions a learner may revise. The key of a question reaches these lists only through a
// quiz whose RANKED attempt that learner has submitted (and which they may still open, as for its result page), and
// only for the versions their own submitted attempts of it showed them (questionsShownAt, decision 002): a version
// added after their test, or another learner's question, never shows, and posting its id is refused. A practice test
// drawn from the question bank (app/models/bank/practice.server.ts) is revisable too once submitted: its versions
// (rows of the bank's own quiz) are listed under 'Practice', never under a paper's title.

/** What a mistake or saved question of a bank practice test is listed under. */
export const BANK_PRACTICE_TITLE = 'Practice'

/** A learner's submitted attempt of a quiz they may revise, newest first; `title` is the quiz's. */
type SeenAttempt = {
  id: string
  quiz_id: string
  started_at: string
  deadline_at: string | null
  submitted_at: string
  score: number | null
  score_units: number | string | null
  total: number
  mode: 'ranked' | 'practice'
  title: string
}

/**
 * The learner's submitted attempts (ranked, or practice re-takes with `ranked: false`) of the quizzes they may
 * revise: ones whose ranked attempt they submitted and that they may open now. A practice set's attempt is never
 * one (its questions were all seen in these). Newest first. Open attempts past their clock are scored first.
 */
async function revisableAttempts(
  user: QuizViewer,
  { quizIds, rankedOnly = false }: { quizIds?: string[]; rankedOnly?: boolean } = {},
): Promise<SeenAttempt[]> {
  if (quizIds && quizIds.length === 0) return []
  await finalizeExpiredAttempts({ userId: user.id })
  const rows = await db
    .selectFrom('attempts as a')
    .innerJoin('quizzes as q', 'q.id', 'a.quiz_id')
    .select([
      'a.id',
      'a.quiz_id',
      'a.started_at',
      'a.deadline_at',
      'a.submitted_at',
      'a.score',
      'a.score_units',
      'a.total',
      'a.mode',
      'q.title',
      'q.category',
    ])
    .where('a.user_id', '=', user.id)
    .where('a.submitted_at', 'is not', null)
    .where('a.practice_set_id', 'is', null)
    .$if(rankedOnly, (qb) => qb.where('a.mode', '=', 'ranked'))
    // A live mock's key and scores are withheld until its results are published (app/lib/quiz/visibility.ts).
    .where(resultsPublicSql('q'))
    .$if(!!quizIds, (qb) => qb.where('a.quiz_id', 'in', quizIds!))
    // The quiz's ranked attempt by this learner is submitted (a practice re-take exists only after it, but the key
    // rests on this check, not on that order).
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('attempts as r')
          .select('r.id')
          .whereRef('r.quiz_id', '=', 'a.quiz_id')
          .whereRef('r.user_id', '=', 'a.user_id')
          .where('r.mode', '=', 'ranked')
          .where('r.submitted_at', 'is not', null),
      ),
    )
    .orderBy('a.submitted_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute()
  const opensPaid = rows.some((r) => r.category !== 'free') && (await opensPaidQuizzes(user))
  return rows
    .filter((r) => mayOpen(r, { staff: false, opensPaid }))
    .map(({ category: _category, ...r }) => ({ ...r, submitted_at: r.submitted_at! }))
}

/** A submitted ranked attempt with its marked paper (markedPaper: the versions it saw, the answers that counted). */
export type RankedPaper = {
  attemptId: string
  quiz: { id: string; title: string }
  submittedAt: string
  attempt: Pick<SeenAttempt, 'score' | 'score_units' | 'total'>
  marked: MarkedPaper
}

/** The learner's submitted ranked attempts of quizzes they may revise, newest first, each with its marked paper. */
export async function rankedPapers(user: QuizViewer): Promise<RankedPaper[]> {
  const attempts = await revisableAttempts(user, { rankedOnly: true })
  return Promise.all(
    attempts.map(async (a) => ({
      attemptId: a.id,
      quiz: { id: a.quiz_id, title: a.title },
      submittedAt: a.submitted_at,
      attempt: { score: a.score, score_units: a.score_units, total: a.total },
      marked: await markedPaper(a),
    })),
  )
}

/** The learner's submitted practice tests drawn from the bank, newest first, each with its marked paper. */
export async function bankPracticePapers(user: QuizViewer): Promise<(RankedPaper & { setId: string })[]> {
  await finalizeExpiredAttempts({ userId: user.id })
  const rows = await db
    .selectFrom('attempts')
    .select([
      'id',
      'quiz_id',
      'started_at',
      'deadline_at',
      'submitted_at',
      'score',
      'score_units',
      'total',
      'practice_set_id',
    ])
    .where('user_id', '=', user.id)
    .where('quiz_id', '=', BANK_QUIZ_ID)
    .where('practice_set_id', 'is not', null)
    .where('submitted_at', 'is not', null)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return Promise.all(
    rows.map(async (a) => ({
      attemptId: a.id,
      setId: a.practice_set_id!,
      quiz: { id: BANK_QUIZ_ID, title: BANK_PRACTICE_TITLE },
      submittedAt: a.submitted_at!,
      attempt: { score: a.score, score_units: a.score_units, total: a.total },
      marked: await markedPaper(a),
    })),
  )
}

/**
 * One question of a practice list: the question as its review shows it, and the test it came from (`setId`: the
 * bank practice test, listed as 'Practice').
 */
export type PracticeItem = {
  quiz: { id: string; title: string }
  setId?: string
  submittedAt: string
  question: AnalysisQuestion
}

export type PracticeFilter = { quizId?: string; topic?: string }

/** The quizzes and topics a list can be filtered by (quizzes newest test first, topics by name). */
export type FilterOptions = { quizzes: { id: string; title: string }[]; topics: string[] }

const matches = (item: PracticeItem, filter: PracticeFilter) =>
  (!filter.quizId || item.quiz.id === filter.quizId) &&
  (!filter.topic || topicName(item.question.topic) === filter.topic)

function filterOptions(items: PracticeItem[]): FilterOptions {
  const quizzes = new Map<string, { id: string; title: string }>()
  for (const i of items) if (!quizzes.has(i.quiz.id)) quizzes.set(i.quiz.id, i.quiz)
  const topics = [...new Set(items.map((i) => topicName(i.question.topic)))].sort()
  return { quizzes: [...quizzes.values()], topics }
}

/**
 * Every question the learner got wrong or left unanswered in their submitted ranked attempts, newest test first
 * and in paper order within a test, with their answer, the key and the explanation (the version they saw).
 * Filtered by quiz and by topic (topicName); the options are those of the whole list.
 */
export async function mistakeList(user: QuizViewer, filter: PracticeFilter = {}) {
  const papers = await rankedPapers(user)
  const ranked: PracticeItem[] = papers.flatMap((p) =>
    reviewQuestions(p.marked)
      .filter((q) => isMistake(q.outcome))
      .map((question) => ({ quiz: p.quiz, submittedAt: p.submittedAt, question })),
  )
  // A bank question practised more than once counts as the newest practice test answered it.
  const latest = new Map<string, PracticeItem & { mistake: boolean }>()
  for (const p of await bankPracticePapers(user))
    for (const question of reviewQuestions(p.marked))
      if (!latest.has(question.questionId))
        latest.set(question.questionId, {
          quiz: p.quiz,
          setId: p.setId,
          submittedAt: p.submittedAt,
          question,
          mistake: isMistake(question.outcome),
        })
  const practised = [...latest.values()].filter((i) => i.mistake).map(({ mistake: _m, ...i }) => i)
  const all = [...ranked, ...practised].sort((a, b) =>
    a.submittedAt < b.submittedAt ? 1 : a.submittedAt > b.submittedAt ? -1 : 0,
  )
  return { items: all.filter((i) => matches(i, filter)), options: filterOptions(all) }
}

/**
 * Which of these question versions the learner may revise (save, practise): ones a submitted attempt of theirs
 * was shown (questionsShownAt), of a quiz whose ranked attempt they submitted and which they may open now.
 */
export async function revisableQuestionIds(user: QuizViewer, questionIds: string[]): Promise<Set<string>> {
  const out = new Set<string>()
  if (questionIds.length === 0) return out
  const questions = await db.selectFrom('questions').select(['id', 'quiz_id']).where('id', 'in', questionIds).execute()
  const byQuiz = new Map<string, string[]>()
  for (const q of questions) byQuiz.set(q.quiz_id, [...(byQuiz.get(q.quiz_id) ?? []), q.id])
  const fromBank = byQuiz.get(BANK_QUIZ_ID)
  if (fromBank) for (const id of await bankRowsPractised(user.id, fromBank)) out.add(id)
  const attempts = await revisableAttempts(user, { quizIds: [...byQuiz.keys()].filter((q) => q !== BANK_QUIZ_ID) })
  for (const a of attempts) {
    const wanted = byQuiz.get(a.quiz_id)!.filter((id) => !out.has(id))
    if (wanted.length === 0) continue
    const shown = await questionsShownAt(a.quiz_id, a.started_at).where('id', 'in', wanted).select('id').execute()
    for (const r of shown) out.add(r.id)
  }
  return out
}

/** Which of these bank versions were in a practice test of the learner's that they submitted. */
async function bankRowsPractised(userId: string, rowIds: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('practice_set_questions as psq')
    .innerJoin('attempts as a', 'a.practice_set_id', 'psq.set_id')
    .select('psq.question_id')
    .distinct()
    .where('a.user_id', '=', userId)
    .where('a.quiz_id', '=', BANK_QUIZ_ID)
    .where('a.submitted_at', 'is not', null)
    .where('psq.question_id', 'in', rowIds)
    .execute()
  return rows.map((r) => r.question_id)
}

export type SaveOutcome = { ok: true } | { ok: false; reason: 'not-revisable' }

/** Saves a question version for the learner (once; saving again changes nothing). Refused unless revisable. */
export async function saveQuestion({
  user,
  questionId,
  now = new Date(),
}: {
  user: QuizViewer
  questionId: string
  now?: Date
}): Promise<SaveOutcome> {
  if (!(await revisableQuestionIds(user, [questionId])).has(questionId)) return { ok: false, reason: 'not-revisable' }
  await db
    .insertInto('saved_questions')
    .values({ user_id: user.id, question_id: questionId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing())
    .execute()
  return { ok: true }
}

/** Removes a saved question of the learner's own (another learner's id matches no row of theirs). */
export async function removeSavedQuestion({ userId, questionId }: { userId: string; questionId: string }) {
  await db.deleteFrom('saved_questions').where('user_id', '=', userId).where('question_id', '=', questionId).execute()
}

/** Which of these question versions the learner has saved (the result page's 'Saved'). */
export async function savedAmong(userId: string, questionIds: string[]): Promise<Set<string>> {
  if (questionIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('saved_questions')
    .select('question_id')
    .where('user_id', '=', userId)
    .where('question_id', 'in', questionIds)
    .execute()
  return new Set(rows.map((r) => r.question_id))
}

/**
 * The learner's saved questions, newest saved first, each as the review of the latest submitted attempt of theirs
 * that showed it (their answer there, the key, the explanation). A saved question that is no longer revisable
 * (access to a paid quiz lost) is left out. Filtered like the mistakes.
 */
export async function savedList(user: QuizViewer, filter: PracticeFilter = {}) {
  const saved = await db
    .selectFrom('saved_questions as s')
    .innerJoin('questions as q', 'q.id', 's.question_id')
    .select(['s.question_id', 'q.quiz_id'])
    .where('s.user_id', '=', user.id)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.question_id')
    .execute()
  const attempts = await revisableAttempts(user, { quizIds: [...new Set(saved.map((s) => s.quiz_id))] })
  const wanted = new Set(saved.map((s) => s.question_id))
  const found = new Map<string, PracticeItem>()
  for (const a of attempts) {
    if (found.size === wanted.size) break
    const shown = await questionsShownAt(a.quiz_id, a.started_at)
      .where(
        'id',
        'in',
        saved.filter((s) => s.quiz_id === a.quiz_id).map((s) => s.question_id),
      )
      .select('id')
      .execute()
    if (!shown.some((r) => !found.has(r.id))) continue
    for (const question of reviewQuestions(await markedPaper(a)))
      if (wanted.has(question.questionId) && !found.has(question.questionId))
        found.set(question.questionId, {
          quiz: { id: a.quiz_id, title: a.title },
          submittedAt: a.submitted_at,
          question,
        })
  }
  if (saved.some((s) => s.quiz_id === BANK_QUIZ_ID && !found.has(s.question_id)))
    for (const p of await bankPracticePapers(user))
      for (const question of reviewQuestions(p.marked))
        if (wanted.has(question.questionId) && !found.has(question.questionId))
          found.set(question.questionId, { quiz: p.quiz, setId: p.setId, submittedAt: p.submittedAt, question })
  const all = saved.flatMap((s) => found.get(s.question_id) ?? [])
  return { items: all.filter((i) => matches(i, filter)), options: filterOptions(all) }
}
