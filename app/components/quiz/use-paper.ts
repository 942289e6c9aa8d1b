import { useEffect, useMemo, useState } from 'react'

// The test's questions with their markup. The page carries the question on screen only (the others as their id
// and section, for the palette), so its HTML stays small however long the paper (a 60-question paper full of
// formulas would be hundreds of kilobytes); once the test has hydrated (after the page has loaded) the rest comes
// from /quiz/{id}/paper in one request, before the learner is likely to move on. Until it arrives a question
// without its markup shows that it is loading.

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

/** What the paper adds to a question the page sent as its id and section only. */
type Markup = Required<Pick<TestQuestion, 'type' | 'marks' | 'negativeMarks' | 'questionHtml' | 'optionsHtml'>>

export function usePaper(quizId: string, attemptId: string, questions: TestQuestion[], hydrated: boolean) {
  const [markup, setMarkup] = useState<Record<string, Markup>>({})
  const [failed, setFailed] = useState(false)
  const complete = questions.every((q) => q.questionHtml !== undefined)

  useEffect(() => {
    if (!hydrated || complete) return
    let live = true
    fetch(`/quiz/${quizId}/paper`, { headers: { Accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`paper ${res.status}`)
        const body = (await res.json()) as { attemptId: string; questions: Array<{ id: string } & Markup> }
        // Another attempt (a practice test opened elsewhere) is not this page's paper.
        if (body.attemptId !== attemptId) throw new Error('another attempt')
        if (live) setMarkup(Object.fromEntries(body.questions.map(({ id, ...m }) => [id, m])))
      })
      .catch(() => {
        if (live) setFailed(true)
      })
    return () => {
      live = false
    }
  }, [hydrated, complete, quizId, attemptId])

  const merged = useMemo(
    () => questions.map((q) => (q.questionHtml === undefined && markup[q.id] ? { ...q, ...markup[q.id] } : q)),
    [questions, markup],
  )
  return { questions: merged, failed }
}
