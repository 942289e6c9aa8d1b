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
import { SelectField } from '~/components/admin/select-field'
import { useHydrated } from '~/components/admin/ui'
import { ErrorList, Field, StatusButton, TextareaField } from '~/components/forms'
import { DIFFICULTIES } from '~/lib/bank/bank'
import type { QuestionType } from '~/lib/quiz/scoring'
import { QUESTION_TYPES } from '~/schemas/admin-quiz'
import { bankQuestionFormSchema } from '~/schemas/bank-question'

// One bank question's form, shared by /admin/questions/new and /admin/questions/{id}: the quiz editor's question
// fields without the `questions[i].` prefix (questionText, type, options[0-3], correctOption 1-4, correctOptions,
// answerMin, answerMax, explanation) and the tags (subject, topic, subtopic, exams, year, difficulty, source).
// A plain form post: without JS every key field shows (the server ignores those the type does not use), with JS
// only the type's. The server's answer keeps what was typed, each problem beside its field.

export type QuestionFormValues = {
  questionText: string
  type: QuestionType
  options: string[]
  correctOption: string
  correctOptions: string[]
  answerMin: string
  answerMax: string
  explanation: string
  subject: string
  topic: string
  subtopic: string
  exams: string[]
  year: string
  difficulty: string
  source: string
}

export const blankQuestion: QuestionFormValues = {
  questionText: '',
  type: 'mcq',
  options: ['', '', '', ''],
  correctOption: '',
  correctOptions: [],
  answerMin: '',
  answerMax: '',
  explanation: '',
  subject: '',
  topic: '',
  subtopic: '',
  exams: [],
  year: '',
  difficulty: 'medium',
  source: '',
}

const TYPE_LABELS = {
  mcq: 'MCQ: one correct option',
  msq: 'MSQ: one or more correct options',
  nat: 'NAT: a numerical answer',
} as const

/**
 * A bank page's answer, split: the images panel's refused upload (app/routes/admin/questions-images.server.ts), or
 * the question form's reply.
 */
export function bankPageResults(actionData: unknown) {
  const ad = actionData as { kind?: 'image'; result?: SubmissionResult<string[]> } | undefined
  return {
    questionResult: ad?.kind === 'image' ? undefined : ad?.result,
    imageResult: ad?.kind === 'image' ? ad.result : undefined,
  }
}

const asList = (v: unknown) => ([] as unknown[]).concat(v ?? []).map(String)

export function BankQuestionForm({
  exams,
  defaultValue,
  lastResult,
  submitLabel,
  pendingText,
}: {
  exams: string[]
  defaultValue: QuestionFormValues
  lastResult: SubmissionResult<string[]> | undefined
  submitLabel: string
  pendingText: string
}) {
  const hydrated = useHydrated()
  const [form, fields] = useForm({
    id: 'bank-question',
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bankQuestionFormSchema(exams) }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const options = fields.options.getFieldList()
  const type = (QUESTION_TYPES as readonly string[]).includes(String(fields.type.value))
    ? (fields.type.value as QuestionType)
    : 'mcq'
  const shows = (...types: QuestionType[]) => !hydrated || types.includes(type)
  const keyed = new Set(asList(fields.correctOptions.value ?? fields.correctOptions.initialValue))
  const tagged = new Set(asList(fields.exams.value ?? fields.exams.initialValue))
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-3xl">
      <section aria-labelledby="question-heading" className="mb-6">
        <h2 id="question-heading" className="mb-3 text-lg font-semibold">
          Question
        </h2>
        <TextareaField
          label="Question text"
          textareaProps={{ ...getTextareaProps(fields.questionText), rows: 3 }}
          errors={fields.questionText.errors}
        />
        <SelectField
          label="Question type"
          selectProps={getSelectProps(fields.type)}
          options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          errors={fields.type.errors}
        />
        <div className={shows('mcq', 'msq') ? 'grid gap-x-4 sm:grid-cols-2' : 'hidden'}>
          {[0, 1, 2, 3].map((j) => (
            <Field
              key={j}
              label={`Option ${j + 1}`}
              inputProps={{
                type: 'text',
                id: `${form.id}-option-${j}`,
                name: `${fields.options.name}[${j}]`,
                defaultValue: (fields.options.initialValue as string[] | undefined)?.[j] ?? '',
              }}
              errors={options[j]?.errors}
            />
          ))}
        </div>
        <ErrorList errors={fields.options.errors} />
        <div className={shows('mcq') ? undefined : 'hidden'}>
          <SelectField
            label="Correct option"
            selectProps={getSelectProps(fields.correctOption)}
            placeholder="Choose 1 to 4"
            options={[1, 2, 3, 4].map((n) => ({ value: String(n), label: `Option ${n}` }))}
            errors={fields.correctOption.errors}
          />
        </div>
        <fieldset className={shows('msq') ? 'mb-4' : 'hidden'}>
          <legend className="mb-1 text-sm font-medium">MSQ key: tick every right option</legend>
          <div className="flex flex-wrap gap-4">
            {[1, 2, 3, 4].map((n) => (
              <label key={n} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.correctOptions.name}
                  value={String(n)}
                  defaultChecked={keyed.has(String(n))}
                  aria-describedby={fields.correctOptions.errors ? fields.correctOptions.errorId : undefined}
                />
                Option {n} is right
              </label>
            ))}
          </div>
          <div id={fields.correctOptions.errorId}>
            <ErrorList errors={fields.correctOptions.errors} />
          </div>
        </fieldset>
        <div className={shows('nat') ? 'grid gap-x-4 sm:grid-cols-2' : 'hidden'}>
          <Field
            label="Lowest accepted answer"
            inputProps={{ ...getInputProps(fields.answerMin, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.answerMin.errors}
            hint="NAT key: the range is inclusive."
          />
          <Field
            label="Highest accepted answer"
            inputProps={{ ...getInputProps(fields.answerMax, { type: 'text' }), inputMode: 'decimal' }}
            errors={fields.answerMax.errors}
          />
        </div>
        <TextareaField
          label="Explanation (optional)"
          textareaProps={{ ...getTextareaProps(fields.explanation), rows: 3 }}
          errors={fields.explanation.errors}
        />
      </section>
      <section aria-labelledby="tags-heading" className="mb-6">
        <h2 id="tags-heading" className="mb-3 text-lg font-semibold">
          Tags
        </h2>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Field
            label="Subject"
            inputProps={getInputProps(fields.subject, { type: 'text' })}
            errors={fields.subject.errors}
          />
          <Field
            label="Topic"
            inputProps={getInputProps(fields.topic, { type: 'text' })}
            errors={fields.topic.errors}
          />
          <Field
            label="Subtopic (optional)"
            inputProps={getInputProps(fields.subtopic, { type: 'text' })}
            errors={fields.subtopic.errors}
          />
          <Field
            label="Year (optional)"
            inputProps={{ ...getInputProps(fields.year, { type: 'text' }), inputMode: 'numeric', maxLength: 4 }}
            errors={fields.year.errors}
            hint="The exam year of a previous-year question."
          />
          <SelectField
            label="Difficulty"
            selectProps={getSelectProps(fields.difficulty)}
            options={DIFFICULTIES.map((d) => ({ value: d, label: d.charAt(0).toUpperCase() + d.slice(1) }))}
            errors={fields.difficulty.errors}
          />
          <Field
            label="Source (optional)"
            inputProps={getInputProps(fields.source, { type: 'text' })}
            errors={fields.source.errors}
          />
        </div>
        <fieldset className="mb-4">
          <legend className="mb-1 text-sm font-medium">Exams</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {exams.map((name) => (
              <label key={name} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={fields.exams.name}
                  value={name}
                  defaultChecked={tagged.has(name)}
                  aria-describedby={fields.exams.errors ? fields.exams.errorId : undefined}
                />
                {name}
              </label>
            ))}
          </div>
          <div id={fields.exams.errorId}>
            <ErrorList errors={fields.exams.errors} />
          </div>
        </fieldset>
      </section>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="mt-4">
        <StatusButton pendingText={pendingText}>{submitLabel}</StatusButton>
      </div>
    </Form>
  )
}
