import { z } from 'zod'
import { readAccessUntil } from '~/lib/access'

// An admin sets when a learner's access ends: the course users page's form (a date input; empty is for good) and
// its API twin, POST /api/v1/admin/set-access-until (an ISO date, a full ISO timestamp, or null for good). Both read
// the value through app/lib/access.ts `readAccessUntil`: a date lasts through that day in India time.

const ACCESS_UNTIL_MESSAGE = 'accessUntil must be a date (YYYY-MM-DD), an ISO timestamp, or empty for good'

/** Reads the end (ISO, UTC) or null for good; a value it cannot read is refused, naming the field. */
const toEnd = (value: string | null | undefined, ctx: z.RefinementCtx) => {
  const end = readAccessUntil(value)
  if (end === undefined) {
    ctx.addIssue({ code: 'custom', message: ACCESS_UNTIL_MESSAGE })
    return z.NEVER
  }
  return end
}

const userId = z.string({ error: 'userId is required' }).trim().min(1, 'userId is required')

/** The page's form: an empty date input arrives as no value, which is for good. */
export const AccessUntilSchema = z.object({
  userId,
  accessUntil: z.string({ error: ACCESS_UNTIL_MESSAGE }).optional().transform(toEnd),
})

/** The API's body: the course too (the page takes it from its URL), and `accessUntil` is required, null for good. */
export const AccessUntilBodySchema = z.object({
  userId,
  courseId: z.string({ error: 'courseId is required' }).trim().min(1, 'courseId is required'),
  accessUntil: z.string({ error: ACCESS_UNTIL_MESSAGE }).nullable().transform(toEnd),
})
