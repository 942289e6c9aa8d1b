import { data, Link } from 'react-router'
import { formatAccuracy } from '~/components/analysis/format'
import { ReviewItem } from '~/components/quiz/review-item'
import { SaveQuestionForm } from '~/components/quiz/save-question'
import type { RouteHandle } from '~/hooks/use-route-handle'
import { BRAND_NAME } from '~/lib/constants'
import { formatAttemptedAt } from '~/lib/dates'
import { isId } from '~/lib/ids'
import { formatMarks } from '~/lib/quiz/marks'
import { shareOfMax } from '~/lib/quiz/standing'
import { practiceSetResult } from '~/models/quiz/practice-set.server'
import { savedAmong } from '~/models/quiz/revision.server'
import { questionView } from '~/routes/quiz/result-view'
import { requireUser } from '~/auth/guard.server'
import { readForm } from '~/utils/body.server'
import { answerSavePost } from './save-question.server'
import type { Route } from './+types/set-result'

// /practice/sets/{id}/result: a submitted practice set's score (the one scorer's, app/models/quiz/paper.server.ts)
// and every question reviewed with the answer given, the key and the explanation. Never ranked: no rank,
// percentile or board here. The learner's own set only (anyone else's id is not found).

// Nothing floats over the review (as on a quiz's result page).
export const handle: RouteHandle = { hideFloatingPanel: true }

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const result = isId(params.setId) ? await practiceSetResult(user.id, params.setId) : undefined
  if (!result) throw data('Practice set result not found.', { status: 404 })
  const saved = await savedAmong(
    user.id,
    result.questions.map((q) => q.questionId),
  )
  const share = shareOfMax(result.score, result.maxScore)
  return {
    title: result.set.title,
    when: formatAttemptedAt(result.submittedAt),
    score: formatMarks(result.score),
    max: formatMarks(result.maxScore),
    share: { text: share.text, bar: Math.max(0, Math.min(100, share.value)) },
    overall: { ...result.overall, accuracy: formatAccuracy(result.overall.accuracy) },
    questions: result.questions.map((q) => ({ view: questionView(q), saved: saved.has(q.questionId) })),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  return answerSavePost({ form: await readForm(request), user, backTo: `/practice/sets/${params.setId}/result` })
}

export const meta: Route.MetaFunction = () => [{ title: `Practice result | ${BRAND_NAME}` }]

const card = 'mb-8 rounded-lg border border-slate-200 p-4 sm:p-5 dark:border-slate-700'

export default function PracticeSetResult({ loaderData, actionData }: Route.ComponentProps) {
  const r = loaderData
  return (
    <main className="mx-auto max-w-3xl px-3 py-8 sm:px-4 sm:py-10">
      <h1 className="mb-1 text-3xl font-bold">Practice result</h1>
      <p className="mb-6 break-words text-slate-600 dark:text-slate-300">
        {r.title}
        <span className="ml-2 rounded bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900 dark:bg-sky-900 dark:text-sky-100">
          Practice: not ranked
        </span>
      </p>
      {actionData && 'error' in actionData ? (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-200">
          {actionData.error}
        </p>
      ) : null}
      <section className={card} aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="sr-only">
          Summary
        </h2>
        <p className="text-2xl font-semibold tabular-nums" data-testid="practice-score">
          {r.score} / {r.max}
        </p>
        <div
          className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
          role="progressbar"
          aria-label="Score"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(r.share.bar)}
        >
          <div className="h-full rounded-full bg-emerald-500" style={{ width: `${r.share.bar}%` }} />
        </div>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {r.share.text} · Submitted {r.when} · {r.overall.correct} correct, {r.overall.wrong} incorrect,{' '}
          {r.overall.unattempted} unattempted · Accuracy {r.overall.accuracy}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link
            to="/practice"
            className="rounded border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Back to practice
          </Link>
          <Link
            to="/profile/progress"
            className="rounded border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            My progress
          </Link>
        </div>
      </section>
      <h2 className="mb-3 text-lg font-semibold">Question by question</h2>
      <ol className="space-y-6">
        {r.questions.map(({ view, saved }) => (
          <ReviewItem key={view.id} q={view}>
            <SaveQuestionForm questionId={view.id} saved={saved} />
          </ReviewItem>
        ))}
      </ol>
    </main>
  )
}
