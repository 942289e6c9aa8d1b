import { requireRole } from '~/auth/guard.server'
import { DoubtFilters, DoubtPager } from '~/components/admin/doubts-filters'
import { InboxDoubtArticle } from '~/components/admin/doubts-item'
import { PageTitle } from '~/components/admin/ui'
import { inboxStatusOf, pageOf } from '~/lib/doubts/rules'
import { isId } from '~/lib/ids'
import { inboxFilterChoices, inboxPage } from '~/models/doubts/inbox.server'
import { doubtAction, type DoubtActionData } from './doubts-action.server'
import type { Route } from './+types/doubts'

// The staff inbox of doubts (admin or instructor; docs/decisions/034-doubts.md): every doubt, unanswered first,
// filtered by course, test and state through a GET form, 20 a page; each with what it is about (a question with its
// key) and the forms to answer, resolve and hide it (./doubts-action.server.ts). Works without JavaScript.

function filterOf(request: Request) {
  const query = new URL(request.url).searchParams
  const id = (name: string) => {
    const value = query.get(name) ?? ''
    return isId(value) ? value : ''
  }
  return {
    courseId: id('courseId'),
    quizId: id('quizId'),
    status: inboxStatusOf(query.get('status')),
    page: pageOf(query.get('page')),
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const filter = filterOf(request)
  const [inbox, choices] = await Promise.all([
    inboxPage({ ...filter, courseId: filter.courseId || null, quizId: filter.quizId || null }),
    inboxFilterChoices(),
  ])
  return { inbox, choices, filter }
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  return doubtAction(request, staff.id)
}

export const meta: Route.MetaFunction = () => [{ title: 'Doubts | Admin' }]

export default function Doubts({ loaderData, actionData }: Route.ComponentProps) {
  const { inbox, choices, filter } = loaderData
  const refused = (actionData ?? null) as DoubtActionData | null
  const shown = new Set(inbox.doubts.map((d) => d.id))
  return (
    <>
      <PageTitle>Doubts</PageTitle>
      {refused && !(refused.doubtId && shown.has(refused.doubtId)) ? (
        <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {refused.message}
        </p>
      ) : null}
      <DoubtFilters courses={choices.courses} quizzes={choices.quizzes} filter={filter} />
      {inbox.doubts.length === 0 ? (
        <p className="rounded border border-slate-200 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          No doubts match these filters.
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {inbox.doubts.map((d) => (
            <InboxDoubtArticle key={d.id} doubt={d} error={refused && refused.doubtId === d.id ? refused : null} />
          ))}
        </div>
      )}
      <DoubtPager page={inbox.page} pages={inbox.pages} total={inbox.total} />
    </>
  )
}
