import { Form, Link, useLocation } from 'react-router'
import { INBOX_STATUS_LABELS, INBOX_STATUSES, type InboxStatus } from '~/lib/doubts/rules'
import { buttonClass, withParams } from './ui'
import { inputClass } from '~/components/forms'

// The staff inbox's filters and pages (/admin/doubts): a GET form and plain links, so both work without JavaScript.

type Choice = { id: string; title: string }

export function DoubtFilters({
  courses,
  quizzes,
  filter,
}: {
  courses: Choice[]
  quizzes: Choice[]
  filter: { courseId: string; quizId: string; status: InboxStatus }
}) {
  const select = (name: string, label: string, value: string, options: Array<{ value: string; label: string }>) => (
    <div className="min-w-0 flex-1 sm:min-w-40">
      <label htmlFor={`doubts-${name}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={`doubts-${name}`} name={name} defaultValue={value} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <Form method="get" aria-label="Filter doubts" className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      {select('courseId', 'Course', filter.courseId, [
        { value: '', label: 'All courses' },
        ...courses.map((c) => ({ value: c.id, label: c.title })),
      ])}
      {select('quizId', 'Test', filter.quizId, [
        { value: '', label: 'All tests' },
        ...quizzes.map((q) => ({ value: q.id, label: q.title })),
      ])}
      {select(
        'status',
        'State',
        filter.status,
        INBOX_STATUSES.map((s) => ({ value: s, label: INBOX_STATUS_LABELS[s] })),
      )}
      <button type="submit" className={buttonClass}>
        Filter
      </button>
    </Form>
  )
}

/** Previous / 'Page 2 of 7' / Next, keeping the filters. */
export function DoubtPager({ page, pages, total }: { page: number; pages: number; total: number }) {
  const { search } = useLocation()
  const link = (to: number, label: string, rel: string, off: boolean) =>
    off ? (
      <span aria-disabled="true" className="rounded border border-slate-200 px-3 py-1 text-sm text-slate-500">
        {label}
      </span>
    ) : (
      <Link
        to={withParams(search, { page: to === 1 ? undefined : to })}
        rel={rel}
        className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        {label}
      </Link>
    )
  return (
    <nav aria-label="Pages of doubts" className="mt-4 flex flex-wrap items-center justify-center gap-3">
      {link(page - 1, 'Previous', 'prev', page <= 1)}
      <span className="text-sm">
        Page {page} of {pages} ({total.toLocaleString('en-IN')} {total === 1 ? 'doubt' : 'doubts'})
      </span>
      {link(page + 1, 'Next', 'next', page >= pages)}
    </nav>
  )
}
