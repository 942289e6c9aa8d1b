import { Link } from 'react-router'
import { UnlockPremiumButton } from '~/components/unlock-premium'
import { mayOpen } from '~/lib/quiz/visibility'
import { opensPaidQuizzes } from '~/models/quiz/access.server'
import { listQuizzes } from '~/models/quiz/catalog.server'
import { getAttemptedQuizIds } from '~/models/accounts/user.server'
import { BRAND_NAME } from '~/lib/constants'
import { getUser } from '~/auth/session.server'
import { formatIndiaDateTime } from '~/lib/dates'
import { learnerWindow, windowPhase } from '~/lib/quiz/window'
import type { QuizRow } from '~/models/quiz/catalog.server'
import { resultsAtText } from './live-view.server'
import type { Route } from './+types/list'

// /quizzes: every quiz as a card whose action depends on the viewer.
// White on amber-700 meets WCAG AA contrast (the component's default amber-500 does not).
const unlockClass = 'inline-block rounded bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800'

/** A live mock's line on its card, from the paper's window (a learner's override shows on the quiz page). */
function liveLine(q: QuizRow, now: Date): { live: boolean; text: string } | null {
  const window = learnerWindow(q)
  if (!window) return null
  const phase = windowPhase(window, now)
  if (phase === 'before') return { live: false, text: `Live mock: opens ${formatIndiaDateTime(q.opens_at!)}` }
  if (phase === 'open') return { live: true, text: `Live now: closes ${formatIndiaDateTime(q.closes_at!)}` }
  if (q.results_published_at) return { live: false, text: 'Live mock: results published' }
  const at = resultsAtText(q)
  return { live: false, text: at ? `Live mock closed: results at ${at}` : 'Live mock closed: results to come' }
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request)
  const [quizzes, attempted, opensPaid] = await Promise.all([
    listQuizzes(),
    user ? getAttemptedQuizIds(user.id) : Promise.resolve([]),
    user ? opensPaidQuizzes(user) : Promise.resolve(false),
  ])
  const done = new Set(attempted)
  const now = new Date()
  // The quiz card's action: a premium quiz its viewer cannot open (signed in or not) offers the
  // 'Unlock Premium Test' flow, whose Enroll Now asks a signed-out visitor to log in; 'Login to attempt' is for
  // free quizzes only.
  const cardAction = (q: (typeof quizzes)[number]): 'attempt' | 'result' | 'unlock' | 'login' => {
    if (!mayOpen(q, { staff: false, opensPaid })) return 'unlock'
    if (!user) return 'login'
    return done.has(q.id) ? 'result' : 'attempt'
  }
  return {
    signedIn: Boolean(user),
    quizzes: quizzes.map((q) => ({
      id: q.id,
      title: q.title,
      description: q.description,
      premium: q.category === 'paid',
      questions: q.questionIds.length,
      timeLimit: q.time_limit,
      action: cardAction(q),
      live: liveLine(q, now),
    })),
  }
}

export const meta: Route.MetaFunction = () => [{ title: `Quizzes | ${BRAND_NAME}` }]

const button = 'inline-block rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800'

export default function QuizList({ loaderData }: Route.ComponentProps) {
  const { quizzes } = loaderData
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">Available Quizzes</h1>
      {quizzes.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No quizzes found.</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {quizzes.map((q) => (
            <li
              key={q.id}
              className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
              data-testid="quiz-card"
            >
              <div className="mb-2 flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold">{q.title}</h2>
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${q.premium ? 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-100' : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100'}`}
                >
                  {q.premium ? 'Premium' : 'Free'}
                </span>
              </div>
              {q.live ? (
                <p
                  className={`mb-2 text-sm font-semibold ${q.live.live ? 'text-red-700 dark:text-red-300' : 'text-emerald-800 dark:text-emerald-300'}`}
                  data-testid="live-line"
                >
                  {q.live.text}
                </p>
              ) : null}
              <p className="mb-3 flex-1 text-sm text-slate-600 dark:text-slate-300">{q.description}</p>
              <p className="mb-4 text-xs text-slate-600 dark:text-slate-300">
                {q.questions} questions · {q.timeLimit > 0 ? `${q.timeLimit} min` : 'No time limit'}
              </p>
              <div>
                {q.action === 'login' ? (
                  <Link to="/login?redirectTo=/quizzes" className={button}>
                    Login to attempt
                  </Link>
                ) : q.action === 'unlock' ? (
                  <UnlockPremiumButton className={unlockClass} />
                ) : q.action === 'result' ? (
                  <Link to={`/quiz/leaderboard/${q.id}`} className={button}>
                    Go to Result
                  </Link>
                ) : (
                  <Link to={`/quiz/${q.id}`} className={button}>
                    Attempt
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
