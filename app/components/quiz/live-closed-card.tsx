import { Form, Link } from 'react-router'
import { StatusButton } from '~/components/forms'

// A live mock after the learner's window, not sat (app/routes/quiz/live-view.server.ts liveClosedData): when the
// results come out, or once they are published the unranked attempt (a practice attempt: compared with the live
// ranks, never entering them).

const primary = 'rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70'
const secondary =
  'inline-block rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800'

export function LiveClosedCard({
  closed,
  error,
}: {
  closed: { title: string; description: string; timeLimit: number; published: boolean; resultsAt: string | null }
  error?: string | null
}) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <p className="mb-1 text-sm font-semibold text-emerald-800 uppercase dark:text-emerald-300">Live mock test</p>
        <h1 className="mb-2 text-2xl font-bold break-words">{closed.title}</h1>
        {closed.description ? <p className="mb-4 text-slate-600 dark:text-slate-300">{closed.description}</p> : null}
        {error ? (
          <p role="alert" className="mb-4 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {closed.published ? (
          <Form method="post">
            <p className="mb-4" data-testid="live-closed">
              Attempt the mock now: your score is compared with the live ranks but does not enter them.
            </p>
            <input type="hidden" name="practiceTiming" value="timed" />
            <div className="flex flex-wrap justify-end gap-3">
              <Link to="/quizzes" className={secondary}>
                Back to Quizzes
              </Link>
              <StatusButton name="intent" value="practice" pendingText="Starting..." className={primary}>
                Attempt the mock now
              </StatusButton>
            </div>
          </Form>
        ) : (
          <>
            <p className="mb-4" data-testid="live-closed">
              This live mock has closed.{' '}
              {closed.resultsAt
                ? `Results at ${closed.resultsAt}.`
                : 'Results will be published once staff have checked them.'}
            </p>
            <Link to="/quizzes" className={secondary}>
              Back to Quizzes
            </Link>
          </>
        )}
      </div>
    </main>
  )
}
