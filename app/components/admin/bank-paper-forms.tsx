import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, useLocation } from 'react-router'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { SelectField } from '~/components/admin/select-field'
import { Pagination, secondaryButtonClass } from '~/components/admin/ui'
import { Markup } from '~/components/quiz/markup'
import { DIFFICULTIES } from '~/lib/bank/bank'
import type { PickableQuestion } from '~/models/bank/picker.server'
import { blankBlueprint, QUESTION_TYPES, type BankSearch, type BlueprintFormValues } from '~/schemas/bank-paper'

// The two forms of the 'Add questions from the bank' page (app/routes/admin/quiz-from-bank.tsx): pick from a
// filtered list, or draw a blueprint. Plain forms (JavaScript off: the filters are a GET form, the blueprint five
// fixed rows); grids of one column below `sm`, so they read at 320 px.

type Choices = { subjects: string[]; topics: string[]; exams: string[]; years: number[] }

const TYPE_NAME = { mcq: 'MCQ', msq: 'MSQ', nat: 'NAT' } as const
const letter = (i: number) => String.fromCharCode(65 + i)
const asOptions = (values: readonly (string | number)[]) => values.map((v) => ({ value: String(v), label: String(v) }))
const difficultyOptions = DIFFICULTIES.map((d) => ({ value: d, label: d.charAt(0).toUpperCase() + d.slice(1) }))

/** A chosen value stays a choice even when the list no longer offers it (say, its last question was retired). */
const withValue = (values: readonly (string | number)[], value: string) =>
  value && !values.map(String).includes(value) ? [...values, value] : values

function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <div role="alert" className="mb-3">
      <ErrorList id={id} errors={errors} />
    </div>
  )
}

function tagsLine(q: PickableQuestion) {
  return [
    q.subject,
    q.topic,
    q.subtopic,
    q.exams.join(', '),
    q.year,
    q.difficulty.charAt(0).toUpperCase() + q.difficulty.slice(1),
    TYPE_NAME[q.type],
  ]
    .filter((t) => t !== null && t !== '')
    .join(' · ')
}

export function PickQuestions({
  data,
  lastResult,
  picked,
}: {
  data: {
    search: BankSearch
    choices: Choices
    questions: PickableQuestion[]
    total: number
    page: number
    pages: number
  }
  lastResult?: SubmissionResult<string[]>
  picked: string[]
}) {
  const [form] = useForm({ id: 'pick-form', lastResult })
  const { search, choices, questions } = data
  const chosen = new Set(picked)
  const offered = questions.filter((q) => !q.inPaper).length
  const { pathname, search: query } = useLocation()
  return (
    <section id="pick" aria-labelledby="pick-heading" className="mb-10">
      <h2 id="pick-heading" className="mb-3 text-xl font-semibold">
        Pick questions
      </h2>
      <Form
        method="get"
        key={JSON.stringify(search)}
        role="search"
        aria-label="Filter the bank"
        className="mb-4 grid grid-cols-1 gap-x-3 rounded border border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-4 dark:border-slate-700"
      >
        <Field label="Words in the question" inputProps={{ type: 'search', name: 'q', defaultValue: search.q }} />
        <SelectField
          label="Subject"
          selectProps={{ name: 'subject', defaultValue: search.subject }}
          placeholder="Any subject"
          options={asOptions(withValue(choices.subjects, search.subject))}
        />
        <SelectField
          label="Topic"
          selectProps={{ name: 'topic', defaultValue: search.topic }}
          placeholder="Any topic"
          options={asOptions(withValue(choices.topics, search.topic))}
        />
        <SelectField
          label="Exam"
          selectProps={{ name: 'exam', defaultValue: search.exam }}
          placeholder="Any exam"
          options={asOptions(choices.exams)}
        />
        <SelectField
          label="Year"
          selectProps={{ name: 'year', defaultValue: search.year }}
          placeholder="Any year"
          options={asOptions(withValue(choices.years, search.year))}
        />
        <SelectField
          label="Difficulty"
          selectProps={{ name: 'difficulty', defaultValue: search.difficulty }}
          placeholder="Any difficulty"
          options={difficultyOptions}
        />
        <SelectField
          label="Type"
          selectProps={{ name: 'type', defaultValue: search.type }}
          placeholder="Any type"
          options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_NAME[t] }))}
        />
        <div className="mb-4 flex items-end">
          <button type="submit" className={secondaryButtonClass}>
            Filter
          </button>
        </div>
      </Form>
      <p id="pick-list" role="status" className="mb-3 text-sm text-slate-700 dark:text-slate-300">
        {data.total} matching question{data.total === 1 ? '' : 's'}
      </p>
      <Form method="post" action={`${pathname}${query}#pick-list`} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="pick" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <ul className="mb-4 space-y-3">
          {questions.map((q) => (
            <li
              key={q.id}
              data-testid="bank-question"
              className="flex gap-3 rounded border border-slate-200 p-3 break-words dark:border-slate-700"
            >
              {q.inPaper ? null : (
                <input
                  type="checkbox"
                  name="questionIds"
                  value={q.id}
                  defaultChecked={chosen.has(q.id)}
                  aria-labelledby={`bank-q-${q.id}`}
                  className="mt-1 h-5 w-5 shrink-0"
                />
              )}
              <div className="min-w-0 flex-1">
                <Markup id={`bank-q-${q.id}`} html={q.html} className="font-medium" />
                {q.optionsHtml.length ? (
                  <ul className="mt-1 text-sm">
                    {q.optionsHtml.map((html, i) => (
                      <li key={i}>
                        {letter(i)}. <Markup inline html={html} />
                      </li>
                    ))}
                  </ul>
                ) : null}
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{tagsLine(q)}</p>
                {q.inPaper ? (
                  <p className="mt-1 text-xs font-semibold text-emerald-800 dark:text-emerald-300">In this paper</p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        {offered ? <StatusButton pendingText="Adding...">Add chosen questions</StatusButton> : null}
      </Form>
      <Pagination page={data.page} pageCount={data.pages} />
    </section>
  )
}

export function DrawBlueprint({ choices, lastResult }: { choices: Choices; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm<BlueprintFormValues>({
    id: 'blueprint-form',
    lastResult,
    defaultValue: blankBlueprint(),
  })
  const lines = fields.blueprint.getFieldList()
  const { pathname, search } = useLocation()
  return (
    <section id="blueprint" aria-labelledby="blueprint-heading" className="mb-10">
      <h2 id="blueprint-heading" className="mb-2 text-xl font-semibold">
        Draw by blueprint
      </h2>
      <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
        Each line draws that many questions, at random, from those having all of its tags; no question is drawn twice.
        Blank lines are ignored. When the bank cannot fill a line, nothing is added.
      </p>
      {/* Posted to the section itself, so a refusal opens at its message (a new page without JavaScript). */}
      <Form method="post" action={`${pathname}${search}#blueprint`} {...getFormProps(form)}>
        <input type="hidden" name="intent" value="blueprint" />
        <FormErrors id={form.errorId} errors={form.errors} />
        {lines.map((line, i) => {
          const f = line.getFieldset()
          return (
            <fieldset key={line.key} className="mb-4 rounded border border-slate-200 p-3 dark:border-slate-700">
              <legend className="px-1 text-sm font-semibold">Line {i + 1}</legend>
              <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-3 lg:grid-cols-6">
                <Field
                  label="How many"
                  inputProps={{ ...getInputProps(f.count, { type: 'number' }), min: 1, step: 1 }}
                  errors={f.count.errors}
                />
                <SelectField
                  label="Subject"
                  selectProps={getSelectProps(f.subject)}
                  placeholder="Any subject"
                  options={asOptions(withValue(choices.subjects, String(f.subject.initialValue ?? '')))}
                  errors={f.subject.errors}
                />
                <SelectField
                  label="Topic"
                  selectProps={getSelectProps(f.topic)}
                  placeholder="Any topic"
                  options={asOptions(withValue(choices.topics, String(f.topic.initialValue ?? '')))}
                  errors={f.topic.errors}
                />
                <SelectField
                  label="Exam"
                  selectProps={getSelectProps(f.exam)}
                  placeholder="Any exam"
                  options={asOptions(choices.exams)}
                  errors={f.exam.errors}
                />
                <SelectField
                  label="Year"
                  selectProps={getSelectProps(f.year)}
                  placeholder="Any year"
                  options={asOptions(withValue(choices.years, String(f.year.initialValue ?? '')))}
                  errors={f.year.errors}
                />
                <SelectField
                  label="Difficulty"
                  selectProps={getSelectProps(f.difficulty)}
                  placeholder="Any difficulty"
                  options={difficultyOptions}
                  errors={f.difficulty.errors}
                />
              </div>
            </fieldset>
          )
        })}
        <StatusButton pendingText="Drawing...">Draw questions</StatusButton>
      </Form>
    </section>
  )
}
