import { z } from 'zod'
import { COURSE_IN_USE, deleteCourse, updateCourse } from '~/models/catalogue/course-authoring.server'
import { staffCourseJson } from '~/presenters/v1.server'
import { StaffCourseShape } from '~/presenters/v1-shapes'
import { courseUpdateSchema } from '~/schemas/admin'
import { apiError, firstMessage, json, readJsonBody } from '~/utils/api.server'
import { COURSE_IMAGE_MAX_BYTES, fileOf, parseUpload, textFields, UploadError } from '~/utils/upload.server'
import { endpoint, ok, type SignedInArgs } from '../endpoints.server'

// /api/v1/courses/{courseId}: an admin edits or deletes a course (rows spread into the table of ../courses.server.ts).
// The id param matches well-formed ids only, so the resource's named paths are never read as a course.

const NOT_FOUND = 'Course not found'

/** The update's body: JSON, or multipart with an optional `courseImage` file; either way the same fields. */
async function readUpdate(request: Request) {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.toLowerCase().includes('multipart/form-data')) return { body: await readJsonBody(request), image: null }
  try {
    const form = await parseUpload(request, { maxFileSize: COURSE_IMAGE_MAX_BYTES })
    return { body: textFields(form) as Record<string, unknown>, image: fileOf(form, 'courseImage') }
  } catch (error) {
    if (error instanceof UploadError) throw apiError(error.status, error.message)
    throw error
  }
}

const updateHandler = async ({ request, params, user }: SignedInArgs) => {
  const { body, image } = await readUpdate(request)
  // Fields a client might expect to set but may not: said plainly rather than ignored.
  if ('linkAddress' in body)
    return apiError(400, 'linkAddress cannot be changed: links to the course would stop working')
  if ('courseImage' in body) return apiError(400, 'courseImage must be an image file sent as multipart/form-data')
  const parsed = courseUpdateSchema.safeParse(body)
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined))
  if (Object.keys(changes).length === 0 && !image) return apiError(400, 'Send at least one course field to change')
  try {
    const outcome = await updateCourse({ actorId: user.id, courseId: params.courseId, changes, image })
    if (outcome.kind === 'not-found') return apiError(404, NOT_FOUND)
    if (outcome.kind === 'invalid') return apiError(400, outcome.message)
    return json({ success: true, message: 'Course updated successfully', course: staffCourseJson(outcome.course) })
  } catch (error) {
    if (error instanceof UploadError) return apiError(error.status, error.message)
    throw error
  }
}

const deleteHandler = async ({ params, user }: SignedInArgs) => {
  const outcome = await deleteCourse({ actorId: user.id, courseId: params.courseId })
  if (outcome.kind === 'not-found') return apiError(404, NOT_FOUND)
  if (outcome.kind === 'in-use') return apiError(409, outcome.message)
  return json({ success: true, message: 'Course deleted successfully' })
}

const image = z.string().describe('PNG, JPEG or WebP, at most 5 MB; replaces the current image')

export const catalogueEndpoints = [
  endpoint({
    method: 'PUT',
    path: '/:courseId',
    idParams: ['courseId'],
    summary:
      'Edits a course (admin): any of its fields, `published` and `accessDays`; absent fields stay. The link address ' +
      'never changes; a price change applies to orders made from now on.',
    guard: 'admin',
    body: {
      json: courseUpdateSchema,
      multipart: courseUpdateSchema.and(z.object({ courseImage: image.optional() })),
    },
    success: { 200: ok({ message: z.string(), course: StaffCourseShape }) },
    errors: {
      400: 'a rule of the fields (the message names the field), linkAddress sent, or no field to change',
      404: NOT_FOUND,
      413: 'an image over 5 MB',
      415: 'neither JSON nor multipart',
    },
    handler: updateHandler,
  }),
  endpoint({
    method: 'DELETE',
    path: '/:courseId',
    idParams: ['courseId'],
    summary:
      'Deletes a course nobody has bought or been enrolled in (admin), with its sections, lectures, notes, coupons ' +
      'and image',
    guard: 'admin',
    success: { 200: ok({ message: z.string() }) },
    errors: { 404: NOT_FOUND, 409: COURSE_IN_USE },
    handler: deleteHandler,
  }),
]
