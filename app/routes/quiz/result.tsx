import { Link } from 'react-router'
import { BRAND_NAME } from '~/lib/constants'
import { getResult, quizGate } from '~/models/attempt.server'
import { requireUser } from '~/utils/auth.server'
import type { Route } from './+types/result'

// /quiz/result/{id} (spec 1 §2): read from the database, so it survives a reload. The answer key is read only
// for the learner's own submitted attempt.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const gate = await quizGate(user, params.quizId)
  if (!gate.ok) return { result: null }
  return { result: await getResult({ userId: user.id, quizId: gate.quiz.id }) }
}

export const meta: Route.MetaFunction = () => [{ title: `Quiz Results | ${BRAND_NAME}` }]

const LABELS = { correct: 'Correct', incorrect: 'Incorrect', unattempted: 'Unattempted' } as const
const BADGE = {
  correct: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
  incorrect: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  unattempted: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900 dark:text-yellow-100',
} as const

function optionClass(
  i: number,
  d: { selectedOption: number | null; correctAnswer: number; verdict: keyof typeof LABELS },
) {
  if (i === d.correctAnswer) {
    return d.verdict === 'unattempted'
      ? 'border-yellow-400 bg-yellow-50 dark:border-yellow-600 dark:bg-yellow-950'
      : 'border-emerald-500 bg-emerald-50 dark:border-emerald-600 dark:bg-emerald-950'
  }
  if (i === d.selectedOption) return 'border-red-500 bg-red-50 dark:border-red-600 dark:bg-red-950'
  return 'border-slate-200 dark:border-slate-700'
}

export default function QuizResultPage({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData
  if (!result) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="mb-6 text-lg">No quiz result available.</p>
        <Link to="/quizzes" className="rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
          Back to Quizzes
        </Link>
      </main>
    )
  }
  // The bar shows the same percentage as the text, held between empty and full (a score can be negative).
  const pct = Math.max(0, Math.min(100, Number(result.percentage)))
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-1 text-3xl font-bold">Quiz Results</h1>
      <p className="mb-6 text-slate-600 dark:text-slate-300">{result.quiz.title}</p>
      <section className="mb-8 rounded-lg border border-slate-200 p-5 dark:border-slate-700">
        <p className="mb-2 text-xl font-semibold" data-testid="score">
          Score: {result.score} / {result.total}
        </p>
        <div
          className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          role="progressbar"
          aria-label="Score"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(pct)}
        >
          <div className="h-full rounded-full bg-emerald-500" style={{ width: `${pct}%` }} />
        </div>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{result.percentage}%</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link
            to={`/quiz/leaderboard/${result.quiz.id}`}
            className="rounded border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            View Leaderboard
          </Link>
        </div>
      </section>
      <ol className="space-y-6">
        {result.details.map((d, n) => (
          <li
            key={d.questionId}
            className="rounded-lg border border-slate-200 p-5 dark:border-slate-700"
            data-testid="review-item"
          >
            <div className="mb-3 flex items-start justify-between gap-3">
              <p className="font-medium whitespace-pre-line">
                {n + 1}. {d.question}
              </p>
              <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[d.verdict]}`}>
                {LABELS[d.verdict]}
              </span>
            </div>
            <ul className="space-y-2">
              {d.options.map((opt, i) => (
                <li key={i} className={`rounded border p-2 text-sm ${optionClass(i, d)}`}>
                  {opt}
                  {i === d.correctAnswer ? <span className="ml-2 text-xs font-semibold">(correct answer)</span> : null}
                  {i === d.selectedOption && i !== d.correctAnswer ? (
                    <span className="ml-2 text-xs font-semibold">(your answer)</span>
                  ) : null}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">Marks: {d.awardedMarks}</p>
            {d.explanation ? (
              <p className="mt-3 rounded bg-slate-50 p-3 text-sm dark:bg-slate-800">
                <span className="font-semibold">Explanation: </span>
                {d.explanation}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="mt-8 text-center">
        <Link to="/quizzes" className="rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800">
          Go to Quizzes
        </Link>
      </div>
    </main>
  )
}
