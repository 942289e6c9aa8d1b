import { CourseCard } from '~/components/course-card'
import { semesterKey } from '~/content/syllabi'
import { BRAND_NAME, BSC_TAG } from '~/lib/constants'
import { hasTag, listCourses, toCardJson } from '~/models/catalogue/course.server'
import type { Route } from './+types/bsc-hons-batch'

// /courses/bsc-hons-batch: the semester batches, i.e. courses tagged 'b.sc hons.'.
export async function loader() {
  const courses = (await listCourses('public')).filter((c) => hasTag(c, BSC_TAG)).map(toCardJson)
  return { courses }
}

export const meta: Route.MetaFunction = () => [{ title: `B.Sc Hons Microbiology Semester Batches | ${BRAND_NAME}` }]

export default function BscHonsBatchPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-center text-3xl font-bold">B.Sc Hons. Microbiology Semester Batches</h1>
      <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600 dark:text-slate-300">
        Live classes in Bengali for every semester, with notes and internal-exam practice.
      </p>
      {loaderData.courses.length === 0 ? (
        <p className="mt-8 text-center">No semester batches are open right now.</p>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.courses.map((c, i) => (
            <li key={c.linkAddress}>
              <CourseCard
                course={c}
                priority={i < 2}
                href={semesterKey(c.linkAddress) ? `/courses/bsc-hons-batch/${c.linkAddress}` : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
