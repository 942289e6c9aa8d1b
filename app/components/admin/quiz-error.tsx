import { isRouteErrorResponse, Link } from 'react-router'
import { PageTitle, secondaryButtonClass } from './ui'

/**
 * A staff quiz page's error boundary: an unknown or malformed quiz id answers 404 with "Quiz not found" inside
 * the admin layout, not the site's generic 404 page; any other failure says what could not be loaded.
 */
export function QuizErrorPanel({ error, title, failed }: { error: unknown; title: string; failed: string }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-red-800 dark:bg-red-950 dark:text-red-100">
        {notFound ? 'Quiz not found' : failed}
      </p>
      <Link to="/admin/quizzes" className={secondaryButtonClass}>
        Back to Quizzes
      </Link>
    </>
  )
}
