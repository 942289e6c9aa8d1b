import { data, Form, Link, useLocation } from 'react-router'
import { buttonClass, PageTitle, pageCount, Pagination, secondaryButtonClass, Table, Td } from '~/components/admin/ui'
import { ErrorList, inputClass } from '~/components/forms'
import { Markup } from '~/components/quiz/markup'
import { requireRole } from '~/auth/guard.server'
import { DIFFICULTIES, type FieldProblem } from '~/lib/bank/bank'
import { addExam, setRetired, tagBankQuestions } from '~/models/bank/authoring.server'
import { bankTagChoices, listExams } from '~/models/bank/filters.server'
import { BANK_PAGE_SIZE, searchBank } from '~/models/bank/search.server'
import { QUESTION_TYPES } from '~/schemas/admin-quiz'
import { EXAM_NAME_MAX, readBankQuery, readBulkIds, readBulkTags, readExamName } from '~/schemas/bank-question'
import { readForm } from '~/utils/body.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { separationLine, shareText } from './questions-stats'
import type { Route } from './+types/questions'

// The question bank (staff): a GET form of filters (works without JS; the same query the API reads), 20 questions
// a page through the one filter query (app/models/bank/filters.server.ts), each with its tags, the papers holding
// it and its statistics across every paper it was in; a POST form to tag, retire or restore the ticked questions;
// and a small form that adds an exam to the list. Every post comes back to the same filtered page.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const { filters, page, problems, form } = readBankQuery(new URL(request.url).searchParams)
  const [{ total, rows }, exams, choices] = await Promise.all([
    searchBank({ filters, page }),
    listExams(),
    bankTagChoices(),
  ])
  return {
    form,
    problems,
    page,
    /** How many questions come before this page (the rows' numbers). */
    before: (page - 1) * BANK_PAGE_SIZE,
    pages: pageCount(total, BANK_PAGE_SIZE),
    total,
    exams,
    choices,
    rows: rows.map(({ key: _key, papers, createdAt: _created, ...r }) => ({ ...r, papers: papers.length })),
  }
}

type BulkAnswer = { kind: 'bulk'; problems: FieldProblem[]; ids: string[]; values: Record<string, string> }
type ExamAnswer = { kind: 'exam'; message: string; name: string }

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const form = await readForm(request)
  const url = new URL(request.url)
  const back = url.pathname + url.search
  const text = (name: string) => String(form.get(name) ?? '')
  if (form.get('intent') === 'add-exam') {
    const read = readExamName(form.get('name'))
    const added = read.ok ? await addExam({ actorId: staff.id, name: read.name }) : read
    if (!read.ok || !added.ok)
      return data({ kind: 'exam', message: added.ok ? '' : added.message, name: text('name') } satisfies ExamAnswer, {
        status: 400,
      })
    throw await redirectWithSuccess(back, `Added ${read.name} to the exam list`)
  }
  const typed = {
    ids: form.getAll('ids').map(String),
    values: Object.fromEntries(['subject', 'topic', 'difficulty', 'year', 'exam'].map((k) => [k, text(k)])),
  }
  const refuse = (problems: FieldProblem[]) =>
    data({ kind: 'bulk', problems, ...typed } satisfies BulkAnswer, { status: 400 })
  const ids = readBulkIds(form)
  if (!ids.ok) return refuse([ids.problem])
  const intent = form.get('intent')
  if (intent === 'retire' || intent === 'restore') {
    const n = await setRetired({ actorId: staff.id, ids: ids.ids, retired: intent === 'retire' })
    throw await redirectWithSuccess(back, `${intent === 'retire' ? 'Retired' : 'Restored'} ${count(n)}`)
  }
  const tags = readBulkTags(form, await listExams())
  if (!tags.ok) return refuse(tags.problems)
  const n = await tagBankQuestions({ actorId: staff.id, ids: ids.ids, tags: tags.tags })
  throw await redirectWithSuccess(back, `Tagged ${count(n)}`)
}

const count = (n: number) => (n === 1 ? '1 question' : `${n} questions`)

export const meta: Route.MetaFunction = () => [{ title: 'Question bank | Admin' }]

const labelClass = 'flex min-w-0 flex-col gap-1 text-sm font-medium'
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/** A select of the filter form: 'any' first, then the choices (the current value kept even when not among them). */
function Choice({
  name,
  label,
  any,
  value,
  options,
}: {
  name: string
  label: string
  any: string
  value: string
  options: { value: string; label: string }[]
}) {
  const all = value && !options.some((o) => o.value === value) ? [...options, { value, label: value }] : options
  return (
    <label className={labelClass}>
      {label}
      <select name={name} defaultValue={value} className={inputClass}>
        <option value="">{any}</option>
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}

const plain = (values: readonly (string | number)[]) => values.map((v) => ({ value: String(v), label: String(v) }))

export default function QuestionBank({ loaderData, actionData }: Route.ComponentProps) {
  const { form, choices, exams } = loaderData
  const answer = actionData as BulkAnswer | ExamAnswer | undefined
  const bulk = answer?.kind === 'bulk' ? answer : null
  const examAnswer = answer?.kind === 'exam' ? answer : null
  const ticked = new Set(bulk?.ids ?? [])
  // A new location (after a post's redirect) starts the forms afresh; a refused post keeps what was typed.
  const { key: locationKey } = useLocation()
  const problemsOf = (field: string) => bulk?.problems.filter((p) => p.field === field).map((p) => p.message)
  return (
    <>
      <PageTitle
        actions={
          <Link to="/admin/questions/new" className={buttonClass}>
            Add a question
          </Link>
        }
      >
        Question bank
      </PageTitle>
      <Form method="get" role="search" aria-label="Filter questions" className="mb-4 grid gap-3 sm:grid-cols-3">
        <label className={`${labelClass} sm:col-span-3`}>
          Question text contains
          <input type="search" name="q" defaultValue={form.q} className={inputClass} maxLength={200} />
        </label>
        <Choice
          name="subject"
          label="Subject"
          any="Any subject"
          value={form.subject}
          options={plain(choices.subjects)}
        />
        <label className={labelClass}>
          Topic
          <input name="topic" defaultValue={form.topic} list="bank-topics" className={inputClass} maxLength={120} />
          <datalist id="bank-topics">
            {[...new Set(choices.topics.map((t) => t.topic))].map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </label>
        <Choice name="exam" label="Exam" any="Any exam" value={form.exam} options={plain(exams)} />
        <Choice name="year" label="Year" any="Any year" value={form.year} options={plain(choices.years)} />
        <Choice
          name="difficulty"
          label="Difficulty"
          any="Any difficulty"
          value={form.difficulty}
          options={DIFFICULTIES.map((d) => ({ value: d, label: capital(d) }))}
        />
        <Choice
          name="type"
          label="Type"
          any="Any type"
          value={form.type}
          options={QUESTION_TYPES.map((t) => ({ value: t, label: t.toUpperCase() }))}
        />
        <Choice
          name="used"
          label="Used in a paper"
          any="Either"
          value={form.used}
          options={[
            { value: 'yes', label: 'In a paper' },
            { value: 'no', label: 'In no paper' },
          ]}
        />
        <Choice
          name="retired"
          label="Retired questions"
          any="Hide retired"
          value={form.retired}
          options={[
            { value: 'include', label: 'Include retired' },
            { value: 'only', label: 'Only retired' },
          ]}
        />
        <div className="flex flex-wrap items-end gap-2">
          <button type="submit" className={buttonClass}>
            Apply filters
          </button>
          <a href="/admin/questions" className={secondaryButtonClass}>
            Clear
          </a>
        </div>
      </Form>
      {loaderData.problems.length ? (
        <ul
          role="alert"
          className="mb-4 rounded border border-red-300 p-3 text-sm text-red-700 dark:border-red-700 dark:text-red-300"
        >
          {loaderData.problems.map((p) => (
            <li key={p.field + p.message}>{p.message}</li>
          ))}
        </ul>
      ) : null}
      <p className="mb-2 text-sm" data-testid="bank-total">
        {count(loaderData.total)}
      </p>
      <Form method="post" preventScrollReset key={locationKey}>
        <Table
          label="Bank questions"
          head={[
            'Tick',
            'Question',
            'Type',
            'Subject and topic',
            'Exams',
            'Year',
            'Difficulty',
            'Papers',
            'Statistics',
            'Edit',
          ]}
          empty={loaderData.rows.length ? undefined : 'No questions match these filters.'}
        >
          {loaderData.rows.map((r, i) => (
            <tr key={r.id} data-testid="bank-row" data-id={r.id}>
              <Td>
                <input
                  type="checkbox"
                  name="ids"
                  value={r.id}
                  defaultChecked={ticked.has(r.id)}
                  aria-label={`Tick question ${loaderData.before + i + 1}`}
                />
              </Td>
              <Td className="min-w-56">
                <Markup html={r.html} className="line-clamp-3 max-sm:text-left" />
                {r.retired ? (
                  <span className="text-xs font-semibold text-amber-700 dark:text-amber-400">Retired</span>
                ) : null}
              </Td>
              <Td>{r.type.toUpperCase()}</Td>
              <Td>{[r.subject, r.topic, r.subtopic].filter(Boolean).join(' / ') || '-'}</Td>
              <Td>{r.exams.join(', ') || '-'}</Td>
              <Td>{r.year ?? '-'}</Td>
              <Td>{capital(r.difficulty)}</Td>
              <Td>{r.papers}</Td>
              <Td className="min-w-40">
                <ul className="text-xs leading-5" data-testid="bank-row-stats">
                  <li>{r.stats.answered} answered</li>
                  {r.stats.shareCorrect === null ? null : <li>{shareText(r.stats.shareCorrect)} right</li>}
                  <li>{separationLine(r.stats)}</li>
                </ul>
              </Td>
              <Td>
                <Link
                  to={`/admin/questions/${r.id}`}
                  className="text-sm font-semibold text-emerald-700 hover:underline dark:text-emerald-400"
                >
                  Edit<span className="sr-only"> question {loaderData.before + i + 1}</span>
                </Link>
              </Td>
            </tr>
          ))}
        </Table>
        <ErrorList errors={problemsOf('ids')} />
        <fieldset className="mt-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">Tag the ticked questions (blank: leave as it is)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {(['subject', 'topic', 'year'] as const).map((field) => (
              <label key={field} className={labelClass}>
                {capital(field)}
                <input
                  name={field}
                  defaultValue={bulk?.values[field] ?? ''}
                  className={inputClass}
                  maxLength={field === 'year' ? 4 : 120}
                  inputMode={field === 'year' ? 'numeric' : undefined}
                  aria-invalid={problemsOf(field)?.length ? true : undefined}
                />
                <ErrorList errors={problemsOf(field)} />
              </label>
            ))}
            <label className={labelClass}>
              Difficulty
              <select name="difficulty" defaultValue={bulk?.values.difficulty ?? ''} className={inputClass}>
                <option value="">Leave as it is</option>
                {DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {capital(d)}
                  </option>
                ))}
              </select>
              <ErrorList errors={problemsOf('difficulty')} />
            </label>
            <label className={labelClass}>
              Add an exam
              <select name="exam" defaultValue={bulk?.values.exam ?? ''} className={inputClass}>
                <option value="">None</option>
                {exams.map((e) => (
                  <option key={e} value={e}>
                    {e}
                  </option>
                ))}
              </select>
              <ErrorList errors={problemsOf('exam')} />
            </label>
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" name="intent" value="tag" className={buttonClass}>
              Apply tags
            </button>
            <button type="submit" name="intent" value="retire" className={secondaryButtonClass}>
              Retire ticked
            </button>
            <button type="submit" name="intent" value="restore" className={secondaryButtonClass}>
              Restore ticked
            </button>
          </div>
        </fieldset>
      </Form>
      <Pagination page={loaderData.page} pageCount={loaderData.pages} />
      <Form method="post" preventScrollReset className="mt-6 max-w-md" key={`exam-${locationKey}`}>
        <input type="hidden" name="intent" value="add-exam" />
        <label className={labelClass}>
          Add an exam to the list
          <input
            name="name"
            defaultValue={examAnswer?.name ?? ''}
            maxLength={EXAM_NAME_MAX}
            className={inputClass}
            aria-invalid={examAnswer ? true : undefined}
            aria-describedby={examAnswer ? 'exam-error' : undefined}
          />
        </label>
        <ErrorList id="exam-error" errors={examAnswer ? [examAnswer.message] : undefined} />
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">On the list: {exams.join(', ')}.</p>
        <button type="submit" className={`${secondaryButtonClass} mt-2`}>
          Add exam
        </button>
      </Form>
    </>
  )
}
