import { isId } from '~/lib/ids'
import { forceHttps, noteStorageKey } from '~/lib/note-url'
import { courseAccess, getCourseTitles, getFullCourse, getSectionsWithLectureIds, type FullLecture } from '~/models/enrollment.server'
import { appOrigin } from '~/models/payment.server'
import { apiError, json, readJsonBody, type ApiHandler } from '~/utils/api.server'
import { getUser, isStaff } from '~/utils/auth.server'

// Course player endpoints (API.md §2.2): get-full-course/:id, get-enrolled-courses, get-all-sections/:id.

async function requireApiUser(request: Request) {
  const user = await getUser(request)
  if (!user) throw apiError(401, 'Unauthorized request')
  return user
}

/** A lecture's note as a link: our access-checked notes route for stored files, https for external links. */
function noteLink(origin: string, courseId: string, lecture: FullLecture): string {
  if (!lecture.note_url) return ''
  // Our own files (stored notes, same-site paths) go through the access-checked notes route.
  if (noteStorageKey(lecture.note_url) || (lecture.note_url.startsWith('/') && !lecture.note_url.startsWith('//'))) {
    return `${origin}/my-courses/${courseId}/notes/${lecture.id}`
  }
  return forceHttps(lecture.note_url) ?? ''
}

export const learningApi: Record<string, ApiHandler> = {
  'GET /get-full-course/:id': async ({ request, params }) => {
    const user = await requireApiUser(request)
    if (!isId(params.id)) return apiError(400, 'Invalid course ID')
    const course = await getFullCourse(params.id)
    if (!course) return apiError(404, 'Course not found')
    const access = await courseAccess(user, course.id)
    if (!access.ok) return apiError(401, access.message)
    const origin = appOrigin(request)
    return json({
      success: true,
      course: {
        _id: course.id,
        cardTitle: course.card_title,
        subTitle: course.sub_title,
        courseTag: course.course_tag,
        mode: course.mode,
        language: course.language,
        courseImage: course.course_image,
        actualPrice: course.actual_price,
        discountedPrice: course.discounted_price,
        linkAddress: course.link_address,
        courseTitle: course.course_title,
        courseDescription: course.course_description,
        whatsappLink: course.whatsapp_link,
        sections: course.sections.map((s) => ({
          _id: s.id,
          title: s.title,
          __v: 0,
          lectures: s.lectures.map((l) => ({
            _id: l.id,
            title: l.title,
            videoURL: l.video_url,
            noteTitle: l.note_title ?? '',
            noteURL: noteLink(origin, course.id, l),
            __v: 0,
          })),
        })),
        __v: 0,
      },
    })
  },

  // Public and called without credentials (API.md §5 #17): titles only.
  'POST /get-enrolled-courses': async ({ request }) => {
    const body = await readJsonBody(request)
    const ids = body.courseIds
    if (!Array.isArray(ids) || ids.length > 500 || !ids.every(isId)) return apiError(400, 'Invalid course ID')
    const rows = await getCourseTitles(ids as string[])
    return json({ courses: rows.map((r) => ({ _id: r.id, courseTitle: r.course_title })) })
  },

  // API.md §5 #17: staff only (the admin AddLecture page sends credentials).
  'GET /get-all-sections/:id': async ({ request, params }) => {
    const user = await requireApiUser(request)
    if (!isStaff(user.role)) return apiError(403, 'Forbidden')
    if (!isId(params.id)) return apiError(404, 'Course not found')
    const sections = await getSectionsWithLectureIds(params.id)
    if (!sections) return apiError(404, 'Course not found')
    return json({ success: true, sections: sections.map((s) => ({ _id: s.id, title: s.title, lectures: s.lectureIds, __v: 0 })) })
  },
}
