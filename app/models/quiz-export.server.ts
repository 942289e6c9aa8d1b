import type { AttemptMode } from '#db/schema'
import type { CsvCell } from '~/lib/csv-write'
import { formatMarks, makeMarks, marksFromStorage } from '~/lib/marks'
import { db } from '~/utils/db.server'

// The quiz results export (issue 15 item 4): one CSV row per submitted attempt, ranked ones first in leaderboard
// order with their rank, then practice ones by submission. Read a page at a time, so a quiz with 100k attempts
// streams out without sitting in memory.

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
  return db
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
}

async function* pages(query: () => ReturnType<typeof base>): AsyncGenerator<Row> {
  for (let offset = 0; ; offset += EXPORT_PAGE_SIZE) {
    const rows = await query().limit(EXPORT_PAGE_SIZE).offset(offset).execute()
    yield* rows
    if (rows.length < EXPORT_PAGE_SIZE) return
  }
}

/** Exact units of a row; an attempt from before exact marks (score_units null) from its quarter-mark score. */
function unitsOf(r: Row) {
  return r.score_units !== null && r.score_units !== undefined
    ? marksFromStorage(r.score_units)
    : makeMarks(Math.round((r.score ?? 0) * 4), 4)
}

function cells(r: Row, rank: number | null): CsvCell[] {
  const takenMs = Date.parse(r.submitted_at!) - Date.parse(r.started_at)
  return [
    r.name,
    r.email,
    r.mode,
    // formatMarks' exact 2-decimal value, written as a number: a negative score is data, and a text "-0.33"
    // would get the writer's formula guard (a leading apostrophe).
    Number(formatMarks(unitsOf(r))),
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
export async function* quizResultCsvRows(quizId: string): AsyncGenerator<CsvCell[]> {
  let position = 0
  let previous: { units: string; at: string; rank: number } | null = null
  const ranked = () =>
    base(quizId, 'ranked')
      .orderBy('attempts.score_units', 'desc')
      .orderBy('attempts.submitted_at', 'asc')
      .orderBy('attempts.id', 'asc')
  for await (const r of pages(ranked)) {
    position += 1
    const units = String(r.score_units)
    const rank: number =
      previous && previous.units === units && previous.at === r.submitted_at ? previous.rank : position
    previous = { units, at: r.submitted_at!, rank }
    yield cells(r, rank)
  }
  const practice = () => base(quizId, 'practice').orderBy('attempts.submitted_at', 'asc').orderBy('attempts.id', 'asc')
  for await (const r of pages(practice)) yield cells(r, null)
}
