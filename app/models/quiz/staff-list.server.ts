import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { db } from '~/utils/db.server'

// The staff list of papers (/admin/quizzes and GET /api/v1/admin/quizzes): each with its questions, the learners who
// sat it, and for a live mock its window, registrations and whether its results are published
// (docs/decisions/029-live-mocks.md).

const count = (n: unknown) => Number(n ?? 0)

export type StaffQuizListRow = {
  id: string
  title: string
  category: 'free' | 'paid'
  noOfQuestions: number
  time: number
  attemptedBy: number
  /** The live mock's window (ISO instants); null for an anytime paper. */
  window: { opensAt: string; closesAt: string } | null
  registrations: number
  resultsPublishedAt: string | null
}

export async function listQuizzes(): Promise<StaffQuizListRow[]> {
  const rows = await db
    .selectFrom('quizzes')
    .select((eb) => [
      'quizzes.id',
      'quizzes.title',
      'quizzes.category',
      'quizzes.time_limit',
      'quizzes.opens_at',
      'quizzes.closes_at',
      'quizzes.results_published_at',
      eb
        .selectFrom('questions')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('questions.quiz_id', '=', 'quizzes.id')
        .where('questions.archived_at', 'is', null)
        .as('questionCount'),
      eb
        .selectFrom('attempts')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('attempts.quiz_id', '=', 'quizzes.id')
        .where('attempts.submitted_at', 'is not', null)
        // Practice re-attempts are not new learners attempting the quiz.
        .where('attempts.mode', '=', 'ranked')
        .as('attemptCount'),
      eb
        .selectFrom('live_mock_registrations')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('live_mock_registrations.quiz_id', '=', 'quizzes.id')
        .as('registrationCount'),
    ])
    .where('quizzes.id', '!=', BANK_QUIZ_ID)
    .orderBy('quizzes.created_at', 'desc')
    .orderBy('quizzes.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    noOfQuestions: count(r.questionCount),
    time: r.time_limit,
    attemptedBy: count(r.attemptCount),
    window: r.opens_at && r.closes_at ? { opensAt: r.opens_at, closesAt: r.closes_at } : null,
    registrations: count(r.registrationCount),
    resultsPublishedAt: r.results_published_at,
  }))
}
