import { Link } from 'react-router'
import { QuizzesLink } from '~/components/quiz-links'
import { BRAND_NAME } from '~/lib/constants'
import { getLeaderboard, type LeaderboardEntry } from '~/models/quiz/standing.server'
import { quizGate } from '~/models/quiz/access.server'
import { requireUser } from '~/auth/guard.server'
import { formatIndiaDateTime } from '~/lib/dates'
import { withholding } from '~/models/quiz/live-results.server'
import type { Route } from './+types/leaderboard'

// /quiz/leaderboard/{id}: podium of three, ranks from 4, the viewer's rank and percentile.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const gate = await quizGate(user, params.quizId)
  if (!gate.ok) return { board: null, denied: gate.reason === 'no-access', resultsAt: null }
  // A live mock's board stays on the server until its results are published (app/models/quiz/live-results.server.ts).
  const held = await withholding(gate.quiz, user)
  if (held.withheld)
    return {
      board: null,
      denied: false,
      resultsAt: held.delayed
        ? 'The All-India ranks are delayed: they will be published once staff have checked the paper.'
        : `The All-India ranks are published at ${formatIndiaDateTime(held.resultsAt)}.`,
    }
  return {
    board: await getLeaderboard({ quizId: gate.quiz.id, viewerId: user.id, limit: 100 }),
    denied: false,
    resultsAt: null,
  }
}

export const meta: Route.MetaFunction = () => [{ title: `Leaderboard | ${BRAND_NAME}` }]

function Avatar({ entry, size }: { entry: LeaderboardEntry; size: string }) {
  return (
    <img
      src={entry.user.profileImage || '/images/default-avatar.svg'}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      className={`${size} rounded-full border-2 border-white object-cover shadow dark:border-slate-800`}
    />
  )
}

const PODIUM = [
  { place: 2, height: 'h-20', colour: 'bg-slate-300 dark:bg-slate-600' },
  { place: 1, height: 'h-28', colour: 'bg-amber-400 dark:bg-amber-600' },
  { place: 3, height: 'h-14', colour: 'bg-orange-300 dark:bg-orange-700' },
]

export default function LeaderboardPage({ loaderData }: Route.ComponentProps) {
  const { board, denied, resultsAt } = loaderData
  if (!board) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="mb-6 text-lg" data-testid="results-at">
          {resultsAt ? resultsAt : denied ? 'You do not have access to this quiz.' : 'Leaderboard not found.'}
        </p>
        <QuizzesLink label="Back to Quizzes" />
      </main>
    )
  }
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">{board.quiz.title}</h1>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-300">
        Total Questions: {board.quiz.totalQuestions} · Total Marks: {board.quiz.totalMarks} · Participants:{' '}
        {board.participants}
      </p>
      {board.viewer ? (
        <p className="mb-6 rounded bg-emerald-50 p-3 text-sm dark:bg-emerald-950" data-testid="my-rank">
          Your rank: <strong>#{board.viewer.rank}</strong> of {board.participants} · Score {board.viewer.score} /{' '}
          {board.viewer.total} · Percentile <strong>{board.viewer.percentile?.text ?? '—'}</strong> ·{' '}
          <Link to={`/quiz/result/${board.quiz.id}`} className="font-semibold underline">
            View your result
          </Link>
        </p>
      ) : null}
      {board.participants === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No participants yet.</p>
      ) : (
        <>
          <ol className="mb-10 flex items-end justify-center gap-4" aria-label="Top three">
            {PODIUM.map(({ place, height, colour }) => {
              const e = board.topThree[place - 1]
              if (!e) return <li key={place} className="w-24" aria-hidden="true" />
              return (
                <li key={place} className="flex w-28 flex-col items-center text-center" data-testid="podium">
                  <Avatar entry={e} size={place === 1 ? 'h-16 w-16' : 'h-12 w-12'} />
                  <span className="mt-1 line-clamp-2 text-sm font-semibold">{e.user.name}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-300">{e.score}</span>
                  <div className={`mt-2 flex w-full items-start justify-center rounded-t ${height} ${colour}`}>
                    <span className="mt-1 text-lg font-bold">{place}</span>
                  </div>
                </li>
              )
            })}
          </ol>
          {board.participants > board.topThree.length + board.others.length ? (
            <p className="mb-2 text-xs text-slate-600 dark:text-slate-300">
              Showing the top {board.topThree.length + board.others.length} of {board.participants}.
            </p>
          ) : null}
          {board.others.length ? (
            <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {board.others.map((e) => (
                <li key={e.attemptId} className="flex items-center gap-3 p-3" data-testid="rank-row">
                  <span className="w-8 text-right font-semibold">{e.rank}</span>
                  <Avatar entry={e} size="h-8 w-8" />
                  <span className="flex-1">{e.user.name}</span>
                  <span className="font-semibold">{e.score}</span>
                </li>
              ))}
            </ol>
          ) : null}
        </>
      )}
      <div className="mt-8 text-center">
        <QuizzesLink label="Back to Quizzes" outline />
      </div>
    </main>
  )
}
