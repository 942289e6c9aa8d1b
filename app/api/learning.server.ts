import { isId } from '~/lib/ids'
import { forceHttps } from '~/lib/note-url'
import { courseAccess, getCourseLecture, getCourseTitles, getFullCourse, getSectionsWithLectureIds, type FullLecture } from '~/models/enrollment.server'
import { appOrigin } from '~/utils/origin.server'
import { apiError, json, readJsonBody, type ApiHandler } from '~/utils/api.server'
import { getUser, isStaff } from '~/utils/auth.server'
import { isOwnNote, noteDownload } from '~/utils/note-download.server'

// Course player endpoints (API.md §2.2): get-full-course/:id, get-enrolled-courses, get-all-sections/:id.

async function requireApiUser(request: Request) {
  const user = await getUser(request)
  if (!user) throw apiError(401, 'Unauthorized request')
  return user
}

/**
 * A lecture's note as a link (issue 10 #6): our own files go through the access-checked, cookie-authenticated
 * v1 notes endpoint, absolute on APP_URL (the old client may be hosted elsewhere, rewrites http to https and owns
 * /my-courses/* on a shared origin); external links in their https form.
 */
function noteLink(origin: string, courseId: string, lecture: FullLecture): string {
  if (!lecture.note_url) return ''
  if (isOwnNote(lecture.note_url)) return `${origin}/api/v1/courses/notes/${courseId}/${lecture.id}`
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

  // Ours (issue 10 #6): the file behind a get-full-course noteURL, for a learner with access (the cookie).
  'GET /notes/:courseId/:lectureId': async ({ request, params }) => {
    const user = await requireApiUser(request)
    if (!isId(params.courseId) || !isId(params.lectureId)) return apiError(404, 'Note not found')
    const access = await courseAccess(user, params.courseId)
    if (!access.ok) return apiError(401, access.message)
    const lecture = await getCourseLecture(params.courseId, params.lectureId)
    return (lecture && (await noteDownload(lecture, appOrigin(request)))) || apiError(404, 'Note not found')
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
