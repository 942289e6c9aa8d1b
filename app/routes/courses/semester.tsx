import { CourseDetail, NoCourseFound } from '~/components/course-detail'
import { semesterKey, semesterSyllabi } from '~/content/syllabi'
import { BRAND_NAME } from '~/lib/constants'
import { enrolIntent, loadCoursePage, notFound } from './course-page.server'
import type { Route } from './+types/semester'

// /courses/bsc-hons-batch/{id}: a semester course page. The id with dashes ('semester-iii') maps
// to the syllabus semester_iii; the course is the one whose linkAddress is the id.
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = semesterKey(params.id)
  const page = key ? await loadCoursePage(request, params.id) : null
  if (!key || !page) return notFound()
  return { page: { ...page, key } }
}

export async function action({ request, params }: Route.ActionArgs) {
  return enrolIntent(request, params.id)
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.page?.course.courseTitle ?? 'No Course Found'} | ${BRAND_NAME}` },
]

export default function SemesterPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  if (!page) return <NoCourseFound />
  return (
    <CourseDetail
      course={page.course}
      viewer={page.viewer}
      draft={page.draft}
      syllabus={semesterSyllabi[page.key]}
      back={{ to: '/courses/bsc-hons-batch', label: 'Semester batches' }}
    />
  )
}
