import { Form } from 'react-router'
import { StatusButton } from '~/components/forms'

// 'Save question' on a reviewed question ('Saved' and 'Remove' once saved): a plain form post to the page it is
// on, so it works with JavaScript off; the page answers with a redirect back to the question.

const button =
  'rounded border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800'

export function SaveQuestionForm({ questionId, saved }: { questionId: string; saved: boolean }) {
  return (
    <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-center gap-3">
      <input type="hidden" name="questionId" value={questionId} />
      {saved ? (
        <>
          <span className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">Saved</span>
          <StatusButton name="intent" value="remove-question" pendingText="Removing..." className={button}>
            Remove
          </StatusButton>
        </>
      ) : (
        <StatusButton name="intent" value="save-question" pendingText="Saving..." className={button}>
          Save question
        </StatusButton>
      )}
    </Form>
  )
}
