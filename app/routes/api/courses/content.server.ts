import { z } from 'zod'
import { isId } from '~/lib/ids'
import { PositionError } from '~/models/catalogue/content-order.server'
import { deleteLecture, updateLecture } from '~/models/catalogue/lecture-edits.server'
import { deleteSection, updateSection } from '~/models/catalogue/section-edits.server'
import { NotFoundError } from '~/models/catalogue/section.server'
import { lectureJson, sectionJson } from '~/presenters/v1.server'
import { LectureShape, SectionShape } from '~/presenters/v1-shapes'
import { lectureUpdateSchema, sectionUpdateSchema } from '~/schemas/course-content'
import { apiError, json, readJsonBody } from '~/utils/api.server'
import { readLectureForm, releaseRefused, withLectureVideo, type ReceivedVideo } from '~/models/video/upload.server'
import { textFields, UploadError } from '~/utils/upload.server'
import { endpoint, ok, type Endpoint } from '../endpoints.server'

// Staff edit, move and delete a course's sections and lectures (the content page's API twin, in the courses
// table). `position` is 1-based on the wire and moves the item to that place among its siblings (a lecture within
// its section). Every refusal names the field it is about: "title: Lecture title is required".

/** The first issue as "<field>: <message>". */
const fieldMessage = (issues: Array<{ path: PropertyKey[]; message: string }>) => {
  const issue = issues[0]
  return issue ? `${String(issue.path[0] ?? 'body')}: ${issue.message}` : 'Invalid request'
}

/** The model's refusals as answers; anything else is rethrown (a 500). */
function refusal(error: unknown, notFound: string): Response {
  if (error instanceof NotFoundError) return apiError(404, notFound)
  if (error instanceof PositionError) return apiError(400, `position: ${error.message}`)
  if (error instanceof UploadError) return apiError(error.status, `noteURL: ${error.message}`)
  throw error
}

/** 0-based for the model. */
const place = (position: number | undefined) => (position === undefined ? undefined : position - 1)

/**
 * A lecture update's body: multipart (with the note file `noteURL` and the video `videoFile` or `videoUpload`:
 * app/models/video/upload.server.ts) or JSON (no file), its fields, note and video, or the answer refusing it (413
 * over a limit, 400 a `noteURL` that is not a file or a refused video, named `videoFile: ...`).
 */
async function lectureBody(
  request: Request,
  userId: string,
): Promise<
  { fields: Record<string, unknown>; note: File | null; video: ReceivedVideo | null } | { refused: Response }
> {
  const type = request.headers.get('Content-Type') ?? ''
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const read = await readLectureForm(request, userId)
    if (!read.ok)
      return {
        refused: apiError(read.status, read.field === 'videoFile' ? `videoFile: ${read.message}` : read.message),
      }
    const noteText = read.form.get('noteURL')
    if (typeof noteText === 'string' && noteText !== '') {
      await releaseRefused(read.video)
      return { refused: apiError(400, 'noteURL: must be a file (.pdf, .docx or .pptx)') }
    }
    return { fields: textFields(read.form), note: read.note, video: read.video }
  }
  const body = await readJsonBody(request)
  if (body.noteURL !== undefined && body.noteURL !== null && body.noteURL !== '')
    return { refused: apiError(400, 'noteURL: send the note file as multipart/form-data') }
  return { fields: body, note: null, video: null }
}

const noteFile = z.string().describe('optional .pdf, .docx or .pptx, at most 20 MB (multipart only)')
const videoFile = z
  .string()
  .describe(
    "optional MP4, MOV, MKV or WebM, at most VIDEO_MAX_MB (2 GB) and 6 hours (multipart only): replaces the lecture's own video",
  )

export const contentEndpoints: Endpoint[] = [
  endpoint({
    method: 'PUT',
    path: '/sections/:sectionId',
    summary: "Renames a section and/or moves it to a 1-based position among its course's sections",
    guard: 'staff',
    body: { json: sectionUpdateSchema },
    success: { 200: ok({ message: z.string(), section: SectionShape }) },
    errors: { 400: '"<field>: <message>": a bad title or a position outside 1..n', 404: 'Section not found' },
    handler: async ({ request, params, user }) => {
      if (!isId(params.sectionId)) return apiError(404, 'Section not found')
      const parsed = sectionUpdateSchema.safeParse(await readJsonBody(request))
      if (!parsed.success) return apiError(400, fieldMessage(parsed.error.issues))
      const { title, position } = parsed.data
      if (title === undefined && position === undefined) return apiError(400, 'title: Section title is required')
      try {
        const { section, changed } = await updateSection({
          actorId: user.id,
          sectionId: params.sectionId,
          title,
          position: place(position),
        })
        const message = changed ? 'Section updated successfully' : 'Nothing changed'
        return json({ success: true, message, section: sectionJson(section) })
      } catch (error) {
        return refusal(error, 'Section not found')
      }
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/sections/:sectionId',
    summary: 'Deletes a section with its lectures (and their stored notes)',
    guard: 'staff',
    success: { 200: ok({ message: z.string(), section: SectionShape.describe('the deleted section') }) },
    errors: { 404: 'Section not found' },
    handler: async ({ params, user }) => {
      if (!isId(params.sectionId)) return apiError(404, 'Section not found')
      try {
        const { section, lectureCount } = await deleteSection({ actorId: user.id, sectionId: params.sectionId })
        const message = `Section deleted with its ${lectureCount} ${lectureCount === 1 ? 'lecture' : 'lectures'}`
        return json({ success: true, message, section: sectionJson(section) })
      } catch (error) {
        return refusal(error, 'Section not found')
      }
    },
  }),
  endpoint({
    method: 'PUT',
    path: '/lectures/:lectureId',
    summary:
      'Edits a lecture (any fields; JSON, or multipart with a new note file) and/or moves it to a 1-based position in its section',
    guard: 'staff',
    body: {
      json: lectureUpdateSchema,
      multipart: lectureUpdateSchema.extend({
        noteURL: noteFile.optional(),
        videoFile: videoFile.optional(),
        videoUpload: z
          .string()
          .describe('optional: a finished upload to /admin/video-uploads, instead of videoFile')
          .optional(),
      }),
    },
    success: { 200: ok({ message: z.string(), lecture: LectureShape, section: SectionShape }) },
    errors: {
      400: '"<field>: <message>": a bad field, a position outside 1..n, nothing to change, a bad note or video',
      404: 'Lecture not found',
      413: 'a note over 20 MB, a video over VIDEO_MAX_MB',
    },
    handler: async ({ request, params, user }) => {
      if (!isId(params.lectureId)) return apiError(404, 'Lecture not found')
      const body = await lectureBody(request, user.id)
      if ('refused' in body) return body.refused
      const parsed = lectureUpdateSchema.safeParse(body.fields)
      if (!parsed.success) {
        await releaseRefused(body.video)
        return apiError(400, fieldMessage(parsed.error.issues))
      }
      const { position, ...changes } = parsed.data
      if (Object.values(parsed.data).every((v) => v === undefined) && !body.note && !body.video)
        return apiError(400, 'Nothing to change: send title, videoURL, noteTitle, noteURL, removeNote or position')
      try {
        const { lecture, section, changed } = await withLectureVideo(
          body.video,
          user.id,
          () =>
            updateLecture({
              actorId: user.id,
              lectureId: params.lectureId,
              changes: { ...changes, position: place(position) },
              note: body.note,
            }),
          (updated) => updated.lecture.id,
        )
        const message = changed || body.video ? 'Lecture updated successfully' : 'Nothing changed'
        return json({ success: true, message, lecture: lectureJson(lecture), section: sectionJson(section) })
      } catch (error) {
        return refusal(error, 'Lecture not found')
      }
    },
  }),
  endpoint({
    method: 'DELETE',
    path: '/lectures/:lectureId',
    summary: 'Deletes a lecture (and its stored note)',
    guard: 'staff',
    success: { 200: ok({ message: z.string(), lecture: LectureShape.describe('the deleted lecture') }) },
    errors: { 404: 'Lecture not found' },
    handler: async ({ params, user }) => {
      if (!isId(params.lectureId)) return apiError(404, 'Lecture not found')
      try {
        const { lecture } = await deleteLecture({ actorId: user.id, lectureId: params.lectureId })
        return json({ success: true, message: 'Lecture deleted successfully', lecture: lectureJson(lecture) })
      } catch (error) {
        return refusal(error, 'Lecture not found')
      }
    },
  }),
]
