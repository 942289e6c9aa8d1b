import { Children, cloneElement, isValidElement, type ReactNode } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { Dialog } from '~/components/dialog'
import { DraftBadge } from '~/components/draft-badge'
import { StatusButton } from '~/components/forms'

// Small shared parts of the admin pages. Everything works as plain links and forms (no JS needed).

export { useHydrated } from '~/hooks/use-hydrated'

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{children}</h1>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  )
}

export const buttonClass =
  'inline-block rounded bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 dark:bg-emerald-700 dark:hover:bg-emerald-700'
export const secondaryButtonClass =
  'inline-block rounded border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800'
export const dangerButtonClass =
  'inline-block rounded bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-70'

/** Builds a query string from the current params with some replaced (undefined/'' removes a key). */
export function withParams(search: string, changes: Record<string, string | number | undefined | null>) {
  const params = new URLSearchParams(search)
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === null || v === '') params.delete(k)
    else params.set(k, String(v))
  }
  const s = params.toString()
  return s ? `?${s}` : '?'
}

/** Prev / Next with the page number; shown only when there is more than one page (only past 8 rows). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { search } = useLocation()
  if (pageCount <= 1) return null
  const link = (to: number, label: string, disabled: boolean) =>
    disabled ? (
      <span
        aria-disabled="true"
        className="cursor-not-allowed rounded border border-slate-200 px-3 py-1 text-sm text-slate-400 dark:border-slate-700"
      >
        {label}
      </span>
    ) : (
      <Link
        to={withParams(search, { page: to })}
        className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        {label}
      </Link>
    )
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-center gap-3">
      {link(page - 1, 'Prev', page <= 1)}
      <span className="text-sm">
        Page {page} of {pageCount}
      </span>
      {link(page + 1, 'Next', page >= pageCount)}
    </nav>
  )
}

export function SearchBox({ q, placeholder = 'Search by name' }: { q: string; placeholder?: string }) {
  return (
    <Form method="get" role="search" className="mb-4 flex gap-2">
      <label htmlFor="admin-search" className="sr-only">
        {placeholder}
      </label>
      <input
        id="admin-search"
        type="search"
        name="q"
        defaultValue={q}
        placeholder={placeholder}
        className="w-full max-w-sm rounded border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-800"
      />
      <button type="submit" className={buttonClass}>
        Search
      </button>
    </Form>
  )
}

/**
 * The admin data table. Below the `sm` breakpoint it stacks: each row becomes a card and each cell a
 * line with its column heading as a visible label, so a phone at 320 px reads every value and reaches every action
 * without sideways scrolling. The heading comes from `head`: Table gives each row's cells a `data-label` in
 * column order (cells rendered as null, e.g. an optional column, are skipped like the heading), and CSS shows it
 * (`content: attr(data-label)`), so the text of a cell, and every selector on it, stays as it was.
 */
export function Table({
  head,
  children,
  empty,
  label = 'Table',
}: {
  head: string[]
  children: ReactNode
  empty?: ReactNode
  /** The scroll region's accessible name. */
  label?: string
}) {
  return (
    // Focusable so keyboard users can scroll a wide table on a wide screen (axe scrollable-region-focusable).
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      className="overflow-x-auto rounded border border-slate-200 max-sm:overflow-x-visible dark:border-slate-700"
    >
      <table className="min-w-full text-left text-sm max-sm:block">
        <thead className="bg-slate-100 max-sm:sr-only dark:bg-slate-800">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-sm:block dark:divide-slate-700">
          {empty ? (
            <tr className="max-sm:block">
              <td
                colSpan={head.length}
                className="px-3 py-6 text-center text-slate-500 max-sm:block dark:text-slate-400"
              >
                {empty}
              </td>
            </tr>
          ) : (
            labelCells(children, head)
          )}
        </tbody>
      </table>
    </div>
  )
}

/** Gives the cells of each `<tr>` the heading of their column as `label` (see Table). */
function labelCells(rows: ReactNode, head: string[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode; className?: string }>(row) || row.type !== 'tr') return row
    let column = 0
    const cells = Children.map(row.props.children, (cell) => {
      if (!isValidElement<{ label?: string }>(cell)) return cell
      const label = head[column++]
      return cell.props.label === undefined && label ? cloneElement(cell, { label }) : cell
    })
    return cloneElement(row, { className: `${row.props.className ?? ''} max-sm:block max-sm:py-2` }, cells)
  })
}

/** A table cell; below `sm` a labelled line of its row's card (the label comes from Table's `head`). */
export const Td = ({ children, className, label }: { children: ReactNode; className?: string; label?: string }) => (
  <td
    data-label={label}
    className={`px-3 py-2 align-middle max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:justify-between max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-1 max-sm:text-right max-sm:whitespace-normal max-sm:before:text-left max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-300 ${className ?? ''}`}
  >
    {children}
  </td>
)

/**
 * A confirmation dialog rendered by the server when the URL asks for it (?delete=id, ?confirm=id), so it works
 * without JS (a confirm step) and looks like a modal with JS.
 */
export function ConfirmDialog({ title, children, cancelTo }: { title: string; children: ReactNode; cancelTo: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4">
      <Dialog
        titleId="confirm-title"
        title={title}
        modal
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900"
      >
        {children}
        <div className="mt-4">
          <Link to={cancelTo} className={secondaryButtonClass} preventScrollReset>
            Cancel
          </Link>
        </div>
      </Dialog>
    </div>
  )
}

/** A list row's Delete link: the same list with `?delete=<id>`, which shows its DeleteDialog. */
export function DeleteLink({ id }: { id: string }) {
  const { search } = useLocation()
  return (
    <Link
      to={withParams(search, { delete: id })}
      preventScrollReset
      className="text-sm font-semibold text-red-600 hover:underline dark:text-red-400"
    >
      Delete
    </Link>
  )
}

/**
 * The confirmation step of a delete (coupon, quiz): a dialog reached by URL (`?delete=<id>`), so it works without
 * JS; Cancel goes back to the list without the parameter.
 */
export function DeleteDialog({
  title,
  field,
  value,
  children,
}: {
  title: string
  field: string
  value: string
  children: ReactNode
}) {
  const { search, pathname } = useLocation()
  return (
    <ConfirmDialog title={title} cancelTo={pathname + withParams(search, { delete: undefined })}>
      {children}
      <Form method="post" className="mt-4" preventScrollReset>
        <input type="hidden" name={field} value={value} />
        <StatusButton
          pendingText="Deleting..."
          className="rounded bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-70"
        >
          Delete
        </StatusButton>
      </Form>
    </ConfirmDialog>
  )
}

/** The Name/email cell of the admin user tables: avatar, name, e-mail. */
export function UserCell({ name, email, profileImage }: { name: string; email: string; profileImage: string | null }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Avatar src={profileImage} name={name} />
      {/* A long e-mail wraps anywhere rather than widening a phone's card. */}
      <div className="min-w-0 text-left">
        <p className="font-medium wrap-anywhere">{name}</p>
        <p className="text-xs wrap-anywhere text-slate-500 dark:text-slate-400">{email}</p>
      </div>
    </div>
  )
}

export function Avatar({ src, name }: { src: string | null; name: string }) {
  return src ? (
    <img src={src} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" loading="lazy" />
  ) : (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-emerald-100 text-xs font-bold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size))

/** The admin course picker: a card per course whose link selects it (`?course=<id>`), no JS needed. */
export function CoursePicker({
  courses,
  label,
}: {
  courses: Array<{ id: string; courseImage: string; courseTitle: string; published?: boolean }>
  label: string
}) {
  return (
    <>
      {courses.length === 0 ? <p>No courses found</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {courses.map((c) => (
          <CourseCard key={c.id} image={c.courseImage} title={c.courseTitle} draft={c.published === false}>
            <Link to={`?course=${c.id}`} preventScrollReset className={`${secondaryButtonClass} mt-auto self-start`}>
              {label}
            </Link>
          </CourseCard>
        ))}
      </ul>
    </>
  )
}

export function CourseCard({
  image,
  title,
  draft = false,
  children,
}: {
  image: string
  title: string
  /** An unpublished course: marked 'Draft'. */
  draft?: boolean
  children?: ReactNode
}) {
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <img src={image} alt="" className="aspect-video w-full object-cover" loading="lazy" width={320} height={180} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="font-semibold">
          {title} {draft ? <DraftBadge /> : null}
        </h2>
        {children}
      </div>
    </li>
  )
}
