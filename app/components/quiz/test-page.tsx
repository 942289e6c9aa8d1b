import { stateCounts } from '~/lib/quiz/palette'
import { SubmitConfirmPage } from './submit-summary'
import { TestView } from './test-view'
import type { TestViewProps } from './use-test-state'

// A test page (a quiz's /quiz/{id}, a practice set's /practice/sets/{id}) drawn from the test view's data
// (testViewData, app/routes/quiz/test-view.server.ts): the no-JS confirmation step when the learner asked to
// submit, else the test view with the last post's refusal, or the number the server refused shown again as typed.

type TestData = Pick<
  TestViewProps,
  | 'quizId'
  | 'attemptId'
  | 'title'
  | 'questions'
  | 'answers'
  | 'index'
  | 'secondsLeft'
  | 'secondsUntilClosed'
  | 'endsAt'
  | 'paperPass'
> &
  Required<Pick<TestViewProps, 'shownAt' | 'mode'>> & { confirm: boolean }

/** What the page's action answered, when it did not redirect. */
type TestReply = { error?: string | null; draft?: TestViewProps['draft'] } | undefined

export function TestPage({
  test,
  reply,
  answersUrl,
  closedTo,
}: {
  test: TestData
  reply: TestReply
  /** As TestView's: where answers are saved in the background, and where a closed attempt goes. */
  answersUrl?: string
  closedTo?: string
}) {
  if (test.confirm) {
    return (
      <SubmitConfirmPage
        title={test.title}
        counts={stateCounts(test.questions, test.answers)}
        backTo={`?q=${test.index + 1}`}
      />
    )
  }
  const draft = reply?.draft ?? null
  return (
    <TestView
      key={`${test.attemptId}:${draft ? JSON.stringify(draft) : ''}`}
      shownAt={test.shownAt}
      mode={test.mode}
      draft={draft}
      quizId={test.quizId}
      attemptId={test.attemptId}
      title={test.title}
      questions={test.questions}
      answers={test.answers}
      index={test.index}
      secondsLeft={test.secondsLeft}
      secondsUntilClosed={test.secondsUntilClosed}
      endsAt={test.endsAt}
      paperPass={test.paperPass}
      answersUrl={answersUrl}
      closedTo={closedTo}
      error={draft ? null : (reply?.error ?? null)}
    />
  )
}
