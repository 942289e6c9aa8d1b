import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react'
import { useNavigate, useNavigation, useSubmit } from 'react-router'
import { useHydrated } from '~/hooks/use-hydrated'
import { secondsLeft } from '~/lib/quiz/clock'
import { parseNumericAnswer } from '~/lib/quiz/numeric'
import type { PaletteAnswer } from '~/lib/quiz/palette'
import { useAnswerSaver, type PendingAnswer } from './use-answer-saver'
import { usePaper, type TestQuestion } from './use-paper'

// The state of the enhanced test view: the question on screen, the answers as this device holds them (saved in
// the background by use-answer-saver), the ticking timer, numeric answers as typed, and the final submit.
// Without JavaScript none of this runs: every button posts `intent` and the server renders the next page.

export type { TestQuestion } from './use-paper'
export type TestAnswer = PaletteAnswer

export type TestViewProps = {
  quizId: string
  attemptId: string
  title: string
  questions: TestQuestion[]
  answers: Record<string, TestAnswer>
  index: number
  secondsLeft: number | null
  /** When the attempt ends, in India time ('10:30 am IST'); null when untimed. */
  endsAt?: string | null
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
  /** Shown with the paper request instead of a second check of the page's session and access (the server's paper pass). */
  paperPass?: string | null
  /** Where answers are saved in the background (default: the quiz's, POST /api/v1/quiz/{id}/answers). */
  answersUrl?: string
  /** Where the page goes once the attempt is closed (default: the quiz's result or practice page). */
  closedTo?: string
}

/** Longest time one look at a question adds to its time spent. */
const MAX_TIME_SPENT_MS = 10 * 60_000

export function useTestState(props: TestViewProps) {
  const { quizId, attemptId } = props
  const hydrated = useHydrated()
  const paper = usePaper(quizId, attemptId, props.questions, hydrated, props.paperPass)
  const questions = paper.questions
  const total = questions.length
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
  const answersRef = useRef(answers)
  answersRef.current = answers

  // Once hydrated, local state is the truth: a revalidation (e.g. a theme toggle) must not roll back answers
  // still waiting in the save queue, nor the question shown (the URL is updated outside the router).

  const closedTo = props.closedTo ?? (props.mode === 'practice' ? `/quiz/${quizId}?practice` : `/quiz/result/${quizId}`)
  const onClosed = useCallback(() => navigate(closedTo, { replace: true }), [navigate, closedTo])
  const saver = useAnswerSaver({ url: props.answersUrl ?? `/api/v1/quiz/${quizId}/answers`, attemptId, onClosed })

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
    // Once, on mount: the answers this device still holds unsent are read back a single time.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount only, see above
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
  const type = question.type ?? 'mcq'

  /** Time on the question on screen since it was shown (capped), and the clock restarted. */
  const takeTimeSpent = () => {
    const now = Date.now()
    const spent = Math.min(Math.max(0, now - shownSince.current), MAX_TIME_SPENT_MS)
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

  const chooseOption = (questionId: string, option: number) => update(questionId, { selectedOption: option })

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
    // Answers and the question on screen are read through refs; the paper does not change during an attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [saver, submit])

  // Auto-submit at zero; when offline it waits for the connection (the server allows a grace period).
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

  const onSubmitForm = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    e.preventDefault()
    void doSubmit()
  }

  /** The palette's link handler: with JS a click moves locally instead of loading the page. */
  const onPaletteClick = (e: MouseEvent<HTMLAnchorElement>, i: number) => {
    if (!hydrated) return
    e.preventDefault()
    goTo(i)
  }

  const confirmSubmit = () => {
    setConfirmOpen(false)
    void doSubmit()
  }

  return {
    hydrated,
    index,
    question,
    /** Whether the paper's markup could not be fetched (offline): a question without it is loaded as a page. */
    paperFailed: paper.failed,
    current,
    type,
    answers,
    remaining,
    natText,
    natError,
    saver,
    confirmOpen,
    submitting: submitRequested || navigation.state !== 'idle',
    closeConfirm: () => setConfirmOpen(false),
    confirmSubmit,
    onButton,
    onNumeric,
    toggleOption,
    chooseOption,
    onSubmitForm,
    onPaletteClick,
  }
}

export type TestState = ReturnType<typeof useTestState>
