import { Form, Link } from 'react-router'
import { StatusButton } from '~/components/forms'
import { Markup } from '~/components/quiz/markup'
import { doubtAnchor } from '~/models/doubts/paths'
import type { DoubtCard, ThreadView } from './types'

// A thread of doubts as learners read it under a lecture or a question: their own pending ones first (marked
// 'Waiting for an answer'), then the answered ones, newest first, each with its answer and 'This helped me'. Every
// control is a link or a plain form post, so all of it works without JavaScript.

/** Where 'This helped me' posts, and how the post finds its way back (the player or a page of the doubts page). */
export type HelpTarget = { action: string; from: 'player' | 'page'; page: number }

const helpfulText = (n: number) => `${n.toLocaleString('en-IN')} found this helpful`

/**
 * An attached image in a fixed box (the box is drawn before the bytes arrive, so nothing below it moves), opening
 * at full size when followed.
 */
function DoubtImage({ src, alt }: { src: string; alt: string }) {
  return (
    <a href={src} className="mt-2 block w-fit max-w-full">
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        width={256}
        height={192}
        className="h-48 w-64 max-w-full rounded border border-slate-200 bg-slate-50 object-contain dark:border-slate-700 dark:bg-slate-800"
      />
    </a>
  )
}

function Helpful({ card, help }: { card: DoubtCard; help: HelpTarget | null }) {
  if (!card.answer) return null
  // Not on one's own doubt, and not for staff (help is null): the count alone.
  if (card.mine || !help || card.helpedByMe)
    return card.helpedByMe ? (
      <p className="mt-2 text-sm font-medium text-emerald-800 dark:text-emerald-300">
        You found this helpful{card.helped > 1 ? ` (${helpfulText(card.helped)})` : ''}
      </p>
    ) : card.helped > 0 ? (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{helpfulText(card.helped)}</p>
    ) : null
  return (
    <Form method="post" action={help.action} className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
      <input type="hidden" name="intent" value="helped" />
      <input type="hidden" name="from" value={help.from} />
      {help.page > 1 ? <input type="hidden" name="page" value={help.page} /> : null}
      {/* The button carries the doubt's id: only its own button shows 'Saving...'. */}
      <StatusButton
        name="doubtId"
        value={card.id}
        pendingText="Saving..."
        className="rounded border border-emerald-600 px-3 py-1 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 disabled:opacity-70 dark:text-emerald-300 dark:hover:bg-slate-800"
      >
        This helped me
      </StatusButton>
      {card.helped > 0 ? (
        <span className="text-sm text-slate-600 dark:text-slate-300">{helpfulText(card.helped)}</span>
      ) : null}
    </Form>
  )
}

/** One doubt: what was asked (or that the account is gone), its time in the video, its image, and the answer. */
export function DoubtArticle({
  card,
  help,
  seekHref,
}: {
  card: DoubtCard
  help: HelpTarget | null
  /** The lecture at this time (the player's ?t=), for 'at 12:34'. */
  seekHref?: (seconds: number) => string
}) {
  return (
    <li
      id={doubtAnchor(card.id)}
      className="rounded-lg border border-slate-200 p-3 break-words sm:p-4 dark:border-slate-700"
      data-testid="doubt"
    >
      <p className="mb-1 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-300">
        <span className="font-semibold">{card.mine ? 'Your doubt' : 'A learner asked'}</span>
        {card.clock && card.videoAt !== null ? (
          seekHref ? (
            <a href={seekHref(card.videoAt)} className="text-emerald-800 underline dark:text-emerald-300">
              at {card.clock}
            </a>
          ) : (
            <span>at {card.clock}</span>
          )
        ) : null}
        {card.pending ? (
          <span className="rounded bg-amber-100 px-1.5 font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            Waiting for an answer
          </span>
        ) : null}
      </p>
      {card.deleted || card.bodyHtml === null ? (
        <p className="text-sm text-slate-600 italic dark:text-slate-300">The learner&apos;s account was deleted.</p>
      ) : (
        <Markup html={card.bodyHtml} />
      )}
      {card.imageUrl ? <DoubtImage src={card.imageUrl} alt="The image attached to this doubt" /> : null}
      {card.answer ? (
        <div className="mt-3 rounded bg-emerald-50 p-3 dark:bg-emerald-950">
          <p className="mb-1 text-sm font-semibold">Answer</p>
          <Markup html={card.answer.bodyHtml} />
          {card.answer.imageUrl ? (
            <DoubtImage src={card.answer.imageUrl} alt="The image attached to the answer" />
          ) : null}
        </div>
      ) : null}
      <Helpful card={card} help={help} />
    </li>
  )
}

/** The learner's own doubts still waiting, then the answered ones (or a line saying there are none yet). */
export function DoubtThread({
  thread,
  help,
  seekHref,
}: {
  thread: ThreadView
  help: HelpTarget | null
  seekHref?: (seconds: number) => string
}) {
  return (
    <>
      {thread.pending.length > 0 ? (
        <>
          <h3 className="mt-4 mb-2 font-semibold">Your doubts waiting for an answer</h3>
          <ul className="space-y-3" data-testid="pending-doubts">
            {thread.pending.map((card) => (
              <DoubtArticle key={card.id} card={card} help={null} seekHref={seekHref} />
            ))}
          </ul>
        </>
      ) : null}
      {thread.answered.length > 0 ? (
        <ul className="mt-4 space-y-3" data-testid="answered-doubts">
          {thread.answered.map((card) => (
            <DoubtArticle key={card.id} card={card} help={help} seekHref={seekHref} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          {thread.page > 1 ? 'There are no more answered doubts.' : 'No answered doubts yet.'}
        </p>
      )}
    </>
  )
}

/** 'Previous' and 'Next' between pages of a thread or a list; nothing when there is one page. */
export function Pagination({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number
  pages: number
  hrefFor: (page: number) => string
  label: string
}) {
  if (pages <= 1 && page <= 1) return null
  const link = 'rounded border border-slate-300 px-3 py-1.5 text-sm font-semibold dark:border-slate-600'
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pages))} className={link} rel="prev">
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-slate-600 dark:text-slate-300">
        Page {page} of {Math.max(pages, page)}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  )
}
