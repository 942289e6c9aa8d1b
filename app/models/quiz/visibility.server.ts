import { sql, type Expression, type SqlBool } from 'kysely'
import type { PaperFacts } from '~/lib/quiz/visibility'

// The SQL twins of the paper visibility rule (app/lib/quiz/visibility.ts, docs/decisions/039-paper-visibility.md),
// for the queries that decide for many papers at once: the bank's practice draw and previous year papers, revision,
// explanation images. Each is pinned to its pure form at the boundaries (tests/integration/paper-visibility.test.ts),
// as the access rule's twins are. `paper` names the quizzes alias in scope ('z', 'q', ...).

const col = (paper: string, column: keyof PaperFacts | 'id') => sql.ref(`${paper}.${column}`)

/** A live mock: both ends of a window (isLiveMock). */
const liveSql = (paper: string) => sql<SqlBool>`(${col(paper, 'opens_at')} is not null and ${col(paper, 'closes_at')} is not null)`

/** `resultsPublic`: an anytime paper, or a live mock whose results are published. */
export function resultsPublicSql(paper: string): Expression<SqlBool> {
  return sql<SqlBool>`(not ${liveSql(paper)} or ${col(paper, 'results_published_at')} is not null)`
}

/** The viewer of a practice draw: who they are, whether staff, whether they open paid papers now. */
export type PracticeViewer = { id: string; staff: boolean; opensPaid: boolean }

/**
 * `paperReach(paper, viewer).practice`: whether the paper lets its questions into this viewer's bank practice. Staff:
 * always. A live mock: once its results are published. An anytime paper: when the viewer cannot open it, or has
 * submitted its ranked attempt (for an anytime paper an unranked attempt follows only that one, so the ranked one is
 * the test, read from its partial unique index).
 */
export function practiceOpenSql(paper: string, viewer: PracticeViewer): Expression<SqlBool> {
  if (viewer.staff) return sql<SqlBool>`1 = 1`
  const submitted = sql<SqlBool>`exists (select 1 from attempts as vr where vr.quiz_id = ${col(paper, 'id')} and vr.user_id = ${viewer.id} and vr.mode = 'ranked' and vr.submitted_at is not null)`
  const cannotOpen = viewer.opensPaid ? sql<SqlBool>`1 = 0` : sql<SqlBool>`${col(paper, 'category')} <> 'free'`
  return sql<SqlBool>`(case when ${liveSql(paper)} then ${col(paper, 'results_published_at')} is not null else (${cannotOpen} or ${submitted}) end)`
}
