import { Link } from 'react-router'
import { Pagination } from '~/components/doubts/doubt-list'
import { Markup } from '~/components/quiz/markup'
import { pageOf, videoClock } from '~/lib/doubts/rules'
import { myDoubts, type MyDoubt } from '~/models/doubts/learner.server'
import { doubtAnchor, lectureDoubtsPath, questionDoubtsPath } from '~/models/doubts/paths'
import { requireUser } from '~/auth/guard.server'
import type { Route } from './+types/doubts'

// /profile/doubts?page=N: the learner's own doubts, newest first, each with where it was asked (a link to that
// lecture's or question's doubts page, which checks access again), its state and the answer while the learner may
// read that thread now (decision 034; an answer behind access that has ended is left out, as on the thread pages).

const STATUS = { open: 'Waiting for an answer', answered: 'Answered', resolved: 'Resolved' } as const

function view(d: MyDoubt) {
  const where =
    d.where.kind === 'lecture'
      ? {
          label: `Lecture: ${d.where.title ?? 'a lecture'}`,
          href: d.where.courseId
            ? `${lectureDoubtsPath(d.where.courseId, d.where.lectureId)}#${doubtAnchor(d.id)}`
            : null,
        }
      : {
          label: `Test: ${d.where.title ?? 'a test'}`,
          href: `${questionDoubtsPath(d.where.quizId, d.where.questionId)}#${doubtAnchor(d.id)}`,
        }
  return {
    id: d.id,
    where,
    bodyHtml: d.bodyHtml,
    clock: d.videoAt === null ? null : videoClock(d.videoAt),
    status: d.hidden ? ('Hidden by staff' as const) : STATUS[d.status],
    answerHtml: d.answer?.bodyHtml ?? null,
    answerLocked: d.answerLocked ? (d.where.kind === 'lecture' ? 'course' : 'test') : null,
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const page = pageOf(new URL(request.url).searchParams.get('page'))
  const mine = await myDoubts(user, page)
  return { page, pages: mine.pages, total: mine.total, doubts: mine.doubts.map(view) }
}

export const meta: Route.MetaFunction = () => [{ title: 'My doubts | BioCoach' }]

const badge = {
  'Waiting for an answer': 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  Answered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  Resolved: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  'Hidden by staff': 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
} as const

export default function MyDoubts({ loaderData }: Route.ComponentProps) {
  const { doubts, page, pages, total } = loaderData
  return (
    <main className="mx-auto max-w-3xl px-3 py-8 sm:px-4">
      <Link to="/profile" className="text-sm font-semibold text-emerald-800 underline dark:text-emerald-300">
        Back to profile
      </Link>
      <h1 className="mt-3 text-2xl font-bold">My doubts</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {total === 0
          ? 'You have not asked any doubts yet. Ask one under a lecture, or from a question of a test you have submitted.'
          : `${total.toLocaleString('en-IN')} ${total === 1 ? 'doubt' : 'doubts'} asked.`}
      </p>
      <ul className="mt-4 space-y-4">
        {doubts.map((d) => (
          <li
            key={d.id}
            className="rounded-lg border border-slate-200 p-3 break-words sm:p-4 dark:border-slate-700"
            data-testid="my-doubt"
          >
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm">
              {d.where.href ? (
                <Link to={d.where.href} className="font-semibold text-emerald-800 underline dark:text-emerald-300">
                  {d.where.label}
                </Link>
              ) : (
                <span className="font-semibold">{d.where.label}</span>
              )}
              <span className={`rounded px-2 py-0.5 text-xs font-semibold ${badge[d.status]}`}>{d.status}</span>
            </div>
            {d.clock ? <p className="text-xs text-slate-600 dark:text-slate-300">at {d.clock}</p> : null}
            {d.bodyHtml ? <Markup html={d.bodyHtml} /> : null}
            {d.answerHtml ? (
              <div className="mt-3 rounded bg-emerald-50 p-3 dark:bg-emerald-950">
                <p className="mb-1 text-sm font-semibold">Answer</p>
                <Markup html={d.answerHtml} />
              </div>
            ) : d.answerLocked ? (
              <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="answer-locked">
                {`Answered. The answer shows here while you have access to this ${d.answerLocked}.`}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pages={pages}
        hrefFor={(p) => (p > 1 ? `/profile/doubts?page=${p}` : '/profile/doubts')}
        label="Pages of my doubts"
      />
    </main>
  )
}
