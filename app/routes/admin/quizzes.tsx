import { useState } from 'react'
import { Link } from 'react-router'
import { showToast } from '~/components/toaster'
import {
  buttonClass,
  DeleteDialog,
  DeleteLink,
  PageTitle,
  pageCount,
  Pagination,
  secondaryButtonClass,
  Table,
  Td,
  useHydrated,
} from '~/components/admin/ui'
import { ADMIN_PAGE_SIZE } from '~/lib/constants'
import { formatIndiaDateTime } from '~/lib/dates'
import { isId } from '~/lib/ids'
import { deleteQuiz, getQuizTitle, listQuizzes } from '~/models/quiz/editing.server'
import { readListParams } from '~/schemas/admin'
import { readForm } from '~/utils/body.server'
import { requireRole } from '~/auth/guard.server'
import { appOrigin } from '~/utils/origin.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/quizzes'
import { deleteAsked, listAddress } from './delete-step.server'

// All Quizzes: 8 a page via ?page= (paging only past 8 rows), delete after the 'Delete Quiz' dialog
// (?delete=id, also without JS), Share (share sheet, else clipboard; without JS the link is shown).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'staff')
  const { page } = readListParams(request)
  const all = await listQuizzes()
  const pages = pageCount(all.length, ADMIN_PAGE_SIZE)
  const current = Math.min(page, pages)
  const deleteId = deleteAsked(request)
  const toDelete = deleteId ? ((await getQuizTitle(deleteId)) ?? null) : null
  return {
    origin: appOrigin(request),
    isAdmin: user.role === 'admin',
    page: current,
    pages,
    quizzes: all.slice((current - 1) * ADMIN_PAGE_SIZE, current * ADMIN_PAGE_SIZE),
    toDelete,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const form = await readForm(request)
  const quizId = form.get('quizId')
  const back = listAddress(request)
  const deleted = typeof quizId === 'string' && isId(quizId) ? await deleteQuiz({ actorId: staff.id, quizId }) : null
  if (!deleted) throw await redirectWithError(back, 'Failed to delete quiz')
  throw await redirectWithSuccess(back, 'Quiz deleted successfully')
}

export const meta: Route.MetaFunction = () => [{ title: 'Quizzes | Admin' }]

const actionLinkClass = 'text-sm font-semibold text-emerald-700 hover:underline dark:text-emerald-400'

function ShareButton({ quizId, title, origin }: { quizId: string; title: string; origin: string }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const path = `/quiz/${quizId}`
  if (!hydrated) {
    return (
      <a href={path} className="text-xs break-all text-emerald-700 underline dark:text-emerald-400">
        Share: {origin}
        {path}
      </a>
    )
  }
  async function share() {
    const url = new URL(path, window.location.origin).toString()
    if (navigator.share) {
      try {
        await navigator.share({ title, url })
        return
      } catch (error) {
        if ((error as Error).name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
      showToast({ type: 'success', message: 'Link copied to clipboard!' })
    } catch {
      showToast({ type: 'error', message: 'Failed to copy link' })
    }
  }
  return (
    <button type="button" onClick={share} className={actionLinkClass}>
      {copied ? 'Copied' : 'Share'}
    </button>
  )
}

/** A live mock's window in India time, its registrations and whether its ranks are published (staff only). */
function LiveMockNote({ quiz }: { quiz: Route.ComponentProps['loaderData']['quizzes'][number] }) {
  if (!quiz.window) return null
  const registered = quiz.registrations === 1 ? '1 registered' : `${quiz.registrations} registered`
  const results = quiz.resultsPublishedAt ? 'Results published' : 'Results not published'
  return (
    <p className="mt-1 text-xs text-slate-700 dark:text-slate-300" data-testid="live-mock-note">
      {`Live mock: opens ${formatIndiaDateTime(quiz.window.opensAt)}, closes ${formatIndiaDateTime(quiz.window.closesAt)}. `}
      {`${registered}. ${results}.`}
    </p>
  )
}

export default function Quizzes({ loaderData }: Route.ComponentProps) {
  const { toDelete } = loaderData
  return (
    <>
      <PageTitle
        actions={
          <>
            <Link to="/admin/create-quiz" className={buttonClass}>
              Create Quiz
            </Link>
            {loaderData.isAdmin ? (
              <Link to="/admin/reset-quiz-price" className={secondaryButtonClass}>
                Reset Quiz Price
              </Link>
            ) : null}
          </>
        }
      >
        All Quizzes
      </PageTitle>
      <Table
        head={['Title', 'Category', 'No. of Questions', 'Time (mins)', 'Attempted By', 'Actions']}
        empty={loaderData.quizzes.length === 0 ? 'No quizzes found' : undefined}
      >
        {loaderData.quizzes.map((q) => (
          <tr key={q.id}>
            <Td>
              <span className="font-medium">{q.title}</span>
              {q.window ? <LiveMockNote quiz={q} /> : null}
            </Td>
            <Td>{q.category === 'paid' ? 'Paid' : 'Free'}</Td>
            <Td>{q.noOfQuestions}</Td>
            <Td>{q.time}</Td>
            <Td>{q.attemptedBy}</Td>
            <Td>
              <div className="flex flex-wrap items-center gap-3">
                {[
                  ['Edit', `/admin/edit-quiz/${q.id}`],
                  ['Add from bank', `/admin/quiz-from-bank/${q.id}`],
                  ['View Results', `/admin/quiz-result/${q.id}`],
                  ['Statistics', `/admin/quiz-stats/${q.id}`],
                ].map(([label, to]) => (
                  <Link key={label} to={to} className={actionLinkClass}>
                    {label}
                  </Link>
                ))}
                <DeleteLink id={q.id} />
                <ShareButton quizId={q.id} title={q.title} origin={loaderData.origin} />
              </div>
            </Td>
          </tr>
        ))}
      </Table>
      <Pagination page={loaderData.page} pageCount={loaderData.pages} />
      {toDelete ? (
        <DeleteDialog title="Delete Quiz" field="quizId" value={toDelete.id}>
          <p className="font-semibold">{toDelete.title}</p>
          <p className="mt-1 text-sm">This action cannot be undone.</p>
        </DeleteDialog>
      ) : null}
    </>
  )
}
