import { z } from 'zod'
import { ENROLMENT_NOTE_MAX } from '~/lib/enrolment'
import { EmailSchema } from './auth'

// Enrol a learner by hand (admin): the course users page's form and its API twin, POST /api/v1/admin/enrol. The
// e-mail is read as sign-in reads it (trimmed, lower-case), so any capitalisation finds the account. The note is
// required: a hand enrolment gives access nobody paid for through checkout, so staff always say why.

export const EnrolSchema = z.object({
  email: EmailSchema,
  note: z
    .string({ error: 'Note is required' })
    .trim()
    .min(1, 'Note is required')
    .max(ENROLMENT_NOTE_MAX, `Note is too long (at most ${ENROLMENT_NOTE_MAX} characters)`),
})
export type EnrolFields = z.infer<typeof EnrolSchema>

/** The API's body: the form's fields and the course, which the page takes from its URL. */
export const EnrolBodySchema = EnrolSchema.extend({
  courseId: z.string({ error: 'courseId is required' }).trim().min(1, 'courseId is required'),
})
