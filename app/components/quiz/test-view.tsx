import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import { Form, Link, useNavigate, useNavigation, useSubmit } from 'react-router'
import { formatClock, formatTimeLeft, secondsLeft } from '~/lib/quiz/clock'
import { parseNumericAnswer } from '~/lib/quiz/numeric'
import { useAnswerSaver, type PendingAnswer } from './use-answer-saver'
import { useHydrated } from '~/hooks/use-hydrated'

// The test view (spec 1 §2, issue 5 §4). Without JavaScript it is one question per page: every button is a
// submit named `intent` that stores the answer on the server, the palette is a grid of links, the time left is
// text. With JavaScript the same markup becomes a single-page test: buttons and palette act locally, answers are
// saved in the background (use-answer-saver), the timer ticks and submits at zero.

export type TestQuestion = {
  id: string
  questionText: string
  options: string[]
  type?: 'mcq' | 'msq' | 'nat'
  section?: string | null
  /** 2 decimals, e.g. "2.00" and "0.67". */
  marks?: string
  negativeMarks?: string
}
export type TestAnswer = {
  selectedOption: number | null
  selectedOptions?: number[]
  numericAnswer?: string | null
  markedForReview: boolean
  /** Shown at least once (a row on the server): Not Answered rather than Not Visited. */
  visited?: boolean
}

// The five CBT palette states (issue 13 item 3, decision 010). Answered & Marked for Review is evaluated.
export type PaletteState = 'notVisited' | 'notAnswered' | 'answered' | 'marked' | 'answeredMarked'
export const PALETTE_STATES: readonly PaletteState[] = [
  'notVisited',
  'notAnswered',
  'answered',
  'marked',
  'answeredMarked',
]
export const STATE_LABEL: Record<PaletteState, string> = {
  notVisited: 'Not Visited',
  notAnswered: 'Not Answered',
  answered: 'Answered',
  marked: 'Marked for Review',
  answeredMarked: 'Answered & Marked for Review (evaluated)',
}
const STATE_CLASS: Record<PaletteState, string> = {
  notVisited: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  notAnswered: 'bg-red-600 text-white',
  answered: 'bg-blue-600 text-white',
  marked: 'bg-purple-600 text-white',
  answeredMarked: 'bg-purple-600 text-white ring-2 ring-inset ring-blue-300',
}
// A shape as well as a colour, so the legend is not colour alone.
const STATE_MARK: Record<PaletteState, string> = {
  notVisited: '',
  notAnswered: '✕',
  answered: '✓',
  marked: '?',
  answeredMarked: '✓?',
}

export function isAnswerGiven(a: TestAnswer | undefined): boolean {
  return !!a && (a.selectedOption !== null || (a.selectedOptions?.length ?? 0) > 0 || !!a.numericAnswer?.trim())
}

export function paletteState(a: TestAnswer | undefined, current = false): PaletteState {
  const answered = isAnswerGiven(a)
  if (a?.markedForReview) return answered ? 'answeredMarked' : 'marked'
  if (answered) return 'answered'
  return a?.visited || current ? 'notAnswered' : 'notVisited'
}

/** Counts per palette state (the submit summary). */
export function stateCounts(questions: TestQuestion[], answers: Record<string, TestAnswer>, currentId?: string) {
  const counts: Record<PaletteState, number> = {
    notVisited: 0,
    notAnswered: 0,
    answered: 0,
    marked: 0,
    answeredMarked: 0,
  }
  for (const q of questions) counts[paletteState(answers[q.id], q.id === currentId)] += 1
  return counts
}

/** Sections in order of first appearance, each with its questions' indexes; one unnamed group when none. */
function sectionsOf(questions: TestQuestion[]) {
  const groups: { name: string | null; indexes: number[] }[] = []
  questions.forEach((q, i) => {
    const name = q.section ?? null
    let g = groups.find((x) => x.name === name)
    if (!g) groups.push((g = { name, indexes: [] }))
    g.indexes.push(i)
  })
  return groups
}

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
  /** When the server rendered this question (ISO): posted back so time spent is known without JS. */
  shownAt?: string
  /** The no-JS confirmation step before the final submit. */
  confirm?: boolean
  mode?: 'ranked' | 'practice'
  /** A numeric answer the server refused, shown again with its message (the answer is not lost). */
  draft?: { questionId: string; numericAnswer: string; message: string } | null
}

const btn = 'rounded px-4 py-2 text-sm font-semibold disabled:opacity-70'
const btnGrey = `${btn} border border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700`

function paletteClass(current: boolean, answer: TestAnswer | undefined) {
  const state = STATE_CLASS[paletteState(answer, current)]
  return current ? `${state} outline outline-3 outline-offset-2 outline-emerald-600` : state
}

export function TestView(props: Props) {
  const { quizId, attemptId, title, questions } = props
  const total = questions.length
  const hydrated = useHydrated()
  const [index, setIndex] = useState(props.index)
  const [answers, setAnswers] = useState<Record<string, TestAnswer>>(props.answers)
  const [remaining, setRemaining] = useState<number | null>(props.secondsLeft)
  const [submitRequested, setSubmitRequested] = useState(false)
  const [confirmOpen, setConfirmOpen] = useState(false)
  // NAT text as typed on this device (the saved answer, or a draft the server refused) and its message.
  const [natText, setNatText] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {}
    for (const [id, a] of Object.entries(props.answers)) if (a.numericAnswer) out[id] = a.numericAnswer
    if (props.draft) out[props.draft.questionId] = props.draft.numericAnswer
    return out
  })
  const [natError, setNatError] = useState<Record<string, string>>(() =>
    props.draft ? { [props.draft.questionId]: props.draft.message } : {},
  )
  // When the question on screen was shown: time spent on it is sent with its next save (JS on).
  const shownSince = useRef(Date.now())
  const navigate = useNavigate()
  const submit = useSubmit()
  const navigation = useNavigation()
  const formRef = useRef<HTMLFormElement>(null)
  const answersRef = useRef(answers)
  answersRef.current = answers

  // Once hydrated, local state is the truth: a revalidation (e.g. a theme toggle) must not roll back answers
  // still waiting in the save queue, nor the question shown (the URL is updated outside the router).

  const closedTo = props.mode === 'practice' ? `/quiz/${quizId}?practice` : `/quiz/result/${quizId}`
  const onClosed = useCallback(() => navigate(closedTo, { replace: true }), [navigate, closedTo])
  const saver = useAnswerSaver({ quizId, attemptId, onClosed })

  useEffect(() => {
    const restored = saver.restore()
    if (restored.length) {
      setAnswers((prev) => {
        const next = { ...prev }
        for (const a of restored)
          next[a.questionId] = {
            selectedOption: a.selectedOption,
            selectedOptions: a.selectedOptions ?? [],
            numericAnswer: a.numericAnswer ?? null,
            markedForReview: a.markedForReview,
            visited: true,
          }
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
  const indexRef = useRef(index)
  indexRef.current = index
  const current = answers[question.id]
  const selected = current?.selectedOption ?? null
  const type = question.type ?? 'mcq'
  const attempted = questions.filter((q) => isAnswerGiven(answers[q.id])).length
  const marked = questions.filter((q) => answers[q.id]?.markedForReview).length
  const sections = sectionsOf(questions)
  const hasSections = sections.some((g) => g.name !== null)

  /** Time on the question on screen since it was shown (capped at 10 min), and the clock restarted. */
  const takeTimeSpent = () => {
    const now = Date.now()
    const spent = Math.min(Math.max(0, now - shownSince.current), 10 * 60_000)
    shownSince.current = now
    return spent
  }

  const goTo = (i: number) => {
    const next = Math.max(0, Math.min(total - 1, i))
    if (next !== index) {
      // Leaving: its time spent is saved; arriving: the visit is saved (Not Visited -> Not Answered).
      update(question.id, {}, takeTimeSpent())
      const target = questions[next]
      if (!answersRef.current[target.id]?.visited) update(target.id, { visited: true })
    }
    setIndex(next)
    const url = new URL(window.location.href)
    url.searchParams.set('q', String(next + 1))
    window.history.replaceState(window.history.state, '', url)
  }

  function update(questionId: string, change: Partial<TestAnswer>, timeSpentMs = 0) {
    const prev = answersRef.current[questionId] ?? { selectedOption: null, markedForReview: false }
    const next = { ...prev, ...change, visited: true }
    answersRef.current = { ...answersRef.current, [questionId]: next }
    setAnswers((all) => ({ ...all, [questionId]: next }))
    const pending: PendingAnswer = {
      questionId,
      selectedOption: next.selectedOption,
      selectedOptions: next.selectedOptions ?? [],
      numericAnswer: next.numericAnswer ?? null,
      markedForReview: next.markedForReview,
      timeSpentMs,
    }
    saver.enqueue(pending)
  }

  const onNumeric = (questionId: string, text: string) => {
    setNatText((all) => ({ ...all, [questionId]: text }))
    const parsed = text.trim() === '' ? null : parseNumericAnswer(text)
    if (parsed && !parsed.ok) {
      setNatError((all) => ({ ...all, [questionId]: parsed.message }))
      return
    }
    setNatError((all) => {
      const { [questionId]: _, ...rest } = all
      return rest
    })
    update(questionId, { numericAnswer: text.trim() === '' ? null : text.trim() })
  }

  const toggleOption = (questionId: string, option: number) => {
    const list = answersRef.current[questionId]?.selectedOptions ?? []
    const next = list.includes(option) ? list.filter((o) => o !== option) : [...list, option].sort((a, b) => a - b)
    update(questionId, { selectedOptions: next })
  }

  // Enhanced buttons act locally; only Submit Test posts the form (with every answer in `answers`).
  const onButton = (e: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return
    const intent = e.currentTarget.value
    if (intent === 'submit') return
    e.preventDefault()
    if (intent === 'review') setConfirmOpen(true)
    else if (intent === 'clear') {
      if (type === 'nat') {
        setNatText((all) => ({ ...all, [question.id]: '' }))
        setNatError((all) => ({ ...all, [question.id]: '' }))
      }
      update(question.id, { selectedOption: null, selectedOptions: [], numericAnswer: null })
    } else if (intent === 'mark') update(question.id, { markedForReview: !current?.markedForReview })
    else if (intent === 'previous') goTo(index - 1)
    else if (intent === 'next') goTo(index + 1)
  }

  const doSubmit = useCallback(async () => {
    setSubmitRequested(true)
    // Offline: wait for the connection instead of failing the post (the server allows a grace period).
    if (navigator.onLine === false)
      await new Promise((resolve) => window.addEventListener('online', resolve, { once: true }))
    // The time on the question on screen, then flush the queue (bounded wait); the post carries every answer.
    const spent = takeTimeSpent()
    if (spent > 0) update(questions[indexRef.current].id, {}, spent)
    await Promise.race([saver.flush(), new Promise((r) => setTimeout(r, 4000))])
    const form = new FormData()
    form.set('intent', 'submit')
    form.set(
      'answers',
      JSON.stringify(
        Object.entries(answersRef.current).map(([questionId, a]) => ({
          questionId,
          selectedOption: a.selectedOption,
          selectedOptions: a.selectedOptions ?? [],
          numericAnswer: a.numericAnswer ?? null,
          markedForReview: a.markedForReview,
        })),
      ),
    )
    submit(form, { method: 'post' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
          {props.shownAt ? <input type="hidden" name="shownAt" value={props.shownAt} /> : null}
          <fieldset
            key={question.id}
            className="rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
          >
            <legend className="px-1 text-sm text-slate-600 dark:text-slate-300">
              Question {index + 1} of {total}
              {question.marks ? (
                <span className="ml-2" data-testid="question-marks">
                  (+{question.marks}
                  {question.negativeMarks && question.negativeMarks !== '0.00'
                    ? `, −${question.negativeMarks} if wrong`
                    : ', no negative marks'}
                  )
                </span>
              ) : null}
              {current?.markedForReview ? (
                <span className="ml-2 font-semibold text-purple-700 dark:text-purple-300">Marked for review</span>
              ) : null}
            </legend>
            {question.section ? (
              <p
                className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200"
                data-testid="question-section"
              >
                {question.section}
              </p>
            ) : null}
            <p className="mb-4 text-lg font-medium whitespace-pre-line" data-testid="question-text">
              {question.questionText}
            </p>
            {type === 'msq' ? (
              <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">Select all the correct options.</p>
            ) : null}
            {type === 'nat' ? (
              <div>
                <label htmlFor={`nat-${question.id}`} className="mb-1 block text-sm font-semibold">
                  Your answer (a number)
                </label>
                <input
                  id={`nat-${question.id}`}
                  name="numericAnswer"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={40}
                  value={natText[question.id] ?? ''}
                  onChange={(e) => onNumeric(question.id, e.currentTarget.value)}
                  aria-invalid={natError[question.id] ? true : undefined}
                  aria-describedby={natError[question.id] ? `nat-${question.id}-error` : undefined}
                  className="w-full max-w-xs rounded border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-800"
                />
                {natError[question.id] ? (
                  <p
                    id={`nat-${question.id}-error`}
                    role="alert"
                    className="mt-1 text-sm text-red-700 dark:text-red-300"
                  >
                    {natError[question.id]}
                  </p>
                ) : null}
              </div>
            ) : type === 'msq' ? (
              <div className="space-y-2">
                {question.options.map((opt, i) => (
                  <label
                    key={i}
                    className="flex cursor-pointer items-start gap-3 rounded border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-blue-500 has-[:checked]:bg-blue-50 dark:border-slate-700 dark:hover:bg-slate-800 dark:has-[:checked]:bg-blue-950"
                  >
                    <input
                      type="checkbox"
                      name="selectedOptions"
                      value={i}
                      checked={current?.selectedOptions?.includes(i) ?? false}
                      onChange={() => toggleOption(question.id, i)}
                      className="mt-1"
                    />
                    <span>{opt}</span>
                  </label>
                ))}
              </div>
            ) : (
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
            )}
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
              value="review"
              onClick={onButton}
              disabled={hydrated && submitting}
              className={`${btn} ml-auto bg-emerald-700 text-white hover:bg-emerald-800`}
            >
              {hydrated && submitting ? 'Submitting...' : 'Submit Test'}
            </button>
          </div>
          {hydrated && confirmOpen ? (
            <SubmitSummary
              counts={stateCounts(questions, answers, question.id)}
              onCancel={() => setConfirmOpen(false)}
              onConfirm={() => {
                setConfirmOpen(false)
                void doSubmit()
              }}
              disabled={submitting}
            />
          ) : null}
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
            {sections.map((group) => (
              <section key={group.name ?? ''} aria-label={group.name ?? undefined} className="mt-3">
                {hasSections ? <h2 className="mb-2 text-sm font-semibold">{group.name ?? 'Other questions'}</h2> : null}
                <nav
                  aria-label={
                    hasSections ? `Question Navigation: ${group.name ?? 'Other questions'}` : 'Question Navigation'
                  }
                  className="grid grid-cols-6 gap-2 sm:grid-cols-10 lg:grid-cols-12"
                >
                  {group.indexes.map((i) => {
                    const q = questions[i]
                    const state = paletteState(answers[q.id], i === index)
                    return (
                      <Link
                        key={q.id}
                        to={
                          // Without JS the link tells the server which question it leaves, and since when (time spent).
                          props.shownAt && i !== index
                            ? `?q=${i + 1}&from=${index + 1}&shown=${encodeURIComponent(props.shownAt)}`
                            : `?q=${i + 1}`
                        }
                        replace
                        preventScrollReset
                        onClick={(e) => {
                          if (!hydrated) return
                          e.preventDefault()
                          goTo(i)
                        }}
                        aria-current={i === index ? 'step' : undefined}
                        aria-label={`Question ${i + 1}, ${STATE_LABEL[state]}${i === index ? ', current' : ''}`}
                        data-state={state}
                        className={`flex h-9 items-center justify-center gap-0.5 rounded text-sm font-semibold ${paletteClass(i === index, answers[q.id])}`}
                      >
                        {i + 1}
                        <span aria-hidden="true" className="text-[10px]">
                          {STATE_MARK[state]}
                        </span>
                      </Link>
                    )
                  })}
                </nav>
              </section>
            ))}
            <ul
              className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300"
              aria-label="Legend"
            >
              <li>
                <span className="mr-1 inline-block h-3 w-3 rounded outline outline-2 outline-emerald-600 align-middle" />
                Current (outlined)
              </li>
              {PALETTE_STATES.map((state) => (
                <li key={state}>
                  <span
                    aria-hidden="true"
                    className={`mr-1 inline-flex h-4 min-w-4 items-center justify-center rounded px-0.5 align-middle text-[10px] ${STATE_CLASS[state]}`}
                  >
                    {STATE_MARK[state]}
                  </span>
                  {STATE_LABEL[state]}
                </li>
              ))}
            </ul>
          </details>
        </aside>
      </div>
    </main>
  )
}

/** "You have N unanswered, M marked for review. Submit?" with the counts per state (issue 13 item 3). */
export function SubmitSummaryText({ counts }: { counts: Record<PaletteState, number> }) {
  const unanswered = counts.notVisited + counts.notAnswered + counts.marked
  const markedForReview = counts.marked + counts.answeredMarked
  return (
    <>
      <p className="mb-3" data-testid="submit-summary">
        You have {unanswered} unanswered, {markedForReview} marked for review. Submit?
      </p>
      <dl className="mb-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {PALETTE_STATES.map((state) => (
          <div key={state} className="flex justify-between gap-2 border-b border-slate-100 py-1 dark:border-slate-800">
            <dt>{STATE_LABEL[state]}</dt>
            <dd className="font-semibold" data-testid={`count-${state}`}>
              {counts[state]}
            </dd>
          </div>
        ))}
      </dl>
    </>
  )
}

function SubmitSummary({
  counts,
  onCancel,
  onConfirm,
  disabled,
}: {
  counts: Record<PaletteState, number>
  onCancel: () => void
  onConfirm: () => void
  disabled: boolean
}) {
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="submit-summary-title"
      className="mt-4 rounded-lg border-2 border-emerald-700 bg-white p-4 dark:bg-slate-900"
    >
      <h2 id="submit-summary-title" className="mb-2 text-lg font-bold">
        Submit your test?
      </h2>
      <SubmitSummaryText counts={counts} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onConfirm}
          disabled={disabled}
          autoFocus
          className={`${btn} bg-emerald-700 text-white`}
        >
          Yes, submit
        </button>
        <button type="button" onClick={onCancel} className={btnGrey}>
          Back to the test
        </button>
      </div>
    </div>
  )
}

/** The no-JS confirmation page: the second step of the final submit. */
export function SubmitConfirmPage({
  title,
  counts,
  backTo,
}: {
  title: string
  counts: Record<PaletteState, number>
  backTo: string
}) {
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-1 text-xl font-bold">{title}</h1>
      <h2 className="mb-3 text-lg font-semibold">Submit your test?</h2>
      <SubmitSummaryText counts={counts} />
      <Form method="post" className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="submit" className={`${btn} bg-emerald-700 text-white`}>
          Yes, submit
        </button>
        <Link to={backTo} className={btnGrey}>
          Back to the test
        </Link>
      </Form>
    </main>
  )
}
