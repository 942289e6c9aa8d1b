import { z } from 'zod'
import { isId } from '~/lib/ids'
import { enrolByHand, ENROL_REFUSALS, type EnrolRefusal } from '~/models/enrolment/hand-enrolment.server'
import { enrollmentJson } from '~/presenters/v1.server'
import { EnrollmentShape } from '~/presenters/v1-shapes'
import { EnrolBodySchema } from '~/schemas/enrolment'
import { apiError, firstMessage, json, readJsonBody } from '~/utils/api.server'
import { appOrigin } from '~/utils/origin.server'
import { endpoint, ok, type SignedInArgs } from '../endpoints.server'

// /api/v1/admin: an admin enrols a learner by hand (the row of ../admin.server.ts's table), the twin of the
// 'Enrol a learner' form on /admin/premium-users/{courseId}.

const REFUSAL_STATUS: Record<EnrolRefusal, 404 | 409> = {
  'no-course': 404,
  'no-account': 404,
  staff: 409,
  enrolled: 409,
  revoked: 409,
}

const enrol = async ({ request, user }: SignedInArgs) => {
  const parsed = EnrolBodySchema.safeParse(await readJsonBody(request))
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  const { email, courseId, note } = parsed.data
  if (!isId(courseId)) return apiError(404, ENROL_REFUSALS['no-course'])
  const outcome = await enrolByHand({ actorId: user.id, email, courseId, note, origin: appOrigin(request) })
  if (!outcome.ok) return apiError(REFUSAL_STATUS[outcome.reason], outcome.message)
  return json({
    success: true,
    message: `${outcome.learner.name} is enrolled in ${outcome.courseTitle}`,
    enrollment: enrollmentJson(outcome.enrollment),
  })
}

export const adminEnrolmentEndpoints = [
  endpoint({
    method: 'POST',
    path: '/enrol',
    summary:
      "Enrols a learner with an account by hand (source 'manual', with staff's note): what buying the course " +
      'grants, without an order; the learner is told by e-mail',
    guard: 'admin',
    body: { json: EnrolBodySchema },
    success: { 200: ok({ message: z.string(), enrollment: EnrollmentShape }) },
    errors: {
      400: 'A missing or malformed field, named in the message (Email, Note, courseId)',
      404: `"${ENROL_REFUSALS['no-account']}" or "${ENROL_REFUSALS['no-course']}"`,
      409: 'Already enrolled (active or revoked: grant-access restores a revoked enrolment), or a staff account',
    },
    handler: enrol,
  }),
]
