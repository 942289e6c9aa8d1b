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
import { quizFormSchema, quizToFormValues, DIFFICULTIES } from '~/schemas/admin-quiz'
import { secondaryButtonClass } from './ui'

// The manual quiz form (spec 2 "Create Quiz"/"Edit Quiz"). Add Question and Remove are Conform list intents:
// real submit buttons, so they work without JS (the server applies the intent and sends the form back).

export type QuizFormValues = ReturnType<typeof quizToFormValues>
export const emptyQuestion = { questionText: '', options: ['', '', '', ''], correctOption: '', explanation: '' }

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
      <h2 className="mt-4 mb-2 text-lg font-semibold">Questions</h2>
      <ol className="flex flex-col gap-4">
        {questions.map((question, i) => {
          const q = question.getFieldset()
          const options = q.options.getFieldList()
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
              <div className="grid gap-x-4 sm:grid-cols-2">
                {[0, 1, 2, 3].map((j) => (
                  <Field
                    key={j}
                    label={`Option ${j + 1}`}
                    inputProps={{
                      type: 'text',
                      id: `${question.id}-option-${j}`,
                      name: `${q.options.name}[${j}]`,
                      defaultValue: (q.options.initialValue as string[] | undefined)?.[j] ?? '',
                      required: true,
                    }}
                    errors={options[j]?.errors}
                  />
                ))}
              </div>
              <ErrorList errors={q.options.errors} />
              <SelectField
                label="Correct option"
                selectProps={getSelectProps(q.correctOption)}
                placeholder="Choose 1 to 4"
                options={[1, 2, 3, 4].map((n) => ({ value: String(n), label: `Option ${n}` }))}
                errors={q.correctOption.errors}
              />
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
  questions: Array<{ questionText: string; options: string[]; correctOption: number; explanation?: string }>
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
                    {q.questionText} <span className="text-slate-500">(correct: option {q.correctOption + 1})</span>
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
