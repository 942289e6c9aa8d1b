import { Link } from 'react-router'
import { ENDS_SOON_DAYS } from '~/lib/access'
import type { LiveCourseAccess } from '~/models/insight/access-stats.server'

const cardClass = 'rounded-lg border border-slate-200 p-3 dark:border-slate-700'

/**
 * The dashboard's live batches: per live course, learners with access now, those ending within the week (a link to
 * the course's users filtered so) and renewals in the last 30 days. Label/value lists, so they read at 320 px.
 */
export function LiveAccess({ courses }: { courses: LiveCourseAccess[] }) {
  return (
    <section aria-labelledby="live-access-heading" className="mb-8">
      <h2 id="live-access-heading" className="text-lg font-semibold">
        Live batches
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Access now, access ending within {ENDS_SOON_DAYS} days, and renewals (a paid order from a learner who already
        had the course) in the last 30 days.
      </p>
      {courses.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No live courses</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {courses.map((c) => (
            <li key={c.courseId} className={cardClass} data-testid={`live-${c.courseId}`}>
              <p className="font-medium break-words">{c.title}</p>
              <dl className="mt-1 grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">With access</dt>
                  <dd className="tabular-nums" data-testid="with-access">
                    {c.withAccess}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">Ending in {ENDS_SOON_DAYS} days</dt>
                  <dd className="tabular-nums" data-testid="ending-soon">
                    <Link
                      to={`/admin/premium-users/${c.courseId}?ends=soon`}
                      className="text-emerald-700 underline dark:text-emerald-400"
                      aria-label={`${c.endingSoon} learners of ${c.title} whose access ends within ${ENDS_SOON_DAYS} days`}
                    >
                      {c.endingSoon}
                    </Link>
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500 dark:text-slate-400">Renewals, 30 days</dt>
                  <dd className="tabular-nums" data-testid="renewals">
                    {c.renewals}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
