import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import { Form, Link, useNavigate, useNavigation, useSubmit } from 'react-router'
import { formatClock, formatTimeLeft, secondsLeft } from '~/lib/marking'
import { useAnswerSaver, type PendingAnswer } from './use-answer-saver'
import { useHydrated } from '~/hooks/use-hydrated'

// The test view (spec 1 §2, issue 5 §4). Without JavaScript it is one question per page: every button is a
// submit named `intent` that stores the answer on the server, the palette is a grid of links, the time left is
// text. With JavaScript the same markup becomes a single-page test: buttons and palette act locally, answers are
// saved in the background (use-answer-saver), the timer ticks and submits at zero.

export type TestQuestion = { id: string; questionText: string; options: string[] }
export type TestAnswer = { selectedOption: number | null; markedForReview: boolean }

type Props = {
  quizId: string
  attemptId: string
  title: string
  questions: TestQuestion[]
  answers: Record<string, TestAnswer>
  index: number
  secondsLeft: number | null
  /** Seconds until the server stops taking answers (deadline + grace); null when untimed. */
  secondsUntilClosed: number | null
  error?: string | null
}

const btn = 'rounded px-4 py-2 text-sm font-semibold disabled:opacity-70'
const btnGrey = `${btn} border border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700`

function paletteClass(current: boolean, answer: TestAnswer | undefined) {
  if (current) return 'bg-emerald-700 text-white ring-2 ring-emerald-300'
  if (answer?.markedForReview) return 'bg-purple-600 text-white'
  if (answer && answer.selectedOption !== null) return 'bg-blue-600 text-white'
  return 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
}

export function TestView(props: Props) {
  const { quizId, attemptId, title, questions } = props
  const total = questions.length
  const hydrated = useHydrated()
  const [index, setIndex] = useState(props.index)
  const [answers, setAnswers] = useState<Record<string, TestAnswer>>(props.answers)
  const [remaining, setRemaining] = useState<number | null>(props.secondsLeft)
  const [submitRequested, setSubmitRequested] = useState(false)
  const navigate = useNavigate()
  const submit = useSubmit()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const answersRef = useRef(answers)
  answersRef.current = answers

  // Once hydrated, local state is the truth: a revalidation (e.g. a theme toggle) must not roll back answers
  // still waiting in the save queue, nor the question shown (the URL is updated outside the router).

  const onClosed = useCallback(() => navigate(`/quiz/result/${quizId}`, { replace: true }), [navigate, quizId])
  const saver = useAnswerSaver({ quizId, attemptId, onClosed })

  useEffect(() => {
    const restored = saver.restore()
    if (restored.length) {
      setAnswers((prev) => {
        const next = { ...prev }
        for (const a of restored)
          next[a.questionId] = { selectedOption: a.selectedOption, markedForReview: a.markedForReview }
        return next
      })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Live m:ss timer from the server's seconds left (no dependence on the device clock being right).
  useEffect(() => {
    if (props.secondsLeft === null) return
    const endAt = new Date(Date.now() + props.secondsLeft * 1000)
    const tick = () => setRemaining(secondsLeft(endAt, new Date()))
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [props.secondsLeft])

  const question = questions[index]
  const current = answers[question.id]
  const selected = current?.selectedOption ?? null
  const attempted = questions.filter((q) => answers[q.id] && answers[q.id].selectedOption !== null).length
  const marked = questions.filter((q) => answers[q.id]?.markedForReview).length

  const goTo = (i: number) => {
    const next = Math.max(0, Math.min(total - 1, i))
    setIndex(next)
    const url = new URL(window.location.href)
    url.searchParams.set('q', String(next + 1))
    window.history.replaceState(window.history.state, '', url)
  }

  const update = (questionId: string, change: Partial<TestAnswer>) => {
    const prev = answersRef.current[questionId] ?? { selectedOption: null, markedForReview: false }
    const next = { ...prev, ...change }
    setAnswers((all) => ({ ...all, [questionId]: next }))
    const pending: PendingAnswer = {
      questionId,
      selectedOption: next.selectedOption,
      markedForReview: next.markedForReview,
    }
    saver.enqueue(pending)
  }

  // Enhanced buttons act locally; only Submit Test posts the form (with every answer in `answers`).
  const onButton = (e: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return
    const intent = e.currentTarget.value
    if (intent === 'submit') return
    e.preventDefault()
    if (intent === 'clear') update(question.id, { selectedOption: null })
    else if (intent === 'mark') update(question.id, { markedForReview: !current?.markedForReview })
    else if (intent === 'previous') goTo(index - 1)
    else if (intent === 'next') goTo(index + 1)
  }

  const doSubmit = useCallback(async () => {
    setSubmitRequested(true)
    // Offline: wait for the connection instead of failing the post (the server allows a grace period).
    if (navigator.onLine === false)
      await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }))
    // Flush the queue first (bounded wait); the post carries every answer anyway.
    await Promise.race([saver.flush(), new Promise((r) => setTimeout(r, 4000))])
    const form = new FormData()
    form.set('intent', 'submit')
    form.set(
      'answers',
      JSON.stringify(
        Object.entries(answersRef.current).map(([questionId, a]) => ({
          questionId,
          selectedOption: a.selectedOption,
          markedForReview: a.markedForReview,
        })),
      ),
    )
    submit(form, { method: 'post' })
  }, [saver, submit])

  // Auto-submit at zero (spec 1 §4); when offline it waits for the connection (the server allows a grace).
  const autoSubmitted = useRef(false)
  useEffect(() => {
    if (!hydrated || remaining === null || remaining > 0 || autoSubmitted.current) return
    const go = () => {
      if (autoSubmitted.current) return
      autoSubmitted.current = true
      void doSubmit()
    }
    go()
  }, [hydrated, remaining, doSubmit])

  const onSubmitForm = (e: React.FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    e.preventDefault()
    void doSubmit()
  }

  const submitting = submitRequested || navigation.state !== 'idle'
  const timeText = remaining === null ? 'No time limit' : hydrated ? formatClock(remaining) : formatTimeLeft(remaining)

  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      {props.secondsUntilClosed !== null ? (
        // Without JS the page reloads itself just after the server stops taking answers, so it shows the result.
        <noscript>
          <meta httpEquiv="refresh" content={String(props.secondsUntilClosed + 1)} />
        </noscript>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{title}</h1>
        <p
          className={`rounded px-3 py-1 font-mono text-lg font-semibold ${remaining !== null && remaining <= 60 ? 'bg-red-100 text-red-700 dark:bg-red-900 dark:text-red-100' : 'bg-slate-100 dark:bg-slate-800'}`}
          aria-live="off"
          data-testid="timer"
        >
          <span className="sr-only sm:not-sr-only">Time left: </span>
          {timeText}
        </p>
      </div>

      {props.error ? (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-200">
          {props.error}
        </p>
      ) : null}
      {remaining === 0 ? (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-200">
          Time is up. Submit your test now; answers sent later are not counted.
        </p>
      ) : null}
      {hydrated && saver.status === 'offline' ? (
        <p
          role="status"
          className="mb-4 rounded bg-amber-50 p-3 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          You are offline. {saver.pendingCount} answer{saver.pendingCount === 1 ? '' : 's'} will be saved when the
          connection returns; nothing you answered is lost.
        </p>
      ) : null}

      <div className="flex flex-col gap-6">
        <Form method="post" ref={formRef} onSubmit={onSubmitForm} className="order-2">
          {/* Enter in the form (implicit submission) saves and stays, instead of pressing Clear Response. */}
          <button
            type="submit"
            name="intent"
            value="save"
            onClick={onButton}
            tabIndex={-1}
            aria-hidden="true"
            className="absolute -left-[9999px] h-px w-px overflow-hidden"
          >
            Save
          </button>
          <input type="hidden" name="q" value={index + 1} />
          <input type="hidden" name="questionId" value={question.id} />
          <fieldset
            key={question.id}
            className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
          >
            <legend className="px-1 text-sm text-slate-600 dark:text-slate-300">
              Question {index + 1} of {total}
              {current?.markedForReview ? (
                <span className="ml-2 font-semibold text-purple-700 dark:text-purple-300">Marked for review</span>
              ) : null}
            </legend>
            <p className="mb-4 text-lg font-medium whitespace-pre-line" data-testid="question-text">
              {question.questionText}
            </p>
            <div className="space-y-2">
              {question.options.map((opt, i) => (
                <label
                  key={i}
                  className="flex cursor-pointer items-start gap-3 rounded border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-blue-500 has-[:checked]:bg-blue-50 dark:border-slate-700 dark:hover:bg-slate-800 dark:has-[:checked]:bg-blue-950"
                >
                  <input
                    type="radio"
                    name="selectedOption"
                    value={i}
                    checked={selected === i}
                    onChange={() => update(question.id, { selectedOption: i })}
                    className="mt-1"
                  />
                  <span>{opt}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="clear" onClick={onButton} className={btnGrey}>
              Clear Response
            </button>
            <button
              type="submit"
              name="intent"
              value="mark"
              onClick={onButton}
              className={`${btn} bg-purple-600 text-white hover:bg-purple-700`}
            >
              {current?.markedForReview ? 'Unmark Review' : 'Mark for Review'}
            </button>
            {index > 0 ? (
              <button type="submit" name="intent" value="previous" onClick={onButton} className={btnGrey}>
                Previous
              </button>
            ) : null}
            {index < total - 1 ? (
              <button
                type="submit"
                name="intent"
                value="next"
                onClick={onButton}
                className={`${btn} bg-blue-600 text-white hover:bg-blue-700`}
              >
                Save &amp; Next
              </button>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="submit"
              onClick={onButton}
              disabled={hydrated && submitting}
              className={`${btn} ml-auto bg-emerald-700 text-white hover:bg-emerald-800`}
            >
              {hydrated && submitting ? 'Submitting...' : 'Submit Test'}
            </button>
          </div>
          {hydrated ? (
            <p className="mt-3 text-xs text-slate-600 dark:text-slate-300" role="status" data-testid="save-status">
              {saver.status === 'saving'
                ? 'Saving...'
                : saver.status === 'offline'
                  ? 'Offline: answers kept on this device'
                  : saver.status === 'error'
                    ? 'An answer could not be saved'
                    : 'All answers saved'}
            </p>
          ) : null}
        </Form>

        <aside className="order-1">
          <dl className="mb-3 grid max-w-md grid-cols-3 gap-2 text-center text-sm">
            <div className="rounded bg-blue-50 p-2 dark:bg-blue-950">
              <dt>Attempted</dt>
              <dd className="text-lg font-semibold" data-testid="attempted-count">
                {attempted}
              </dd>
            </div>
            <div className="rounded bg-slate-100 p-2 dark:bg-slate-800">
              <dt>Remaining</dt>
              <dd className="text-lg font-semibold" data-testid="remaining-count">
                {total - attempted}
              </dd>
            </div>
            <div className="rounded bg-purple-50 p-2 dark:bg-purple-950">
              <dt>Marked</dt>
              <dd className="text-lg font-semibold" data-testid="marked-count">
                {marked}
              </dd>
            </div>
          </dl>
          <details open className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <summary className="cursor-pointer font-semibold">Question Navigation</summary>
            <nav
              aria-label="Question Navigation"
              className="mt-3 grid grid-cols-6 gap-2 sm:grid-cols-10 lg:grid-cols-12"
            >
              {questions.map((q, i) => (
                <Link
                  key={q.id}
                  to={`?q=${i + 1}`}
                  replace
                  preventScrollReset
                  onClick={(e) => {
                    if (!hydrated) return
                    e.preventDefault()
                    goTo(i)
                  }}
                  aria-current={i === index ? 'step' : undefined}
                  aria-label={`Question ${i + 1}${answers[q.id]?.markedForReview ? ', marked for review' : ''}${answers[q.id] && answers[q.id].selectedOption !== null ? ', answered' : ''}`}
                  className={`flex h-9 items-center justify-center rounded text-sm font-semibold ${paletteClass(i === index, answers[q.id])}`}
                >
                  {i + 1}
                </Link>
              ))}
            </nav>
            <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
              <li>
                <span className="mr-1 inline-block h-3 w-3 rounded bg-emerald-700 align-middle" />
                Current
              </li>
              <li>
                <span className="mr-1 inline-block h-3 w-3 rounded bg-blue-600 align-middle" />
                Answered
              </li>
              <li>
                <span className="mr-1 inline-block h-3 w-3 rounded bg-purple-600 align-middle" />
                Marked for review
              </li>
              <li>
                <span className="mr-1 inline-block h-3 w-3 rounded bg-slate-300 align-middle" />
                Not answered
              </li>
            </ul>
          </details>
        </aside>
      </div>
    </main>
  )
}
