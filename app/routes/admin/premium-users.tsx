import { Link } from 'react-router'
import { CourseCard, PageTitle, secondaryButtonClass } from '~/components/admin/ui'
import { listCoursesWithCounts } from '~/models/catalogue/course.server'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/premium-users'

// Course cards with Students Enrolled, each leading to its enrolled users.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  return { courses: await listCoursesWithCounts() }
}

export const meta: Route.MetaFunction = () => [{ title: 'Premium Users | Admin' }]

export default function PremiumUsers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle>Premium Users</PageTitle>
      {loaderData.courses.length === 0 ? <p>No courses found</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.courses.map((c) => (
          <CourseCard key={c.id} image={c.courseImage} title={c.cardTitle} draft={!c.published}>
            <p className="text-sm">Students Enrolled: {c.studentCount}</p>
            <Link to={`/admin/premium-users/${c.id}`} className={`${secondaryButtonClass} mt-auto self-start`}>
              View Details
            </Link>
          </CourseCard>
        ))}
      </ul>
    </>
  )
}
