/** Marks a course that is not published (a draft): shown to staff only, who alone can see one. */
export function DraftBadge() {
  return (
    <span className="inline-block rounded bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-50">
      Draft
    </span>
  )
}
