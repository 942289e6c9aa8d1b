import { z } from 'zod'
import { MOBILE_DIGITS } from '~/lib/constants'
import { optionalStateSchema } from './checkout'

// Name required; mobile number exactly 10 digits. Shared by /profile/edit and update-user-details.
const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} is too long`).optional()

export const ProfileSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
  mobileNumber: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${MOBILE_DIGITS}}$`), `Mobile number must be exactly ${MOBILE_DIGITS} digits`)
    .optional(),
  instituteName: optionalText(200, 'Institute name'),
  presentCourseOfStudy: optionalText(200, 'Present course of study'),
  // The place of supply on GST invoices when checkout names none.
  state: optionalStateSchema,
})

export type ProfileInput = z.infer<typeof ProfileSchema>

export { PHOTO_MISSING, PHOTO_TOO_BIG } from '~/lib/constants'
