import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ReviewItem, type ReviewQuestion } from './review-item'
import { SaveQuestionForm } from './save-question'

// What the result pages share (a quiz's /quiz/result/{id}, a practice set's /practice/sets/{id}/result, and the
// refusal on /practice): the title with its 'not ranked' badge, a post's refusal, the score bar, the link buttons
// and the question-by-question review with 'Save question'.

export const resultCard = 'mb-8 rounded-lg border border-slate-200 p-4 sm:p-5 dark:border-slate-700'
export const resultLink =
  'rounded border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800'

/**
 * A result page: its heading and what was taken, with a badge when the attempt is not ranked, and the refusal of a
 * post ('Save question'), above the page's own content.
 */
export function ResultPage({
  heading,
  title,
  badge,
  reply,
  children,
}: {
  heading: string
  title: string
  badge?: string | null
  /** What the page's action answered, when it did not redirect. */
  reply: { error?: string } | undefined
  children: ReactNode
}) {
  return (
    <main className="mx-auto max-w-3xl px-3 py-8 sm:px-4 sm:py-10">
      <h1 className="mb-1 text-3xl font-bold">{heading}</h1>
      <p className="mb-6 break-words text-slate-600 dark:text-slate-300">
        {title}
        {badge ? (
          <span className="ml-2 rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900 dark:bg-sky-900 dark:text-sky-100">
            {badge}
          </span>
        ) : null}
      </p>
      <PostError error={reply?.error} />
      {children}
    </main>
  )
}

/** The score at the top of a result page, under a heading that only screen readers announce. */
export function ResultSummary({ children }: { children: ReactNode }) {
  return (
    <section className={resultCard} aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="sr-only">
        Summary
      </h2>
      {children}
    </section>
  )
}

/** A post the page refused ('Save question' on a question that is gone, say), above its content. */
export function PostError({ error, className = 'mb-4' }: { error: string | null | undefined; className?: string }) {
  if (!error) return null
  return (
    <p
      role="alert"
      className={`${className} rounded bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-200`}
    >
      {error}
    </p>
  )
}

/** The score as a bar: `percent` of the maximum, already held to 0-100. */
export function ScoreBar({ percent, className = '' }: { percent: number; className?: string }) {
  return (
    <div
      className={`${className} h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700`.trim()}
      role="progressbar"
      aria-label="Score"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
    >
      <div className="h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
    </div>
  )
}

/**
 * Every question reviewed, each with 'Save question' (or 'Saved' and 'Remove') and, on a quiz's result, a link to
 * its doubts page: 'Answered doubts (3)', or 'Ask a doubt' when none is answered yet.
 */
export function QuestionReview({
  questions,
}: {
  questions: Array<{ question: ReviewQuestion; saved: boolean; doubts?: { href: string; count: number } }>
}) {
  return (
    <>
      <h2 className="mb-3 text-lg font-semibold">Question by question</h2>
      <ol className="space-y-6">
        {questions.map(({ question, saved, doubts }) => (
          <ReviewItem key={question.id} q={question}>
            <SaveQuestionForm questionId={question.id} saved={saved} />
            {doubts ? (
              <Link
                to={doubts.href}
                className="mt-2 inline-block text-sm font-semibold text-emerald-800 underline dark:text-emerald-300"
                data-testid="question-doubts-link"
              >
                {doubts.count > 0 ? `Answered doubts (${doubts.count.toLocaleString('en-IN')})` : 'Ask a doubt'}
                <span className="sr-only"> on question {question.number}</span>
              </Link>
            ) : null}
          </ReviewItem>
        ))}
      </ol>
    </>
  )
}
