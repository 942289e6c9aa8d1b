import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import { requireRole } from '~/auth/guard.server'
import { DrawBlueprint, PickQuestions } from '~/components/admin/bank-paper-forms'
import { PageTitle, secondaryButtonClass } from '~/components/admin/ui'
import type { FieldProblem } from '~/lib/bank/bank'
import { readBlueprint, shortLineMessage } from '~/lib/bank/blueprint'
import { isId } from '~/lib/ids'
import { bankTagChoices, listExams } from '~/models/bank/filters.server'
import { addBankQuestions, addBlueprint } from '~/models/bank/papers.server'
import { bankQuestionsToPick } from '~/models/bank/picker.server'
import { getQuizTitle } from '~/models/quiz/editing.server'
import {
  blankBlueprint,
  blueprintFields,
  blueprintFormSchema,
  pickFormSchema,
  readBankSearch,
} from '~/schemas/bank-paper'
import { readForm } from '~/utils/body.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/quiz-from-bank'

// Add questions from the bank to a paper (app/models/bank/papers.server.ts): pick them from a filtered list, or
// draw a blueprint. Either adds them at the end of the paper and goes to the quiz editor, where staff adjust the
// order, marks and sections by hand; a refusal adds nothing and keeps what was typed.

async function paperOf(quizId: string | undefined) {
  const quiz = isId(quizId) ? await getQuizTitle(quizId) : undefined
  if (!quiz) throw data('Quiz not found', { status: 404 })
  return quiz
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const quiz = await paperOf(params.quizId)
  const exams = await listExams()
  const search = readBankSearch(new URL(request.url), exams)
  const [choices, found] = await Promise.all([
    bankTagChoices(),
    bankQuestionsToPick({ quizId: quiz.id, filters: search.filters, page: search.page }),
  ])
  return {
    quiz,
    search: search.values,
    choices: {
      subjects: choices.subjects,
      topics: [...new Set(choices.topics.map((t) => t.topic))].sort((a, b) => a.localeCompare(b)),
      exams,
      years: choices.years,
    },
    ...found,
  }
}

/**
 * The blueprint form comes back with all its rows: Conform's reply leaves out what was blank, so rows after the
 * last one typed in would vanish from the page.
 */
function allRows(result: SubmissionResult<string[]>): SubmissionResult<string[]> {
  const initial = result.initialValue ?? {}
  const rows = Array.isArray(initial.blueprint) ? initial.blueprint : []
  return {
    ...result,
    initialValue: { ...initial, blueprint: blankBlueprint().blueprint!.map((blank, i) => rows[i] ?? blank) },
  }
}

const addedText = (n: number) => `Added ${n} question${n === 1 ? '' : 's'} from the bank`

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const quiz = await paperOf(params.quizId)
  const form = await readForm(request)
  // At the editor's questions: its own fragment also replaces the form's (#blueprint), which a redirect keeps.
  const editor = `/admin/edit-quiz/${quiz.id}#quiz-form`
  if (form.get('intent') === 'pick') {
    const submission = parseWithZod(form, { schema: pickFormSchema })
    if (submission.status !== 'success')
      return data({ kind: 'pick' as const, result: submission.reply(), picked: [] }, { status: 400 })
    const { questionIds } = submission.value
    const added = await addBankQuestions({ actorId: staff.id, quizId: quiz.id, questionIds })
    if (added.ok) throw await redirectWithSuccess(editor, addedText(added.added))
    if (added.problem === 'quiz') throw data('Quiz not found', { status: 404 })
    return data(
      { kind: 'pick' as const, result: submission.reply({ formErrors: [added.message] }), picked: questionIds },
      { status: 400 },
    )
  }
  const submission = parseWithZod(blueprintFields(form), { schema: blueprintFormSchema })
  if (submission.status !== 'success')
    return data({ kind: 'blueprint' as const, result: allRows(submission.reply()) }, { status: 400 })
  const rows = (submission.value.blueprint ?? []).map((row) => row ?? {})
  const read = readBlueprint(rows, await listExams(), { skipBlank: true })
  const refused = (formErrors: string[], problems: FieldProblem[]) =>
    data(
      {
        kind: 'blueprint' as const,
        result: allRows(
          submission.reply({
            formErrors,
            fieldErrors: Object.fromEntries(problems.map((p) => [p.field, [p.message]])),
          }),
        ),
      },
      { status: 400 },
    )
  if (!read.ok) {
    const whole = read.problems.filter((p) => p.field === 'blueprint').map((p) => p.message)
    return refused(whole.length ? whole : ['Nothing was added: see the line marked below.'], read.problems)
  }
  const added = await addBlueprint({ actorId: staff.id, quizId: quiz.id, lines: read.lines })
  if (added.ok) throw await redirectWithSuccess(editor, addedText(added.added))
  if (added.problem === 'quiz') throw data('Quiz not found', { status: 404 })
  if (!added.short) return refused([added.message], [])
  // The model counts the lines it was given; staff count the form's rows, blank ones included.
  const row = read.rows[added.short.line]
  return refused(
    [`Nothing was added: ${shortLineMessage({ ...added.short, line: row })}.`],
    [{ field: `blueprint[${row}].count`, message: `Only ${added.short.available} available` }],
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Add questions from the bank | Admin' }]

export default function QuizFromBank({ loaderData, actionData }: Route.ComponentProps) {
  const ad = actionData as
    | { kind: 'pick'; result: SubmissionResult<string[]>; picked: string[] }
    | { kind: 'blueprint'; result: SubmissionResult<string[]> }
    | undefined
  return (
    <>
      <PageTitle
        actions={
          <Link to={`/admin/edit-quiz/${loaderData.quiz.id}`} className={secondaryButtonClass}>
            Back to the quiz editor
          </Link>
        }
      >
        Add questions from the bank
      </PageTitle>
      <p className="mb-6 text-slate-700 dark:text-slate-300">
        To: <strong>{loaderData.quiz.title}</strong>. Questions join the end of the paper at its default marks; the
        editor opens next, to reorder them or change marks and sections. Questions already in this paper and retired
        ones are never added.
      </p>
      <nav aria-label="On this page" className="mb-6 flex flex-wrap gap-4 text-sm">
        <a href="#blueprint" className="font-semibold text-emerald-700 underline dark:text-emerald-400">
          Draw by blueprint
        </a>
        <a href="#pick" className="font-semibold text-emerald-700 underline dark:text-emerald-400">
          Pick questions
        </a>
      </nav>
      <DrawBlueprint choices={loaderData.choices} lastResult={ad?.kind === 'blueprint' ? ad.result : undefined} />
      <PickQuestions
        data={loaderData}
        lastResult={ad?.kind === 'pick' ? ad.result : undefined}
        picked={ad?.kind === 'pick' ? ad.picked : []}
      />
    </>
  )
}
