import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import { ErrorList, inputClass } from '~/components/forms'
import { PRACTICE_COUNT_DEFAULT, PRACTICE_COUNT_MAX, PRACTICE_COUNT_MIN } from '~/lib/bank/practice'

// 'Build a practice test' on /practice: a plain form post (intent=build) that works without JavaScript. The topics
// are every topic in use, grouped by subject; what was chosen comes back with a refusal.

export type BuildChoices = {
  subjects: string[]
  topics: { subject: string; topic: string }[]
  exams: string[]
  years: number[]
}

const asList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [])
const asText = (v: unknown) => (typeof v === 'string' ? v : '')

function bySubject(topics: BuildChoices['topics']) {
  const groups = new Map<string, string[]>()
  for (const t of topics) groups.set(t.subject, [...(groups.get(t.subject) ?? []), t.topic])
  return [...groups]
}

function Select({
  name,
  label,
  any,
  options,
  defaultValue,
  errors,
}: {
  name: string
  label: string
  any: string
  options: { value: string; label: string }[]
  defaultValue: string
  errors?: string[]
}) {
  const id = `build-${name}`
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
      >
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  )
}

export function BuildPracticeForm({
  choices,
  lastResult,
  hint,
}: {
  choices: BuildChoices
  lastResult?: SubmissionResult<string[]> | null
  /** Why nothing matched, under the form's refusal. */
  hint?: string | null
}) {
  const [form, fields] = useForm({ id: 'build-practice', lastResult: lastResult ?? undefined })
  // Without a post yet, the form's defaults: 20 questions, not-seen-first on.
  const sent = Boolean(lastResult?.initialValue)
  const chosenTopics = new Set(asList(fields.topic.initialValue))
  const groups = bySubject(choices.topics)
  const countErrors = fields.count.errors
  return (
    <section
      aria-labelledby="build-heading"
      className="mt-6 rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-700"
    >
      <h2 id="build-heading" className="text-lg font-semibold">
        Build a practice test
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Questions from the question bank, by topic, exam and year. Never ranked; the keys and explanations show after
        you submit.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-4">
        <input type="hidden" name="intent" value="build" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            name="subject"
            label="Subject"
            any="Any subject"
            options={choices.subjects.map((s) => ({ value: s, label: s }))}
            defaultValue={asText(fields.subject.initialValue)}
            errors={fields.subject.errors}
          />
          <Select
            name="exam"
            label="Exam"
            any="Any exam"
            options={choices.exams.map((e) => ({ value: e, label: e }))}
            defaultValue={asText(fields.exam.initialValue)}
            errors={fields.exam.errors}
          />
          <Select
            name="year"
            label="Year"
            any="Any year"
            options={choices.years.map((y) => ({ value: String(y), label: String(y) }))}
            defaultValue={asText(fields.year.initialValue)}
            errors={fields.year.errors}
          />
          <Select
            name="difficulty"
            label="Difficulty"
            any="Any difficulty"
            options={['easy', 'medium', 'hard'].map((d) => ({ value: d, label: d[0].toUpperCase() + d.slice(1) }))}
            defaultValue={asText(fields.difficulty.initialValue)}
            errors={fields.difficulty.errors}
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Topics (none ticked: every topic)</legend>
          {groups.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">No topics in the bank yet.</p>
          ) : (
            <div className="mt-1 max-h-72 overflow-y-auto rounded border border-slate-200 p-2 dark:border-slate-700">
              {groups.map(([subject, topics]) => (
                <fieldset key={subject} className="mb-2 last:mb-0">
                  <legend className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
                    {subject || 'No subject'}
                  </legend>
                  <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                    {topics.map((topic) => (
                      <li key={topic}>
                        <label className="flex items-start gap-2 text-sm">
                          <input
                            type="checkbox"
                            name="topic"
                            value={topic}
                            defaultChecked={chosenTopics.has(topic)}
                            className="mt-1"
                          />
                          <span className="break-words">{topic}</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ))}
            </div>
          )}
          <ErrorList errors={fields.topic.errors} />
        </fieldset>
        <div>
          <label htmlFor="build-count" className="mb-1 block text-sm font-medium">
            Number of questions ({PRACTICE_COUNT_MIN} to {PRACTICE_COUNT_MAX})
          </label>
          <input
            id="build-count"
            name="count"
            type="number"
            inputMode="numeric"
            min={PRACTICE_COUNT_MIN}
            max={PRACTICE_COUNT_MAX}
            step={1}
            defaultValue={sent ? asText(fields.count.initialValue) : String(PRACTICE_COUNT_DEFAULT)}
            className={`${inputClass} max-w-32`}
            aria-invalid={countErrors?.length ? true : undefined}
            aria-describedby={countErrors?.length ? 'build-count-error' : undefined}
          />
          <ErrorList id="build-count-error" errors={countErrors} />
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="unseenFirst"
            defaultChecked={sent ? fields.unseenFirst.initialValue === 'on' : true}
            className="mt-1"
          />
          <span>Questions I have not seen first</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="timed"
            defaultChecked={sent && fields.timed.initialValue === 'on'}
            className="mt-1"
          />
          <span>Timed: a minute and a half a question (untimed otherwise)</span>
        </label>
        <div role="alert" aria-live="polite">
          <ErrorList errors={form.errors} />
          {hint ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{hint}</p> : null}
        </div>
        <div>
          <button
            type="submit"
            className="rounded bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
          >
            Start practice test
          </button>
        </div>
      </Form>
    </section>
  )
}
