import { Link } from 'react-router'
import { buttonClass, CourseCard, PageTitle } from '~/components/admin/ui'
import { listCoursesWithCounts } from '~/models/course.server'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/all-courses'

// The staff course list (View Course, Students Enrolled, View Details; Create Course for admin only).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'staff')
  return { isAdmin: user.role === 'admin', courses: await listCoursesWithCounts() }
}

export const meta: Route.MetaFunction = () => [{ title: 'All Courses | Admin' }]

export default function AllCourses({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle
        actions={
          loaderData.isAdmin ? (
            <Link to="/admin/create-course" className={buttonClass}>
              Create Course
            </Link>
          ) : null
        }
      >
        All Courses
      </PageTitle>
      {loaderData.courses.length === 0 ? <p>No courses found</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.courses.map((c) => (
          <CourseCard key={c.id} image={c.courseImage} title={c.courseTitle}>
            <p className="text-sm">Students Enrolled: {c.studentCount}</p>
            <div className="mt-auto flex flex-wrap gap-2">
              <Link to={`/my-courses/${c.id}`} className={buttonClass}>
                View Course
              </Link>
              <Link
                to={`/admin/premium-users/${c.id}`}
                className="inline-block rounded border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
              >
                View Details
              </Link>
            </div>
          </CourseCard>
        ))}
      </ul>
    </>
  )
}
