import { sql, type Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { answersCloseAt, pastGraceDeadlineBound } from '~/lib/quiz/clock'
import { learnerWindow } from '~/lib/quiz/window'
import { db } from '~/utils/db.server'
import { submitAttempt } from './attempt.server'
import { hasUncarriedCorrection } from './live-paper.server'

// The close of a live mock, a step of the scheduled sweep (app/models/sweep/sweep.server.ts, decision 022):
// 1. every open ranked attempt of a live mock past its own deadline + grace is submitted by the server with what
//    was saved (submitAttempt is idempotent: two instances closing the same attempt yield one result);
// 2. once every learner's window has closed (the paper's close, and each override's close + extra minutes) and no
//    ranked attempt is open, results not held are published by ONE conditional update
//    (`where results_published_at is null`): of several instances exactly one publishes.
// A mock with a key correction pending is left to staff's 'Publish results' (app/models/quiz/live-rescore.server.ts).
// Both ask what is due now, not what happened since the last sweep, so a stopped app catches up when it starts.

/** How many attempts the close submits at once. */
const CLOSE_CONCURRENCY = 8

/**
 * The latest close any learner of the paper has: the paper's, or an override's. Each learner's close is their
 * window's (app/lib/quiz/window.ts learnerWindow: an override's own close, or the paper's, plus extra minutes).
 */
export async function latestClose(
  quiz: { id: string; opens_at: string | null; closes_at: string | null },
  conn: Kysely<Database> = db,
): Promise<Date | null> {
  const paper = learnerWindow(quiz)
  if (!paper) return null
  const overrides = await conn
    .selectFrom('live_mock_overrides')
    .select(['extra_minutes', 'opens_at', 'closes_at'])
    .where('quiz_id', '=', quiz.id)
    .execute()
  const closes = overrides.map((o) => learnerWindow(quiz, o)!.closesAt.getTime())
  return new Date(Math.max(paper.closesAt.getTime(), ...closes))
}

/**
 * Submits every open ranked attempt of a live mock past deadline + grace; returns how many this call submitted.
 * The read is one query over the partial index of open attempts; each submit scores inside its own transaction
 * (the scorer is the one every submit uses, so a server-closed attempt scores exactly as a learner's own submit).
 */
export async function closeLiveAttempts({ conn = db, now }: { conn?: Kysely<Database>; now: Date }) {
  const open = await conn
    .selectFrom('attempts as a')
    .innerJoin('quizzes as q', 'q.id', 'a.quiz_id')
    .select('a.id')
    .where('a.submitted_at', 'is', null)
    .where('a.mode', '=', 'ranked')
    .where('a.deadline_at', 'is not', null)
    .where('a.deadline_at', '<', pastGraceDeadlineBound(now).toISOString())
    .where('q.opens_at', 'is not', null)
    .where('q.closes_at', 'is not', null)
    .execute()
  // A few at a time: on PostgreSQL each submit waits on its own round trips, so a pool of connections closes
  // 10,000 attempts several times faster than one by one; SQLite's one connection takes them in turn.
  let submitted = 0
  let next = 0
  const worker = async () => {
    while (next < open.length) {
      const a = open[next++]!
      const outcome = await submitAttempt({ attemptId: a.id, now })
      if (outcome.status === 'submitted') submitted += 1
    }
  }
  await Promise.all(Array.from({ length: Math.min(CLOSE_CONCURRENCY, open.length) }, worker))
  return submitted
}

/** Live mocks whose every window has closed (grace included), not published and not held: candidates to publish. */
async function closedUnpublished(conn: Kysely<Database>, now: Date) {
  return conn
    .selectFrom('quizzes')
    .select(['id', 'opens_at', 'closes_at'])
    .where('opens_at', 'is not', null)
    .where('closes_at', 'is not', null)
    .where('closes_at', '<', pastGraceDeadlineBound(now).toISOString())
    .where('results_published_at', 'is', null)
    .where('results_held', '=', 0)
    .execute()
}

/**
 * Publishes the results of every live mock that is due (see the note at the top); returns the ids THIS call
 * published. A mock with an open ranked attempt (a learner whose close is later) waits for the next sweep.
 */
export async function publishDueResults({ conn = db, now }: { conn?: Kysely<Database>; now: Date }) {
  const published: string[] = []
  for (const quiz of await closedUnpublished(conn, now)) {
    const close = await latestClose(quiz, conn)
    const answersClose = close && answersCloseAt(close)
    if (!answersClose || answersClose.getTime() >= now.getTime()) continue
    const open = await conn
      .selectFrom('attempts')
      .select('id')
      .where('quiz_id', '=', quiz.id)
      .where('mode', '=', 'ranked')
      .where('submitted_at', 'is', null)
      .limit(1)
      .executeTakeFirst()
    // A key corrected since the attempts were scored: staff publish it, which re-scores everyone once first.
    if (open || (await hasUncarriedCorrection(quiz.id, conn))) continue
    if (await publishResults(quiz.id, now, conn)) published.push(quiz.id)
  }
  return published
}

/**
 * Sets results_published_at once: true when this call published. Not held is part of the condition, so a hold
 * set between the sweep's read and this update wins. Staff's 'Publish results' (held or not) is publishNow.
 */
export async function publishResults(quizId: string, now: Date, conn: Kysely<Database> = db): Promise<boolean> {
  const r = await conn
    .updateTable('quizzes')
    .set({ results_published_at: now.toISOString() })
    .where('id', '=', quizId)
    .where('results_published_at', 'is', null)
    .where('results_held', '=', 0)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Open ranked attempts of the paper (staff see it beside 'Publish results'). */
export async function openRankedCount(quizId: string, conn: Kysely<Database> = db): Promise<number> {
  const row = await conn
    .selectFrom('attempts')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('quiz_id', '=', quizId)
    .where('mode', '=', 'ranked')
    .where('submitted_at', 'is', null)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
