import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { ErrorList, Field, StatusButton, TextareaField } from '~/components/forms'
import { SelectField } from '~/components/admin/select-field'
import { marksText } from '~/lib/quiz/marks'
import type { QuizFormValues } from '~/schemas/quiz-form'
import { QUESTION_TYPES } from '~/schemas/admin-quiz'
import { MARKING_SCHEMES } from '~/lib/quiz/schemes'
import type { QuestionType } from '~/lib/quiz/scoring'
import { useHydrated } from '~/hooks/use-hydrated'
import { secondaryButtonClass } from '../ui'
import { DecimalField } from './decimal-field'
import { QuestionFields, type QuestionPreview } from './question-fields'
import { useQuizForm } from './use-quiz-form'
import { WindowFields } from './window-fields'

// The manual quiz form of Create Quiz and Edit Quiz: the quiz's own fields, its marking defaults, then one
// QuestionFields per question. Add Question and Remove are Conform list intents: real submit buttons, so they
// work without JS (the server applies the intent and sends the form back). 'Preview questions' is a submit too
// (intent=preview): the server renders each question's markup and sends the form back as typed, saving nothing;
// the markup libraries never reach the browser.

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
  bankId: '',
  explanation: '',
}

const TYPE_SHORT = { mcq: 'MCQ', msq: 'MSQ', nat: 'NAT' } as const

export function QuizEditor({
  defaultValue,
  lastResult,
  submitLabel,
  pendingText,
  previews,
  previewsSaved = false,
}: {
  defaultValue: QuizFormValues
  lastResult?: SubmissionResult<string[]> | null
  submitLabel: string
  pendingText: string
  /** Each question's rendered preview, by position (from 'Preview questions', or the saved versions). */
  previews?: readonly QuestionPreview[]
  /** The previews are of the saved questions, not of what is typed. */
  previewsSaved?: boolean
}) {
  const [form, fields] = useQuizForm(defaultValue, lastResult)
  const questions = fields.questions.getFieldList()
  // Without JS every field is shown (the server ignores those the type does not use); with JS only the type's.
  const hydrated = useHydrated()
  const defaults = fields.markingDefaults.getFieldset()
  // A blank takes the quiz's default for the type (typed above), else the BioCoach default: shown as the placeholder.
  const placeholderFor = (type: QuestionType) => {
    const own = defaults[type].getFieldset()
    return {
      marks: String(own.marks.value ?? '') || marksText(MARKING_SCHEMES.spec[type].marks),
      negativeMarks: String(own.negativeMarks.value ?? '') || marksText(MARKING_SCHEMES.spec[type].negativeMarks),
    }
  }
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
      <WindowFields opensAt={fields.opensAt} closesAt={fields.closesAt} />
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
              <DecimalField key={`${t}-marks`} label={`${TYPE_SHORT[t]} default marks`} field={d.marks} />,
              <DecimalField
                key={`${t}-neg`}
                label={`${TYPE_SHORT[t]} default negative marks`}
                field={d.negativeMarks}
              />,
            ]
          })}
        </div>
      </details>
      <StagedImages field={fields.stagedImages} />
      <h2 className="mt-4 mb-2 text-lg font-semibold">Questions</h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" data-testid="markup-help">
        Question text, options and explanation take **bold**, *italic*, H~2~O, x^2^, lists and simple tables; formulas
        between <code>$...$</code> (on their own line: <code>$$...$$</code>); chemistry as{' '}
        <code>{'$\\ce{2H2 + O2 -> 2H2O}$'}</code>; an uploaded image as <code>![alt text](name)</code>;{' '}
        <code>{'\\$'}</code> for a dollar sign. Preview questions shows them as learners will.
      </p>
      <ol className="flex flex-col gap-4">
        {questions.map((question, i) => (
          <QuestionFields
            key={question.key}
            question={question}
            index={i}
            hydrated={hydrated}
            placeholderFor={placeholderFor}
            preview={previews?.[i]}
            previewSaved={previewsSaved}
            removeButtonProps={
              questions.length > 1 ? form.remove.getButtonProps({ name: fields.questions.name, index: i }) : undefined
            }
          />
        ))}
      </ol>
      <ErrorList errors={fields.questions.errors} />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          {...form.insert.getButtonProps({ name: fields.questions.name, defaultValue: emptyQuestion })}
          className={secondaryButtonClass}
        >
          Add Question
        </button>
        <StatusButton name="intent" value="preview" pendingText="Rendering..." className={secondaryButtonClass}>
          Preview questions
        </StatusButton>
        <StatusButton name="intent" value="save" pendingText={pendingText}>
          {submitLabel}
        </StatusButton>
      </div>
      <ErrorList errors={form.errors} />
    </Form>
  )
}

/**
 * A ZIP import's images, waiting to be stored with the quiz: carried through every post of the form (a hidden field,
 * so Add Question and Preview without JS keep them) and named, so staff know Save stores them.
 */
function StagedImages({ field }: { field: { name: string; initialValue?: unknown } }) {
  const value = typeof field.initialValue === 'string' ? field.initialValue : ''
  if (!value) return null
  let names: string[] = []
  try {
    const list: unknown = JSON.parse(value)
    if (Array.isArray(list)) names = list.map((i: { name?: unknown }) => String(i?.name ?? ''))
  } catch {
    names = []
  }
  return (
    <>
      <input type="hidden" name={field.name} value={value} />
      {names.length ? (
        <p className="mb-4 rounded bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">
          {names.length} imported image{names.length === 1 ? '' : 's'} ({names.join(', ')}) will be stored with the quiz
          when you save it.
        </p>
      ) : null}
    </>
  )
}
