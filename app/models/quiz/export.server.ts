import type { AttemptMode } from '#db/schema'
import type { CsvCell } from '~/lib/csv-write'
import { formatMarks, storedScore } from '~/lib/quiz/marks'
import { db } from '~/utils/db.server'

// The quiz results export: one CSV row per submitted attempt, ranked ones first in leaderboard
// order with their rank, then practice ones by submission. Read a page at a time (keyset paging), so a quiz with 100k
// attempts streams out without sitting in memory.

export const QUIZ_RESULTS_HEADER = [
  'Name',
  'Email',
  'Mode',
  'Score',
  'Total',
  'Rank',
  'Submitted at',
  'Time taken (seconds)',
] as const

/** Rows read per query. */
export const EXPORT_PAGE_SIZE = 500

type Row = {
  id: string
  name: string
  email: string
  mode: AttemptMode
  score: number | null
  score_units: number | string | null
  total: number
  started_at: string
  submitted_at: string | null
}

function base(quizId: string, mode: AttemptMode) {
  return (
    db
      .selectFrom('attempts')
      .innerJoin('users', 'users.id', 'attempts.user_id')
      .select([
        'attempts.id',
        'users.name',
        'users.email',
        'attempts.mode',
        'attempts.score',
        'attempts.score_units',
        'attempts.total',
        'attempts.started_at',
        'attempts.submitted_at',
      ])
      .where('attempts.quiz_id', '=', quizId)
      .where('attempts.mode', '=', mode)
      .where('attempts.submitted_at', 'is not', null)
      // A practice set's attempt is a learner's own revision across quizzes, not an attempt of this quiz.
      .where('attempts.practice_set_id', 'is', null)
  )
}

type Query = ReturnType<typeof base>

/**
 * Keyset paging: each page continues after the last row of the one before (`after`), so a page costs the same
 * at row 100 000 as at row 1 (an OFFSET would walk every row it skips).
 */
async function* pages(first: Query, after: (last: Row) => Query, size: number): AsyncGenerator<Row> {
  let query = first
  for (;;) {
    const rows = await query.limit(size).execute()
    yield* rows
    if (rows.length < size) return
    query = after(rows[rows.length - 1])
  }
}

function cells(r: Row, rank: number | null): CsvCell[] {
  const takenMs = Date.parse(r.submitted_at!) - Date.parse(r.started_at)
  return [
    r.name,
    r.email,
    r.mode,
    // formatMarks' exact 2-decimal value, written as a number: a negative score is data, and a text "-0.33"
    // would get the writer's formula guard (a leading apostrophe).
    Number(formatMarks(storedScore(r))),
    r.total,
    rank,
    r.submitted_at,
    Number.isFinite(takenMs) ? Math.max(0, Math.round(takenMs / 1000)) : null,
  ]
}

/**
 * The export's rows. Ranks follow the leaderboard rule (decision 013): higher score first, then the earlier
 * submission; attempts with the same score submitted at the same instant share a rank.
 */
export async function* quizResultCsvRows(
  quizId: string,
  { pageSize = EXPORT_PAGE_SIZE }: { pageSize?: number } = {},
): AsyncGenerator<CsvCell[]> {
  let position = 0
  let previous: { units: string; at: string; rank: number } | null = null
  // The leaderboard's order and index (attempts_ranked_leaderboard_idx), as decision 013 ranks: a submitted
  // ranked attempt always has score_units (set by the submit, backfilled by migrations/0007).
  const ranked = (from?: Row) =>
    base(quizId, 'ranked')
      .where('attempts.score_units', 'is not', null)
      .$if(!!from, (q) =>
        q.where((eb) => {
          const units = Number(from!.score_units)
          const at = from!.submitted_at!
          return eb.or([
            eb('attempts.score_units', '<', units),
            eb.and([
              eb('attempts.score_units', '=', units),
              eb.or([
                eb('attempts.submitted_at', '>', at),
                eb.and([eb('attempts.submitted_at', '=', at), eb('attempts.id', '>', from!.id)]),
              ]),
            ]),
          ])
        }),
      )
      .orderBy('attempts.score_units', 'desc')
      .orderBy('attempts.submitted_at', 'asc')
      .orderBy('attempts.id', 'asc')
  for await (const r of pages(ranked(), ranked, pageSize)) {
    position += 1
    const units = String(r.score_units)
    const rank: number =
      previous && previous.units === units && previous.at === r.submitted_at ? previous.rank : position
    previous = { units, at: r.submitted_at!, rank }
    yield cells(r, rank)
  }
  const practice = (from?: Row) =>
    base(quizId, 'practice')
      .$if(!!from, (q) =>
        q.where((eb) =>
          eb.or([
            eb('attempts.submitted_at', '>', from!.submitted_at!),
            eb.and([eb('attempts.submitted_at', '=', from!.submitted_at!), eb('attempts.id', '>', from!.id)]),
          ]),
        ),
      )
      .orderBy('attempts.submitted_at', 'asc')
      .orderBy('attempts.id', 'asc')
  for await (const r of pages(practice(), practice, pageSize)) yield cells(r, null)
}
