import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { ErrorList, Field, inputClass, StatusButton, TextareaField } from '~/components/forms'
import { SelectField } from '~/components/admin/select-field'
import { marksText } from '~/lib/quiz/marks'
import { quizFormSchema, DIFFICULTIES, QUESTION_TYPES } from '~/schemas/admin-quiz'
import { quizToFormValues } from '~/lib/quiz/quiz-form'
import { MARKING_SCHEMES } from '~/lib/quiz/schemes'
import { useHydrated } from '~/hooks/use-hydrated'
import { secondaryButtonClass } from './ui'

// The manual quiz form (spec 2 "Create Quiz"/"Edit Quiz"). Add Question and Remove are Conform list intents:
// real submit buttons, so they work without JS (the server applies the intent and sends the form back).

export type QuizFormValues = ReturnType<typeof quizToFormValues>
export const emptyQuestion = {
  questionText: '',
  type: 'mcq' as 'mcq' | 'msq' | 'nat',
  options: ['', '', '', ''],
  correctOption: '',
  marks: '',
  negativeMarks: '',
  correctOptions: [] as string[],
  answerMin: '',
  answerMax: '',
  section: '',
  topic: '',
  explanation: '',
}

const TYPE_LABELS = {
  mcq: 'MCQ: one correct option',
  msq: 'MSQ: one or more correct options',
  nat: 'NAT: a numerical answer',
} as const
const TYPE_SHORT = { mcq: 'MCQ', msq: 'MSQ', nat: 'NAT' } as const
const MARKS_HINT = 'Blank: the default. Exact: 1, 0.25, 1/3.'

export function QuizEditor({
  defaultValue,
  lastResult,
  submitLabel,
  pendingText,
}: {
  defaultValue: QuizFormValues
  lastResult?: SubmissionResult<string[]> | null
  submitLabel: string
  pendingText: string
}) {
  const [form, fields] = useForm({
    id: 'quiz-form',
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quizFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const questions = fields.questions.getFieldList()
  // Without JS every field is shown (the server ignores those the type does not use); with JS only the type's.
  const hydrated = useHydrated()
  const defaults = fields.markingDefaults.getFieldset()
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-3xl">
      <Field label="Title" inputProps={getInputProps(fields.title, { type: 'text' })} errors={fields.title.errors} />
      <TextareaField
        label="Description"
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
        errors={fields.description.errors}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <SelectField
          label="Category"
          selectProps={getSelectProps(fields.category)}
          options={[
            { value: 'free', label: 'Free' },
            { value: 'paid', label: 'Paid' },
          ]}
          errors={fields.category.errors}
        />
        <Field
          label="Time Limit (minutes)"
          inputProps={{ ...getInputProps(fields.timeLimit, { type: 'number' }), min: 0, step: 1 }}
          errors={fields.timeLimit.errors}
          hint="0 or empty: untimed."
        />
      </div>
      <details className="mb-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <summary className="cursor-pointer font-semibold">Marking defaults (optional)</summary>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Marks a question of each type takes when its own marks are blank. Blank here: MCQ +1 / -0.25, MSQ and NAT +1 /
          0. Negative marks are the amount taken off for a wrong answer (IIT JAM 1-mark MCQ: 1/3).
        </p>
        <div className="mt-3 grid gap-x-4 sm:grid-cols-2">
          {QUESTION_TYPES.map((t) => {
            const d = defaults[t].getFieldset()
            return [
              <Field
                key={`${t}-marks`}
                label={`${TYPE_SHORT[t]} default marks`}
                inputProps={{ ...getInputProps(d.marks, { type: 'text' }), inputMode: 'decimal' }}
                errors={d.marks.errors}
              />,
              <Field
                key={`${t}-neg`}
                label={`${TYPE_SHORT[t]} default negative marks`}
                inputProps={{ ...getInputProps(d.negativeMarks, { type: 'text' }), inputMode: 'decimal' }}
                errors={d.negativeMarks.errors}
              />,
            ]
          })}
        </div>
      </details>
      <h2 className="mt-4 mb-2 text-lg font-semibold">Questions</h2>
      <ol className="flex flex-col gap-4">
        {questions.map((question, i) => {
          const q = question.getFieldset()
          const options = q.options.getFieldList()
          const type = (QUESTION_TYPES as readonly string[]).includes(String(q.type.value))
            ? (q.type.value as keyof typeof TYPE_LABELS)
            : 'mcq'
          const shows = (...types: Array<keyof typeof TYPE_LABELS>) => !hydrated || types.includes(type)
          // A blank takes the quiz's default for the type (typed above), else the spec's: shown as the placeholder.
          const own = defaults[type].getFieldset()
          const placeholder = {
            marks: String(own.marks.value ?? '') || marksText(MARKING_SCHEMES.spec[type].marks),
            negativeMarks: String(own.negativeMarks.value ?? '') || marksText(MARKING_SCHEMES.spec[type].negativeMarks),
          }
          const keyed = new Set(
            ([] as unknown[]).concat(q.correctOptions.value ?? q.correctOptions.initialValue ?? []).map(String),
          )
          return (
            <li key={question.key} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <div className="mb-2 flex items-center justify-between">
                <h3 className="font-semibold">Question {i + 1}</h3>
                {questions.length > 1 ? (
                  <button
                    {...form.remove.getButtonProps({ name: fields.questions.name, index: i })}
                    className="text-sm font-semibold text-red-600 hover:underline dark:text-red-400"
                  >
                    Remove question {i + 1}
                  </button>
                ) : null}
              </div>
              <TextareaField
                label="Question text"
                textareaProps={{ ...getTextareaProps(q.questionText), rows: 2 }}
                errors={q.questionText.errors}
              />
              <div className="grid gap-x-4 sm:grid-cols-3">
                <SelectField
                  label="Question type"
                  selectProps={getSelectProps(q.type)}
                  options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
                  errors={q.type.errors}
                />
                <Field
                  label="Marks"
                  inputProps={{
                    ...getInputProps(q.marks, { type: 'text' }),
                    inputMode: 'decimal',
                    placeholder: placeholder.marks,
                  }}
                  errors={q.marks.errors}
                  hint={MARKS_HINT}
                />
                <Field
                  label="Negative marks"
                  inputProps={{
                    ...getInputProps(q.negativeMarks, { type: 'text' }),
                    inputMode: 'decimal',
                    placeholder: placeholder.negativeMarks,
                  }}
                  errors={q.negativeMarks.errors}
                  hint="Taken off when wrong; 0: none."
                />
              </div>
              <div className={shows('mcq', 'msq') ? 'grid gap-x-4 sm:grid-cols-2' : 'hidden'}>
                {[0, 1, 2, 3].map((j) => (
                  <Field
                    key={j}
                    label={`Option ${j + 1}`}
                    inputProps={{
                      type: 'text',
                      id: `${question.id}-option-${j}`,
                      name: `${q.options.name}[${j}]`,
                      defaultValue: (q.options.initialValue as string[] | undefined)?.[j] ?? '',
                    }}
                    errors={options[j]?.errors}
                  />
                ))}
              </div>
              <ErrorList errors={q.options.errors} />
              <div className={shows('mcq') ? undefined : 'hidden'}>
                <SelectField
                  label="Correct option"
                  selectProps={getSelectProps(q.correctOption)}
                  placeholder="Choose 1 to 4"
                  options={[1, 2, 3, 4].map((n) => ({ value: String(n), label: `Option ${n}` }))}
                  errors={q.correctOption.errors}
                />
              </div>
              <fieldset className={shows('msq') ? 'mb-4' : 'hidden'}>
                <legend className="mb-1 text-sm font-medium">MSQ key: tick every right option</legend>
                <div className="flex flex-wrap gap-4">
                  {[1, 2, 3, 4].map((n) => (
                    <label key={n} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={q.correctOptions.name}
                        value={String(n)}
                        defaultChecked={keyed.has(String(n))}
                        aria-describedby={q.correctOptions.errors ? q.correctOptions.errorId : undefined}
                      />
                      Option {n} is right
                    </label>
                  ))}
                </div>
                <div id={q.correctOptions.errorId}>
                  <ErrorList errors={q.correctOptions.errors} />
                </div>
              </fieldset>
              <div className={shows('nat') ? 'grid gap-x-4 sm:grid-cols-2' : 'hidden'}>
                <Field
                  label="Lowest accepted answer"
                  inputProps={{ ...getInputProps(q.answerMin, { type: 'text' }), inputMode: 'decimal' }}
                  errors={q.answerMin.errors}
                  hint="NAT key: the range is inclusive."
                />
                <Field
                  label="Highest accepted answer"
                  inputProps={{ ...getInputProps(q.answerMax, { type: 'text' }), inputMode: 'decimal' }}
                  errors={q.answerMax.errors}
                />
              </div>
              <div className="grid gap-x-4 sm:grid-cols-2">
                <Field
                  label="Section (optional)"
                  inputProps={getInputProps(q.section, { type: 'text' })}
                  errors={q.section.errors}
                />
                <Field
                  label="Topic (optional)"
                  inputProps={getInputProps(q.topic, { type: 'text' })}
                  errors={q.topic.errors}
                />
              </div>
              <TextareaField
                label="Explanation (optional)"
                textareaProps={{ ...getTextareaProps(q.explanation), rows: 2 }}
                errors={q.explanation.errors}
              />
            </li>
          )
        })}
      </ol>
      <ErrorList errors={fields.questions.errors} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          {...form.insert.getButtonProps({ name: fields.questions.name, defaultValue: emptyQuestion })}
          className={secondaryButtonClass}
        >
          Add Question
        </button>
        <StatusButton pendingText={pendingText}>{submitLabel}</StatusButton>
      </div>
      <ErrorList errors={form.errors} />
    </Form>
  )
}

export type CsvPreview = {
  fileName: string
  questions: Array<{
    questionText: string
    options: string[]
    correctOption: number
    explanation?: string
    type?: 'mcq' | 'msq' | 'nat'
    correctOptions?: number[]
    answerMin?: string
    answerMax?: string
    section?: string
  }>
  errors: Array<{ line: number; message: string }>
}

/** CSV import: upload -> preview with row errors -> 'Use these questions' fills the form (no JS needed). */
export function CsvImport({ preview }: { preview: CsvPreview | null }) {
  return (
    <details open={Boolean(preview)} className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <summary className="cursor-pointer font-semibold">Import questions from CSV</summary>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        One question a row: question, option 1, option 2, option 3, option 4, correct option (1-4), explanation
        (optional). A header row is allowed.
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Optional columns after the explanation, in this order: type (mcq, msq or nat; blank is mcq), marks, negative
        marks (blank: the default; exact values like 1, 0.25 or 1/3), correct options (MSQ: the right options 1-4
        separated by semicolons, like 1;3), answer min and answer max (NAT: the accepted range, inclusive), section,
        topic. MSQ rows leave the correct option blank; NAT rows leave the options and the correct option blank.{' '}
        <a
          href="/samples/quiz-import-sample.csv"
          download
          className="font-semibold text-sky-700 underline dark:text-sky-300"
        >
          Download the sample CSV
        </a>
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="csv" className="mb-1 block text-sm font-medium">
            CSV file
          </label>
          <input id="csv" type="file" name="csv" accept=".csv,text/csv" required className="block text-sm" />
        </div>
        <StatusButton name="intent" value="csv-preview" pendingText="Reading..." className={secondaryButtonClass}>
          Preview
        </StatusButton>
      </Form>
      {preview ? (
        <div className="mt-4">
          {preview.errors.length ? (
            <div
              role="alert"
              className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              <p className="font-semibold">
                {preview.errors.length} row{preview.errors.length === 1 ? '' : 's'} with errors (skipped):
              </p>
              <ul className="mt-1 list-disc pl-5">
                {preview.errors.map((e) => (
                  <li key={`${e.line}-${e.message}`}>{e.line ? `Line ${e.line}: ${e.message}` : e.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.questions.length ? (
            <>
              <p className="mb-2 text-sm font-semibold">
                {preview.questions.length} question{preview.questions.length === 1 ? '' : 's'} ready
                {preview.fileName ? ` from ${preview.fileName}` : ''}:
              </p>
              <ol className="mb-3 list-decimal pl-5 text-sm">
                {preview.questions.map((q, i) => (
                  <li key={i}>
                    {q.questionText}{' '}
                    <span className="text-slate-500">
                      {q.type === 'msq'
                        ? `(MSQ, correct: options ${(q.correctOptions ?? []).map((o) => o + 1).join(', ')})`
                        : q.type === 'nat'
                          ? `(NAT, accepted: ${q.answerMin} to ${q.answerMax})`
                          : `(correct: option ${q.correctOption + 1})`}
                      {q.section ? ` ${q.section}` : ''}
                    </span>
                  </li>
                ))}
              </ol>
              <Form method="post">
                <input type="hidden" name="csvData" value={JSON.stringify(preview.questions)} />
                <StatusButton name="intent" value="csv-use" pendingText="Filling...">
                  Use these questions
                </StatusButton>
              </Form>
            </>
          ) : null}
        </div>
      ) : null}
    </details>
  )
}

/**
 * Generate with AI (spec 2): its result fills the manual form; nothing is saved until Save. Its fields keep the
 * AI request's names (spec 2 §3) but have labels and ids of their own ('AI draft title', #ai-title), so neither
 * they nor the manual form's 'Title' or 'Time Limit (minutes)' are ambiguous (issue 13 item 9).
 */
export function AiGenerate({
  values,
  fieldErrors,
  message,
}: {
  values?: Record<string, string>
  fieldErrors?: Record<string, string[]>
  message?: string
}) {
  const v = values ?? {}
  const text = (name: string, label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      inputProps={{
        type,
        name,
        id: `ai-${name}`,
        defaultValue: v[name] ?? (extra.defaultValue as string | undefined) ?? '',
        ...extra,
      }}
      errors={fieldErrors?.[name]}
    />
  )
  return (
    <details open={Boolean(message)} className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <summary className="cursor-pointer font-semibold">Generate with AI</summary>
      {message ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-600 dark:text-red-400">
          {message}
        </p>
      ) : null}
      <Form method="post" className="mt-3">
        <div className="grid gap-x-4 sm:grid-cols-2">
          {text('title', 'AI draft title', 'text', { required: true })}
          {text('subject', 'Subject', 'text', { required: true })}
          {text('topic', 'Topic', 'text', { required: true })}
          <SelectField
            label="AI draft category"
            selectProps={{ name: 'category', id: 'ai-category', defaultValue: v.category ?? 'free' }}
            options={[
              { value: 'free', label: 'Free' },
              { value: 'paid', label: 'Paid' },
            ]}
            errors={fieldErrors?.category}
          />
          {text('numQuestions', 'Number of questions', 'number', { min: 1, max: 30, defaultValue: '5' })}
          {text('timeLimit', 'AI draft time limit (minutes)', 'number', { min: 0, defaultValue: '10' })}
          <SelectField
            label="Difficulty"
            selectProps={{ name: 'difficulty', id: 'ai-difficulty', defaultValue: v.difficulty ?? 'medium' }}
            options={DIFFICULTIES.map((d) => ({ value: d, label: d.charAt(0).toUpperCase() + d.slice(1) }))}
            errors={fieldErrors?.difficulty}
          />
        </div>
        <div className="mb-4">
          <label htmlFor="ai-description" className="mb-1 block text-sm font-medium">
            AI draft description
          </label>
          <textarea
            id="ai-description"
            name="description"
            rows={2}
            required
            defaultValue={v.description ?? ''}
            className={inputClass}
          />
          <ErrorList errors={fieldErrors?.description} />
        </div>
        <StatusButton name="intent" value="ai" pendingText="Generating...">
          Generate
        </StatusButton>
      </Form>
    </details>
  )
}
