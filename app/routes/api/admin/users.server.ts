import { z } from 'zod'
import { isId } from '~/lib/ids'
import { getCourseName, listCoursesWithCounts } from '~/models/catalogue/course.server'
import { listCourseUsers, NotEnrolledError, setCourseAccess } from '~/models/enrolment/staff.server'
import { getStats } from '~/models/insight/stats.server'
import { listUsersWithAttempts } from '~/models/accounts/user.server'
import { courseUserJson, courseWithCountJson, enrollmentJson, listedUserJson } from '~/presenters/v1.server'
import { CourseUserShape, CourseWithCountShape, EnrollmentShape, ListedUserShape } from '~/presenters/v1-shapes'
import { apiError, json, readJsonBody, str } from '~/utils/api.server'
import { endpoint, ok, type ApiArgs, type SignedInArgs } from '../endpoints.server'

// /api/v1/admin: the counts, the users and their course access (the rows of ../admin.server.ts's table).

async function changeAccess({ request, user }: SignedInArgs, active: boolean) {
  const body = await readJsonBody(request)
  const userId = str(body, 'userId')
  const courseId = str(body, 'courseId')
  if (!userId || !courseId) return apiError(400, 'userId and courseId are required')
  if (!isId(userId) || !isId(courseId)) return apiError(404, 'User is not enrolled in this course')
  try {
    const enrollment = await setCourseAccess({ actorId: user.id, userId, courseId, active })
    return json({
      success: true,
      message: active ? 'Access granted successfully' : 'Access revoked successfully',
      enrollment: enrollmentJson(enrollment),
    })
  } catch (error) {
    if (error instanceof NotEnrolledError) return apiError(404, error.message)
    throw error
  }
}

const getAllUsers = async ({ request }: ApiArgs) => {
  const raw = new URL(request.url).searchParams.get('limit')
  let limit: number | undefined
  if (raw !== null && raw !== '') {
    limit = Number(raw)
    if (!Number.isInteger(limit) || limit < 1) return apiError(400, 'limit must be a positive whole number')
    limit = Math.min(limit, 1000)
  }
  return json({
    success: true,
    message: 'Users fetched successfully',
    users: (await listUsersWithAttempts(limit)).map(listedUserJson),
  })
}

const getCourseUsers = async ({ params }: ApiArgs) => {
  const course = isId(params.id) ? await getCourseName(params.id) : undefined
  if (!course) return apiError(404, 'Course not found')
  const { total, users } = await listCourseUsers({ courseId: course.id })
  return json({
    success: true,
    courseId: course.id,
    totalUsers: total,
    users: users.map(courseUserJson),
    courseName: course.card_title,
  })
}

const AccessBody = z.object({ userId: z.string(), courseId: z.string() })
const AccessAnswer = ok({ message: z.string(), enrollment: EnrollmentShape })

/** grant-access and revoke-access: one body, one set of answers; `active` is what the enrolment becomes. */
const accessRow = (path: string, summary: string, active: boolean) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    guard: 'admin',
    body: { json: AccessBody },
    success: { 200: AccessAnswer },
    errors: { 400: 'userId and courseId are required', 404: 'User is not enrolled in this course' },
    handler: (args) => changeAccess(args, active),
  })

/** A dashboard count (one of getStats') as `{ success: true, <key>: n }`. */
const statsRow = (path: string, summary: string, key: string, stat: keyof Awaited<ReturnType<typeof getStats>>) =>
  endpoint({
    method: 'GET',
    path,
    summary,
    guard: 'staff',
    success: { 200: ok({ [key]: z.number().int() }) },
    errors: {},
    handler: async () => json({ success: true, [key]: (await getStats())[stat] }),
  })

export const adminUserEndpoints = [
  statsRow('/stats/users', 'Number of users', 'totalUsers', 'totalUsers'),
  statsRow('/stats/premium-users', 'Number of premium users', 'premiumUsers', 'premiumUsers'),
  statsRow('/stats/courses', 'Number of courses', 'count', 'totalCourses'),
  endpoint({
    method: 'GET',
    path: '/get-all-users',
    summary: 'Users, newest first (all, or the first ?limit=N, at most 1000)',
    guard: 'staff',
    query: z.object({ limit: z.string().regex(/^\d+$/).optional() }),
    success: { 200: ok({ message: z.string(), users: z.array(ListedUserShape) }) },
    errors: { 400: 'limit must be a positive whole number' },
    handler: getAllUsers,
  }),
  endpoint({
    method: 'GET',
    path: '/get-user-details/:id',
    summary: 'Learners enrolled in a course (the id is a course id)',
    guard: 'staff',
    success: {
      200: ok({
        courseId: z.string(),
        totalUsers: z.number().int(),
        users: z.array(CourseUserShape),
        courseName: z.string(),
      }),
    },
    errors: { 404: 'Course not found' },
    handler: getCourseUsers,
  }),
  accessRow('/grant-access', "Re-activates a learner's enrolment and tells them by e-mail", true),
  accessRow('/revoke-access', "Deactivates a learner's enrolment and tells them by e-mail", false),
  endpoint({
    method: 'GET',
    path: '/courses-with-user-counts',
    summary: 'Courses with their number of enrolments (active or not)',
    guard: 'staff',
    success: { 200: ok({ courses: z.array(CourseWithCountShape) }) },
    errors: {},
    handler: async () => json({ success: true, courses: (await listCoursesWithCounts()).map(courseWithCountJson) }),
  }),
]
