import { Form, Link } from 'react-router'
import { StatusButton } from '~/components/forms'
import { countdownText, useServerCountdown } from './live-countdown'

// A live mock before the learner's opening (app/routes/quiz/live-view.server.ts liveBeforeData): what the paper is,
// its window in India time, 'Register' (a plain form post), and once registered the waiting room. Without JS the
// waiting room is a page to refresh (a 'Refresh' link, and the page refreshes itself near the opening); with JS a
// countdown from the server's clock loads the paper at the opening.

export type LiveBefore = {
  quizId: string
  title: string
  description: string
  timeLimit: number
  sections: { name: string | null; questions: number; marks: string }[]
  totalQuestions: number
  totalMarks: string
  opensAt: string
  opensAtText: string
  opensAtTime: string
  closesAtText: string
  secondsUntilOpen: number
  registered: boolean
  now: string
}

const card = 'rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900'
const primary = 'rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70'
const secondary =
  'inline-block rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800'

/** The page refreshes itself (without JS) this long before the opening at most: an hour. */
const SELF_REFRESH_WITHIN_S = 3600

export function LiveMockCard({ live, error }: { live: LiveBefore; error?: string | null }) {
  const left = useServerCountdown(live.now, live.opensAt)
  const named = live.sections.some((s) => s.name !== null)
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      {live.secondsUntilOpen <= SELF_REFRESH_WITHIN_S ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(live.secondsUntilOpen + 1)} />
        </noscript>
      ) : null}
      <div className={card}>
        <p className="mb-1 text-sm font-semibold text-emerald-800 uppercase dark:text-emerald-300">Live mock test</p>
        <h1 className="mb-2 text-2xl font-bold break-words">{live.title}</h1>
        {live.description ? <p className="mb-6 text-slate-600 dark:text-slate-300">{live.description}</p> : null}
        <dl className="mb-6 grid gap-3 sm:grid-cols-2">
          <div className="rounded bg-slate-100 p-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">Opens</dt>
            <dd className="font-semibold" data-testid="live-opens">
              {live.opensAtText}
            </dd>
          </div>
          <div className="rounded bg-slate-100 p-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">Closes</dt>
            <dd className="font-semibold">{live.closesAtText}</dd>
          </div>
          <div className="rounded bg-slate-100 p-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">Time limit</dt>
            <dd className="font-semibold">{live.timeLimit > 0 ? `${live.timeLimit} minutes` : 'No limit'}</dd>
          </div>
          <div className="rounded bg-slate-100 p-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">Questions and marks</dt>
            <dd className="font-semibold">
              {live.totalQuestions} questions, {live.totalMarks} marks
            </dd>
          </div>
        </dl>
        {named ? (
          <>
            <h2 className="mb-2 font-semibold">Sections</h2>
            <ul className="mb-6 space-y-1 text-sm" data-testid="live-sections">
              {live.sections.map((s) => (
                <li key={s.name ?? ''} className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-medium">{s.name ?? 'Other questions'}</span>
                  <span>
                    {s.questions} question{s.questions === 1 ? '' : 's'}, {s.marks} marks
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="mb-6 text-sm text-slate-700 dark:text-slate-300">
          Everyone sits the paper in the same window and is ranked All-India. Start any time before the close: you get
          the time limit, or the time left until the close if that is shorter.
        </p>
        {error ? (
          <p role="alert" className="mb-4 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        {live.registered ? (
          <div role="status" className="rounded bg-emerald-50 p-4 dark:bg-emerald-950" data-testid="waiting-room">
            <p className="font-semibold">You are registered. The paper opens at {live.opensAtTime}.</p>
            {left !== null ? (
              <p className="mt-2" aria-live="off">
                Opens in{' '}
                <span className="font-mono font-semibold" data-testid="live-countdown">
                  {countdownText(left)}
                </span>
              </p>
            ) : (
              <p className="mt-2 text-sm">Refresh this page at the opening to start.</p>
            )}
            <a href={`/quiz/${live.quizId}`} className={`${secondary} mt-3`}>
              Refresh
            </a>
          </div>
        ) : (
          <Form method="post" className="flex flex-wrap justify-end gap-3">
            <Link to="/quizzes" className={secondary}>
              Back to Quizzes
            </Link>
            <StatusButton name="intent" value="register" pendingText="Registering..." className={primary}>
              Register
            </StatusButton>
          </Form>
        )}
      </div>
    </main>
  )
}
