import { sql } from 'kysely'
import type { ScoreCount } from '~/lib/quiz/standing'
import { db } from '~/utils/db.server'

// The ranking figures of a quiz in time that does not grow with its attempts (issue 14 item 4, decision 013).
// Who counts: submitted, ranked attempts with a score (practice attempts never do). Order: higher score_units
// first, then the earlier submission, so
//   rank = 1 + (attempts with more score_units) + (attempts with equal score_units submitted earlier).
// The per-score totals come from quiz_score_counts (one row per distinct score of the quiz, kept by triggers):
// sums over a few hundred rows at most. Only the tie needs attempts themselves: a range of the partial index
// attempts_ranked_leaderboard_idx (quiz_id, score_units desc, submitted_at) inside the one tied score.

/** Participants, the top score and the exact sum of all scores (units); zeros and null on an empty board. */
export async function scoreTotals(quizId: string) {
  const row = await db
    .selectFrom('quiz_score_counts')
    .select([
      sql<number | string | null>`sum(n)`.as('participants'),
      sql<number | string | null>`max(score_units)`.as('top'),
      // bigint * integer: PostgreSQL sums it as numeric (exact), SQLite as a 64-bit integer.
      sql<number | string | null>`sum(score_units * n)`.as('total'),
    ])
    .where('quiz_id', '=', quizId)
    .executeTakeFirst()
  const participants = Number(row?.participants ?? 0)
  if (participants === 0 || row?.top === null || row?.top === undefined || row.total === null)
    return { participants: 0, top: null, total: null }
  return { participants, top: row.top, total: BigInt(String(row.total)) }
}

export type Standing = {
  /** 1-based position in leaderboard order. */
  rank: number
  /** Participants with strictly fewer score_units. */
  below: number
  /** Participants with as many score_units or fewer, this attempt included (the percentile's numerator). */
  atOrBelow: number
  participants: number
}

/** The standing of a submitted ranked attempt with `units` submitted at `submittedAt`. */
export async function standingOf(quizId: string, units: number, submittedAt: string): Promise<Standing> {
  const [sums, tied] = await Promise.all([
    db
      .selectFrom('quiz_score_counts')
      .select([
        sql<number | string | null>`sum(case when score_units > ${units} then n else 0 end)`.as('above'),
        sql<number | string | null>`sum(case when score_units < ${units} then n else 0 end)`.as('below'),
        sql<number | string | null>`sum(n)`.as('participants'),
      ])
      .where('quiz_id', '=', quizId)
      .executeTakeFirst(),
    // Same score, submitted earlier: the index range of this one score group.
    db
      .selectFrom('attempts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('quiz_id', '=', quizId)
      .where('mode', '=', 'ranked')
      .where('submitted_at', 'is not', null)
      .where('score_units', '=', units)
      .where('submitted_at', '<', submittedAt)
      .executeTakeFirst(),
  ])
  const participants = Number(sums?.participants ?? 0)
  return {
    rank: 1 + Number(sums?.above ?? 0) + Number(tied?.n ?? 0),
    below: Number(sums?.below ?? 0),
    atOrBelow: participants - Number(sums?.above ?? 0),
    participants,
  }
}

/** How many submitted ranked attempts the quiz has (the leaderboard's participants). */
export async function participantCount(quizId: string): Promise<number> {
  const row = await db
    .selectFrom('quiz_score_counts')
    .select(sql<number | string | null>`sum(n)`.as('n'))
    .where('quiz_id', '=', quizId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** The quiz's per-score counts (one row per distinct score): a whole board's percentiles without a walk. */
export async function scoreCounts(quizId: string): Promise<ScoreCount[]> {
  const rows = await db
    .selectFrom('quiz_score_counts')
    .select(['score_units', 'n'])
    .where('quiz_id', '=', quizId)
    .orderBy('score_units')
    .execute()
  return rows.map((r) => ({ units: Number(r.score_units), n: Number(r.n) }))
}
