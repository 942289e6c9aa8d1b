import { NoCourseFound, CourseDetail } from '~/components/course-detail'
import { syllabusFor } from '~/content/syllabi'
import { BRAND_NAME } from '~/lib/constants'
import { enrolIntent, loadCoursePage, notFound } from './course-page.server'
import type { Route } from './+types/detail'

// /courses/{linkAddress}: course detail. Missing course (or a draft, to all but staff): 'No Course Found', 404.
export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await loadCoursePage(request, params.id)
  if (!page) return notFound()
  return { page }
}

export async function action({ request, params }: Route.ActionArgs) {
  return enrolIntent(request, params.id)
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.page?.course.courseTitle ?? 'No Course Found'} | ${BRAND_NAME}` },
  { name: 'description', content: data?.page?.course.subTitle ?? '' },
]

export default function CourseDetailPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  if (!page) return <NoCourseFound />
  return (
    <CourseDetail
      course={page.course}
      viewer={page.viewer}
      draft={page.draft}
      syllabus={syllabusFor(page.course.linkAddress)}
      back={{ to: '/courses', label: 'All courses' }}
    />
  )
}
