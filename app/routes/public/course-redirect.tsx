import { data, redirect } from 'react-router'
import { NotFoundPage } from '~/components/not-found-page'
import { BRAND_NAME } from '~/lib/constants'
import { getCourseByLinkAddress } from '~/models/catalogue/course.server'
import type { Route } from './+types/course-redirect'

// /{id}: the earlier course-detail path. 301 to /courses/{id} when a published course has that linkAddress,
// otherwise the 404 page with status 404.
export async function loader({ params }: Route.LoaderArgs) {
  const course = await getCourseByLinkAddress(params.id, 'public')
  if (course) throw redirect(`/courses/${encodeURIComponent(course.link_address)}`, 301)
  throw data(null, { status: 404 })
}

export function action() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: `Page not found | ${BRAND_NAME}` }]

export default function CourseRedirect() {
  return <NotFoundPage />
}

export function ErrorBoundary() {
  return <NotFoundPage />
}
