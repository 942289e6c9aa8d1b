import { OPTION_LETTERS } from '~/components/analysis/format'
import { Markup } from '~/components/quiz/markup'

// The question a question's doubts page is about: its text, options with the key marked, and the explanation, as
// the result's review shows them (the page is reached only after submission).

export type DoubtQuestionView = {
  type: 'mcq' | 'msq' | 'nat'
  questionHtml: string
  optionsHtml: string[]
  explanationHtml: string | null
  keyed: number[]
  key: string
}

export function DoubtQuestion({ q }: { q: DoubtQuestionView }) {
  return (
    <section
      aria-label="The question"
      className="mt-4 rounded-lg border border-slate-200 p-4 break-words dark:border-slate-700"
    >
      <Markup html={q.questionHtml} data-testid="doubt-question" />
      {q.optionsHtml.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {q.optionsHtml.map((html, i) => (
            <li
              key={i}
              className={`rounded border p-2 text-sm ${q.keyed.includes(i) ? 'border-emerald-500 bg-emerald-50 dark:border-emerald-600 dark:bg-emerald-950' : 'border-slate-200 dark:border-slate-700'}`}
            >
              <span className="font-semibold">{OPTION_LETTERS[i] ?? i + 1}.</span> <Markup inline html={html} />
              {q.keyed.includes(i) ? <span className="ml-2 text-xs font-semibold">(correct answer)</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-sm">
        <span className="text-slate-600 dark:text-slate-300">{q.type === 'nat' ? 'Accepted range:' : 'Key:'}</span>{' '}
        <span className="font-medium">{q.key}</span>
      </p>
      {q.explanationHtml ? (
        <div className="mt-3 rounded bg-slate-50 p-3 text-sm dark:bg-slate-800">
          <p className="font-semibold">Explanation:</p>
          <Markup html={q.explanationHtml} />
        </div>
      ) : null}
    </section>
  )
}
