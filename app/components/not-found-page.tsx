import { Link } from 'react-router'

/** The 404 page, used by the `*` route and by /{id} when no course has that linkAddress. */
export function NotFoundPage() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-emerald-700 dark:text-emerald-400">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        The page you are looking for does not exist or has moved.
      </p>
      <p className="mt-6 flex justify-center gap-3">
        <Link to="/" className="rounded-lg bg-emerald-700 px-5 py-2 font-semibold text-white hover:bg-emerald-800">
          Go Home
        </Link>
        <Link
          to="/courses"
          className="rounded-lg border border-emerald-600 px-5 py-2 font-semibold text-emerald-700 dark:text-emerald-400"
        >
          View Courses
        </Link>
      </p>
    </main>
  )
}
