import { z } from 'zod'
import { isId } from '~/lib/ids'
import { NotEnrolledError, setAccessUntil } from '~/models/enrolment/staff.server'
import { enrollmentJson } from '~/presenters/v1.server'
import { EnrollmentShape } from '~/presenters/v1-shapes'
import { AccessUntilBodySchema } from '~/schemas/access'
import { apiError, firstMessage, json, readJsonBody } from '~/utils/api.server'
import { endpoint, ok, type SignedInArgs } from '../endpoints.server'

// /api/v1/admin: an admin sets when a learner's access ends (the row of ../admin.server.ts's table), the twin of
// the 'Access until' form on /admin/premium-users/{courseId}.

const NOT_ENROLLED = new NotEnrolledError().message

const setEnd = async ({ request, user }: SignedInArgs) => {
  const parsed = AccessUntilBodySchema.safeParse(await readJsonBody(request))
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  const { userId, courseId, accessUntil } = parsed.data
  if (!isId(userId) || !isId(courseId)) return apiError(404, NOT_ENROLLED)
  try {
    const enrollment = await setAccessUntil({ actorId: user.id, userId, courseId, accessUntil })
    return json({ success: true, message: 'Access end saved', enrollment: enrollmentJson(enrollment) })
  } catch (error) {
    if (error instanceof NotEnrolledError) return apiError(404, error.message)
    throw error
  }
}

export const adminAccessEndpoints = [
  endpoint({
    method: 'POST',
    path: '/set-access-until',
    summary:
      "Sets when a learner's access to a course ends: an ISO date (access lasts through that day in India time), " +
      'an ISO timestamp, or null for good; a past end closes the course now',
    guard: 'admin',
    body: { json: AccessUntilBodySchema },
    success: { 200: ok({ message: z.string(), enrollment: EnrollmentShape }) },
    errors: {
      400: 'A missing or malformed field, named in the message (userId, courseId, accessUntil)',
      404: NOT_ENROLLED,
    },
    handler: setEnd,
  }),
]
