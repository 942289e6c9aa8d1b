import { Link } from 'react-router'
import { QuizImagesPanel } from '~/components/admin/quiz-editor/images-panel'
import { PageTitle, secondaryButtonClass } from '~/components/admin/ui'
import { requireRole } from '~/auth/guard.server'
import { createBankQuestion } from '~/models/bank/authoring.server'
import { listExams } from '~/models/bank/filters.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { BankQuestionForm, bankPageResults, blankQuestion } from './questions-form'
import { markupRefusal, readQuestionForm } from './questions-form.server'
import { bankImageAction, bankImagesPanelData, readBankPageForm } from './questions-images.server'
import type { Route } from './+types/questions-new'

// Add a question to the bank (staff): the question's fields and its tags (./questions-form.tsx). Saved, it opens
// its own page; refused, the form comes back as typed with each problem beside its field, and nothing is saved.
// Above the form, the bank's figures (./questions-images.server.ts): upload one, then name it in the markup.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  return { exams: await listExams(), ...(await bankImagesPanelData(request)) }
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const body = await readBankPageForm(request)
  if ('response' in body) return body.response
  const image = await bankImageAction(body.form, { actorId: staff.id, back: '/admin/questions/new' })
  if (image) return image
  const read = await readQuestionForm(body.form)
  if ('response' in read) return read.response
  const saved = await createBankQuestion({ actorId: staff.id, draft: read.draft, tags: read.tags })
  if (!saved.ok) return markupRefusal(read.submission, saved.problems)
  throw await redirectWithSuccess(`/admin/questions/${saved.id}`, 'Question added to the bank')
}

export const meta: Route.MetaFunction = () => [{ title: 'Add a question | Question bank | Admin' }]

export default function NewBankQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const { questionResult, imageResult } = bankPageResults(actionData)
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
      <QuizImagesPanel
        bank
        images={loaderData.images}
        total={loaderData.imageCount}
        confirm={loaderData.confirmImage}
        lastResult={imageResult}
      />
      <BankQuestionForm
        exams={loaderData.exams}
        defaultValue={blankQuestion}
        lastResult={questionResult}
        submitLabel="Add question"
        pendingText="Adding..."
      />
    </>
  )
}
