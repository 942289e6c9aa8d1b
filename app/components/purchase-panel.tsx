import { Link, useFetcher } from 'react-router'
import { featuresFor } from '~/content/purchase-features'
import { accessEndedNotice, formatAccessDate } from '~/lib/access'
import { cardPercentOff, formatRupees, showStruckPrice } from '~/lib/pricing'
import type { CourseJson } from '~/presenters/v1-shapes'

const button =
  'block w-full rounded-lg bg-emerald-700 px-4 py-3 text-center font-semibold text-white hover:bg-emerald-800'

/**
 * Purchase panel: price, struck actual price (hidden when equal), percent-off badge
 * (truncated, hidden when 0), '(monthly)' and LIVE BATCH for live courses, the button for this viewer and
 * the feature list.
 */
/**
 * Who is looking at a course page: what its purchase button offers them. A learner who can open the course
 * (`open`, with the end of their access, null for good, and whether they may renew it now) or whose access
 * period ended (`ended`).
 */
export type Viewer =
  'guest' | 'member' | { access: 'open'; until: string | null; renewable: boolean } | { access: 'ended'; until: string }

export function PurchasePanel({ course, viewer }: { course: CourseJson; viewer: Viewer }) {
  const fetcher = useFetcher()
  const live = course.mode.toLowerCase() === 'live'
  const pct = cardPercentOff(course.actualPrice, course.discountedPrice)
  const checkout = `/checkout/${course.linkAddress}`
  return (
    <aside
      aria-label="Purchase"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <img
        src={course.courseImage}
        alt=""
        width={320}
        height={180}
        className="mb-4 aspect-video w-full rounded-lg object-cover"
      />
      {live ? (
        <p className="mb-2 inline-block rounded bg-red-600 px-2 py-0.5 text-xs font-bold tracking-wide text-white">
          LIVE BATCH
        </p>
      ) : null}
      <p className="flex flex-wrap items-baseline gap-2">
        <span className="text-3xl font-bold" data-testid="price">
          {formatRupees(course.discountedPrice)}
        </span>
        {live ? <span className="text-slate-500 dark:text-slate-400">(monthly)</span> : null}
        {showStruckPrice(course.actualPrice, course.discountedPrice) ? (
          <s className="text-slate-500 dark:text-slate-400" data-testid="actual-price">
            {formatRupees(course.actualPrice)}
          </s>
        ) : null}
        {pct > 0 ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-bold text-amber-800 dark:bg-amber-900 dark:text-amber-100">
            {pct}% OFF
          </span>
        ) : null}
      </p>
      <div className="mt-4">
        {typeof viewer === 'object' && viewer.access === 'open' ? (
          <>
            <Link to={`/my-courses/${course._id}`} className={button}>
              Go to course
            </Link>
            {viewer.until ? (
              <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
                <span>Access until {formatAccessDate(viewer.until)}</span>
                {viewer.renewable ? (
                  <Link to={checkout} className="font-semibold text-emerald-700 underline dark:text-emerald-400">
                    Renew
                  </Link>
                ) : null}
              </p>
            ) : null}
          </>
        ) : typeof viewer === 'object' ? (
          <>
            <Link to={checkout} className={button}>
              Renew
            </Link>
            <p className="mt-2 text-sm">{accessEndedNotice(viewer.until)}</p>
          </>
        ) : viewer === 'member' ? (
          <Link to={checkout} className={button}>
            Enroll Now
          </Link>
        ) : (
          <fetcher.Form method="post" preventScrollReset>
            <button type="submit" className={button}>
              {fetcher.state === 'idle' ? 'Enroll Now' : 'Processing...'}
            </button>
          </fetcher.Form>
        )}
      </div>
      <h3 className="mt-5 font-semibold">This course includes</h3>
      <ul className="mt-2 space-y-1 text-sm">
        {featuresFor(course.mode).map((f) => (
          <li key={f} className="flex gap-2">
            <span aria-hidden="true" className="text-emerald-700 dark:text-emerald-400">
              ✓
            </span>
            {f}
          </li>
        ))}
      </ul>
    </aside>
  )
}
