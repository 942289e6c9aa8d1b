import { formatMarks, storedScore } from '~/lib/quiz/marks'
import { UNNAMED_SECTION, type PaperScore } from '~/lib/quiz/scoring'
import { countAtOrBelow, percentile, type Percentile } from '~/lib/quiz/standing'
import { imageUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { onePage } from '~/utils/page.server'
import { getQuizTitle } from '~/models/quiz/editing.server'
import { paperScore } from '~/models/quiz/paper.server'
import { scoreCounts } from './standing.server'

// The staff results of a quiz: its submitted ranked attempts with the learner, the exact score, the percentile
// (decision 018) and the per-section totals, each scored through the learner's own path.

const count = (n: unknown) => Number(n ?? 0)

export type QuizResultRow = {
  id: string
  name: string
  email: string
  profileImage: string | null
  instituteName: string
  isPremiumMember: boolean
  score: number
  total: number
  submittedAt: string
  /** The learner's percentile on the quiz, as the leaderboard and their result page show it (decision 018). */
  percentile: Percentile | null
  /** Exact score (score_units), 2 decimals, and the paper's maximum. */
  scoreText: string
  maxText: string
  /** Per-section totals, in order of first appearance; empty when no question has a section. */
  sections: Array<{ name: string; earned: string; max: string; attempted: number; questions: number }>
}

/**
 * One submitted attempt's paper as its learner's result scores it (paper.server's paperScore: the questions
 * shown at its start, decision 002; only answers saved by deadline + grace), so the section totals add up to
 * the score the learner sees.
 */
async function attemptSections(attempt: {
  id: string
  quiz_id: string
  started_at: string
  deadline_at: string | null
}) {
  return paperScore(attempt)
}

/** Submitted ranked attempts of a quiz with the learner, newest first. */
export async function getQuizResults(
  quizId: string,
  { page = 1, pageSize }: { page?: number; pageSize?: number } = {},
) {
  const quiz = await getQuizTitle(quizId)
  if (!quiz) return null
  const base = db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.user_id')
    .where('attempts.quiz_id', '=', quizId)
    .where('attempts.submitted_at', 'is not', null)
    .where('attempts.mode', '=', 'ranked')
  const total = count((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const query = base
    .select([
      'attempts.id',
      'attempts.quiz_id',
      'attempts.started_at',
      'attempts.deadline_at',
      'attempts.score',
      'attempts.score_units',
      'attempts.total',
      'attempts.submitted_at',
      'users.name',
      'users.email',
      'users.profile_image',
      'users.institute_name',
      'users.is_premium_member',
    ])
    .orderBy('attempts.submitted_at', 'desc')
    .orderBy('attempts.id')
  const rows = await onePage(query, { page, pageSize }).execute()
  // A question whose key cannot be scored (not reachable through the editor) leaves that row without sections.
  const papers = await Promise.all(rows.map((r) => attemptSections(r).catch(() => null)))
  const counts = await scoreCounts(quizId)
  const participants = counts.reduce((t, c) => t + c.n, 0)
  return {
    quizTitle: quiz.title,
    total,
    students: rows.map((r, i): QuizResultRow => ({
      id: r.id,
      name: r.name,
      email: r.email,
      profileImage: imageUrl(r.profile_image),
      instituteName: r.institute_name || '---',
      isPremiumMember: r.is_premium_member === 1,
      score: r.score ?? 0,
      total: r.total,
      submittedAt: r.submitted_at!,
      percentile:
        r.score_units === null ? null : percentile(countAtOrBelow(counts, Number(r.score_units)), participants),
      ...resultMarks(r, papers[i]),
    })),
  }
}

function resultMarks(
  r: { score: number | null; score_units: number | string | null },
  paper: PaperScore | null,
): Pick<QuizResultRow, 'scoreText' | 'maxText' | 'sections'> {
  // The stored exact score is the total (the learner's result page shows it); the sections come from the answers.
  const exact = storedScore(r)
  const named = paper?.sections.some((g) => g.key !== null) ?? false
  return {
    scoreText: formatMarks(exact),
    maxText: paper ? formatMarks(paper.maxTotal) : '',
    sections:
      paper && named
        ? paper.sections.map((g) => ({
            name: g.key ?? UNNAMED_SECTION,
            earned: formatMarks(g.earned),
            max: formatMarks(g.maxMarks),
            attempted: g.attempted,
            questions: g.questions,
          }))
        : [],
  }
}
