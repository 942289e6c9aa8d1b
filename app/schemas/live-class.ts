import { z } from 'zod'
import { DURATION_MAX_MINUTES, isHttpsUrl } from '~/lib/live-classes'
import { parseIndiaLocal } from '~/lib/dates'
import { parsePlainDecimal } from '~/lib/pricing'

// The live-class forms on /admin/live-classes/{courseId}. `startsAt` is a `datetime-local` value typed in India
// time and leaves the schema as an ISO instant in UTC (app/lib/live-classes.ts). Links are https only: a join or
// recording link is opened by learners straight from the page, so nothing but a web address gets there.

const httpsUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000, `${label} is too long`)
    .refine(isHttpsUrl, `${label} must be an https:// address`)

export const LiveClassSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title is too long (at most 200 characters)'),
  startsAt: z
    .string({ error: 'Start is required' })
    .trim()
    .min(1, 'Start is required')
    .transform((v, ctx) => {
      const iso = parseIndiaLocal(v)
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: 'Start must be a date and time' })
        return z.NEVER
      }
      return iso
    }),
  durationMinutes: z.preprocess(
    (v) => (typeof v === 'string' ? parsePlainDecimal(v) : v === null ? undefined : v),
    z
      .number({ error: (i) => (i.input === undefined ? 'Duration is required' : 'Duration must be a number') })
      .int('Duration must be whole minutes')
      .min(1, 'Duration must be at least 1 minute')
      .max(DURATION_MAX_MINUTES, `Duration must be at most ${DURATION_MAX_MINUTES} minutes`),
  ),
  joinUrl: httpsUrl('Join link'),
  notes: z.string().trim().max(2000, 'Notes are too long (at most 2000 characters)').optional(),
  notify: z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean()),
})
export type LiveClassFields = z.infer<typeof LiveClassSchema>

export const RecordingSchema = z.object({ recordingUrl: httpsUrl('Recording link') })
