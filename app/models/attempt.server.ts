import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { isStaff } from '~/lib/roles'
import type { AttemptsTable, Database } from '#db/schema'
import { isId } from '~/lib/ids'
import {
  deadlineFor,
  isPastGrace,
  marksFor,
  pastGraceDeadlineBound,
  percentage,
  percentileOf,
  savedInTime,
  scoreAnswers,
  verdict,
  type AnswerVerdict,
} from '~/lib/marking'
import type { AnswerInput } from '~/schemas/quiz-attempt'
import { db } from '~/utils/db.server'
import { lockRow } from '#db/dialect'
import { MARKS_UNIT as MARK_UNITS } from '~/lib/marks'
import { newId } from '~/utils/ids.server'
import {
  attemptQuestions,
  countCurrentQuestions,
  currentQuestionRows,
  getQuiz,
  parseOptions,
  questionsShownAt,
  type QuizRow,
} from './quiz.server'
import type { UserRow } from './user.server'

// Attempts (issue 5 §3-§7, decision 002). Every function takes `now` so the deadline rules are testable with an
// injected clock. One attempt per learner per quiz is the unique index attempts_user_quiz_uq; one result per
// attempt is the conditional update `where submitted_at is null`.

export type AttemptRow = Selectable<AttemptsTable>
const attemptColumns = [
  'id',
  'user_id',
  'quiz_id',
  'started_at',
  'deadline_at',
  'submitted_at',
  'score',
  'total',
  'score_units',
  'mode',
] as const

export type QuizViewer = Pick<UserRow, 'id' | 'role' | 'has_access_to_quizzes'>

/** A message the learner should read (bad input, a closed attempt), never a 500. */
export class QuizError extends Error {
  constructor(
    message: string,
    public status = 400,
  ) {
    super(message)
  }
}

/** Access rule (API.md §2.4 Q, §5 #4): free, or staff, or bought the bundle. */
export function canAccessQuiz(user: QuizViewer, quiz: Pick<QuizRow, 'category'>): boolean {
  return quiz.category === 'free' || isStaff(user.role) || user.has_access_to_quizzes === 1
}

export type Gate = { ok: true; quiz: QuizRow } | { ok: false; status: 401 | 403 | 404; quiz?: QuizRow }

/** The checks every quiz path shares: signed in (401), quiz exists (404), access (403). */
export async function quizGate(user: QuizViewer | null, quizId: string | undefined): Promise<Gate> {
  if (!user) return { ok: false, status: 401 }
  const quiz = isId(quizId) ? await getQuiz(quizId) : undefined
  if (!quiz) return { ok: false, status: 404 }
  if (!canAccessQuiz(user, quiz)) return { ok: false, status: 403, quiz }
  return { ok: true, quiz }
}

async function readAttempt(userId: string, quizId: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('attempts')
    .select(attemptColumns)
    .where('user_id', '=', userId)
    .where('quiz_id', '=', quizId)
    .where('mode', '=', 'ranked')
    .executeTakeFirst()
}

/** The learner's attempt, finalized first when it is past deadline + grace (so it reads as submitted). */
export async function getAttempt(userId: string, quizId: string, now = new Date()): Promise<AttemptRow | undefined> {
  const attempt = await readAttempt(userId, quizId)
  if (attempt && !attempt.submitted_at && isPastGrace(attempt.deadline_at, now)) {
    await submitAttempt({ attemptId: attempt.id, now })
    return readAttempt(userId, quizId)
  }
  return attempt
}

/**
 * Starts the attempt, or returns the one that exists (idempotent: insert ... on conflict do nothing, then
 * read). `total` and the question set are fixed here (decision 002).
 */
export async function startAttempt({ userId, quiz, now = new Date() }: { userId: string; quiz: QuizRow; now?: Date }) {
  const existing = await getAttempt(userId, quiz.id, now)
  if (existing) return { attempt: existing, created: false }
  // started_at is the moment the question set is taken from; never earlier than the newest current question,
  // so a question written a few ms "ahead" by a clock step still belongs to this attempt.
  const newest = await currentQuestionRows(quiz.id)
    .clearOrderBy()
    .select((eb) => eb.fn.max('created_at').as('t'))
    .executeTakeFirst()
  const nowIso = now.toISOString()
  const startedAt = newest?.t && String(newest.t) > nowIso ? String(newest.t) : nowIso
  const total = await countQuestionsShownAt(quiz.id, startedAt)
  if (total === 0) throw new QuizError('This quiz has no questions yet.', 409)
  // The clock starts at started_at itself, so the deadline is exactly start + limit.
  const deadline = deadlineFor(new Date(startedAt), quiz.time_limit)
  const result = await db
    .insertInto('attempts')
    .values({
      id: newId(),
      user_id: userId,
      quiz_id: quiz.id,
      started_at: startedAt,
      deadline_at: deadline?.toISOString() ?? null,
      total,
    })
    // The unique index is partial (ranked attempts only, migrations/0007): the conflict target names its predicate.
    .onConflict((oc) => oc.columns(['user_id', 'quiz_id']).where(sql.ref('mode'), '=', sql.lit('ranked')).doNothing())
    .executeTakeFirst()
  const attempt = await readAttempt(userId, quiz.id)
  if (!attempt) throw new Error('attempt vanished after insert')
  return { attempt, created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 }
}

async function countQuestionsShownAt(quizId: string, startedAt: string): Promise<number> {
  const row = await questionsShownAt(quizId, startedAt)
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export type SavedAnswer = { selectedOption: number | null; markedForReview: boolean }

export async function getAnswers(attemptId: string): Promise<Record<string, SavedAnswer>> {
  const rows = await db
    .selectFrom('attempt_answers')
    .select(['question_id', 'selected_option', 'marked_for_review'])
    .where('attempt_id', '=', attemptId)
    .execute()
  return Object.fromEntries(
    rows.map((r) => [r.question_id, { selectedOption: r.selected_option, markedForReview: r.marked_for_review === 1 }]),
  )
}

/** The attempt's row lock, taken first: its open/submitted state cannot change under us (db/dialect.ts). */
const lockForWrite = (trx: Transaction<Database>, attemptId: string) => lockRow(trx, 'attempts', attemptId)

export type SaveOutcome = 'saved' | 'closed'

/**
 * Stores answers in at most two statements (one round trip each, which counts on PostgreSQL): answers that name
 * their review mark set it; the others keep the mark already saved (the saver's events send only the option).
 */
async function upsertAnswers(trx: Transaction<Database>, attemptId: string, answers: AnswerInput[], savedAt: string) {
  const withMark = answers.filter((a) => a.markedForReview !== undefined)
  const withoutMark = answers.filter((a) => a.markedForReview === undefined)
  const rows = (list: AnswerInput[]) =>
    list.map((a) => ({
      attempt_id: attemptId,
      question_id: a.questionId,
      selected_option: a.selectedOption,
      marked_for_review: a.markedForReview ? 1 : 0,
      saved_at: savedAt,
    }))
  if (withMark.length) {
    await trx
      .insertInto('attempt_answers')
      .values(rows(withMark))
      .onConflict((oc) =>
        oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({
          selected_option: eb.ref('excluded.selected_option'),
          marked_for_review: eb.ref('excluded.marked_for_review'),
          saved_at: eb.ref('excluded.saved_at'),
        })),
      )
      .execute()
  }
  if (withoutMark.length) {
    await trx
      .insertInto('attempt_answers')
      .values(rows(withoutMark))
      .onConflict((oc) =>
        oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({
          selected_option: eb.ref('excluded.selected_option'),
          saved_at: eb.ref('excluded.saved_at'),
        })),
      )
      .execute()
  }
}

/** Checks that every answer names one of the attempt's questions; the first answer per question wins. */
async function validAnswers(attempt: AttemptRow, answers: AnswerInput[]): Promise<AnswerInput[]> {
  if (answers.length === 0) return []
  const ids = new Set((await attemptQuestions(attempt.quiz_id, attempt.started_at)).map((q) => q.id))
  const seen = new Set<string>()
  const out: AnswerInput[] = []
  for (const a of answers) {
    if (!ids.has(a.questionId)) throw new QuizError('Invalid answers: a question does not belong to this quiz.')
    if (seen.has(a.questionId)) continue
    seen.add(a.questionId)
    out.push(a)
  }
  return out
}

/**
 * Stores answers of an open attempt. After deadline + grace nothing is stored and the attempt is scored with
 * what was saved in time ('closed'); a submitted attempt is 'closed' too.
 */
export async function saveAnswers({
  attempt,
  answers,
  now = new Date(),
}: {
  attempt: AttemptRow
  answers: AnswerInput[]
  now?: Date
}): Promise<SaveOutcome> {
  if (attempt.submitted_at) return 'closed'
  if (isPastGrace(attempt.deadline_at, now)) {
    await submitAttempt({ attemptId: attempt.id, now })
    return 'closed'
  }
  const valid = await validAnswers(attempt, answers)
  return db.transaction().execute(async (trx) => {
    await lockForWrite(trx, attempt.id)
    const open = await trx
      .selectFrom('attempts')
      .select('id')
      .where('id', '=', attempt.id)
      .where('submitted_at', 'is', null)
      .executeTakeFirst()
    if (!open) return 'closed' as const
    await upsertAnswers(trx, attempt.id, valid, now.toISOString())
    return 'saved' as const
  })
}

export type SubmitOutcome = { status: 'submitted' | 'already'; attempt: AttemptRow; late: boolean }

/**
 * Scores and closes the attempt exactly once. Answers given here are stored first unless they arrive after
 * deadline + grace (then they are discarded). Twenty concurrent calls yield one result: the update is
 * conditional on `submitted_at is null`, inside one transaction.
 */
export async function submitAttempt({
  attemptId,
  answers = [],
  now = new Date(),
}: {
  attemptId: string
  answers?: AnswerInput[]
  now?: Date
}): Promise<SubmitOutcome> {
  const before = await db
    .selectFrom('attempts')
    .select(attemptColumns)
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow()
  if (before.submitted_at) return { status: 'already', attempt: before, late: false }
  const late = isPastGrace(before.deadline_at, now)
  const valid = late ? [] : await validAnswers(before, answers)
  const status = await db.transaction().execute(async (trx) => {
    await lockForWrite(trx, attemptId)
    const attempt = await trx
      .selectFrom('attempts')
      .select(attemptColumns)
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow()
    if (attempt.submitted_at) return 'already' as const
    if (valid.length) await upsertAnswers(trx, attempt.id, valid, now.toISOString())
    const paper = await markedPaper(attempt, trx)
    const score = scoreAnswers(paper.map((q) => ({ selected: q.selected, correct: q.correct_option })))
    // An attempt closed by its clock ends at its deadline; otherwise at the moment of submission.
    const submittedAt = late && attempt.deadline_at ? attempt.deadline_at : now.toISOString()
    const updated = await trx
      .updateTable('attempts')
      .set({ submitted_at: submittedAt, score, score_units: Math.round(score * MARK_UNITS) })
      .where('id', '=', attempt.id)
      .where('submitted_at', 'is', null)
      .executeTakeFirst()
    return Number(updated.numUpdatedRows) === 1 ? ('submitted' as const) : ('already' as const)
  })
  const attempt = await db
    .selectFrom('attempts')
    .select(attemptColumns)
    .where('id', '=', attemptId)
    .executeTakeFirstOrThrow()
  return { status, attempt, late }
}

/**
 * Scores every open attempt past deadline + grace (optionally only one learner's or one quiz's). Called
 * lazily wherever attempts are read, so a learner who closed the tab still gets a result and the quiz
 * counts as attempted. Uses the partial index attempts_open_deadline_idx.
 */
export async function finalizeExpiredAttempts({
  now = new Date(),
  userId,
  quizId,
}: { now?: Date; userId?: string; quizId?: string } = {}) {
  let query = db
    .selectFrom('attempts')
    .select('id')
    .where('submitted_at', 'is', null)
    .where('deadline_at', 'is not', null)
    .where('deadline_at', '<', pastGraceDeadlineBound(now).toISOString())
  if (userId) query = query.where('user_id', '=', userId)
  if (quizId) query = query.where('quiz_id', '=', quizId)
  const rows = await query.execute()
  for (const r of rows) await submitAttempt({ attemptId: r.id, now })
  return rows.length
}

/**
 * The attempt's paper with the answer key: every question it saw (decision 002) with the answer that counts for
 * it, i.e. one saved by deadline + grace. Scoring and the result review both read it, so a score is always the
 * sum of the marks its review shows.
 */
async function markedPaper(
  attempt: Pick<AttemptRow, 'id' | 'quiz_id' | 'started_at' | 'deadline_at'>,
  conn: Kysely<Database> = db,
) {
  const questions = await questionsShownAt(attempt.quiz_id, attempt.started_at, conn)
    .select(['id', 'question_text', 'options', 'correct_option', 'explanation'])
    .execute()
  const answers = await conn
    .selectFrom('attempt_answers')
    .select(['question_id', 'selected_option', 'saved_at'])
    .where('attempt_id', '=', attempt.id)
    .execute()
  const counted = new Map(
    answers.filter((a) => savedInTime(a.saved_at, attempt.deadline_at)).map((a) => [a.question_id, a.selected_option]),
  )
  return questions.map((q) => ({ ...q, selected: counted.get(q.id) ?? null }))
}

export type ResultDetail = {
  questionId: string
  question: string
  options: string[]
  selectedOption: number | null
  correctAnswer: number
  isCorrect: boolean
  awardedMarks: number
  verdict: AnswerVerdict
  explanation: string | null
}
export type QuizResult = {
  quiz: { id: string; title: string }
  attemptId: string
  score: number
  total: number
  percentage: string
  submittedAt: string
  details: ResultDetail[]
}

/**
 * The result of a submitted attempt, with the answer key: only ever for the learner's own attempt and
 * only after it is submitted (or finalized by its clock). Null otherwise.
 */
export async function getResult({
  userId,
  quizId,
  now = new Date(),
}: {
  userId: string
  quizId: string
  now?: Date
}): Promise<QuizResult | null> {
  if (!isId(quizId)) return null
  const attempt = await getAttempt(userId, quizId, now)
  if (!attempt || !attempt.submitted_at) return null
  return buildResult(attempt)
}

export async function buildResult(attempt: AttemptRow): Promise<QuizResult> {
  if (!attempt.submitted_at) throw new Error('result of an open attempt')
  const quiz = await getQuiz(attempt.quiz_id)
  const details = (await markedPaper(attempt)).map((q) => {
    const v = verdict(q.selected, q.correct_option)
    return {
      questionId: q.id,
      question: q.question_text,
      options: parseOptions(q.options),
      selectedOption: q.selected,
      correctAnswer: q.correct_option,
      isCorrect: v === 'correct',
      awardedMarks: marksFor(q.selected, q.correct_option),
      verdict: v,
      explanation: q.explanation,
    }
  })
  const score = attempt.score ?? 0
  return {
    quiz: { id: attempt.quiz_id, title: quiz?.title ?? 'Quiz' },
    attemptId: attempt.id,
    score,
    total: attempt.total,
    percentage: percentage(score, attempt.total),
    submittedAt: attempt.submitted_at,
    details,
  }
}

// Submitted attempts of the quiz, counted: all of them are the participants; narrowed, those ranked ahead.
const rankBase = (quizId: string) =>
  db
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('quiz_id', '=', quizId)
    .where('submitted_at', 'is not', null)

export type LeaderboardEntry = {
  attemptId: string
  rank: number
  user: { id: string; name: string; profileImage: string | null }
  score: number
  total: number
  submittedAt: string
}
export type Leaderboard = {
  quiz: { id: string; title: string; totalQuestions: number; totalMarks: number }
  participants: number
  topThree: LeaderboardEntry[]
  others: LeaderboardEntry[]
  viewer: { rank: number; percentile: number; score: number; total: number } | null
}

/**
 * Ranked results: higher score first, then earlier submission (index attempts_leaderboard_idx). Returns the
 * top `limit` entries, the participant count and the viewer's own rank and percentile. Null: no such quiz.
 */
export async function getLeaderboard({
  quizId,
  viewerId,
  limit = 100,
  now = new Date(),
}: {
  quizId: string
  viewerId?: string
  limit?: number
  now?: Date
}): Promise<Leaderboard | null> {
  const quiz = isId(quizId) ? await getQuiz(quizId) : undefined
  if (!quiz) return null
  await finalizeExpiredAttempts({ now, quizId })
  const rows = await db
    .selectFrom('attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.score', 'a.total', 'a.submitted_at', 'u.id as user_id', 'u.name', 'u.profile_image'])
    .where('a.quiz_id', '=', quizId)
    .where('a.submitted_at', 'is not', null)
    .orderBy(sql`a.score desc, a.submitted_at asc`)
    .limit(limit)
    .execute()
  const entries: LeaderboardEntry[] = rows.map((r, i) => ({
    attemptId: r.id,
    rank: i + 1,
    user: { id: r.user_id, name: r.name, profileImage: r.profile_image },
    score: r.score ?? 0,
    total: r.total,
    submittedAt: r.submitted_at ?? '',
  }))
  const count = await rankBase(quizId).executeTakeFirst()
  const participants = Number(count?.n ?? 0)
  let viewer: Leaderboard['viewer'] = null
  if (viewerId) {
    const mine = await db
      .selectFrom('attempts')
      .select(['score', 'total', 'submitted_at'])
      .where('quiz_id', '=', quizId)
      .where('user_id', '=', viewerId)
      .where('submitted_at', 'is not', null)
      .executeTakeFirst()
    if (mine && mine.submitted_at) {
      const score = mine.score ?? 0
      // Two range scans on attempts_leaderboard_idx (an OR would scan the whole quiz): higher scores, then
      // equal scores submitted earlier.
      const countWhere = (extra: (q: ReturnType<typeof rankBase>) => ReturnType<typeof rankBase>) =>
        extra(rankBase(quizId)).executeTakeFirst()
      const [higher, tiedEarlier] = await Promise.all([
        countWhere((q) => q.where('score', '>', score)),
        countWhere((q) => q.where('score', '=', score).where('submitted_at', '<', mine.submitted_at!)),
      ])
      const ahead = { n: Number(higher?.n ?? 0) + Number(tiedEarlier?.n ?? 0) }
      const rank = Number(ahead?.n ?? 0) + 1
      viewer = { rank, percentile: percentileOf(rank, participants), score, total: mine.total }
    }
  }
  const totalQuestions = await countCurrentQuestions(quizId)
  return {
    quiz: { id: quiz.id, title: quiz.title, totalQuestions, totalMarks: entries[0]?.total ?? totalQuestions },
    participants,
    topThree: entries.slice(0, 3),
    others: entries.slice(3),
    viewer,
  }
}
