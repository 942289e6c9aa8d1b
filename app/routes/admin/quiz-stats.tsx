import { data, Link } from 'react-router'
import { PageTitle, secondaryButtonClass } from '~/components/admin/ui'
import { QuestionStatsCard } from '~/components/admin/question-stats'
import { ScoreHistogram } from '~/components/admin/score-histogram'
import { FLAG_MIN_ANSWERED, LOW_CORRECT_SHARE } from '~/lib/quiz/stats'
import { getQuizStats } from '~/models/quiz/stats.server'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/quiz-stats'
import { QuizErrorPanel } from '~/components/admin/quiz-error'

// A quiz's statistics for staff. Read-only and server-rendered: it works the same without JS.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const stats = await getQuizStats(params.quizId)
  if (!stats) throw data('Quiz not found', { status: 404 })
  return stats
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.quiz.title ?? 'Quiz'} statistics | Admin` }]

export default function QuizStats({ loaderData }: Route.ComponentProps) {
  const { quiz, attempts, possible, bins, questions } = loaderData
  return (
    <>
      <PageTitle
        actions={
          <>
            <a href={`/admin/export/quiz-results/${quiz.id}.csv`} className={secondaryButtonClass} download>
              Download CSV
            </a>
            <Link to={`/admin/quiz-result/${quiz.id}`} className={secondaryButtonClass}>
              Results
            </Link>
          </>
        }
      >
        {quiz.title}: statistics
      </PageTitle>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300" data-testid="stats-scope">
        From {attempts} submitted ranked attempt{attempts === 1 ? '' : 's'}; practice attempts and unsubmitted attempts
        are not counted. Possible marks: {possible.lo} to {possible.hi}.
      </p>
      <h2 className="mb-2 text-lg font-semibold">Score distribution</h2>
      <ScoreHistogram bins={bins} attempts={attempts} />
      <h2 className="mb-2 text-lg font-semibold">Questions</h2>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
        Per current question, among the learners whose paper had it (an edited question counts from its new version on).
        A partial MSQ answer (some correct options and no wrong one) scores as wrong and is shown apart. Flags need at
        least {FLAG_MIN_ANSWERED} learners who answered: a wrong option picked more than a keyed one, or under{' '}
        {LOW_CORRECT_SHARE * 100}% of answers right.
      </p>
      {questions.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">This quiz has no questions yet.</p>
      ) : (
        <ol className="space-y-4">
          {questions.map((q) => (
            <QuestionStatsCard key={q.id} q={q} />
          ))}
        </ol>
      )}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <QuizErrorPanel error={error} title="Quiz statistics" failed="Error loading quiz statistics" />
}
