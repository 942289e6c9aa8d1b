import { sql } from 'kysely'
import { isStaff } from '~/lib/roles'
import { marksToStorage, type Marks } from '~/lib/quiz/marks'
import { resultsPublic } from '~/lib/quiz/visibility'
import { db } from '~/utils/db.server'
import type { QuizRow } from './catalog.server'
import { latestClose } from './live-close.server'
import { rankedMarks } from './live-paper.server'

// A live mock's results (docs/decisions/029-live-mocks.md). Until results_published_at is set, nothing of a learner's
// result reaches anyone through the learner's pages or the API: no score, key, explanation, leaderboard or other
// learner's score, only 'Submitted. Results at {time}' (the latest close of any learner's window). After it:
// - the All-India rank, participants and percentile are the leaderboard's (app/models/quiz/standing.server.ts):
//   everyone who sat it in the window is exactly the ranked attempts, since after the window only practice
//   attempts open (never ranked, never in the score counts);
// - a section rank is 1 + the ranked attempts whose marks in that section are higher (ties share it: a section has
//   no submission order of its own). Section marks are worked out for the whole paper in a few reads
//   (buildSectionTable below) and kept per process until the paper's score totals or its publication change (a late
//   submit, a re-score);
// - a practice attempt after the window is told where its score would have ranked among the live ranks.

/**
 * Whether results of this paper are withheld now from a viewer of the learner's pages or the API, and when they are
 * due: the latest close, or `delayed` while staff hold them.
 */
export type Withholding = { withheld: true; resultsAt: string; delayed: boolean } | { withheld: false }

/** A live mock's results are withheld from everyone but staff until published; anytime papers never are. */
export async function withholding(
  quiz: Pick<QuizRow, 'id' | 'category' | 'opens_at' | 'closes_at' | 'results_published_at' | 'results_held'>,
  viewer?: { role: string } | null,
): Promise<Withholding> {
  if (resultsPublic(quiz) || (viewer && isStaff(viewer.role))) return { withheld: false }
  const close = await latestClose(quiz)
  // Held by staff: the close is no longer when they come (the pages say the results are delayed).
  return {
    withheld: true,
    resultsAt: (close ?? new Date(quiz.closes_at!)).toISOString(),
    delayed: quiz.results_held === 1,
  }
}

type SectionTable = Map<string | null, number[]>
// Per quiz, the table for its stamp: a promise, so the learners who open their results together at the publication
// share one build instead of each building it.
const sectionTables = new Map<string, { stamp: string; table: Promise<SectionTable> }>()

/**
 * What the table depends on, in one indexed read: the paper's participants and score total (a submit changes them)
 * and its publication. A re-score can leave both totals as they were (one learner's loss another's gain), but it runs
 * only from staff's 'Publish results' (app/models/quiz/live-staff.server.ts), which stamps a new publication.
 */
async function tableStamp(quizId: string): Promise<string> {
  const row = await db
    .selectFrom('quizzes as q')
    .leftJoin('quiz_score_counts as c', 'c.quiz_id', 'q.id')
    .select([
      'q.results_published_at',
      sql<number | string | null>`sum(c.n)`.as('participants'),
      // bigint * integer: PostgreSQL sums it as numeric (exact), SQLite as a 64-bit integer.
      sql<number | string | null>`sum(c.score_units * c.n)`.as('total'),
    ])
    .where('q.id', '=', quizId)
    .groupBy('q.results_published_at')
    .executeTakeFirst()
  return `${row?.results_published_at}:${String(row?.participants ?? 0)}:${String(row?.total ?? 0)}`
}

/** Every ranked attempt's marks per section (units, highest first), for the paper's current stamp. */
async function sectionTable(quizId: string): Promise<SectionTable> {
  const stamp = await tableStamp(quizId)
  const cached = sectionTables.get(quizId)
  if (cached?.stamp === stamp) return cached.table
  const table = buildSectionTable(quizId)
  sectionTables.set(quizId, { stamp, table })
  table.catch(() => {
    if (sectionTables.get(quizId)?.table === table) sectionTables.delete(quizId)
  })
  return table
}

/**
 * The section marks of every submitted ranked attempt in a few reads (./live-paper.server.ts rankedMarks): each
 * attempt against the paper it was shown with the answers saved in time, marked as its submit scored it (exactly the
 * section marks its result shows), the answers read 500 attempts at a time. Only each attempt's section marks are
 * kept.
 */
async function buildSectionTable(quizId: string): Promise<SectionTable> {
  const table: SectionTable = new Map()
  for await (const { bySection } of rankedMarks(quizId)) {
    for (const [key, units] of bySection) {
      let list = table.get(key)
      if (!list) table.set(key, (list = []))
      list.push(units)
    }
  }
  for (const list of table.values()) list.sort((a, b) => b - a)
  return table
}

/** 1 + how many of `sortedDesc` are greater than `units` (binary search). */
function rankIn(sortedDesc: number[], units: number): number {
  let lo = 0
  let hi = sortedDesc.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sortedDesc[mid] > units) lo = mid + 1
    else hi = mid
  }
  return lo + 1
}

export type SectionRank = { key: string | null; rank: number; of: number }

/** The section ranks of a ranked attempt's sections (its marks per section as its result scores them). */
export async function sectionRanks(
  quizId: string,
  sections: readonly { key: string | null; earned: Marks }[],
): Promise<SectionRank[]> {
  const table = await sectionTable(quizId)
  return sections.map((s) => {
    const list = table.get(s.key) ?? []
    return { key: s.key, rank: rankIn(list, marksToStorage(s.earned)), of: list.length }
  })
}

/** Where a score would rank among the live ranks without entering them: 1 + the ranked scores above it. */
export async function wouldHaveRanked(quizId: string, units: number): Promise<{ rank: number; of: number }> {
  const row = await db
    .selectFrom('quiz_score_counts')
    .select([
      sql<number | string | null>`sum(case when score_units > ${units} then n else 0 end)`.as('above'),
      sql<number | string | null>`sum(n)`.as('participants'),
    ])
    .where('quiz_id', '=', quizId)
    .executeTakeFirst()
  return { rank: 1 + Number(row?.above ?? 0), of: Number(row?.participants ?? 0) }
}
