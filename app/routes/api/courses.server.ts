import { z } from 'zod'
import { isId } from '~/lib/ids'
import { forceHttps } from '~/lib/note-url'
import { createCourse } from '~/models/catalogue/course-authoring.server'
import { getCourseByLinkAddress, getCourseTitles, listCourses } from '~/models/catalogue/course.server'
import { courseAccess } from '~/models/enrolment/access.server'
import {
  addLecture,
  addSection,
  getCourseLecture,
  getFullCourse,
  listSections,
  NotFoundError,
  type LectureRow,
} from '~/models/catalogue/section.server'
import { courseJson, createdCourseJson, fullCourseJson, lectureJson, sectionJson } from '~/presenters/v1.server'
import { withLectureVideos } from '~/models/video/visibility.server'
import { CourseShape, CreatedCourseShape, FullCourseShape, LectureShape, SectionShape } from '~/presenters/v1-shapes'
import { courseSchema, lectureSchema, sectionSchema } from '~/schemas/admin'
import { apiError, firstMessage, json, readJsonBody } from '~/utils/api.server'
import { apiResource, endpoint } from './endpoints.server'
import { contentEndpoints } from './courses/content.server'
import { catalogueEndpoints } from './courses/catalogue.server'
import { isOwnNote, noteDownload } from '../learn/note-download.server'
import { appOrigin } from '~/utils/origin.server'
import { readLectureForm, releaseRefused, withLectureVideo } from '~/models/video/upload.server'
import { COURSE_IMAGE_MAX_BYTES, fileOf, parseUpload, textFields, UploadError } from '~/utils/upload.server'

// /api/v1/courses/* (docs/legacy-api.md §2.2): the public catalogue (bare shapes, no whatsappLink or section ids,
// §5 #8), the course player's reads, and staff authoring (multipart with size limits, files checked by their bytes,
// §5 #5 and #12). update-section and add-new-course are retired: they fall through to the JSON 404 (§5 #5).

/** The staff authoring rows' multipart body: the form and its text fields, or the 413/415 answer. */
async function upload(request: Request, maxFileSize: number) {
  try {
    const form = await parseUpload(request, { maxFileSize })
    return { form, fields: textFields(form) }
  } catch (error) {
    if (error instanceof UploadError) return { error: apiError(error.status, error.message) }
    throw error
  }
}

/** The answers of a refused upload, beside each authoring row's own. */
const UPLOAD_ERRORS = { 413: 'a file over the limit', 415: 'not multipart' }

/**
 * A lecture row's multipart body with its video (`videoFile` streamed to disk, or `videoUpload` naming a finished
 * resumable upload, both checked: app/models/video/upload.server.ts): the form's text fields, note and video, or the
 * 400/413 answer, naming `videoFile` when the video is at fault.
 */
async function lectureUpload(request: Request, userId: string) {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.includes('multipart/form-data') && !type.includes('application/x-www-form-urlencoded'))
    return { error: apiError(415, 'The form must be sent as multipart/form-data') } as const
  const read = await readLectureForm(request, userId)
  if (!read.ok)
    return {
      error: apiError(read.status, read.field === 'videoFile' ? `videoFile: ${read.message}` : read.message),
    } as const
  return { fields: textFields(read.form), note: read.note, video: read.video } as const
}

/**
 * A lecture's note as a link: our own files go through the access-checked, cookie-authenticated
 * notes endpoint below, absolute on APP_URL (the old client may be hosted elsewhere, rewrites http to https and
 * owns /my-courses/* on a shared origin); external links in their https form.
 */
function noteLink(origin: string, courseId: string, lecture: LectureRow): string {
  if (!lecture.note_url) return ''
  if (isOwnNote(lecture.note_url)) return `${origin}/api/v1/courses/notes/${courseId}/${lecture.id}`
  return forceHttps(lecture.note_url) ?? ''
}

const COURSE_FIELDS = [
  'cardTitle',
  'subTitle',
  'courseTag',
  'mode',
  'language',
  'actualPrice',
  'discountedPrice',
  'courseTitle',
  'courseDescription',
  'whatsappLink',
]
const noteFile = z.string().describe('optional .pdf, .docx or .pptx, at most 20 MB')
/** The video fields of a lecture row's multipart body: a file, or a finished resumable upload's id. */
const videoFields = {
  videoFile: z
    .string()
    .describe(
      'optional MP4, MOV, MKV or WebM, at most VIDEO_MAX_MB (2 GB), at most 6 hours; videoURL or videoFile is required',
    )
    .optional(),
  videoUpload: z
    .string()
    .describe('optional: the id of a finished upload to /admin/video-uploads, instead of videoFile')
    .optional(),
}

export const coursesApi = apiResource({
  mount: '/api/v1/courses',
  endpoints: [
    endpoint({
      method: 'GET',
      path: '/get-all-courses',
      summary: 'Every published course in insertion order (public shape; drafts are left out)',
      guard: 'public',
      success: { 200: z.object({ message: z.string(), courses: z.array(CourseShape) }) },
      errors: {},
      handler: async () =>
        json({ message: 'All courses fetched successfully', courses: (await listCourses('public')).map(courseJson) }),
    }),
    endpoint({
      method: 'POST',
      path: '/get-course-details',
      summary: 'One published course by its linkAddress (public shape; a draft is not found)',
      guard: 'public',
      body: { json: z.object({ linkAddress: z.string() }) },
      success: { 200: z.object({ courseDetails: CourseShape }) },
      errors: { 400: 'linkAddress is required', 404: 'Course not found' },
      handler: async ({ request }) => {
        const linkAddress = (await readJsonBody(request)).linkAddress
        // docs/legacy-api.md §5 #13: a non-string (e.g. {"$ne":null}) is a 400, never a lookup.
        if (typeof linkAddress !== 'string' || linkAddress.trim() === '')
          return apiError(400, 'linkAddress is required')
        const course = await getCourseByLinkAddress(linkAddress.trim(), 'public')
        // docs/legacy-api.md §5 #15: not found is a JSON 404 (the checkout shows "Course not found").
        if (!course) return apiError(404, 'Course not found')
        return json({ courseDetails: courseJson(course) })
      },
    }),
    endpoint({
      method: 'GET',
      path: '/get-full-course/:id',
      summary: 'A course with its sections and lectures, for an enrolled learner or staff',
      guard: 'signedIn',
      success: { 200: z.object({ success: z.literal(true), course: FullCourseShape }) },
      errors: {
        400: 'Invalid course ID',
        401: 'not enrolled, access revoked, or the access period ended (the message says which, and for an ended period its day and to renew on the website)',
        404: 'Course not found',
      },
      handler: async ({ request, params, user }) => {
        if (!isId(params.id)) return apiError(400, 'Invalid course ID')
        const course = await getFullCourse(params.id)
        if (!course) return apiError(404, 'Course not found')
        const access = await courseAccess(user, course.id)
        if (!access.ok) return apiError(401, access.message)
        const origin = appOrigin(request)
        // A lecture whose upload is not ready and that has no YouTube link is left out for learners; a lecture on
        // our own video keeps its `videoURL` as stored: its YouTube link if it has one, else "" (the field stays a
        // string, as the older client reads it). No address of our video is ever in this answer: those are signed
        // per learner and made only by the player page (docs/decisions/033-lecture-video.md).
        const { course: visible } = await withLectureVideos(course, user)
        return json({
          success: true,
          course: fullCourseJson(visible, (lecture) => noteLink(origin, course.id, lecture)),
        })
      },
    }),
    endpoint({
      method: 'GET',
      path: '/notes/:courseId/:lectureId',
      summary: 'Ours: the file behind a get-full-course noteURL, for a learner with access (the cookie)',
      guard: 'signedIn',
      success: { 200: { file: 'the note as an attachment' }, 302: { redirect: "an external note's https address" } },
      errors: { 401: 'not enrolled, access revoked, or the access period ended', 404: 'Note not found' },
      handler: async ({ request, params, user }) => {
        if (!isId(params.courseId) || !isId(params.lectureId)) return apiError(404, 'Note not found')
        const access = await courseAccess(user, params.courseId)
        if (!access.ok) return apiError(401, access.message)
        const lecture = await getCourseLecture(params.courseId, params.lectureId)
        return (lecture && (await noteDownload(lecture, appOrigin(request)))) || apiError(404, 'Note not found')
      },
    }),
    endpoint({
      method: 'POST',
      path: '/get-enrolled-courses',
      summary:
        'Titles of the given published courses (drafts left out); public, called without credentials (docs/legacy-api.md §5 #17)',
      guard: 'public',
      body: { json: z.object({ courseIds: z.array(z.string()).max(500) }) },
      success: { 200: z.object({ courses: z.array(z.object({ _id: z.string(), courseTitle: z.string() })) }) },
      errors: { 400: 'Invalid course ID' },
      handler: async ({ request }) => {
        const ids = (await readJsonBody(request)).courseIds
        if (!Array.isArray(ids) || ids.length > 500 || !ids.every(isId)) return apiError(400, 'Invalid course ID')
        // A catalogue read like get-all-courses: a draft's title is nobody's business here (listCourses('public')).
        const [rows, published] = await Promise.all([getCourseTitles(ids as string[]), listCourses('public')])
        const visible = new Set(published.map((c) => c.id))
        return json({
          courses: rows.filter((r) => visible.has(r.id)).map((r) => ({ _id: r.id, courseTitle: r.course_title })),
        })
      },
    }),
    endpoint({
      method: 'GET',
      path: '/get-all-sections/:id',
      summary: "A course's sections with their lecture ids (staff only: docs/legacy-api.md §5 #17)",
      guard: 'staff',
      success: { 200: z.object({ success: z.literal(true), sections: z.array(SectionShape) }) },
      errors: { 404: 'Course not found' },
      handler: async ({ params }) => {
        const sections = isId(params.id) ? await listSections(params.id) : undefined
        if (!sections) return apiError(404, 'Course not found')
        return json({ success: true, sections: sections.map(sectionJson) })
      },
    }),
    endpoint({
      method: 'POST',
      path: '/create-course',
      summary: 'Creates a course (admin only: docs/legacy-api.md §5 #5)',
      guard: 'admin',
      body: {
        multipart: courseSchema.and(z.object({ courseImage: z.string().describe('PNG, JPEG or WebP, at most 5 MB') })),
      },
      success: { 200: z.object({ message: z.string(), course: CreatedCourseShape }) },
      errors: {
        400: '"All fields are required", a rule of the fields, or a bad image',
        ...UPLOAD_ERRORS,
      },
      handler: async ({ request, user }) => {
        const { form, fields, error } = await upload(request, COURSE_IMAGE_MAX_BYTES)
        if (error) return error
        if (COURSE_FIELDS.some((k) => !fields[k]?.trim())) return apiError(400, 'All fields are required')
        // Prices go in as typed: the schema reads plain decimal text only ("0x10" is not 16).
        const parsed = courseSchema.safeParse({ ...fields, grantsQuizAccess: fields.grantsQuizAccess })
        if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
        const image = fileOf(form, 'courseImage')
        if (!image) return apiError(400, 'Course image is required')
        try {
          const course = await createCourse({ actorId: user.id, fields: parsed.data, image })
          return json({ message: 'Course created successfully', course: createdCourseJson(course) })
        } catch (e) {
          if (e instanceof UploadError) return apiError(e.status, e.message)
          throw e
        }
      },
    }),
    endpoint({
      method: 'POST',
      path: '/add-section',
      summary: 'Adds a section with its first lecture',
      guard: 'staff',
      body: { multipart: sectionSchema.extend({ noteURL: noteFile.optional(), ...videoFields }) },
      success: { 200: z.object({ message: z.string(), section: SectionShape, lecture: LectureShape }) },
      errors: {
        400: '"sectionTitle, lectureTitle, videoURL, and courseId are required" (videoFile may stand for videoURL), a rule of the fields, a bad note, or "videoFile: <why the video is refused>"',
        404: 'Course not found while creating section',
        ...UPLOAD_ERRORS,
      },
      handler: async ({ request, user }) => {
        const body = await lectureUpload(request, user.id)
        if (body.error) return body.error
        const { fields, note, video } = body
        const refuse = async (status: number, message: string) => {
          await releaseRefused(video)
          return apiError(status, message)
        }
        if (
          !fields.sectionTitle?.trim() ||
          !fields.lectureTitle?.trim() ||
          (!fields.videoURL?.trim() && !video) ||
          !fields.courseId?.trim()
        ) {
          return refuse(400, 'sectionTitle, lectureTitle, videoURL, and courseId are required')
        }
        const parsed = sectionSchema.safeParse(fields)
        if (!parsed.success) return refuse(400, firstMessage(parsed.error.issues))
        if (!isId(parsed.data.courseId)) return refuse(404, 'Course not found while creating section')
        try {
          const { section, lecture } = await withLectureVideo(
            video,
            user.id,
            () => addSection({ actorId: user.id, fields: parsed.data, note }),
            (added) => added.lecture.id,
          )
          return json({
            message: 'Section created successfully',
            section: sectionJson(section),
            lecture: lectureJson(lecture),
          })
        } catch (e) {
          if (e instanceof NotFoundError) return apiError(404, e.message)
          if (e instanceof UploadError) return apiError(e.status, e.message)
          throw e
        }
      },
    }),
    endpoint({
      method: 'POST',
      path: '/add-lecture',
      summary: 'Adds a lecture to a section',
      guard: 'staff',
      body: { multipart: lectureSchema.extend({ noteURL: noteFile.optional(), ...videoFields }) },
      success: { 201: z.object({ message: z.string(), lecture: LectureShape, section: SectionShape }) },
      errors: {
        400: '"sectionId is required", "Both lecture title and video URL are required" (videoFile may stand for videoURL), a rule of the fields, "Error while uploading the note: ...", or "videoFile: <why the video is refused>"',
        404: 'Section not found',
        ...UPLOAD_ERRORS,
      },
      handler: async ({ request, user }) => {
        const body = await lectureUpload(request, user.id)
        if (body.error) return body.error
        const { fields, note, video } = body
        const refuse = async (status: number, message: string) => {
          await releaseRefused(video)
          return apiError(status, message)
        }
        if (!fields.sectionId?.trim()) return refuse(400, 'sectionId is required')
        if (!fields.title?.trim() || (!fields.videoURL?.trim() && !video))
          return refuse(400, 'Both lecture title and video URL are required')
        const parsed = lectureSchema.safeParse(fields)
        if (!parsed.success) return refuse(400, firstMessage(parsed.error.issues))
        if (!isId(parsed.data.sectionId)) return refuse(404, 'Section not found')
        try {
          const { lecture, section } = await withLectureVideo(
            video,
            user.id,
            () => addLecture({ actorId: user.id, fields: parsed.data, note }),
            (added) => added.lecture.id,
          )
          return json(
            { message: 'Lecture added successfully', lecture: lectureJson(lecture), section: sectionJson(section) },
            201,
          )
        } catch (e) {
          if (e instanceof NotFoundError) return apiError(404, e.message)
          if (e instanceof UploadError) return apiError(e.status, 'Error while uploading the note: ' + e.message)
          throw e
        }
      },
    }),
    ...contentEndpoints,
    ...catalogueEndpoints,
  ],
})
