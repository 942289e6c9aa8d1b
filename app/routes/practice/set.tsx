import { data, redirect } from 'react-router'
import { TestPage } from '~/components/quiz/test-page'
import type { RouteHandle } from '~/hooks/use-route-handle'
import { BRAND_NAME } from '~/lib/constants'
import { isId } from '~/lib/ids'
import { attemptQuestionTypes, paperTestQuestions } from '~/models/quiz/catalog.server'
import { getPracticeSet } from '~/models/quiz/practice-set.server'
import { answerTestPost, readTestPost, testViewData } from '~/routes/quiz/test-view.server'
import { requireUser } from '~/auth/guard.server'
import type { Route } from './+types/set'

// /practice/sets/{id}: a practice set in the test view (the same view, posts and background saving as a quiz's test,
// app/routes/quiz/test-view.server.ts), untimed and never ranked. A submitted set goes to its result page. A set is
// its learner's alone: anyone else's id is not found. No answer key is read here.

// The test view hydrates (palette, background saving); nothing floats over it.
export const handle: RouteHandle = { hideFloatingPanel: true, hydrate: true }

const NOT_FOUND = 'Practice set not found.'
const resultOf = (setId: string) => `/practice/sets/${setId}/result`

async function ownSet(request: Request, setId: string | undefined) {
  const user = await requireUser(request)
  return isId(setId) ? getPracticeSet(user.id, setId) : undefined
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const set = await ownSet(request, params.setId)
  if (!set) throw data(NOT_FOUND, { status: 404 })
  if (set.attempt.submitted_at) throw redirect(resultOf(set.id))
  const base = `/practice/sets/${set.id}`
  const questions = await paperTestQuestions(set.attempt)
  const now = new Date()
  return {
    setId: set.id,
    title: `Practice: ${set.title}`,
    quizId: set.attempt.quiz_id,
    ...(await testViewData({ attempt: set.attempt, questions, url: new URL(request.url), base, now })),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const set = await ownSet(request, params.setId)
  if (!set) return data({ error: NOT_FOUND }, { status: 404 })
  const post = await readTestPost(request)
  if (!post.ok) return post.reply
  if (set.attempt.submitted_at) throw redirect(resultOf(set.id))
  return answerTestPost({
    form: post.form,
    attempt: set.attempt,
    questions: await attemptQuestionTypes(set.attempt),
    base: `/practice/sets/${set.id}`,
    resultUrl: resultOf(set.id),
    submitted: 'Your practice test has been submitted.',
    now: new Date(),
  })
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? 'Practice'} | ${BRAND_NAME}` }]

export default function PracticeSetTest({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TestPage
      test={loaderData}
      reply={actionData}
      answersUrl={`/api/v1/quiz/practice-sets/${loaderData.setId}/answers`}
      closedTo={resultOf(loaderData.setId)}
    />
  )
}
