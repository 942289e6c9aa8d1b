import { sql, type Kysely, type Transaction } from 'kysely'
import type { Database } from '#db/schema'
import { forNoKeyUpdate, lockNamed } from '#db/dialect'
import { pastGraceDeadlineBound, savedInTime } from '~/lib/quiz/clock'
import { MARKS_UNIT, marksToStorage } from '~/lib/quiz/marks'
import { scorePaper, scoreQuestion, type Answer, type Question } from '~/lib/quiz/scoring'
import { attemptQuestionRows, parseOptionIndexes, type PaperOf } from './catalog.server'
import { scorableQuestion, scoringColumns } from './paper.server'

// Scoring and closing attempts, one attempt or hundreds at once: a learner's own submit (submitAttempt in
// ./attempt.server.ts) and the server's close of attempts past deadline + grace (finalizeExpiredAttempts there, a live
// mock's close in ./live-close.server.ts) score through scoreAttempts (paperMarking) and write through writeScores,
// so an attempt closed by the server has exactly the score, section marks and per-score counts (the triggers of
// migrations/0022 follow score_units) its learner's own submit would have given it. A live mock's section table
// (./live-results.server.ts) and its re-score (./live-rescore.server.ts) mark every attempt with the same
// paperMarking, through markAttempts.
//
// The close of expired attempts takes them a batch at a time, each batch one transaction on the connection it is
// given: a live mock closes 10,000 attempts in a few dozen transactions of a handful of statements each, instead
// of 10,000 transactions of seven. Exactly once, across instances too: a batch takes the close's named lock (one
// batch at a time, db/dialect.ts lockNamed; on SQLite the database's write lock, first, as lockRow there says why),
// then locks every row still open (`where submitted_at is null`) in attempt id order (a learner's submit of one
// waits, or is waited for and the row then found submitted and left out), and the final write is again conditional
// on `submitted_at is null`. The order is the one a turn's batched answer save locks its attempts in
// (./answer-save.server.ts): two statements that each lock several attempts in one order cannot deadlock, so no
// learner's save fails because the close held another learner's row (docs/decisions/041-live-mock-close-and-mail.md).

/** Attempts per close transaction: a few hundred keeps each transaction's locks short and its statements small. */
export const CLOSE_BATCH = 500

/** What scoring an attempt reads of it: its paper (./catalog.server.ts PaperOf) and its deadline. */
export type ScoredAttempt = PaperOf & { id: string; deadline_at: string | null }

/**
 * Each attempt's score in storage units (decision 011): the questions it saw (attemptQuestionRows, read once per
 * distinct paper) with the answers saved by deadline + grace (savedInTime), marked by paperMarking. Inside the
 * write transaction, so only the marking and key columns are read.
 */
export async function scoreAttempts(
  conn: Kysely<Database>,
  attempts: readonly ScoredAttempt[],
): Promise<Map<string, number>> {
  const scores = new Map<string, number>()
  if (!attempts.length) return scores
  const [papers, counted] = await Promise.all([shownPapers(conn, attempts), readCountedAnswers(conn, attempts)])
  for (const { questions, members } of papers) {
    const marking = paperMarking(questions)
    for (const a of members) scores.set(a.id, marking.mark(counted.get(a.id)).total)
  }
  return scores
}

/**
 * The marks of one paper for any number of attempts, in storage units: each question's marks for each distinct
 * answer are app/lib/quiz/scoring.ts scoreQuestion's, worked out once, and the sections (their keys and order) are
 * scorePaper's own for the paper. scorePaper adds the questions' marks exactly and every question's marks are a
 * whole number of units, so the sum of the units is exactly marksToStorage of scorePaper's total (and of each
 * section's), the score the result page reads back (./paper.server.ts paperScore, markedPaper): the same as scoring
 * each attempt with scorePaper, without doing it 10,000 times question by question at a live mock's close.
 * Throws as scorePaper does for a question that cannot be scored.
 */
export function paperMarking(questions: ShownPaper['questions']) {
  // Scoring the paper unanswered checks every question (answered or not, as scorePaper does) and names its section.
  const unanswered = scorePaper(
    questions.map((q) => q.scorable),
    [],
  )
  const sections = unanswered.results.map((r) => r.section)
  const keys = unanswered.sections.map((s) => s.key)
  const memo = questions.map(() => new Map<string, number>())
  const unitsOf = (i: number, answer: Answer) => {
    const sig = `${answer.selectedOption}|${answer.selectedOptions?.join(',')}|${answer.numericAnswer}`
    let units = memo[i]!.get(sig)
    if (units === undefined)
      memo[i]!.set(sig, (units = marksToStorage(scoreQuestion(questions[i]!.scorable, answer).earned)))
    return units
  }
  const zero = unanswered.results.map((r) => marksToStorage(r.earned))
  return {
    /** The attempt's total and marks per section, in units, for its counted answers by question id. */
    mark(answers: ReadonlyMap<string, Answer> | undefined) {
      const bySection = new Map<string | null, number>(keys.map((k) => [k, 0]))
      let total = 0
      questions.forEach((q, i) => {
        const answer = answers?.get(q.id)
        const units = answer ? unitsOf(i, answer) : zero[i]!
        total += units
        bySection.set(sections[i]!, bySection.get(sections[i]!)! + units)
      })
      return { total, bySection }
    },
  }
}

/** A stored answer as scoring reads it. */
export type AnswerRow = {
  attempt_id: string
  question_id: string
  selected_option: number | null
  selected_options: string | null
  numeric_answer: string | null
  saved_at: string
}

/** Per attempt, the answers that count (saved by deadline + grace, savedInTime), by question, as the scorer takes them. */
export function countedAnswers(
  attempts: readonly { id: string; deadline_at: string | null }[],
  answers: readonly AnswerRow[],
): Map<string, Map<string, Answer>> {
  const deadlines = new Map(attempts.map((a) => [a.id, a.deadline_at]))
  const counted = new Map<string, Map<string, Answer>>()
  for (const a of answers) {
    if (!deadlines.has(a.attempt_id) || !savedInTime(a.saved_at, deadlines.get(a.attempt_id) ?? null)) continue
    let mine = counted.get(a.attempt_id)
    if (!mine) counted.set(a.attempt_id, (mine = new Map()))
    mine.set(a.question_id, {
      selectedOption: a.selected_option,
      selectedOptions: parseOptionIndexes(a.selected_options),
      numericAnswer: a.numeric_answer,
    })
  }
  return counted
}

/**
 * The answers that count of these attempts (countedAnswers), in one read: the one reader of a batch of attempts'
 * answers, for a close batch (scoreAttempts) and for each batch of markAttempts.
 */
export async function readCountedAnswers(
  conn: Kysely<Database>,
  attempts: readonly { id: string; deadline_at: string | null }[],
): Promise<Map<string, Map<string, Answer>>> {
  if (!attempts.length) return new Map()
  const answers = await conn
    .selectFrom('attempt_answers')
    .select(['attempt_id', 'question_id', 'selected_option', 'selected_options', 'numeric_answer', 'saved_at'])
    .where(
      'attempt_id',
      'in',
      attempts.map((a) => a.id),
    )
    .execute()
  return countedAnswers(attempts, answers)
}

/** How many attempts' answers markAttempts reads at once. */
const MARK_BATCH = 500

/**
 * Each attempt's total and marks per section in units, yielded one attempt at a time: against the paper it was
 * shown (shownPapers), with its answers that count (readCountedAnswers), marked as its submit scored it
 * (paperMarking). The answers are read 500 attempts at a time and dropped with their batch: 10,000 learners'
 * answers at once (200,000 rows and their maps) ran a 160 MB heap out on an exam day, beside the requests still
 * arriving (`npm run bench`, spike); a caller keeps only what it needs of each attempt (a live mock's section table,
 * ./live-results.server.ts; its re-score, ./live-rescore.server.ts).
 */
export async function* markAttempts(
  conn: Kysely<Database>,
  attempts: readonly ScoredAttempt[],
): AsyncGenerator<{ id: string; total: number; bySection: Map<string | null, number> }> {
  for (const { questions, members } of await shownPapers(conn, attempts)) {
    const marking = paperMarking(questions)
    for (let from = 0; from < members.length; from += MARK_BATCH) {
      const batch = members.slice(from, from + MARK_BATCH)
      const counted = await readCountedAnswers(conn, batch)
      for (const a of batch) yield { id: a.id, ...marking.mark(counted.get(a.id)) }
    }
  }
}

/** A paper some of the attempts saw: its questions in order, as scoring reads them, and those attempts. */
export type ShownPaper = { questions: { id: string; scorable: Question }[]; members: ScoredAttempt[] }

/**
 * The attempts grouped by the paper they saw, each paper read once through attemptQuestionRows (the query every
 * scorer and page of an attempt reads its questions with). A practice set's attempt sees its set; a quiz's
 * attempt the versions current at its start (./catalog.server.ts questionsShownAt), which change only at a
 * version's created_at or archived_at: two starts with no such instant between them (nor equal to either) saw
 * the same paper, whatever the comparison questionsShownAt makes. Each group reads its paper as its first attempt.
 */
export async function shownPapers(conn: Kysely<Database>, attempts: readonly ScoredAttempt[]): Promise<ShownPaper[]> {
  const groups = new Map<string, { paper: PaperOf; members: ScoredAttempt[] }>()
  const byQuiz = new Map<string, ScoredAttempt[]>()
  for (const a of attempts) {
    if (a.practice_set_id) addTo(groups, `set:${a.practice_set_id}`, a)
    else {
      const list = byQuiz.get(a.quiz_id)
      if (list) list.push(a)
      else byQuiz.set(a.quiz_id, [a])
    }
  }
  // Instants at which some version of these quizzes appeared or was archived (only for quizzes with two starts).
  const several = [...byQuiz].filter(([, list]) => new Set(list.map((a) => a.started_at)).size > 1).map(([q]) => q)
  const instants = new Map<string, string[]>()
  if (several.length) {
    const rows = await conn
      .selectFrom('questions')
      .select(['quiz_id', 'created_at', 'archived_at'])
      .where('quiz_id', 'in', several)
      .execute()
    for (const r of rows) {
      const list = instants.get(r.quiz_id) ?? []
      list.push(r.created_at)
      if (r.archived_at) list.push(r.archived_at)
      instants.set(r.quiz_id, list)
    }
    for (const list of instants.values()) list.sort()
  }
  for (const [quizId, list] of byQuiz) {
    const sorted = instants.get(quizId)
    for (const a of list) {
      // Same (before, at or before) counts of instants: no instant in between, so the same versions were shown.
      const key = sorted
        ? `${countBelow(sorted, a.started_at, false)}:${countBelow(sorted, a.started_at, true)}`
        : a.started_at
      addTo(groups, `quiz:${quizId}:${key}`, a)
    }
  }
  return Promise.all(
    [...groups.values()].map(async ({ paper, members }) => ({
      questions: (await attemptQuestionRows(paper, conn).select(scoringColumns).execute()).map((q) => ({
        id: q.id,
        scorable: scorableQuestion(q),
      })),
      members,
    })),
  )
}

function addTo(groups: Map<string, { paper: PaperOf; members: ScoredAttempt[] }>, key: string, a: ScoredAttempt) {
  const group = groups.get(key)
  if (group) group.members.push(a)
  else groups.set(key, { paper: a, members: [a] })
}

/** How many of the ascending `sorted` are below `value` (or equal to it too, with `orEqual`): a binary search. */
function countBelow(sorted: readonly string[], value: string, orEqual: boolean): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < value || (orEqual && sorted[mid] === value)) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Closes the attempts with their scores (units), each only if still open (`where submitted_at is null`), in one
 * statement: submitted_at, score_units and score (= units / MARKS_UNIT). Returns the ids this call closed.
 */
export async function writeScores(
  trx: Transaction<Database>,
  rows: readonly { id: string; submittedAt: string; units: number }[],
): Promise<Set<string>> {
  if (!rows.length) return new Set()
  const values = sql.join(rows.map((r) => sql`(${r.id}, ${r.submittedAt}, ${r.units}, ${r.units / MARKS_UNIT})`))
  // VALUES names its columns column1, column2, ... on both databases; the casts type PostgreSQL's parameters.
  const updated = await sql<{ id: string }>`
    update attempts
       set submitted_at = v.column2,
           score_units = cast(v.column3 as bigint),
           score = cast(v.column4 as double precision)
      from (values ${values}) as v
     where attempts.id = v.column1 and attempts.submitted_at is null
    returning id`.execute(trx)
  return new Set(updated.rows.map((r) => r.id))
}

/**
 * Submits those of `ids` still open past deadline + grace at `now`, a batch per transaction, each with what was
 * saved in time and submitted at its deadline (as submitAttempt closes a late attempt); returns how many THIS
 * call submitted. Ids submitted meanwhile (by their learner, another instance) are left as they are.
 */
export async function submitExpired(conn: Kysely<Database>, ids: readonly string[], now: Date): Promise<number> {
  const sorted = [...new Set(ids)].sort()
  let submitted = 0
  for (let i = 0; i < sorted.length; i += CLOSE_BATCH)
    submitted += await withDeadlockRetry(() => submitBatch(conn, sorted.slice(i, i + CLOSE_BATCH), now))
  return submitted
}

async function submitBatch(conn: Kysely<Database>, ids: string[], now: Date): Promise<number> {
  const bound = pastGraceDeadlineBound(now).toISOString()
  return conn.transaction().execute(async (trx) => {
    // One close batch at a time across instances: two batches written at once would each add to many per-score
    // counts rows (migrations/0022's triggers) in no set order, and could deadlock on them. A learner's own submit
    // adds to one row and does not take this lock.
    await lockNamed(trx, 'close-expired-attempts')
    // Then the rows still open, locked in id order (see the note at the top); the writes below find them locked.
    const open = await forNoKeyUpdate(
      trx,
      trx
        .selectFrom('attempts')
        .select(['id', 'quiz_id', 'started_at', 'deadline_at', 'practice_set_id'])
        .where('id', 'in', ids)
        .where('submitted_at', 'is', null)
        .where('deadline_at', 'is not', null)
        .where('deadline_at', '<', bound)
        .orderBy('id'),
    ).execute()
    if (!open.length) return 0
    const scores = await scoreAttempts(trx, open)
    const written = await writeScores(
      trx,
      open.map((a) => ({ id: a.id, submittedAt: a.deadline_at!, units: scores.get(a.id)! })),
    )
    return written.size
  })
}

/**
 * Runs a batch again when PostgreSQL chose it as a deadlock's victim (SQLSTATE 40P01: its rows' locks met another
 * writer's in another order; none is known, this is a safety net); its transaction was rolled back whole, so
 * nothing of it was written.
 */
async function withDeadlockRetry<T>(fn: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn()
    } catch (error) {
      if (i >= tries || (error as { code?: unknown })?.code !== '40P01') throw error
    }
  }
}

/**
 * The one rule of the server's close: every open attempt past deadline + grace is submitted with what was saved
 * in time, at its deadline. Optionally one learner's or one quiz's (read lazily where attempts are shown), or only
 * the ranked attempts of live mocks (the live close, ./live-close.server.ts). The read is one query over the
 * partial index of open attempts (attempts_open_deadline_idx); returns how many THIS call submitted.
 */
export async function closeExpiredAttempts({
  conn,
  now,
  userId,
  quizId,
  liveRanked = false,
}: {
  conn: Kysely<Database>
  now: Date
  userId?: string
  quizId?: string
  liveRanked?: boolean
}): Promise<number> {
  let query = conn
    .selectFrom('attempts as a')
    .select('a.id')
    .where('a.submitted_at', 'is', null)
    .where('a.deadline_at', 'is not', null)
    .where('a.deadline_at', '<', pastGraceDeadlineBound(now).toISOString())
  if (userId) query = query.where('a.user_id', '=', userId)
  if (quizId) query = query.where('a.quiz_id', '=', quizId)
  if (liveRanked)
    query = query
      .innerJoin('quizzes as q', 'q.id', 'a.quiz_id')
      .where('a.mode', '=', 'ranked')
      .where('q.opens_at', 'is not', null)
      .where('q.closes_at', 'is not', null)
  const rows = await query.execute()
  if (!rows.length) return 0
  return submitExpired(
    conn,
    rows.map((r) => r.id),
    now,
  )
}
