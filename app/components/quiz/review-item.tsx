import type { ReactNode } from 'react'
import { OPTION_LETTERS } from '~/components/analysis/format'
import type { AnswerAndKey } from '~/lib/quiz/scoring'
import { Markup } from './markup'

// One question of a review after submission (the result page's "Question by question"): the question, its options
// with the key and the learner's answer marked, the facts (answer, key, marks, time) and the explanation. Text,
// options and explanation are the stored HTML of the question version the attempt saw.

export type ReviewOutcome = 'correct' | 'wrong' | 'unattempted'

export type ReviewQuestion = AnswerAndKey & {
  id: string
  number: number
  type: 'mcq' | 'msq' | 'nat'
  questionHtml: string
  optionsHtml: string[]
  explanationHtml: string | null
  section: string | null
  topic: string | null
  outcome: ReviewOutcome
  /** Marks as text: earned (signed), the question's maximum and negative marks (2 decimals). */
  earned: string
  max: string
  negative: string
  time: string
}

const LABELS = { correct: 'Correct', wrong: 'Incorrect', unattempted: 'Unattempted' } as const
const BADGE = {
  correct: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
  wrong: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
  unattempted: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900 dark:text-yellow-100',
} as const
const TYPE_NAMES = { mcq: 'Single correct (MCQ)', msq: 'Multiple select (MSQ)', nat: 'Numerical answer (NAT)' }

function optionClass(i: number, q: ReviewQuestion) {
  const keyed = q.correctOptions.includes(i)
  const chosen = q.type === 'mcq' ? q.selectedOption === i : q.selectedOptions.includes(i)
  if (keyed) {
    return q.outcome === 'unattempted'
      ? 'border-yellow-400 bg-yellow-50 dark:border-yellow-600 dark:bg-yellow-950'
      : 'border-emerald-500 bg-emerald-50 dark:border-emerald-600 dark:bg-emerald-950'
  }
  if (chosen) return 'border-red-500 bg-red-50 dark:border-red-600 dark:bg-red-950'
  return 'border-slate-200 dark:border-slate-700'
}

const letters = (indexes: number[]) => indexes.map((i) => OPTION_LETTERS[i] ?? String(i + 1)).join(', ')

function yourAnswer(q: ReviewQuestion): string {
  if (q.type === 'nat') return q.numericAnswer?.trim() ? q.numericAnswer.trim() : 'Not answered'
  if (q.type === 'msq') return q.selectedOptions.length ? letters(q.selectedOptions) : 'Not answered'
  return q.selectedOption === null ? 'Not answered' : letters([q.selectedOption])
}

function theKey(q: ReviewQuestion): string {
  if (q.type === 'nat') return q.answerMin === q.answerMax ? `${q.answerMin}` : `${q.answerMin} – ${q.answerMax}`
  return letters(q.correctOptions)
}

/** `children` follow the review inside the item (a page's own controls, such as 'Save question'). */
export function ReviewItem({ q, children }: { q: ReviewQuestion; children?: ReactNode }) {
  return (
    <li
      id={`question-${q.id}`}
      className="rounded-lg border border-slate-200 p-4 sm:p-5 dark:border-slate-700"
      data-testid="review-item"
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <div className="flex min-w-0 gap-1 font-medium break-words">
          <span className="shrink-0">{q.number}.</span>
          <Markup html={q.questionHtml} className="min-w-0" data-testid="review-question" />
        </div>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[q.outcome]}`}>
          {LABELS[q.outcome]}
        </span>
      </div>
      <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">
        {TYPE_NAMES[q.type]}
        {q.section ? ` · ${q.section}` : ''}
        {q.topic ? ` · ${q.topic}` : ''} · +{q.max}
        {q.negative !== '0.00' ? ` / −${q.negative}` : ''}
      </p>
      {q.type !== 'nat' ? (
        <ul className="space-y-2">
          {q.optionsHtml.map((opt, i) => {
            const keyed = q.correctOptions.includes(i)
            const chosen = q.type === 'mcq' ? q.selectedOption === i : q.selectedOptions.includes(i)
            return (
              <li key={i} className={`rounded border p-2 text-sm break-words ${optionClass(i, q)}`}>
                <span className="font-semibold">{OPTION_LETTERS[i]}.</span> <Markup inline html={opt} />
                {keyed ? <span className="ml-2 text-xs font-semibold">(correct answer)</span> : null}
                {chosen ? <span className="ml-2 text-xs font-semibold">(your answer)</span> : null}
              </li>
            )
          })}
        </ul>
      ) : null}
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2" data-testid="review-facts">
        <div className="flex gap-2">
          <dt className="text-slate-600 dark:text-slate-300">Your answer:</dt>
          <dd className="font-medium break-all" data-testid="your-answer">
            {yourAnswer(q)}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600 dark:text-slate-300">{q.type === 'nat' ? 'Accepted range:' : 'Key:'}</dt>
          <dd className="font-medium break-all" data-testid="answer-key">
            {theKey(q)}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600 dark:text-slate-300">Marks:</dt>
          <dd className="font-medium tabular-nums" data-testid="marks-earned">
            {q.earned}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600 dark:text-slate-300">Time spent:</dt>
          <dd className="font-medium tabular-nums">{q.time}</dd>
        </div>
      </dl>
      {q.explanationHtml ? (
        <div className="mt-3 rounded bg-slate-50 p-3 text-sm break-words dark:bg-slate-800" data-testid="explanation">
          <p className="font-semibold">Explanation:</p>
          <Markup html={q.explanationHtml} />
        </div>
      ) : null}
      {children}
    </li>
  )
}
