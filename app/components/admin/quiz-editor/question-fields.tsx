import { getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import type { ButtonHTMLAttributes } from 'react'
import { ErrorList, Field, TextareaField } from '~/components/forms'
import { SelectField } from '~/components/admin/select-field'
import { QUESTION_TYPES } from '~/schemas/admin-quiz'
import { Markup } from '~/components/quiz/markup'
import type { QuestionHtml } from '~/lib/markup/question'
import type { QuestionType } from '~/lib/quiz/scoring'
import { DecimalField } from './decimal-field'
import type { QuestionField } from './use-quiz-form'

// One question of the manual quiz form: text, type, marks, the four options, the key of its type (correct option,
// MSQ ticks or the NAT range), section, topic and explanation. Without JS every key field is shown (the server
// ignores those the type does not use); with JS only the type's.

/** One question's preview: its rendered HTML, or what does not render ("option B: unknown command \foo"). */
export type QuestionPreview = { html: QuestionHtml; problems?: undefined } | { html?: undefined; problems: string[] }

const TYPE_LABELS = {
  mcq: 'MCQ: one correct option',
  msq: 'MSQ: one or more correct options',
  nat: 'NAT: a numerical answer',
} as const
const MARKS_HINT = 'Blank: the default. Exact: 1, 0.25, 1/3.'

export function QuestionFields({
  question,
  index,
  hydrated,
  placeholderFor,
  preview,
  previewSaved,
  removeButtonProps,
}: {
  question: QuestionField
  index: number
  hydrated: boolean
  /** What a blank marks field means for a question of this type, shown as its placeholder. */
  placeholderFor: (type: QuestionType) => { marks: string; negativeMarks: string }
  /** The question rendered as learners will see it, or what in its markup does not render. */
  preview?: QuestionPreview
  /** The preview shows the saved version (nothing typed has been previewed yet). */
  previewSaved?: boolean
  /** The Remove intent's button (a real submit, so it works without JS); none when it is the only question. */
  removeButtonProps?: ButtonHTMLAttributes<HTMLButtonElement>
}) {
  const q = question.getFieldset()
  const options = q.options.getFieldList()
  const type = (QUESTION_TYPES as readonly string[]).includes(String(q.type.value))
    ? (q.type.value as QuestionType)
    : 'mcq'
  const shows = (...types: Array<QuestionType>) => !hydrated || types.includes(type)
  const placeholder = placeholderFor(type)
  const keyed = new Set(
    ([] as unknown[]).concat(q.correctOptions.value ?? q.correctOptions.initialValue ?? []).map(String),
  )
  return (
    <li className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <div className="mb-2 flex items-center justify-between">
        <h3 className="font-semibold">Question {index + 1}</h3>
        {removeButtonProps ? (
          <button
            {...removeButtonProps}
            className="text-sm font-semibold text-red-600 hover:underline dark:text-red-400"
          >
            Remove question {index + 1}
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
        <DecimalField label="Marks" field={q.marks} placeholder={placeholder.marks} hint={MARKS_HINT} />
        <DecimalField
          label="Negative marks"
          field={q.negativeMarks}
          placeholder={placeholder.negativeMarks}
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
        <DecimalField label="Lowest accepted answer" field={q.answerMin} hint="NAT key: the range is inclusive." />
        <DecimalField label="Highest accepted answer" field={q.answerMax} />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label="Section (optional)"
          inputProps={getInputProps(q.section, { type: 'text' })}
          errors={q.section.errors}
        />
        <Field label="Topic (optional)" inputProps={getInputProps(q.topic, { type: 'text' })} errors={q.topic.errors} />
      </div>
      {/* The bank question this one was loaded from: an edit stays that question (a new version of it). */}
      <input {...getInputProps(q.bankId, { type: 'hidden' })} />
      <TextareaField
        label="Explanation (optional)"
        textareaProps={{ ...getTextareaProps(q.explanation), rows: 2 }}
        errors={q.explanation.errors}
      />
      {preview ? <PreviewBox preview={preview} number={index + 1} saved={previewSaved} /> : null}
    </li>
  )
}

/** The question as learners will see it: the server-rendered HTML (formulas as MathML), or why it cannot render. */
function PreviewBox({ preview, number, saved }: { preview: QuestionPreview; number: number; saved?: boolean }) {
  return (
    <section
      aria-labelledby={`preview-${number}`}
      className="mt-2 rounded border border-dashed border-slate-300 p-3 dark:border-slate-600"
      data-testid="question-preview"
    >
      <h4 id={`preview-${number}`} className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
        Preview of question {number}
        {saved ? ' (as saved)' : ''}
      </h4>
      {preview.html ? (
        <>
          <Markup html={preview.html.text} className="mb-2" />
          {preview.html.options.length ? (
            <ol className="mb-2 list-[upper-alpha] space-y-1 pl-6">
              {preview.html.options.map((o, j) => (
                <li key={j}>
                  <Markup inline html={o} />
                </li>
              ))}
            </ol>
          ) : null}
          {preview.html.explanation ? (
            <div className="text-sm">
              <p className="font-semibold">Explanation:</p>
              <Markup html={preview.html.explanation} />
            </div>
          ) : null}
        </>
      ) : (
        <ul className="list-disc pl-5 text-sm text-red-700 dark:text-red-300">
          {preview.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
