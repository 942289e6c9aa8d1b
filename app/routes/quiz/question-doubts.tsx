import { data } from 'react-router'
import { DoubtQuestion } from '~/components/doubts/doubt-question'
import { DoubtsPage, DoubtsRefusal } from '~/components/doubts/doubts-page'
import { pageOf } from '~/lib/doubts/rules'
import { questionDoubtAccess } from '~/models/doubts/access.server'
import { questionDoubtsPath } from '~/models/doubts/paths'
import { threadFor } from '~/models/doubts/threads.server'
import { requireUser } from '~/auth/guard.server'
import { doubtPost, formSettings, postRefused, threadView } from '../learn/doubt-pages.server'
import { questionForDoubts } from './question-doubts.server'
import type { Route } from './+types/question-doubts'

// /quiz/result/{quizId}/doubts/{questionId}?page=N: a question's doubts, reached from the result's review. The thread
// carries the key, so only staff and learners who have submitted the paper read it (questionDoubtAccess, decision
// 034); anyone else gets the message and nothing of the question or the thread. No script: links and form posts.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const access = await questionDoubtAccess(user, params.quizId, params.questionId)
  if (!access.ok) return data({ refusal: access.message, view: null }, { status: access.status })
  const target = access.target
  if (target.kind !== 'question') throw new Error('a question target was expected')
  const [question, thread] = await Promise.all([
    questionForDoubts(target.quizId, target.questionId),
    threadFor(user, target, pageOf(new URL(request.url).searchParams.get('page'))),
  ])
  if (!question) return data({ refusal: 'That question is not in this test.', view: null }, { status: 404 })
  const { quizTitle, ...q } = question
  return {
    refusal: null,
    view: {
      quizId: target.quizId,
      questionId: target.questionId,
      quizTitle,
      question: q,
      staff: access.staff,
      thread: threadView(thread),
      settings: formSettings(false),
    },
  }
}

/** 'ask' (the form) or 'helped' ('This helped me'); back to this page. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const access = await questionDoubtAccess(user, params.quizId, params.questionId)
  if (!access.ok || access.target.kind !== 'question')
    return postRefused(access.ok ? 404 : access.status, access.ok ? 'Not found' : access.message)
  const { quizId, questionId } = access.target
  return doubtPost({
    request,
    viewer: user,
    target: access.target,
    back: { page: questionDoubtsPath(quizId, questionId), player: null },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.view ? `Doubts: ${loaderData.view.quizTitle}` : 'Doubts' },
]

export default function QuestionDoubts({ loaderData, actionData, params }: Route.ComponentProps) {
  const { view } = loaderData
  const result = `/quiz/result/${params.quizId}`
  if (!view)
    return <DoubtsRefusal message={loaderData.refusal ?? ''} back={{ href: result, label: 'Back to the result' }} />
  return (
    <DoubtsPage
      title={`Doubts on a question: ${view.quizTitle}`}
      back={{ href: `${result}#question-${view.questionId}`, label: 'Back to the result' }}
      about={<DoubtQuestion q={view.question} />}
      path={questionDoubtsPath(view.quizId, view.questionId)}
      thread={view.thread}
      settings={view.settings}
      reply={actionData?.reply ?? null}
      error={actionData?.error ?? null}
      staff={view.staff}
    />
  )
}
