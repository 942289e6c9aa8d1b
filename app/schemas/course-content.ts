import { z } from 'zod'
import { ID_PATTERN } from '~/lib/ids'
import { parsePlainDecimal } from '~/lib/pricing'
import { lectureSchema, sectionSchema } from './admin'

// Course content (staff): editing a section or a lecture on its page and through the API, and the list page's move
// and delete buttons. The field rules are Add Section's and Add Lecture's own, reused, not restated.

/** A checkbox ('on' from a form) or a flag of a JSON or multipart body; absent or empty is false. */
const flag = (field: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '' || v === false || v === 'false' || v === 'off') return false
      if (v === true || v === 'true' || v === 'on') return true
      return v
    },
    z.boolean({ error: `${field} must be true or false` }),
  )

/** The section edit page: its title (the Add Section form's field). */
export const sectionEditSchema = sectionSchema.pick({ sectionTitle: true })
export type SectionEditFields = z.infer<typeof sectionEditSchema>

/** The lecture edit page: the Add Lecture fields, plus the note file `noteURL` (checked by its bytes) and `removeNote`. */
export const lectureEditSchema = lectureSchema.omit({ sectionId: true }).extend({ removeNote: flag('Remove note') })
export type LectureEditFields = z.infer<typeof lectureEditSchema>

/** The API's 1-based place among the item's siblings (the upper bound is checked against the siblings). */
const position = z.preprocess(
  (v) => (typeof v === 'string' ? parsePlainDecimal(v) : v === null ? undefined : v),
  z
    .number({ error: 'Position must be a whole number' })
    .int('Position must be a whole number')
    .min(1, 'Position must be at least 1'),
)

/** PUT /api/v1/courses/sections/{sectionId}: `title` and/or a new `position`. */
export const sectionUpdateSchema = z.object({
  title: sectionSchema.shape.sectionTitle.optional(),
  position: position.optional(),
})

/** PUT /api/v1/courses/lectures/{lectureId}: any of the edit page's fields (JSON or multipart), and `position`. */
export const lectureUpdateSchema = z.object({
  title: lectureSchema.shape.title.optional(),
  videoURL: lectureSchema.shape.videoURL.optional(),
  // null clears it, like ''.
  noteTitle: z.preprocess((v) => (v === null ? '' : v), lectureSchema.shape.noteTitle),
  removeNote: flag('removeNote').optional(),
  position: position.optional(),
})

/**
 * The list page's buttons: move an item up or down, delete it (after its confirmation step), or queue a lecture's
 * failed video for another transcode ('retry-video', kind 'lecture').
 */
export const contentActionSchema = z.object({
  intent: z.enum(['move-up', 'move-down', 'delete', 'retry-video']),
  kind: z.enum(['section', 'lecture']),
  id: z.string().regex(ID_PATTERN),
})
