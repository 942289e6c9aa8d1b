import { ENROLMENT_SOURCES } from '~/lib/enrolment'
import { isStaff } from '~/lib/roles'
import { sendMailQuietly } from '~/services/mail.server'
import { db } from '~/utils/db.server'
import { appOrigin } from '~/utils/origin.server'
import { recordAudit } from '../audit/audit.server'
import { normaliseEmail } from '~/lib/text'
import { grantCourse } from './grant.server'
import type { EnrollmentRow } from './staff.server'

/** Why a hand enrolment was refused: each says what to do instead. */
export const ENROL_REFUSALS = {
  'no-course': 'Course not found',
  'no-account': 'No account uses this e-mail. Ask the learner to sign up first.',
  staff: 'This e-mail belongs to a staff account. Staff open every course without being enrolled.',
  enrolled: 'This learner is already enrolled in this course.',
  revoked: 'This learner is already enrolled, but their access was revoked. Grant their access again instead.',
} as const
export type EnrolRefusal = keyof typeof ENROL_REFUSALS

export type HandEnrolment =
  | { ok: true; enrollment: EnrollmentRow; learner: { id: string; name: string; email: string }; courseTitle: string }
  | { ok: false; reason: EnrolRefusal; message: string }

/** Thrown inside the transaction to undo it when another request enrolled the learner first. */
class EnrolledMeanwhile extends Error {}

/**
 * An admin enrols a learner who has an account, by e-mail, with a note saying why (a cash payment at the office,
 * say): the enrolment is recorded with source 'manual' and the note, grants what buying the course grants
 * (`grantCourse`, no order is made), is audited in the same transaction and the learner is told by e-mail after it.
 * A draft course may be enrolled into (staff prepare a batch before publishing it). Refused, changing nothing:
 * an unknown e-mail; a staff account (staff open every course already, and would only inflate the learner
 * counts); a learner already enrolled; a learner whose access was revoked, who is given access again with the
 * access switch (`setCourseAccess`), so an enrolment's source (a purchase, say) and its grant/revoke history
 * stay as they were.
 */
export async function enrolByHand(input: {
  actorId: string
  email: string
  courseId: string
  note: string
  origin?: string
  now?: Date
}): Promise<HandEnrolment> {
  const refuse = (reason: EnrolRefusal) => ({ ok: false, reason, message: ENROL_REFUSALS[reason] }) as const
  const now = (input.now ?? new Date()).toISOString()
  let outcome
  try {
    outcome = await db.transaction().execute(async (trx) => {
      const course = await trx
        .selectFrom('courses')
        .select(['id', 'course_title', 'whatsapp_link'])
        .where('id', '=', input.courseId)
        .executeTakeFirst()
      if (!course) return refuse('no-course')
      const learner = await trx
        .selectFrom('users')
        .select(['id', 'name', 'email', 'role'])
        .where('email', '=', normaliseEmail(input.email))
        .executeTakeFirst()
      if (!learner) return refuse('no-account')
      if (isStaff(learner.role)) return refuse('staff')
      const existing = await trx
        .selectFrom('enrollments')
        .select('is_active')
        .where('user_id', '=', learner.id)
        .where('course_id', '=', course.id)
        .executeTakeFirst()
      if (existing) return refuse(existing.is_active === 1 ? 'enrolled' : 'revoked')
      const grant = await grantCourse(trx, {
        userId: learner.id,
        courseId: course.id,
        source: ENROLMENT_SOURCES.manual,
        note: input.note,
        now,
      })
      // A purchase or another admin enrolled them between the check above and the insert.
      if (!grant.inserted) throw new EnrolledMeanwhile()
      await recordAudit(
        {
          actorId: input.actorId,
          action: 'enrollment.manual',
          targetType: 'enrollment',
          targetId: grant.enrollmentId,
          details: {
            userId: learner.id,
            email: learner.email,
            courseId: course.id,
            note: input.note,
            quizAccess: grant.grantsQuizAccess,
          },
        },
        trx,
      )
      return { ok: true, grant, learner, course } as const
    })
  } catch (error) {
    if (error instanceof EnrolledMeanwhile) return refuse('enrolled')
    throw error
  }
  if (!outcome.ok) return outcome
  const { grant, learner, course } = outcome
  const origin = input.origin ?? appOrigin()
  const lines = [
    `Hello ${learner.name},`,
    '',
    `You have been enrolled in "${course.course_title}".`,
    `Start learning: ${origin}/my-courses/${course.id}`,
    course.whatsapp_link ? `Join the course WhatsApp group: ${course.whatsapp_link}` : null,
    grant.grantsQuizAccess ? `You now have access to the premium mock test series: ${origin}/quizzes` : null,
  ].filter((line) => line !== null)
  await sendMailQuietly({
    to: learner.email,
    subject: `You are enrolled: ${course.course_title}`,
    text: lines.join('\n') + '\n',
  })
  return {
    ok: true,
    enrollment: {
      id: grant.enrollmentId,
      courseId: course.id,
      userId: learner.id,
      isActive: true,
      source: ENROLMENT_SOURCES.manual,
      note: input.note,
      accessUntil: grant.accessUntil,
      createdAt: now,
      updatedAt: now,
    },
    learner: { id: learner.id, name: learner.name, email: learner.email },
    courseTitle: course.course_title,
  }
}
