import { isId } from '~/lib/ids'
import { addLecture, addSection, createCourse, NotFoundError } from '~/models/course-admin.server'
import { courseSchema, lectureSchema, sectionSchema } from '~/schemas/admin'
import { apiError, json, type ApiHandler } from '~/utils/api.server'
import { requireApiAdmin, requireApiStaff } from '~/utils/admin-auth.server'
import { COURSE_IMAGE_MAX_BYTES, fileOf, NOTE_MAX_BYTES, parseUpload, textFields, UploadError } from '~/utils/upload.server'

// Staff course endpoints (API.md §2.2 admin rows, §5 #5 and #12): multipart with size limits, files checked by bytes.

const firstMessage = (issues: Array<{ message: string }>) => issues[0]?.message ?? 'Invalid request'

async function upload(request: Request, maxFileSize: number) {
  try {
    return { form: await parseUpload(request, { maxFileSize }) }
  } catch (error) {
    if (error instanceof UploadError) return { error: apiError(error.status, error.message) }
    throw error
  }
}

export const courseAdminApi: Record<string, ApiHandler> = {
  'POST /create-course': async ({ request }) => {
    const admin = await requireApiAdmin(request)
    const { form, error } = await upload(request, COURSE_IMAGE_MAX_BYTES)
    if (error) return error
    const fields = textFields(form)
    const keys = ['cardTitle', 'subTitle', 'courseTag', 'mode', 'language', 'actualPrice', 'discountedPrice', 'courseTitle', 'courseDescription', 'whatsappLink']
    if (keys.some((k) => !fields[k]?.trim())) return apiError(400, 'All fields are required')
    const parsed = courseSchema.safeParse({
      ...fields,
      actualPrice: Number(fields.actualPrice),
      discountedPrice: Number(fields.discountedPrice),
      grantsQuizAccess: fields.grantsQuizAccess,
    })
    if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
    const image = fileOf(form, 'courseImage')
    if (!image) return apiError(400, 'Course image is required')
    try {
      const course = await createCourse({ actorId: admin.id, fields: parsed.data, image })
      return json({ message: 'Course created successfully', course })
    } catch (e) {
      if (e instanceof UploadError) return apiError(e.status, e.message)
      throw e
    }
  },
  'POST /add-section': async ({ request }) => {
    const staff = await requireApiStaff(request)
    const { form, error } = await upload(request, NOTE_MAX_BYTES)
    if (error) return error
    const fields = textFields(form)
    if (!fields.sectionTitle?.trim() || !fields.lectureTitle?.trim() || !fields.videoURL?.trim() || !fields.courseId?.trim()) {
      return apiError(400, 'sectionTitle, lectureTitle, videoURL, and courseId are required')
    }
    const parsed = sectionSchema.safeParse(fields)
    if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
    if (!isId(parsed.data.courseId)) return apiError(404, 'Course not found while creating section')
    try {
      const { section, lecture } = await addSection({ actorId: staff.id, fields: parsed.data, note: fileOf(form, 'noteURL') })
      return json({ message: 'Section created successfully', section, lecture })
    } catch (e) {
      if (e instanceof NotFoundError) return apiError(404, e.message)
      if (e instanceof UploadError) return apiError(e.status, e.message)
      throw e
    }
  },
  'POST /add-lecture': async ({ request }) => {
    const staff = await requireApiStaff(request)
    const { form, error } = await upload(request, NOTE_MAX_BYTES)
    if (error) return error
    const fields = textFields(form)
    if (!fields.sectionId?.trim()) return apiError(400, 'sectionId is required')
    if (!fields.title?.trim() || !fields.videoURL?.trim()) return apiError(400, 'Both lecture title and video URL are required')
    const parsed = lectureSchema.safeParse(fields)
    if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
    if (!isId(parsed.data.sectionId)) return apiError(404, 'Section not found')
    try {
      const { lecture, section } = await addLecture({ actorId: staff.id, fields: parsed.data, note: fileOf(form, 'noteURL') })
      return json({ message: 'Lecture added successfully', lecture, section }, 201)
    } catch (e) {
      if (e instanceof NotFoundError) return apiError(404, e.message)
      if (e instanceof UploadError) return apiError(e.status, 'Error while uploading the note: ' + e.message)
      throw e
    }
  },
}
