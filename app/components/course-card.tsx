import { Link } from 'react-router'
import { cardPercentOff, formatRupees, showStruckPrice } from '~/lib/pricing'
import type { CardCourse } from '~/lib/course-card'

/**
 * Course card; links to /courses/{linkAddress} unless `href` is given. `priority`: the card is in the first view
 * (the first two of a list, as a phone shows them), so its image is fetched at once with high priority (React then
 * preloads it from <head>) instead of lazily after layout: it is usually the page's largest paint.
 */
export function CourseCard({
  course,
  href,
  buttonText = 'View Details',
  priority = false,
}: {
  course: CardCourse
  href?: string
  buttonText?: string
  priority?: boolean
}) {
  const pct = cardPercentOff(course.actualPrice, course.discountedPrice)
  const live = course.mode.toLowerCase() === 'live'
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <img
        src={course.courseImage}
        alt=""
        width={320}
        height={180}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        className="aspect-video w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap gap-2 text-xs font-semibold">
          <span className="rounded bg-emerald-100 px-2 py-0.5 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
            {course.courseTag.toUpperCase()}
          </span>
          <span className="rounded bg-sky-100 px-2 py-0.5 text-sky-800 dark:bg-sky-900 dark:text-sky-100">
            {live ? 'LIVE BATCH' : course.mode.toUpperCase()}
          </span>
          <span className="rounded bg-slate-100 px-2 py-0.5 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {course.language.toUpperCase()}
          </span>
        </p>
        <h3 className="text-lg font-bold">{course.courseTitle}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{course.subTitle}</p>
        <p className="mt-auto flex flex-wrap items-baseline gap-2 pt-2">
          <span className="text-xl font-bold">{formatRupees(course.discountedPrice)}</span>
          {live ? <span className="text-sm text-slate-500 dark:text-slate-400">(monthly)</span> : null}
          {showStruckPrice(course.actualPrice, course.discountedPrice) ? (
            <s className="text-sm text-slate-500 dark:text-slate-400">{formatRupees(course.actualPrice)}</s>
          ) : null}
          {pct > 0 ? (
            <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-800 dark:bg-amber-900 dark:text-amber-100">
              {pct}% OFF
            </span>
          ) : null}
        </p>
        <Link
          to={href ?? `/courses/${course.linkAddress}`}
          className="mt-2 rounded-lg bg-emerald-700 px-4 py-2 text-center font-semibold text-white hover:bg-emerald-800"
          aria-label={`${buttonText}: ${course.courseTitle}`}
        >
          {buttonText}
        </Link>
      </div>
    </article>
  )
}
