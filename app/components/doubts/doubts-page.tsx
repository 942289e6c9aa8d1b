import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DoubtForm } from './doubt-form'
import { DoubtThread, Pagination } from './doubt-list'
import { StaffDoubtsNote } from './lecture-doubts-section'
import type { DoubtFormSettings, DoubtReply, ThreadView } from './types'

// What a lecture's and a question's doubts pages share: the refusal page, and the thread with its pages and the
// form under what the doubts are about.

const backLink = 'text-sm font-semibold text-emerald-800 underline dark:text-emerald-300'

/** No access (or nothing there): the message and a way back, nothing of the thread. */
export function DoubtsRefusal({ message, back }: { message: string; back: { href: string; label: string } }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Doubts</h1>
      <p role="alert" className="mt-4 text-lg">
        {message}
      </p>
      <Link to={back.href} className={`mt-6 inline-block ${backLink}`}>
        {back.label}
      </Link>
    </main>
  )
}

export function DoubtsPage({
  title,
  back,
  about,
  path,
  thread,
  settings,
  reply,
  error,
  staff,
  seekHref,
}: {
  title: string
  back: { href: string; label: string }
  /** What the doubts are about (the question with its key), above the thread. */
  about?: ReactNode
  /** This page's address, without ?page=. */
  path: string
  thread: ThreadView
  settings: DoubtFormSettings
  reply: DoubtReply | null
  error: string | null
  staff: boolean
  seekHref?: (seconds: number) => string
}) {
  return (
    <main className="mx-auto max-w-3xl px-3 py-8 sm:px-4">
      <Link to={back.href} className={backLink}>
        {back.label}
      </Link>
      <h1 className="mt-3 text-2xl font-bold break-words">{title}</h1>
      {error ? (
        <p role="alert" className="mt-3 rounded bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      {about}
      <section id="doubts" aria-labelledby="doubts-heading" className="mt-6">
        <h2 id="doubts-heading" className="text-lg font-semibold">
          Answered doubts ({thread.answeredCount.toLocaleString('en-IN')})
        </h2>
        <DoubtThread
          thread={thread}
          help={staff ? null : { action: path, from: 'page', page: thread.page }}
          seekHref={seekHref}
        />
        <Pagination
          page={thread.page}
          pages={thread.pages}
          hrefFor={(p) => (p > 1 ? `${path}?page=${p}#doubts` : `${path}#doubts`)}
          label="Pages of answered doubts"
        />
      </section>
      {staff ? (
        <StaffDoubtsNote />
      ) : (
        <section aria-labelledby="ask-heading" className="mt-8">
          <h2 id="ask-heading" className="text-lg font-semibold">
            Ask a doubt
          </h2>
          <DoubtForm action={path} from="page" settings={settings} reply={reply} />
        </section>
      )}
    </main>
  )
}
