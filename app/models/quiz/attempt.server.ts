import { sql, type Kysely, type Transaction } from 'kysely'
import type { AttemptMode, Database } from '#db/schema'
import { lockOpenAttempt, lockRow } from '#db/dialect'
import { prepared } from '#db/prepared'
import { turnBatched } from '#db/turn-batch'
import { deadlineFor, isPastGrace } from '~/lib/quiz/clock'
import { isLiveMock, learnerWindow, liveDeadline, windowPhase, type LearnerWindow } from '~/lib/quiz/window'
import { marksFromStorage, marksToNumber, sumMarks } from '~/lib/quiz/marks'
import { paperReach, resultsPublic, VISIBILITY_MESSAGES } from '~/lib/quiz/visibility'
import type { AnswerInput } from '~/schemas/quiz-attempt'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import { QuizError } from './access.server'
import { saveOneIfOpen, upsertAnswers, validAnswers } from './answers.server'
import type { AttemptRow } from './rows'
import { attemptQuestionRows, type PaperOf, type QuizRow } from '~/models/quiz/catalog.server'
import { overrideOf, type WindowStanding } from './live-mock.server'
import { paperVersion, type PaperVersion } from './paper-memo.server'
import { closeExpiredAttempts, scoreAttempts, writeScores } from './submit-batch.server'

// The attempt lifecycle (decision 002): start, save, submit, finalise. Every function takes `now` so the deadline
// rules are testable with an injected clock. One ranked attempt per learner per quiz is the unique index
// attempts_user_quiz_uq; one open practice attempt the partial index attempts_user_quiz_open_practice_uq; one
// result per attempt the conditional update `where submitted_at is null`.

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
  'practice_set_id',
] as const

/** One learner's attempts of one quiz in one mode; a practice set's attempt is not an attempt of the quiz. */
const attemptsOf = (userId: string, quizId: string, mode: AttemptMode, conn: Kysely<Database> = db) =>
  conn
    .selectFrom('attempts')
    .select(attemptColumns)
    .where('user_id', '=', userId)
    .where('quiz_id', '=', quizId)
    .where('mode', '=', mode)
    .where('practice_set_id', 'is', null)

/** One attempt by id, inside a transaction or not. */
const attemptById = (conn: Kysely<Database>, attemptId: string) =>
  conn.selectFrom('attempts').select(attemptColumns).where('id', '=', attemptId).executeTakeFirstOrThrow()

async function readAttempt(userId: string, quizId: string): Promise<AttemptRow | undefined> {
  return readRanked(db, { userId, quizId })
}

// The ranked attempt and the open practice one are read by every request of a test (start, paper, each answer
// save): compiled once (#db/prepared).
const rankedAttemptQuery = prepared((conn, p: { userId: string; quizId: string; mode: AttemptMode }) =>
  attemptsOf(p.userId, p.quizId, p.mode, conn),
)
// ...and the ranked attempts the requests of one turn read on PostgreSQL, in one statement (#db/turn-batch): every
// answer save reads its attempt, ~1,100 a second at a live mock.
const rankedAttemptsQuery = prepared((conn, p: { userIds: readonly string[]; quizIds: readonly string[] }) =>
  conn
    .selectFrom('attempts')
    .select(attemptColumns)
    .where(sql`(user_id, quiz_id)`, 'in', sql`(select * from unnest(${p.userIds}::text[], ${p.quizIds}::text[]))`)
    .where('mode', '=', sql.lit('ranked'))
    .where('practice_set_id', 'is', null),
)
type RankedKey = { userId: string; quizId: string }
const readRanked = turnBatched({
  one: (conn, key: RankedKey) => rankedAttemptQuery.first(conn, { ...key, mode: 'ranked' }),
  many: async (conn, keys: RankedKey[]) => {
    const rows = await rankedAttemptsQuery.all(conn, {
      userIds: keys.map((k) => k.userId),
      quizIds: keys.map((k) => k.quizId),
    })
    const byKey = new Map(rows.map((row) => [`${row.user_id} ${row.quiz_id}`, row]))
    return keys.map((k) => byKey.get(`${k.userId} ${k.quizId}`))
  },
})
const openPracticeQuery = prepared((conn, p: { userId: string; quizId: string; mode: AttemptMode }) =>
  attemptsOf(p.userId, p.quizId, p.mode, conn).where('submitted_at', 'is', null),
)

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
  return openPracticeQuery.first(db, { userId, quizId, mode: 'practice' })
}

/** The learner's open practice attempt, or undefined; one past deadline + grace is scored and closed. */
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
  return attemptsOf(userId, quizId, 'practice')
    .where('submitted_at', 'is not', null)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

/**
 * Starts a practice attempt: only after the ranked attempt is submitted; one open at a time (a second start
 * returns the open one). Timed or untimed.
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
  if (isLiveMock(quiz)) {
    // A live mock's keys are withheld until its results are published; then anyone may sit it unranked.
    if (!resultsPublic(quiz)) throw new QuizError(VISIBILITY_MESSAGES.practiceBeforePublication, 'window-closed')
  } else {
    const ranked = await getAttempt(userId, quiz.id, now)
    if (!ranked?.submitted_at) throw new QuizError('Submit the test first: practice opens after it.', 'submit-first')
  }
  const open = await getOpenPractice(userId, quiz.id, now)
  if (open) return { attempt: open, created: false }
  const paper = await paperVersion(quiz.id)
  if (!paper || paper.total === null) throw new QuizError('This quiz has no questions yet.', 'no-questions')
  const opened = await openAttempt({ userId, quiz, mode: 'practice', timed, now, window: null, paper })
  if (opened) return { attempt: opened, created: true }
  // Another request opened it a moment ago.
  const other = await readOpenPractice(userId, quiz.id)
  if (!other) throw new Error('practice attempt vanished after insert')
  return { attempt: other, created: false }
}

/**
 * Starts the ranked attempt, or returns the one that exists (idempotent). The insert comes first: at a live mock's
 * opening nearly every start is a learner's first, so it is one statement (the paper's newest row and total come
 * from memory: app/models/quiz/paper-memo.server.ts), and only a repeated press reads the attempt that exists.
 * `live` is the gate's window standing (quizGate has read the learner's override); without it the override is
 * read here.
 */
export async function startAttempt({
  userId,
  quiz,
  now = new Date(),
  live,
  paper: known,
}: {
  userId: string
  quiz: QuizRow
  now?: Date
  live?: WindowStanding | null
  /** The quiz's paper as the gate read it in this request (./paper-memo.server.ts). */
  paper?: PaperVersion
}) {
  const window =
    live !== undefined
      ? (live?.window ?? null)
      : isLiveMock(quiz)
        ? learnerWindow(quiz, await overrideOf(quiz.id, userId))
        : null
  const phase = window && windowPhase(window, now)
  // The gate has checked access; what is left is the window and the publication (app/lib/quiz/visibility.ts): a
  // ranked attempt never begins once a live mock's key is public, whatever window an override gives.
  const reach = paperReach(quiz, { staff: false, opensPaid: true, phase, submitted: false })
  const refusal = reach.rankedStart
    ? null
    : phase === 'before'
      ? new QuizError('This live mock has not opened yet.', 'window-closed')
      : phase === 'closed'
        ? new QuizError('This live mock has closed.', 'window-closed')
        : new QuizError(VISIBILITY_MESSAGES.noRankedStart, 'window-closed')
  const paper = refusal ? undefined : known?.quiz.id === quiz.id ? known : await paperVersion(quiz.id)
  if (paper && paper.total !== null) {
    const opened = await openAttempt({ userId, quiz, mode: 'ranked', timed: true, now, window, paper })
    if (opened) return { attempt: opened, created: true }
  }
  const existing = await getAttempt(userId, quiz.id, now)
  if (existing) return { attempt: existing, created: false }
  throw refusal ?? new QuizError('This quiz has no questions yet.', 'no-questions')
}

/**
 * The one start path of ranked and practice attempts: insert ... on conflict do nothing against the mode's unique
 * index, returning the row, so concurrent starts yield one attempt; undefined when one exists already. `total` and
 * the question set are fixed here (decision 002): the clock starts at started_at itself, never earlier than the
 * paper's newest question (a clock step must not drop it from the attempt), so the deadline is exactly start +
 * limit (for a live mock's ranked attempt, min(start + limit + extra minutes, the learner's close)).
 */
async function openAttempt({
  userId,
  quiz,
  mode,
  timed,
  now,
  window,
  paper,
}: {
  userId: string
  quiz: QuizRow
  mode: AttemptMode
  timed: boolean
  now: Date
  window: LearnerWindow | null
  paper: PaperVersion
}): Promise<AttemptRow | undefined> {
  const nowIso = now.toISOString()
  const startedAt = paper.newest && paper.newest > nowIso ? paper.newest : nowIso
  const deadline = window
    ? liveDeadline(new Date(startedAt), quiz.time_limit, window)
    : timed
      ? deadlineFor(new Date(startedAt), quiz.time_limit)
      : null
  const values = {
    id: newId(),
    userId,
    quizId: quiz.id,
    startedAt,
    deadlineAt: deadline?.toISOString() ?? null,
    total: paper.total ?? 0,
    mode,
  }
  return mode === 'ranked' ? insertRanked(db, values) : insertPracticeQuery.first(db, values)
}

type AttemptValues = {
  id: string
  userId: string
  quizId: string
  startedAt: string
  deadlineAt: string | null
  total: number
  mode: AttemptMode
}
const insertAttempt = (conn: Kysely<Database>, p: AttemptValues) =>
  conn.insertInto('attempts').values({
    id: p.id,
    user_id: p.userId,
    quiz_id: p.quizId,
    started_at: p.startedAt,
    deadline_at: p.deadlineAt,
    total: p.total,
    mode: p.mode,
  })
// A start is this one statement (10,000 at a live mock's opening): compiled once per mode (#db/prepared). Both
// unique indexes are partial (migrations/0007, 0015): the conflict target names the predicate.
const insertRankedQuery = prepared((conn, p: AttemptValues) =>
  insertAttempt(conn, p)
    .onConflict((oc) => oc.columns(['user_id', 'quiz_id']).where(sql.ref('mode'), '=', sql.lit('ranked')).doNothing())
    .returning(attemptColumns),
)
// The Starts of one turn on PostgreSQL in one statement (#db/turn-batch), the rows as arrays: each Start gets the row
// of its own id back, and one that conflicted (an attempt of the learner exists, or was inserted by the same
// statement for a second Start of theirs) none, as alone.
const insertRankedManyQuery = prepared(
  (
    conn,
    p: {
      ids: readonly string[]
      userIds: readonly string[]
      quizIds: readonly string[]
      startedAts: readonly string[]
      deadlineAts: readonly (string | null)[]
      totals: readonly number[]
    },
  ) =>
    conn
      .insertInto('attempts')
      .columns(['id', 'user_id', 'quiz_id', 'started_at', 'deadline_at', 'total', 'mode'])
      .expression(
        sql`select id, user_id, quiz_id, started_at, deadline_at, total, 'ranked' from unnest(${p.ids}::text[], ${p.userIds}::text[], ${p.quizIds}::text[], ${p.startedAts}::text[], ${p.deadlineAts}::text[], ${p.totals}::integer[]) as v(id, user_id, quiz_id, started_at, deadline_at, total)`,
      )
      .onConflict((oc) => oc.columns(['user_id', 'quiz_id']).where(sql.ref('mode'), '=', sql.lit('ranked')).doNothing())
      .returning(attemptColumns),
)
const insertRanked = turnBatched({
  one: (conn, values: AttemptValues) => insertRankedQuery.first(conn, values),
  many: async (conn, rows: AttemptValues[]) => {
    const inserted = await insertRankedManyQuery.all(conn, {
      ids: rows.map((r) => r.id),
      userIds: rows.map((r) => r.userId),
      quizIds: rows.map((r) => r.quizId),
      startedAts: rows.map((r) => r.startedAt),
      deadlineAts: rows.map((r) => r.deadlineAt),
      totals: rows.map((r) => r.total),
    })
    const byId = new Map(inserted.map((row) => [row.id, row]))
    return rows.map((r) => byId.get(r.id))
  },
})
const insertPracticeQuery = prepared((conn, p: AttemptValues) =>
  insertAttempt(conn, p)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'quiz_id'])
        .where(sql.ref('mode'), '=', sql.lit('practice'))
        .where(sql.ref('submitted_at'), 'is', null)
        .where(sql.ref('practice_set_id'), 'is', null)
        .doNothing(),
    )
    .returning(attemptColumns),
)

/**
 * The attempt's total: the paper's maximum marks (today's +1 questions: the question count, as before), rounded
 * to a whole number for the integer column. Null when the paper is empty. (A quiz's own start reads it from the
 * paper's memo; a practice set's attempt, below, from its rows.)
 */
async function paperTotal(paper: PaperOf, conn: Kysely<Database> = db): Promise<number | null> {
  const rows = await attemptQuestionRows(paper, conn).select('marks').execute()
  if (rows.length === 0) return null
  return Math.round(marksToNumber(sumMarks(rows.map((r) => marksFromStorage(r.marks)))))
}

/**
 * Opens the attempt of a practice set, inside the transaction that wrote the set: mode 'practice' (never ranked, never
 * in the score counts), its paper the set's questions (attemptQuestionRows) and `total` that paper's maximum, as for
 * any attempt. `quizId` is the quiz of the set's first question (migrations/0015), the bank's own quiz for a draw
 * from the bank. Untimed unless given `minutes`.
 */
export async function openSetAttempt(
  trx: Transaction<Database>,
  {
    userId,
    setId,
    quizId,
    now,
    minutes = 0,
  }: { userId: string; setId: string; quizId: string; now: Date; minutes?: number },
): Promise<string> {
  const startedAt = now.toISOString()
  // A timed set (a bank draw's choice) has a deadline the save and submit rules enforce, as a quiz's attempt does.
  const deadline = deadlineFor(now, minutes)
  const total = await paperTotal({ quiz_id: quizId, started_at: startedAt, practice_set_id: setId }, trx)
  if (total === null) throw new QuizError('This practice set has no questions.', 'no-questions')
  const id = newId()
  await trx
    .insertInto('attempts')
    .values({
      id,
      user_id: userId,
      quiz_id: quizId,
      started_at: startedAt,
      deadline_at: deadline?.toISOString() ?? null,
      total,
      mode: 'practice',
      practice_set_id: setId,
    })
    .execute()
  return id
}

/** The attempt of a practice set, if the set is this learner's. */
export async function getSetAttempt(userId: string, setId: string): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('attempts')
    .select(attemptColumns)
    .where('practice_set_id', '=', setId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/** The attempt's row lock, taken first: its open/submitted state cannot change under us (db/dialect.ts). */
const lockForWrite = (trx: Transaction<Database>, attemptId: string) => lockRow(trx, 'attempts', attemptId)

export type SaveOutcome = 'saved' | 'closed'

/**
 * Stores answers of an open attempt. After deadline + grace nothing is stored and the attempt is scored with
 * what was saved in time ('closed'); a submitted attempt is 'closed' too.
 */
export async function saveAnswers({
  attempt,
  answers,
  now = new Date(),
  paper,
}: {
  attempt: AttemptRow
  answers: AnswerInput[]
  now?: Date
  /** The quiz's paper as the gate read it in this request (./paper-memo.server.ts). */
  paper?: PaperVersion
}): Promise<SaveOutcome> {
  if (attempt.submitted_at) return 'closed'
  if (isPastGrace(attempt.deadline_at, now)) {
    await submitAttempt({ attemptId: attempt.id, now })
    return 'closed'
  }
  const valid = await validAnswers(attempt, answers, paper)
  // The enhanced page saves one answer at a time: one statement that stores it only into an open attempt.
  if (valid.length === 1) return (await saveOneIfOpen(attempt.id, valid[0], now.toISOString())) ? 'saved' : 'closed'
  return db.transaction().execute(async (trx) => {
    // The row lock and the "still open?" guard in one statement (db/dialect.ts).
    if (!(await lockOpenAttempt(trx, attempt.id))) return 'closed' as const
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
  const before = await attemptById(db, attemptId)
  if (before.submitted_at) return { status: 'already', attempt: before, late: false }
  const late = isPastGrace(before.deadline_at, now)
  const valid = late ? [] : await validAnswers(before, answers)
  const status = await db.transaction().execute(async (trx) => {
    await lockForWrite(trx, attemptId)
    const attempt = await attemptById(trx, attemptId)
    if (attempt.submitted_at) return 'already' as const
    if (valid.length) await upsertAnswers(trx, attempt.id, valid, now.toISOString())
    // The scorer and the conditional write of the server's close (./submit-batch.server.ts), for one attempt.
    const units = (await scoreAttempts(trx, [attempt])).get(attempt.id)!
    // An attempt closed by its clock ends at its deadline; otherwise at the moment of submission.
    const submittedAt = late && attempt.deadline_at ? attempt.deadline_at : now.toISOString()
    const written = await writeScores(trx, [{ id: attempt.id, submittedAt, units }])
    return written.size === 1 ? ('submitted' as const) : ('already' as const)
  })
  return { status, attempt: await attemptById(db, attemptId), late }
}

/**
 * Scores every open attempt past deadline + grace (optionally only one learner's or one quiz's), a batch per
 * transaction (./submit-batch.server.ts closeExpiredAttempts: the same rule as a live mock's close). Called
 * lazily wherever attempts are read, so a learner who closed the tab still gets a result and the quiz counts as
 * attempted. Returns how many this call submitted.
 */
export async function finalizeExpiredAttempts({
  now = new Date(),
  userId,
  quizId,
  conn = db,
}: { now?: Date; userId?: string; quizId?: string; conn?: Kysely<Database> } = {}) {
  return closeExpiredAttempts({ conn, now, userId, quizId })
}
