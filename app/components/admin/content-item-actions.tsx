import { Form, useNavigation } from 'react-router'

// The buttons of one section or lecture on the course content page. Every one is a plain form, so all work without
// JS: Move up / Move down post to the page; Edit opens the item's edit page; Delete asks the page for its
// confirmation step (?delete=<id>). The visible text is exactly the button's word; the accessible name adds the
// item's title ('Move up: Enzyme kinetics'), since a page holds many buttons of each word.

const smallButton =
  'rounded border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-100 disabled:opacity-70 dark:border-slate-600 dark:hover:bg-slate-800'

/** Move up / Move down / Edit / Delete for one item; the first has no Move up, the last no Move down. */
export function ContentItemActions({
  kind,
  id,
  title,
  first,
  last,
  editTo,
}: {
  kind: 'section' | 'lecture'
  id: string
  title: string
  first: boolean
  last: boolean
  editTo: string
}) {
  const navigation = useNavigation()
  const pending = (intent: string) =>
    navigation.state === 'submitting' &&
    navigation.formData?.get('id') === id &&
    navigation.formData?.get('intent') === intent
  const move = (intent: 'move-up' | 'move-down', label: string) => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={`${label}: ${title}`}
        disabled={pending(intent)}
        className={smallButton}
      >
        {label}
      </button>
    </Form>
  )
  return (
    <div className="flex flex-wrap gap-2">
      {first ? null : move('move-up', 'Move up')}
      {last ? null : move('move-down', 'Move down')}
      <Form method="get" action={editTo}>
        <button type="submit" aria-label={`Edit: ${title}`} className={smallButton}>
          Edit
        </button>
      </Form>
      <Form method="get" preventScrollReset>
        <input type="hidden" name="delete" value={id} />
        <button
          type="submit"
          aria-label={`Delete: ${title}`}
          className={`${smallButton} text-red-700 dark:text-red-300`}
        >
          Delete
        </button>
      </Form>
    </div>
  )
}
