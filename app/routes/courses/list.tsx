import { CourseCard } from '~/components/course-card'
import { bscCard } from '~/content/bsc-card'
import { BRAND_NAME, BSC_TAG } from '~/lib/constants'
import { hasTag, listCourses, toCardJson } from '~/models/catalogue/course.server'
import type { Route } from './+types/list'

// /courses: every course whose tag is not 'b.sc hons.', plus the fixed B.Sc card at 1500/999.
export async function loader() {
  const courses = (await listCourses('public')).filter((c) => !hasTag(c, BSC_TAG)).map(toCardJson)
  return { courses }
}

export const meta: Route.MetaFunction = () => [
  { title: `Courses Offered | ${BRAND_NAME}` },
  {
    name: 'description',
    content: 'Live and recorded courses for IIT JAM, GATE, GAT-B, CUET PG and B.Sc Hons Microbiology.',
  },
]

export default function CoursesPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-center text-3xl font-bold">Courses Offered</h1>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.courses.map((c, i) => (
          <li key={c.linkAddress}>
            <CourseCard course={c} priority={i < 2} />
          </li>
        ))}
        <li>
          <CourseCard course={bscCard('coursesList')} href="/courses/bsc-hons-batch" />
        </li>
      </ul>
    </main>
  )
}
