import { useState, type FormEvent } from 'react'
import { Form, Link, useNavigate, useSubmit } from 'react-router'
import { StatusButton } from '~/components/forms'
import { startQuickly } from './quick-start'
import { MARK_CORRECT, MARK_WRONG, QUIZ_GRACE_SECONDS } from '~/lib/constants'

// The intro card. Start Quiz is a POST (pages start attempts by POST). With JavaScript it is one request that also
// brings the test's first screen (./quick-start.ts); if that fails, the form is posted as without JavaScript.
export function IntroCard({
  quizId,
  title,
  description,
  totalQuestions,
  totalMarks,
  standardMarking = true,
  timeLimit,
  live,
  error,
}: {
  quizId: string
  title: string
  description: string
  totalQuestions: number
  /** The paper's maximum marks (questions carry their own marks); defaults to one per question. */
  totalMarks?: string
  standardMarking?: boolean
  timeLimit: number
  /** A live mock in its window: when it closes, and the minutes a start now gets (the limit, or less near the close). */
  live?: { closesAtText: string; minutesIfStartedNow: number; shortened: boolean } | null
  error?: string | null
}) {
  const navigate = useNavigate()
  const submit = useSubmit()
  const [starting, setStarting] = useState(false)
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (starting) return
    setStarting(true)
    const to = await startQuickly(quizId)
    if (to) await navigate(to)
    else await submit({ intent: 'start' }, { method: 'post' })
    setStarting(false)
  }
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        <p className="mb-6 text-slate-600 dark:text-slate-300">{description}</p>
        {live ? (
          <p
            className="mb-6 rounded bg-amber-50 p-3 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            data-testid="live-note"
          >
            Live mock: it closes at {live.closesAtText}.{' '}
            {live.shortened
              ? `Start now and you have ${live.minutesIfStartedNow} minutes, until the close.`
              : `Start now and you have the full ${live.minutesIfStartedNow} minutes.`}
          </p>
        ) : null}
        <dl className="mb-6 grid grid-cols-3 gap-4 text-center">
          <div className="rounded bg-slate-100 p-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">Total Questions</dt>
            <dd className="text-xl font-semibold">{totalQuestions}</dd>
          </div>
          <div className="rounded bg-slate-100 p-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">Total Marks</dt>
            <dd className="text-xl font-semibold">{totalMarks ?? totalQuestions}</dd>
          </div>
          <div className="rounded bg-slate-100 p-3 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-300">Time Limit</dt>
            <dd className="text-xl font-semibold">{timeLimit > 0 ? `${timeLimit} minutes` : 'No limit'}</dd>
          </div>
        </dl>
        <h2 className="mb-2 font-semibold">Rules</h2>
        <ul className="mb-6 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {standardMarking ? (
            <li>
              Each correct answer gives +{MARK_CORRECT} mark, each wrong answer {MARK_WRONG}, an unattempted question 0.
            </li>
          ) : (
            <li>
              Each question shows its marks and its negative marks (taken off for a wrong answer); an unattempted
              question gives 0. Multiple-select questions score only when exactly the correct options are chosen;
              numerical answers are typed as a number.
            </li>
          )}
          <li>
            You can attempt this quiz once. Your answers are saved as you go; if you leave, you can come back and
            continue.
          </li>
          {timeLimit > 0 ? (
            <li>
              The timer starts when you press Start Quiz and keeps running if you leave. When it reaches zero the test
              is submitted with the answers saved (answers are accepted for {QUIZ_GRACE_SECONDS} seconds after the time
              is up).
            </li>
          ) : (
            <li>This quiz has no time limit.</li>
          )}
          <li>Use Mark for Review to come back to a question; Clear Response removes your answer.</li>
        </ul>
        {error ? (
          <p role="alert" className="mb-4 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <Form method="post" className="flex justify-end gap-3" onSubmit={onSubmit}>
          <Link
            to="/quizzes"
            className="rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Cancel
          </Link>
          <StatusButton
            name="intent"
            value="start"
            pendingText="Starting..."
            pending={starting}
            className="rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70"
          >
            Start Quiz
          </StatusButton>
        </Form>
      </div>
    </main>
  )
}
