import type { SubmissionResult } from '@conform-to/react'
import { Link } from 'react-router'
import { PageTitle, secondaryButtonClass } from '~/components/admin/ui'
import { requireRole } from '~/auth/guard.server'
import { createBankQuestion } from '~/models/bank/authoring.server'
import { listExams } from '~/models/bank/filters.server'
import { readForm } from '~/utils/body.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { BankQuestionForm, blankQuestion } from './questions-form'
import { markupRefusal, readQuestionForm } from './questions-form.server'
import type { Route } from './+types/questions-new'

// Add a question to the bank (staff): the question's fields and its tags (./questions-form.tsx). Saved, it opens
// its own page; refused, the form comes back as typed with each problem beside its field, and nothing is saved.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  return { exams: await listExams() }
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const read = await readQuestionForm(await readForm(request))
  if ('response' in read) return read.response
  const saved = await createBankQuestion({ actorId: staff.id, draft: read.draft, tags: read.tags })
  if (!saved.ok) return markupRefusal(read.submission, saved.problems)
  throw await redirectWithSuccess(`/admin/questions/${saved.id}`, 'Question added to the bank')
}

export const meta: Route.MetaFunction = () => [{ title: 'Add a question | Question bank | Admin' }]

export default function NewBankQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const result = (actionData as { result?: SubmissionResult<string[]> } | undefined)?.result
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/questions" className={secondaryButtonClass}>
            Back to the bank
          </Link>
        }
      >
        Add a question
      </PageTitle>
      <BankQuestionForm
        exams={loaderData.exams}
        defaultValue={blankQuestion}
        lastResult={result}
        submitLabel="Add question"
        pendingText="Adding..."
      />
    </>
  )
}
