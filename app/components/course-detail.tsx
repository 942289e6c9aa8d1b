import { Link } from 'react-router'
import { brochures } from '~/content/brochures'
import type { SyllabusItem } from '~/content/syllabi'
import type { CourseJson } from '~/presenters/v1-shapes'
import { DraftBadge } from './draft-badge'
import { PurchasePanel, type Viewer } from './purchase-panel'

/** Syllabus accordion: native <details>, so it opens and closes without JavaScript. */
export function SyllabusAccordion({ items }: { items: SyllabusItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
      {items.map((item) => (
        <details key={item.subject} className="group p-4">
          <summary className="flex cursor-pointer list-none items-center justify-between font-semibold [&::-webkit-details-marker]:hidden">
            {item.subject}
            <span aria-hidden="true" className="transition group-open:rotate-45">
              +
            </span>
          </summary>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-sm text-slate-700 dark:text-slate-300">
            {item.topics.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  )
}

/** Course detail body shared by /courses/{id} and the semester page. */
export function CourseDetail({
  course,
  viewer,
  syllabus,
  back,
  draft = false,
}: {
  course: CourseJson
  viewer: Viewer
  syllabus: SyllabusItem[]
  back?: { to: string; label: string }
  /** An unpublished course, which only staff can open. */
  draft?: boolean
}) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      {back ? (
        <Link to={back.to} className="text-sm text-emerald-700 hover:underline dark:text-emerald-400">
          ← {back.label}
        </Link>
      ) : null}
      <div className="mt-2 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div>
          <h1 className="text-3xl font-bold">
            {course.courseTitle} {draft ? <DraftBadge /> : null}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{course.subTitle}</p>
          <p className="mt-4 leading-relaxed whitespace-pre-line">{course.courseDescription}</p>

          <h2 className="mt-8 mb-3 text-2xl font-bold">Syllabus</h2>
          <SyllabusAccordion items={syllabus} />

          <h2 className="mt-8 mb-3 text-2xl font-bold">Entrance exam brochures</h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {brochures.map((b) => (
              <li key={b.exam}>
                <a
                  href={b.href}
                  target="_blank"
                  rel="noreferrer"
                  className="flex items-center gap-3 rounded-lg border border-slate-200 p-3 hover:border-emerald-500 dark:border-slate-700"
                >
                  <span aria-hidden="true" className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">
                    PDF
                  </span>
                  {b.exam} brochure
                </a>
              </li>
            ))}
          </ul>
        </div>
        <PurchasePanel course={course} viewer={viewer} />
      </div>
    </main>
  )
}

export function NoCourseFound() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">No Course Found</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        The course you are looking for does not exist or has been removed.
      </p>
      <Link
        to="/courses"
        className="mt-6 inline-block rounded-lg bg-emerald-700 px-5 py-2 font-semibold text-white hover:bg-emerald-800"
      >
        View All Courses
      </Link>
    </main>
  )
}
