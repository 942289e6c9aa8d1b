import type { SubmissionResult } from '@conform-to/react'
import { data, Link } from 'react-router'
import { CsvImport } from '~/components/admin/quiz-editor/csv-import'
import { QuizImagesPanel } from '~/components/admin/quiz-editor/images-panel'
import { QuizEditor } from '~/components/admin/quiz-editor/editor'
import { PageTitle, secondaryButtonClass } from '~/components/admin/ui'
import { isId } from '~/lib/ids'
import { getQuizForEdit, updateQuiz } from '~/models/quiz/editing.server'
import { quizToFormValues } from '~/schemas/quiz-form'
import { requireRole } from '~/auth/guard.server'
import type { QuestionPreview } from '~/components/admin/quiz-editor/question-fields'
import { markupRefusal, quizPageInput, stagedImagesRefusal } from './quiz-form.server'
import { quizImageAction, quizImagesPanelData } from './quiz-images.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/edit-quiz'
import { QuizErrorPanel } from '~/components/admin/quiz-error'

// Only current questions are shown; saving follows decision 002 (answered questions are
// archived, never rewritten), then goes to /admin/quizzes. The images panel uploads and deletes the quiz's images
// (./quiz-images.server.ts), which questions name in their markup.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const quiz = isId(params.quizId) ? await getQuizForEdit(params.quizId) : null
  if (!quiz) throw data('Quiz not found', { status: 404 })
  // The saved versions' stored HTML is the preview until staff press Preview questions (nothing is rendered here).
  return {
    quizId: quiz.id,
    values: quizToFormValues(quiz),
    previews: quiz.questions.map((q) => ({ html: q.html })),
    ...(await quizImagesPanelData(request, quiz.id)),
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  if (!isId(params.quizId) || !(await getQuizForEdit(params.quizId))) throw data('Quiz not found', { status: 404 })
  const handled = await quizPageInput(request, {
    quizId: params.quizId,
    own: (form) => quizImageAction(form, { actorId: staff.id, quizId: params.quizId }),
  })
  if ('response' in handled) return handled.response
  let saved
  try {
    saved = await updateQuiz({ actorId: staff.id, quizId: params.quizId, input: handled.input })
  } catch (error) {
    return stagedImagesRefusal(handled.reply, error)
  }
  if (saved && !saved.ok) return markupRefusal(handled.reply, saved.problems, saved.window)
  throw await redirectWithSuccess('/admin/quizzes', 'Quiz updated successfully!')
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit Quiz | Admin' }]

export default function EditQuiz({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as
    | { kind: 'save'; result: never }
    | { kind: 'preview'; result: never; previews: QuestionPreview[] }
    | { kind: 'csv'; fileName: string; questions: never[]; errors: Array<{ line: number; message: string }> }
    | { kind: 'fill'; fillId: string; values: typeof loaderData.values; message: string }
    | { kind: 'image'; result: SubmissionResult<string[]> }
    | undefined
  const fill = ad?.kind === 'fill' ? { ...ad, values: { ...loaderData.values, questions: ad.values.questions } } : null
  return (
    <>
      <PageTitle
        actions={
          <Link to={`/admin/quiz-from-bank/${loaderData.quizId}`} className={secondaryButtonClass}>
            Add questions from the bank
          </Link>
        }
      >
        Edit Quiz
      </PageTitle>
      <CsvImport preview={ad?.kind === 'csv' ? ad : null} />
      <QuizImagesPanel
        images={loaderData.images}
        confirm={loaderData.confirmImage}
        lastResult={ad?.kind === 'image' ? ad.result : undefined}
      />
      {fill ? (
        <p
          role="status"
          className="mb-4 rounded bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {fill.message}: they replace the questions below. Press Save Changes to keep them.
        </p>
      ) : null}
      <QuizEditor
        key={fill?.fillId ?? loaderData.quizId}
        defaultValue={fill?.values ?? loaderData.values}
        lastResult={ad?.kind === 'save' || ad?.kind === 'preview' ? ad.result : undefined}
        previews={ad?.kind === 'preview' ? ad.previews : ad ? undefined : loaderData.previews}
        previewsSaved={!ad}
        submitLabel="Save Changes"
        pendingText="Saving..."
      />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <QuizErrorPanel error={error} title="Edit Quiz" failed="Error loading quiz" />
}
