import { Form, Link } from 'react-router'
import { StatusButton } from '~/components/forms'
import { Markup } from './markup'

// Practice re-attempt: after the ranked attempt, the learner may take the quiz again, timed or
// untimed. Practice results are shown here, to them only: they never enter the leaderboard or the rank.

type Verdict = 'correct' | 'incorrect' | 'unattempted'
const VERDICT_TEXT: Record<Verdict, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  unattempted: 'Not attempted',
}

export function PracticeCard({
  title,
  timeLimit,
  last,
  error,
}: {
  title: string
  timeLimit: number
  last: {
    score: number
    total: number
    percentage: string
    submittedAt: string
    /** questionHtml: the question's stored HTML. */
    details: { questionHtml: string; verdict: Verdict; marks: number }[]
  } | null
  error?: string | null
}) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <h1 className="mb-2 text-2xl font-bold">{title}: practice</h1>
        <p className="mb-4 text-slate-600 dark:text-slate-300">
          Take this test again for practice. Your practice scores are shown only to you; your rank and the leaderboard
          keep your first (ranked) attempt.
        </p>
        {last ? (
          <section aria-labelledby="last-practice" className="mb-6">
            <h2 id="last-practice" className="mb-2 font-semibold">
              Your last practice
            </h2>
            <p className="mb-2" data-testid="practice-score">
              Practice score: {Number(last.score.toFixed(2))} / {last.total} ({last.percentage}%)
            </p>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {last.details.map((d, i) => (
                <li key={i} data-testid="practice-item">
                  <Markup html={d.questionHtml} className="font-medium" />
                  {VERDICT_TEXT[d.verdict]} ({d.marks > 0 ? '+' : ''}
                  {Number(d.marks.toFixed(2))})
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {error ? (
          <p role="alert" className="mb-4 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <Form method="post">
          <fieldset className="mb-4">
            <legend className="mb-2 font-semibold">Timing</legend>
            <label className="mr-4 inline-flex items-center gap-2">
              <input type="radio" name="practiceTiming" value="untimed" defaultChecked /> Untimed
            </label>
            {timeLimit > 0 ? (
              <label className="inline-flex items-center gap-2">
                <input type="radio" name="practiceTiming" value="timed" /> Timed ({timeLimit} minutes)
              </label>
            ) : null}
          </fieldset>
          <div className="flex justify-end gap-3">
            <Link
              to="/quizzes"
              className="rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            >
              Back to Quizzes
            </Link>
            <StatusButton
              name="intent"
              value="practice"
              pendingText="Starting..."
              className="rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70"
            >
              Start Practice
            </StatusButton>
          </div>
        </Form>
      </div>
    </main>
  )
}
