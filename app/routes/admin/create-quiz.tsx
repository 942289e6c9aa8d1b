import { AiGenerate } from '~/components/admin/quiz-editor/ai-generate'
import { FillProblems } from '~/components/admin/quiz-editor/fill-problems'
import { CsvImport } from '~/components/admin/quiz-editor/csv-import'
import { emptyQuestion, QuizEditor } from '~/components/admin/quiz-editor/editor'
import { PageTitle } from '~/components/admin/ui'
import { createQuiz } from '~/models/quiz/editing.server'
import { quizToFormValues } from '~/schemas/quiz-form'
import { requireRole } from '~/auth/guard.server'
import type { QuestionPreview } from '~/components/admin/quiz-editor/question-fields'
import { markupRefusal, quizPageInput, stagedImagesRefusal } from './quiz-form.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/create-quiz'

// Manual form, CSV import and Generate with AI (both fill the form; Save creates the quiz).
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  return null
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const handled = await quizPageInput(request)
  if ('response' in handled) return handled.response
  let saved
  try {
    saved = await createQuiz({ actorId: staff.id, input: handled.input })
  } catch (error) {
    return stagedImagesRefusal(handled.reply, error)
  }
  if (!saved.ok) return markupRefusal(handled.reply, saved.problems, saved.window)
  throw await redirectWithSuccess('/admin/quizzes', 'Quiz created successfully!')
}

export const meta: Route.MetaFunction = () => [{ title: 'Create Quiz | Admin' }]

const blank: ReturnType<typeof quizToFormValues> = { ...quizToFormValues({}), questions: [emptyQuestion] }

export default function CreateQuiz({ actionData }: Route.ComponentProps) {
  const ad = actionData as
    | { kind: 'save'; result: never }
    | { kind: 'preview'; result: never; previews: QuestionPreview[] }
    | { kind: 'csv'; fileName: string; questions: never[]; errors: Array<{ line: number; message: string }> }
    | { kind: 'fill'; fillId: string; values: typeof blank; message: string; problems?: string[] }
    | { kind: 'ai-error'; message: string; aiValues: Record<string, string>; fieldErrors: Record<string, string[]> }
    | undefined
  const fill = ad?.kind === 'fill' ? ad : null
  return (
    <>
      <PageTitle>Create Quiz</PageTitle>
      <AiGenerate
        values={ad?.kind === 'ai-error' ? ad.aiValues : undefined}
        fieldErrors={ad?.kind === 'ai-error' ? ad.fieldErrors : undefined}
        message={ad?.kind === 'ai-error' ? ad.message : undefined}
      />
      <CsvImport preview={ad?.kind === 'csv' ? ad : null} />
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">
        Images for the questions: create the quiz first, then upload them on its Edit page (or import a ZIP above).
        Questions from the bank: create the quiz, then choose Add from bank beside it in the quiz list.
      </p>
      {fill ? (
        <p
          role="status"
          className="mb-4 rounded bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {fill.message} Check the questions below, then press Create Quiz to save.
        </p>
      ) : null}
      {fill?.problems?.length ? <FillProblems problems={fill.problems} /> : null}
      <QuizEditor
        key={fill?.fillId ?? 'manual'}
        defaultValue={fill?.values ?? blank}
        lastResult={ad?.kind === 'save' || ad?.kind === 'preview' ? ad.result : undefined}
        previews={ad?.kind === 'preview' ? ad.previews : undefined}
        submitLabel="Create Quiz"
        pendingText="Creating..."
      />
    </>
  )
}
