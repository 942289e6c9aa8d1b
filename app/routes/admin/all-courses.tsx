import { Link, useLocation } from 'react-router'
import {
  buttonClass,
  ConfirmDialog,
  CourseCard,
  DeleteDialog,
  DeleteLink,
  PageTitle,
  secondaryButtonClass,
  withParams,
} from '~/components/admin/ui'
import { isId } from '~/lib/ids'
import { COURSE_IN_USE, deleteCourse, getCourseFootprint } from '~/models/catalogue/course-authoring.server'
import { listCoursesWithCounts } from '~/models/catalogue/course.server'
import { readForm } from '~/utils/body.server'
import { requireRole } from '~/auth/guard.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/all-courses'
import { deleteAsked, listAddress } from './delete-step.server'

// The staff course list (View Course, Students Enrolled, View Details, Content; Create Course, Edit and Delete for
// admins; drafts marked). Delete asks first (?delete=id: a dialog, also without JS) and is refused for a course
// that has orders or enrolments.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'staff')
  const isAdmin = user.role === 'admin'
  const deleteId = isAdmin ? deleteAsked(request) : null
  const footprint = deleteId ? await getCourseFootprint(deleteId) : undefined
  return {
    isAdmin,
    courses: await listCoursesWithCounts(),
    // The dialog says at once when the delete would be refused (the action checks again, in its transaction).
    toDelete: footprint
      ? { ...footprint, refusal: footprint.orders > 0 || footprint.enrolments > 0 ? COURSE_IN_USE : null }
      : null,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRole(request, 'admin')
  const form = await readForm(request)
  const courseId = form.get('courseId')
  const back = listAddress(request)
  if (typeof courseId !== 'string' || !isId(courseId)) throw await redirectWithError(back, 'Course not found')
  const outcome = await deleteCourse({ actorId: admin.id, courseId })
  if (outcome.kind === 'not-found') throw await redirectWithError(back, 'Course not found')
  if (outcome.kind === 'in-use') throw await redirectWithError(back, outcome.message)
  throw await redirectWithSuccess(back, 'Course deleted successfully')
}

export const meta: Route.MetaFunction = () => [{ title: 'All Courses | Admin' }]

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

export default function AllCourses({ loaderData }: Route.ComponentProps) {
  const { isAdmin, toDelete } = loaderData
  const { pathname, search } = useLocation()
  return (
    <>
      <PageTitle
        actions={
          isAdmin ? (
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
          <CourseCard key={c.id} image={c.courseImage} title={c.courseTitle} draft={!c.published}>
            <p className="text-sm">Students Enrolled: {c.studentCount}</p>
            <div className="mt-auto flex flex-wrap items-center gap-2">
              <Link to={`/my-courses/${c.id}`} className={buttonClass}>
                View Course
              </Link>
              <Link to={`/admin/premium-users/${c.id}`} className={secondaryButtonClass}>
                View Details
              </Link>
              <Link
                to={`/admin/course-content/${c.id}`}
                className={secondaryButtonClass}
                aria-label={`Content of ${c.courseTitle}`}
              >
                Content
              </Link>
              {isAdmin ? (
                <>
                  <Link
                    to={`/admin/edit-course/${c.id}`}
                    className={secondaryButtonClass}
                    aria-label={`Edit ${c.courseTitle}`}
                  >
                    Edit
                  </Link>
                  <DeleteLink id={c.id} />
                </>
              ) : null}
            </div>
          </CourseCard>
        ))}
      </ul>
      {toDelete?.refusal ? (
        <ConfirmDialog title="Delete Course" cancelTo={pathname + withParams(search, { delete: undefined })}>
          <p className="font-semibold">{toDelete.cardTitle}</p>
          <p className="mt-2">{toDelete.refusal}</p>
          <Link to={`/admin/edit-course/${toDelete.id}`} className={`${buttonClass} mt-4`}>
            Edit course
          </Link>
        </ConfirmDialog>
      ) : toDelete ? (
        <DeleteDialog title="Delete Course" field="courseId" value={toDelete.id}>
          <p>
            Delete the course {toDelete.cardTitle}? Its {plural(toDelete.sections, 'section')},{' '}
            {plural(toDelete.lectures, 'lecture')} (with their notes), {plural(toDelete.coupons, 'coupon')} and its
            image go too. This action cannot be undone.
          </p>
        </DeleteDialog>
      ) : null}
    </>
  )
}
