import type { DoubtStatus } from '#db/schema'
import type { InboxDoubt } from '~/models/doubts/inbox.server'
import { Markup } from '~/components/quiz/markup'
import { formatIndiaDateTime } from '~/lib/dates'
import { doubtAnchor } from '~/models/doubts/paths'
import { DoubtAbout } from './doubts-about'
import { DoubtForms, type DoubtFormError } from './doubts-forms'

// One doubt of the staff inbox (/admin/doubts): who asked and when, its state, what it is about, the learner's
// words and image, the current answer, and the forms to answer, resolve and hide it. Stored HTML is sanitised
// already and goes through <Markup> only.

/** A doubt as the inbox model reads it (type-only: nothing of the server module reaches the browser). */
export type InboxDoubtView = InboxDoubt

const STATE: Record<DoubtStatus, { label: string; className: string }> = {
  open: { label: 'Unanswered', className: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100' },
  answered: {
    label: 'Answered',
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  },
  resolved: { label: 'Resolved', className: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100' },
}
const badge = 'rounded px-2 py-0.5 text-xs font-semibold'

export function InboxDoubtArticle({ doubt, error }: { doubt: InboxDoubtView; error: DoubtFormError | null }) {
  const headingId = `doubt-heading-${doubt.id}`
  return (
    <article
      id={doubtAnchor(doubt.id)}
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <header className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-base font-semibold break-words">
          {doubt.learner ? (
            <>
              {doubt.learner.name} <span className="font-normal break-all">({doubt.learner.email})</span>
            </>
          ) : (
            'Deleted account'
          )}
        </h2>
        <span className={`${badge} ${STATE[doubt.status].className}`}>{STATE[doubt.status].label}</span>
        {doubt.hidden ? (
          <span className={`${badge} bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100`}>Hidden</span>
        ) : null}
        <time dateTime={doubt.createdAt} className="text-sm text-slate-600 dark:text-slate-300">
          {formatIndiaDateTime(doubt.createdAt)}
        </time>
      </header>
      <DoubtAbout lecture={doubt.lecture} question={doubt.question} videoAt={doubt.videoAt} />
      <div className="mt-3">
        {doubt.bodyHtml ? (
          <Markup html={doubt.bodyHtml} className="break-words" />
        ) : (
          <p className="text-sm text-slate-600 italic dark:text-slate-300">
            The learner&apos;s words were removed with their account.
          </p>
        )}
        {doubt.imageUrl ? (
          <img src={doubt.imageUrl} alt="Attached to the doubt" loading="lazy" className="mt-2 max-h-96 max-w-full" />
        ) : null}
      </div>
      {doubt.answer ? (
        <div className="mt-3 rounded bg-emerald-50 p-3 dark:bg-emerald-950">
          <p className="text-sm font-medium">
            Answer, <time dateTime={doubt.answer.answeredAt}>{formatIndiaDateTime(doubt.answer.answeredAt)}</time>
          </p>
          <Markup html={doubt.answer.bodyHtml} className="break-words" />
          {doubt.answer.imageUrl ? (
            <img
              src={doubt.answer.imageUrl}
              alt="Attached to the answer"
              loading="lazy"
              className="mt-2 max-h-96 max-w-full"
            />
          ) : null}
        </div>
      ) : null}
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Helped {doubt.helped.toLocaleString('en-IN')} {doubt.helped === 1 ? 'learner' : 'learners'}
      </p>
      <DoubtForms
        doubtId={doubt.id}
        answerBody={doubt.answer?.body ?? ''}
        resolved={doubt.status === 'resolved'}
        hidden={doubt.hidden}
        error={error}
      />
    </article>
  )
}
