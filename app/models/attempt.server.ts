import { sql, type Kysely, type Selectable, type Transaction } from 'kysely'
import { isStaff } from '~/lib/roles'
import type { AttemptsTable, Database, QuestionType, UsersTable } from '#db/schema'
import { isId } from '~/lib/ids'
import { deadlineFor, isPastGrace, MAX_TIME_PER_VIEW_MS, pastGraceDeadlineBound, savedInTime } from '~/lib/quiz/clock'
import type { AnswerInput } from '~/schemas/quiz-attempt'
import { db } from '~/utils/db.server'
import { lockRow } from '#db/dialect'
import { MARKS_UNIT, marksFromStorage, marksToNumber, marksToStorage, storedScore, sumMarks } from '~/lib/quiz/marks'
import { parseNumericAnswer } from '~/lib/quiz/numeric'
import { scorePaper, type Answer } from '~/lib/quiz/scoring'
import { newId } from '~/utils/ids.server'
import { percentage, percentile, type Percentile } from '~/lib/quiz/standing'
import { participantCount, standingOf } from './score-counts.server'
import {
  attemptTestQuestions,
  countCurrentQuestions,
  currentQuestionRows,
  getQuiz,
  parseOptions,
  questionsShownAt,
  type QuizRow,
  parseOptionIndexes,
  scorableQuestion,
} from './quiz.server'

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

// From the table's row type, not user.server's (which imports this module: no cycle between the two models).
export type QuizViewer = Pick<Selectable<UsersTable>, 'id' | 'role' | 'has_access_to_quizzes'>

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

/** The learner's RANKED attempt, finalized first when it is past deadline + grace (so it reads as submitted). */
export async function getAttempt(userId: string, quizId: string, now = new Date()): Promise<AttemptRow | undefined> {
  const attempt = await readAttempt(userId, quizId)
  if (attempt && !attempt.submitted_at && isPastGrace(attempt.deadline_at, now)) {
    await submitAttempt({ attemptId: attempt.id, now })
    return readAttempt(userId, quizId)
  }
  return attempt
}

async function readOpenPractice(userId: string, quizId: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('attempts')
    .select(attemptColumns)
    .where('user_id', '=', userId)
    .where('quiz_id', '=', quizId)
    .where('mode', '=', 'practice')
    .where('submitted_at', 'is', null)
    .executeTakeFirst()
}

/** The learner's open practice attempt (item 5), or undefined; one past deadline + grace is scored and closed. */
export async function getOpenPractice(userId: string, quizId: string, now = new Date()) {
  const attempt = await readOpenPractice(userId, quizId)
  if (attempt && isPastGrace(attempt.deadline_at, now)) {
    await submitAttempt({ attemptId: attempt.id, now })
    return undefined
  }
  return attempt
}

/** The learner's latest submitted practice attempt, if any (shown to them only). */
export async function getLatestPractice(userId: string, quizId: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('attempts')
    .select(attemptColumns)
    .where('user_id', '=', userId)
    .where('quiz_id', '=', quizId)
    .where('mode', '=', 'practice')
    .where('submitted_at', 'is not', null)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/**
 * Starts a practice attempt (item 5): only after the ranked attempt is submitted; one open at a time (the partial
 * unique index attempts_user_quiz_open_practice_uq; a second start returns the open one). Timed or untimed.
 */
export async function startPractice({
  userId,
  quiz,
  timed,
  now = new Date(),
}: {
  userId: string
  quiz: QuizRow
  timed: boolean
  now?: Date
}) {
  const ranked = await getAttempt(userId, quiz.id, now)
  if (!ranked?.submitted_at) throw new QuizError('Submit the test first: practice opens after it.', 409)
  const open = await getOpenPractice(userId, quiz.id, now)
  if (open) return { attempt: open, created: false }
  const startedAt = await startMoment(quiz.id, now)
  const total = await totalMarksShownAt(quiz.id, startedAt)
  if (total === null) throw new QuizError('This quiz has no questions yet.', 409)
  const deadline = timed ? deadlineFor(new Date(startedAt), quiz.time_limit) : null
  const result = await db
    .insertInto('attempts')
    .values({
      id: newId(),
      user_id: userId,
      quiz_id: quiz.id,
      started_at: startedAt,
      deadline_at: deadline?.toISOString() ?? null,
      total,
      mode: 'practice',
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'quiz_id'])
        .where(sql.ref('mode'), '=', sql.lit('practice'))
        .where(sql.ref('submitted_at'), 'is', null)
        .doNothing(),
    )
    .executeTakeFirst()
  const attempt = await readOpenPractice(userId, quiz.id)
  if (!attempt) throw new Error('practice attempt vanished after insert')
  return { attempt, created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 }
}

/** started_at: never earlier than the newest current question (a clock step must not drop it from the attempt). */
async function startMoment(quizId: string, now: Date): Promise<string> {
  const newest = await currentQuestionRows(quizId)
    .clearOrderBy()
    .select((eb) => eb.fn.max('created_at').as('t'))
    .executeTakeFirst()
  const nowIso = now.toISOString()
  return newest?.t && String(newest.t) > nowIso ? String(newest.t) : nowIso
}

/**
 * The attempt's total: the paper's maximum marks (today's +1 questions: the question count, as before), rounded
 * to a whole number for the integer column. Null when the paper is empty.
 */
async function totalMarksShownAt(quizId: string, startedAt: string): Promise<number | null> {
  const rows = await questionsShownAt(quizId, startedAt).select('marks').execute()
  if (rows.length === 0) return null
  return Math.round(marksToNumber(sumMarks(rows.map((r) => marksFromStorage(r.marks)))))
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
  const startedAt = await startMoment(quiz.id, now)
  const total = await totalMarksShownAt(quiz.id, startedAt)
  if (total === null) throw new QuizError('This quiz has no questions yet.', 409)
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

export type SavedAnswer = {
  selectedOption: number | null
  selectedOptions: number[]
  numericAnswer: string | null
  markedForReview: boolean
  visited: boolean
}

/** Whether a saved answer answers its question (for the palette: Answered vs Not Answered). */
export function isAnswered(a: Pick<SavedAnswer, 'selectedOption' | 'selectedOptions' | 'numericAnswer'> | undefined) {
  return !!a && (a.selectedOption !== null || a.selectedOptions.length > 0 || !!a.numericAnswer?.trim())
}

export async function getAnswers(attemptId: string): Promise<Record<string, SavedAnswer>> {
  const rows = await db
    .selectFrom('attempt_answers')
    .select(['question_id', 'selected_option', 'selected_options', 'numeric_answer', 'marked_for_review', 'visited_at'])
    .where('attempt_id', '=', attemptId)
    .execute()
  return Object.fromEntries(
    rows.map((r) => [
      r.question_id,
      {
        selectedOption: r.selected_option,
        selectedOptions: parseOptionIndexes(r.selected_options),
        numericAnswer: r.numeric_answer,
        markedForReview: r.marked_for_review === 1,
        // A row exists only once the question was shown or answered.
        visited: true,
      },
    ]),
  )
}

/**
 * Records that a question was shown (first time only: visited_at is kept) - the palette's Not Visited vs Not
 * Answered, kept on the server so the page without JS has it too. Open attempts only.
 */
export async function recordVisit({
  attempt,
  questionId,
  now = new Date(),
}: {
  attempt: AttemptRow
  questionId: string
  now?: Date
}) {
  if (attempt.submitted_at) return
  const at = now.toISOString()
  await db
    .insertInto('attempt_answers')
    .values({ attempt_id: attempt.id, question_id: questionId, selected_option: null, saved_at: at, visited_at: at })
    .onConflict((oc) =>
      oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({
        visited_at: eb.fn.coalesce('attempt_answers.visited_at', eb.ref('excluded.visited_at')),
      })),
    )
    .execute()
}

/**
 * Adds time spent on a question of an open attempt without touching its answer (no JS: leaving a question
 * through a palette link, which is a plain GET). Nothing is stored past deadline + grace.
 */
export async function addTimeSpent({
  attempt,
  questionId,
  ms,
  now = new Date(),
}: {
  attempt: AttemptRow
  questionId: string
  ms: number
  now?: Date
}) {
  if (attempt.submitted_at || ms <= 0 || isPastGrace(attempt.deadline_at, now)) return
  const at = now.toISOString()
  await db
    .insertInto('attempt_answers')
    .values({
      attempt_id: attempt.id,
      question_id: questionId,
      selected_option: null,
      saved_at: at,
      visited_at: at,
      time_spent_ms: Math.min(Math.round(ms), MAX_TIME_PER_VIEW_MS),
    })
    .onConflict((oc) =>
      oc.columns(['attempt_id', 'question_id']).doUpdateSet({
        time_spent_ms: sql<number>`attempt_answers.time_spent_ms + excluded.time_spent_ms`,
      }),
    )
    .execute()
}

/** The attempt's row lock, taken first: its open/submitted state cannot change under us (db/dialect.ts). */
const lockForWrite = (trx: Transaction<Database>, attemptId: string) => lockRow(trx, 'attempts', attemptId)

export type SaveOutcome = 'saved' | 'closed'

/** An answer checked against its question's type: the stored columns. */
type CheckedAnswer = {
  questionId: string
  selected_option: number | null
  selected_options: string | null
  numeric_answer: string | null
  markedForReview?: boolean
  timeSpentMs: number
}

/**
 * Stores answers in at most two statements (one round trip each, which counts on PostgreSQL): answers that name
 * their review mark set it; the others keep the mark already saved (the saver's events send only the answer).
 * Time spent is added to what is stored; a save is also a visit.
 */
async function upsertAnswers(trx: Transaction<Database>, attemptId: string, answers: CheckedAnswer[], savedAt: string) {
  const withMark = answers.filter((a) => a.markedForReview !== undefined)
  const withoutMark = answers.filter((a) => a.markedForReview === undefined)
  const rows = (list: CheckedAnswer[]) =>
    list.map((a) => ({
      attempt_id: attemptId,
      question_id: a.questionId,
      selected_option: a.selected_option,
      selected_options: a.selected_options,
      numeric_answer: a.numeric_answer,
      marked_for_review: a.markedForReview ? 1 : 0,
      saved_at: savedAt,
      visited_at: savedAt,
      time_spent_ms: a.timeSpentMs,
    }))
  for (const [list, setMark] of [
    [withMark, true],
    [withoutMark, false],
  ] as const) {
    if (!list.length) continue
    await trx
      .insertInto('attempt_answers')
      .values(rows(list))
      .onConflict((oc) =>
        oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({
          selected_option: eb.ref('excluded.selected_option'),
          selected_options: eb.ref('excluded.selected_options'),
          numeric_answer: eb.ref('excluded.numeric_answer'),
          ...(setMark ? { marked_for_review: eb.ref('excluded.marked_for_review') } : {}),
          saved_at: eb.ref('excluded.saved_at'),
          visited_at: eb.fn.coalesce('attempt_answers.visited_at', eb.ref('excluded.visited_at')),
          time_spent_ms: sql<number>`attempt_answers.time_spent_ms + excluded.time_spent_ms`,
        })),
      )
      .execute()
  }
}

/**
 * Checks every answer against its question (it must be one of the attempt's questions; the first answer per
 * question wins) and its type: MSQ options distinct 0-3; a NAT answer a number parseNumericAnswer accepts (its
 * message otherwise, as a QuizError). Each type keeps only its own field.
 */
async function validAnswers(attempt: AttemptRow, answers: AnswerInput[]): Promise<CheckedAnswer[]> {
  if (answers.length === 0) return []
  const types = new Map(
    (await attemptTestQuestions(attempt.quiz_id, attempt.started_at)).map(
      (q) => [q.id, q.type] as [string, QuestionType],
    ),
  )
  const seen = new Set<string>()
  const out: CheckedAnswer[] = []
  for (const a of answers) {
    const type = types.get(a.questionId)
    if (!type) throw new QuizError('Invalid answers: a question does not belong to this quiz.')
    if (seen.has(a.questionId)) continue
    seen.add(a.questionId)
    out.push(checkAnswer(type, a))
  }
  return out
}

export function checkAnswer(type: QuestionType, a: AnswerInput): CheckedAnswer {
  const base = {
    questionId: a.questionId,
    markedForReview: a.markedForReview,
    timeSpentMs: Math.min(a.timeSpentMs ?? 0, MAX_TIME_PER_VIEW_MS),
  }
  if (type === 'msq') {
    const list = a.selectedOptions ?? []
    if (new Set(list).size !== list.length) throw new QuizError('Choose each option at most once.')
    const sorted = [...list].sort((x, y) => x - y)
    return {
      ...base,
      selected_option: null,
      selected_options: sorted.length ? JSON.stringify(sorted) : null,
      numeric_answer: null,
    }
  }
  if (type === 'nat') {
    const text = (a.numericAnswer ?? '').trim()
    if (text !== '') {
      const parsed = parseNumericAnswer(text)
      if (!parsed.ok) throw new QuizError(parsed.message)
    }
    return { ...base, selected_option: null, selected_options: null, numeric_answer: text === '' ? null : text }
  }
  return { ...base, selected_option: a.selectedOption, selected_options: null, numeric_answer: null }
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
    const { score: paperScore } = await markedPaper(attempt, trx)
    const units = marksToStorage(paperScore.total)
    // An attempt closed by its clock ends at its deadline; otherwise at the moment of submission.
    const submittedAt = late && attempt.deadline_at ? attempt.deadline_at : now.toISOString()
    const updated = await trx
      .updateTable('attempts')
      .set({ submitted_at: submittedAt, score: units / MARKS_UNIT, score_units: units })
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
export async function markedPaper(
  attempt: Pick<AttemptRow, 'id' | 'quiz_id' | 'started_at' | 'deadline_at'>,
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

/** The older client's word for an outcome. */
export type AnswerVerdict = 'correct' | 'incorrect' | 'unattempted'

export type ResultDetail = {
  questionId: string
  question: string
  options: string[]
  /** mcq: the chosen option; msq and nat: null (see selectedOptions / numericAnswer). */
  selectedOption: number | null
  /** mcq: the key; msq: the smallest keyed option; nat: 0 (meaningless; see type). */
  correctAnswer: number
  isCorrect: boolean
  awardedMarks: number
  verdict: AnswerVerdict
  explanation: string | null
  type: QuestionType
  selectedOptions: number[]
  numericAnswer: string | null
  correctOptions: number[]
  answerMin: string | null
  answerMax: string | null
  marks: number
  negativeMarks: number
  section: string | null
  topic: string | null
  timeSpentMs: number
}
export type QuizResult = {
  quiz: { id: string; title: string }
  attemptId: string
  score: number
  total: number
  percentage: string
  submittedAt: string
  mode: 'ranked' | 'practice'
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
  const { paper, score: scored } = await markedPaper(attempt)
  const details = paper.map((q, i): ResultDetail => {
    const r = scored.results[i]
    const v: AnswerVerdict = r.outcome === 'wrong' ? 'incorrect' : r.outcome
    return {
      questionId: q.id,
      question: q.question_text,
      options: parseOptions(q.options),
      selectedOption: q.type === 'mcq' ? q.selected : null,
      correctAnswer: q.correct_option,
      isCorrect: v === 'correct',
      awardedMarks: marksToNumber(r.earned),
      verdict: v,
      explanation: q.explanation,
      type: q.type,
      selectedOptions: q.answer?.selectedOptions ? [...q.answer.selectedOptions] : [],
      numericAnswer: q.answer?.numericAnswer ?? null,
      correctOptions:
        q.type === 'msq' ? parseOptionIndexes(q.correct_options) : q.type === 'mcq' ? [q.correct_option] : [],
      answerMin: q.answer_min,
      answerMax: q.answer_max,
      marks: marksToNumber(marksFromStorage(q.marks)),
      negativeMarks: marksToNumber(marksFromStorage(q.negative_marks)),
      section: r.section,
      topic: r.topic,
      timeSpentMs: q.timeSpentMs,
    }
  })
  const score = marksToNumber(storedScore(attempt))
  return {
    quiz: { id: attempt.quiz_id, title: quiz?.title ?? 'Quiz' },
    attemptId: attempt.id,
    score,
    total: attempt.total,
    percentage: percentage(score, attempt.total),
    submittedAt: attempt.submitted_at,
    mode: attempt.mode,
    details,
  }
}

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
  viewer: { rank: number; percentile: Percentile | null; score: number; total: number } | null
}

/**
 * Ranked results: higher score first, then earlier submission. Returns the top `limit` entries (a range of
 * attempts_ranked_leaderboard_idx), the participant count and the viewer's own rank and percentile (from the
 * per-score counts, score-counts.server.ts). Null: no such quiz.
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
    .select([
      'a.id',
      'a.score',
      'a.score_units',
      'a.total',
      'a.submitted_at',
      'u.id as user_id',
      'u.name',
      'u.profile_image',
    ])
    .where('a.quiz_id', '=', quizId)
    .where('a.mode', '=', 'ranked')
    .where('a.submitted_at', 'is not', null)
    .orderBy(sql`a.score_units desc, a.submitted_at asc`)
    .limit(limit)
    .execute()
  const entries: LeaderboardEntry[] = rows.map((r, i) => ({
    attemptId: r.id,
    rank: i + 1,
    user: { id: r.user_id, name: r.name, profileImage: r.profile_image },
    score: marksToNumber(storedScore(r)),
    total: r.total,
    submittedAt: r.submitted_at ?? '',
  }))
  let viewer: Leaderboard['viewer'] = null
  const mine = viewerId
    ? await db
        .selectFrom('attempts')
        .select(['score', 'score_units', 'total', 'submitted_at'])
        .where('quiz_id', '=', quizId)
        .where('user_id', '=', viewerId)
        .where('mode', '=', 'ranked')
        .where('submitted_at', 'is not', null)
        .executeTakeFirst()
    : undefined
  // Participants and rank from the per-score counts (decision 013): no walk over the quiz's attempts.
  let participants: number
  if (mine?.submitted_at && mine.score_units !== null) {
    const standing = await standingOf(quizId, Number(mine.score_units), mine.submitted_at)
    participants = standing.participants
    viewer = {
      rank: standing.rank,
      percentile: percentile(standing.atOrBelow, participants),
      score: marksToNumber(storedScore(mine)),
      total: mine.total,
    }
  } else {
    participants = await participantCount(quizId)
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
