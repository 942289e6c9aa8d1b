import { VISIBILITY_MESSAGES } from '~/lib/quiz/visibility'
import { Form } from 'react-router'
import { Field, ErrorList, StatusButton } from '~/components/forms'
import { secondaryButtonClass } from '~/components/admin/ui'

// The live mock panel of the staff results page (./quiz-result.tsx): registrations, the window, 'Publish results'
// and 'Hold results', and the overrides form. Plain form posts: every control works with JavaScript off.

export type LivePanel = {
  opensAt: string
  closesAt: string
  latestClose: string
  closed: boolean
  registrations: number
  openAttempts: number
  publishedAt: string | null
  held: boolean
  correctionPending: boolean
  overrides: { id: string; name: string; email: string; extraMinutes: number; opensAt: string; closesAt: string }[]
}

export type LiveReply = {
  intent: string
  message?: string
  field?: string
  values?: Record<string, string>
}

export function LiveMockPanel({ live, reply }: { live: LivePanel; reply?: LiveReply }) {
  const override = reply?.intent === 'override' ? reply : undefined
  const errorOf = (field: string) => (override?.field === field && override.message ? [override.message] : undefined)
  const status = live.publishedAt
    ? `Published ${live.publishedAt}`
    : live.held
      ? 'Held: the results are not published until you publish them'
      : live.closed
        ? 'Publishing at the next sweep'
        : `Published after the last window closes (${live.latestClose})`
  return (
    <section aria-labelledby="live-heading" className="mb-6 rounded border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="live-heading" className="mb-2 text-lg font-semibold">
        All-India live mock
      </h2>
      <dl className="mb-3 grid grid-cols-1 gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Window: </dt>
          <dd className="inline">
            {live.opensAt} to {live.closesAt}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Registrations: </dt>
          <dd className="inline" data-testid="registrations">
            {live.registrations}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Attempts still open: </dt>
          <dd className="inline">{live.openAttempts}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Results: </dt>
          <dd className="inline" data-testid="results-status">
            {status}
          </dd>
        </div>
      </dl>
      {live.correctionPending ? (
        <p className="mb-2 text-sm font-medium" data-testid="correction-pending">
          A key was corrected after the attempts were scored: Publish results re-scores and re-ranks everyone first.
        </p>
      ) : null}
      {reply && reply.intent !== 'override' && reply.message ? (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
          {reply.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="publish" />
          <StatusButton>Publish results</StatusButton>
        </Form>
        {live.held && !live.publishedAt ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="hold" />
            <button type="submit" className={secondaryButtonClass}>
              Hold results
            </button>
          </Form>
        )}
      </div>

      <h3 className="mt-5 mb-2 font-semibold">Overrides</h3>
      {live.overrides.length ? (
        <ul className="mb-3 text-sm" data-testid="overrides">
          {live.overrides.map((o) => (
            <li key={o.id}>
              {o.name} ({o.email}): {o.opensAt} to {o.closesAt}
              {o.extraMinutes ? `, ${o.extraMinutes} extra minutes` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm">No overrides.</p>
      )}
      {live.publishedAt ? (
        // The server refuses an override after publication (app/lib/quiz/visibility.ts); the form would only fail.
        <p className="mb-3 text-sm" data-testid="overrides-closed">
          {VISIBILITY_MESSAGES.noOverrideAfterPublication}
        </p>
      ) : null}
      <Form method="post" className="max-w-md" hidden={Boolean(live.publishedAt) && !override}>
        <input type="hidden" name="intent" value="override" />
        <Field
          label="Learner (user id or e-mail)"
          inputProps={{ name: 'userId', defaultValue: override?.values?.userId ?? '', required: true }}
          errors={errorOf('userId')}
        />
        <Field
          label="Extra minutes"
          inputProps={{
            name: 'extraMinutes',
            type: 'number',
            min: 0,
            max: 1440,
            step: 1,
            defaultValue: override?.values?.extraMinutes ?? '0',
          }}
          errors={errorOf('extraMinutes')}
        />
        <Field
          label="Separate opening (India time, optional)"
          inputProps={{ name: 'opensAt', type: 'datetime-local', defaultValue: override?.values?.opensAt ?? '' }}
          errors={errorOf('opensAt')}
        />
        <Field
          label="Separate close (India time, optional)"
          inputProps={{ name: 'closesAt', type: 'datetime-local', defaultValue: override?.values?.closesAt ?? '' }}
          errors={errorOf('closesAt')}
        />
        <ErrorList errors={override && !override.field && override.message ? [override.message] : undefined} />
        <StatusButton>Save override</StatusButton>
      </Form>
    </section>
  )
}
