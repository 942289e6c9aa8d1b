import { lazy, Suspense } from 'react'
import { Link } from 'react-router'

// The offer's dialog (prices, Razorpay's widget) is loaded only when a page shows it: the quiz page is the test view
// far more often than a refusal, and its script stays as small as the test needs. Until it is loaded (and without
// JS) the button is the link to the offer's own page, as the dialog's component itself renders before hydration.
const UnlockPremiumButton = lazy(() =>
  import('~/components/unlock-premium').then((m) => ({ default: m.UnlockPremiumButton })),
)

// The message per case, shown in the 'Access Denied' card.
// White on amber-700 meets WCAG AA contrast (the component's default amber-500 does not).
const unlockClass = 'inline-block rounded bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800'

export const ACCESS_DENIED_MESSAGES = {
  401: 'Unauthorized. Please login to access this quiz.',
  403: 'You do not have access to this quiz.',
  404: 'Quiz not found.',
  other: 'Failed to load quiz. Please try again later.',
  network: 'Network error. Please check your connection.',
  unsuccessful: 'Something went wrong while loading the quiz.',
} as const

export function accessDeniedMessage(status: number): string {
  if (status === 401 || status === 403 || status === 404) return ACCESS_DENIED_MESSAGES[status]
  return ACCESS_DENIED_MESSAGES.other
}

export function AccessDenied({
  message,
  status,
  redirectTo,
}: {
  message: string
  status?: number
  redirectTo?: string
}) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-white p-6 text-center shadow-sm dark:border-red-900 dark:bg-slate-900"
      >
        <h1 className="mb-2 text-2xl font-bold text-red-600 dark:text-red-400">Access Denied</h1>
        <p className="mb-6 text-slate-700 dark:text-slate-200">{message}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {status === 401 ? (
            <Link
              to={`/login?${new URLSearchParams({ redirectTo: redirectTo ?? '/quizzes' })}`}
              className="rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
            >
              Login
            </Link>
          ) : null}
          {status === 403 ? (
            <Suspense
              fallback={
                <Link to="/quizzes/unlock" className={unlockClass}>
                  Unlock Premium Test
                </Link>
              }
            >
              <UnlockPremiumButton className={unlockClass} />
            </Suspense>
          ) : null}
          <Link
            to="/quizzes"
            className="rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Back to Quizzes
          </Link>
        </div>
      </div>
    </main>
  )
}
