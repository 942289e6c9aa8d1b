import { useEffect, useMemo, useState } from 'react'

// The test's questions with their markup. The page carries the question on screen only (the others as their id
// and section, for the palette), so its HTML stays small however long the paper (a 60-question paper full of
// formulas would be hundreds of kilobytes); once the test has hydrated (after the page has loaded) the rest comes
// from /quiz/{id}/paper in one request, before the learner is likely to move on. Until it arrives a question
// without its markup shows that it is loading. A fetch that fails (the connection dropped in the first seconds) is
// tried again when the browser is back online and after a growing pause, so a flaky 2G start still ends with the
// whole paper on the phone.

/** A question of the test view: what the page sends, and what the paper completes. */
export type TestQuestion = {
  id: string
  /**
   * The question's stored HTML (sanitised when saved; formulas as MathML): shown as is, never built here. The page
   * brings it (and the type and marks) for the question on screen only; the others' arrive with the paper
   * (below), undefined until then.
   */
  questionHtml?: string
  /** One stored HTML string per option (inline); empty for NAT. Undefined as questionHtml is. */
  optionsHtml?: string[]
  type?: 'mcq' | 'msq' | 'nat'
  section?: string | null
  /** 2 decimals, e.g. "2.00" and "0.67". */
  marks?: string
  negativeMarks?: string
}

class PaperError extends Error {
  constructor(readonly final: boolean) {
    super('paper not loaded')
  }
}

/** What the paper adds to a question the page sent as its id and section only. */
type Markup = Required<Pick<TestQuestion, 'type' | 'marks' | 'negativeMarks' | 'questionHtml' | 'optionsHtml'>>

export function usePaper(
  quizId: string,
  attemptId: string,
  questions: TestQuestion[],
  hydrated: boolean,
  /** The server's pass for this attempt's paper: the request then needs no second check of session and access. */
  paperPass?: string | null,
) {
  const [markup, setMarkup] = useState<Record<string, Markup>>({})
  const [failed, setFailed] = useState(false)
  const [tries, setTries] = useState(0)
  const complete = questions.every((q) => q.questionHtml !== undefined)

  const loaded = Object.keys(markup).length > 0
  useEffect(() => {
    if (!hydrated || complete || loaded) return
    let live = true
    let retry: ReturnType<typeof setTimeout> | undefined
    const again = () => {
      if (live) setTries((n) => n + 1)
    }
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (paperPass) headers['X-Paper-Pass'] = paperPass
    fetch(`/quiz/${quizId}/paper`, { headers })
      .then(async (res) => {
        // A refusal (the attempt ended, the access went) is final; only a dropped connection or a server hiccup
        // is worth another try.
        if (!res.ok) throw new PaperError(res.status < 500)
        // Another attempt (a practice test opened elsewhere) is not this page's paper. The body is the same for every
        // learner of the paper's version (app/routes/quiz/paper.ts), so the attempt is named in a header.
        if (res.headers.get('X-Attempt-Id') !== attemptId) throw new PaperError(true)
        const body = (await res.json()) as { questions: Array<{ id: string } & Markup> }
        if (!live) return
        setMarkup(Object.fromEntries(body.questions.map(({ id, ...m }) => [id, m])))
        setFailed(false)
      })
      .catch((e: unknown) => {
        if (!live) return
        setFailed(true)
        if (e instanceof PaperError && e.final) return
        // 2 s, 4 s, 8 s ... at most 30 s apart, or at once when the connection returns.
        retry = setTimeout(again, Math.min(30_000, 2000 * 2 ** tries))
        window.addEventListener('online', again, { once: true })
      })
    return () => {
      live = false
      clearTimeout(retry)
      window.removeEventListener('online', again)
    }
  }, [hydrated, complete, loaded, tries, quizId, attemptId, paperPass])

  const merged = useMemo(
    () => questions.map((q) => (q.questionHtml === undefined && markup[q.id] ? { ...q, ...markup[q.id] } : q)),
    [questions, markup],
  )
  return { questions: merged, failed }
}
