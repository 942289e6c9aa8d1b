import { data, Link } from 'react-router'
import { formatAccuracy } from '~/components/analysis/format'
import { QuestionReview, resultLink, ResultPage, ResultSummary, ScoreBar } from '~/components/quiz/result-parts'
import type { RouteHandle } from '~/hooks/use-route-handle'
import { BRAND_NAME } from '~/lib/constants'
import { formatAttemptedAt } from '~/lib/dates'
import { isId } from '~/lib/ids'
import { formatMarks } from '~/lib/quiz/marks'
import { practiceSetResult } from '~/models/quiz/practice-set.server'
import { savedAmong } from '~/models/quiz/revision.server'
import { questionView, scoreShare } from '~/routes/quiz/result-view'
import { requireUser } from '~/auth/guard.server'
import { readForm } from '~/utils/body.server'
import { answerSavePost } from '~/routes/quiz/save-question.server'
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
  return {
    title: result.set.title,
    when: formatAttemptedAt(result.submittedAt),
    score: formatMarks(result.score),
    max: formatMarks(result.maxScore),
    share: scoreShare(result.score, result.maxScore),
    overall: { ...result.overall, accuracy: formatAccuracy(result.overall.accuracy) },
    questions: result.questions.map((q) => ({ question: questionView(q), saved: saved.has(q.questionId) })),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  return answerSavePost({ form: await readForm(request), user, backTo: `/practice/sets/${params.setId}/result` })
}

export const meta: Route.MetaFunction = () => [{ title: `Practice result | ${BRAND_NAME}` }]

export default function PracticeSetResult({ loaderData, actionData }: Route.ComponentProps) {
  const r = loaderData
  return (
    <ResultPage heading="Practice result" title={r.title} badge="Practice: not ranked" reply={actionData}>
      <ResultSummary>
        <p className="text-2xl font-semibold tabular-nums" data-testid="practice-score">
          {r.score} / {r.max}
        </p>
        <ScoreBar percent={r.share.bar} className="mt-2" />
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {r.share.text} · Submitted {r.when} · {r.overall.correct} correct, {r.overall.wrong} incorrect,{' '}
          {r.overall.unattempted} unattempted · Accuracy {r.overall.accuracy}
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/practice" className={resultLink}>
            Back to practice
          </Link>
          <Link to="/profile/progress" className={resultLink}>
            My progress
          </Link>
        </div>
      </ResultSummary>
      <QuestionReview questions={r.questions} />
    </ResultPage>
  )
}
