import { Form } from 'react-router'
import { ErrorList, Field, inputClass, StatusButton } from '~/components/forms'
import { SelectField } from '~/components/admin/select-field'
import { DIFFICULTIES } from '~/schemas/admin-quiz'

/**
 * Generate with AI: its result fills the manual form; nothing is saved until Save. Its fields keep the
 * AI request's names but have labels and ids of their own ('AI draft title', #ai-title), so neither
 * they nor the manual form's 'Title' or 'Time Limit (minutes)' are ambiguous.
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
