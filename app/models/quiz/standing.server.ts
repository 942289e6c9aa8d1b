import { sql } from 'kysely'
import { isId } from '~/lib/ids'
import { marksToNumber, storedScore } from '~/lib/quiz/marks'
import { percentile, type Percentile, type ScoreCount } from '~/lib/quiz/standing'
import { db } from '~/utils/db.server'
import { finalizeExpiredAttempts } from '~/models/quiz/attempt.server'
import { countCurrentQuestions, getQuiz } from '~/models/quiz/catalog.server'

// The ranking figures of a quiz in time that does not grow with its attempts (decision 013).
// Who counts: submitted, ranked attempts with a score (practice attempts never do). Order: higher score_units
// first, then the earlier submission, so
//   rank = 1 + (attempts with more score_units) + (attempts with equal score_units submitted earlier).
// The per-score totals come from quiz_score_counts (per distinct score of the quiz up to 16 shard rows, kept by
// triggers: migrations/0022): sums over a few thousand rows at most. Only the tie needs attempts themselves: a range of the partial index
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

/**
 * The quiz's per-score counts (one per distinct score, its shards summed: migrations/0022): a whole board's
 * percentiles without a walk.
 */
export async function scoreCounts(quizId: string): Promise<ScoreCount[]> {
  const rows = await db
    .selectFrom('quiz_score_counts')
    .select(['score_units', sql<number | string>`sum(n)`.as('n')])
    .where('quiz_id', '=', quizId)
    .groupBy('score_units')
    .orderBy('score_units')
    .execute()
  return rows.map((r) => ({ units: Number(r.score_units), n: Number(r.n) }))
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
