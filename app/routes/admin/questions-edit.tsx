import { data, Form, Link } from 'react-router'
import { QuizImagesPanel } from '~/components/admin/quiz-editor/images-panel'
import { PageTitle, secondaryButtonClass } from '~/components/admin/ui'
import { StatusButton } from '~/components/forms'
import { Markup } from '~/components/quiz/markup'
import { requireRole } from '~/auth/guard.server'
import { isId } from '~/lib/ids'
import { setRetired, updateBankQuestion } from '~/models/bank/authoring.server'
import { listExams } from '~/models/bank/filters.server'
import { getBankQuestion } from '~/models/bank/search.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { BankQuestionForm, bankPageResults } from './questions-form'
import { formValuesOf, markupRefusal, readQuestionForm } from './questions-form.server'
import { bankImageAction, bankImagesPanelData, readBankPageForm } from './questions-images.server'
import { BankStatsList } from './questions-stats'
import type { Route } from './+types/questions-edit'

// One bank question (staff): the papers that hold it, its statistics across every paper it was in, the current
// version as learners see it, the form, and Retire / Restore. Saving a changed text, option, key or explanation
// makes a new version that takes its place in every paper (app/models/bank/authoring.server.ts); learners who were
// shown the old one keep it on their results. Tags change in place. Above the form, the bank's figures
// (./questions-images.server.ts).
async function questionOr404(questionId: string | undefined) {
  const question = isId(questionId) ? await getBankQuestion(questionId) : undefined
  if (!question) throw data('Question not found', { status: 404 })
  return question
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const question = await questionOr404(params.questionId)
  const { key: _key, ...shown } = question
  return {
    question: { ...shown, optionsHtml: question.key?.html.options ?? [] },
    values: formValuesOf(question),
    exams: await listExams(),
    ...(await bankImagesPanelData(request)),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const question = await questionOr404(params.questionId)
  const body = await readBankPageForm(request)
  if ('response' in body) return body.response
  const { form } = body
  const here = `/admin/questions/${question.id}`
  const image = await bankImageAction(form, { actorId: staff.id, back: here })
  if (image) return image
  const intent = form.get('intent')
  if (intent === 'retire' || intent === 'restore') {
    await setRetired({ actorId: staff.id, ids: [question.id], retired: intent === 'retire' })
    throw await redirectWithSuccess(here, intent === 'retire' ? 'Question retired' : 'Question restored')
  }
  const read = await readQuestionForm(form)
  if ('response' in read) return read.response
  const saved = await updateBankQuestion({ actorId: staff.id, bankId: question.id, draft: read.draft, tags: read.tags })
  if (!saved) throw data('Question not found', { status: 404 })
  if (!saved.ok) return markupRefusal(read.submission, saved.problems)
  const papers = question.papers.length
  throw await redirectWithSuccess(
    here,
    saved.newVersion
      ? `Saved as a new version${papers ? `, now in ${papers === 1 ? 'its paper' : `its ${papers} papers`}` : ''}`
      : 'Tags saved',
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit question | Question bank | Admin' }]

const sectionClass = 'mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700'

export default function EditBankQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const { question } = loaderData
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
        Edit question
      </PageTitle>
      {question.retired ? (
        <p
          role="status"
          className="mb-4 rounded bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          Retired: kept in the papers and results that hold it, never offered for new papers or practice.
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="papers-heading" className={sectionClass}>
          <h2 id="papers-heading" className="mb-2 text-lg font-semibold">
            In papers
          </h2>
          {question.papers.length ? (
            <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="bank-papers">
              {question.papers.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/edit-quiz/${p.id}`} className="text-emerald-700 underline dark:text-emerald-400">
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">Not in any paper now.</p>
          )}
        </section>
        <section aria-labelledby="stats-heading" className={sectionClass}>
          <h2 id="stats-heading" className="mb-2 text-lg font-semibold">
            Statistics across its papers
          </h2>
          <BankStatsList stats={question.stats} />
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            Submitted ranked attempts only; answers saved in time.
          </p>
        </section>
      </div>
      <section aria-labelledby="now-heading" className={sectionClass}>
        <h2 id="now-heading" className="mb-2 text-lg font-semibold">
          As learners see it now
        </h2>
        <Markup html={question.html} className="mb-2" />
        {question.optionsHtml.length ? (
          <ol className="list-[upper-alpha] space-y-1 pl-6 text-sm">
            {question.optionsHtml.map((o, j) => (
              <li key={j}>
                <Markup inline html={o} />
              </li>
            ))}
          </ol>
        ) : null}
      </section>
      <QuizImagesPanel
        bank
        images={loaderData.images}
        total={loaderData.imageCount}
        confirm={loaderData.confirmImage}
        lastResult={imageResult}
      />
      <BankQuestionForm
        exams={loaderData.exams}
        defaultValue={loaderData.values}
        lastResult={questionResult}
        submitLabel="Save question"
        pendingText="Saving..."
      />
      <Form method="post" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
        <input type="hidden" name="intent" value={question.retired ? 'restore' : 'retire'} />
        <p className="mb-2 text-sm">
          {question.retired
            ? 'Restore it to offer it again for new papers and practice.'
            : 'Retire it to stop offering it for new papers and practice; papers and results that hold it keep it.'}
        </p>
        <StatusButton pendingText={question.retired ? 'Restoring...' : 'Retiring...'} className={secondaryButtonClass}>
          {question.retired ? 'Restore question' : 'Retire question'}
        </StatusButton>
      </Form>
    </>
  )
}
