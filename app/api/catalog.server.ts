import { getCourseByLinkAddress, listCourses, toCourseJson } from '~/models/course.server'
import { apiError, json, readJsonBody, type ApiHandler } from '~/utils/api.server'

// Public course catalogue endpoints (Foundation): GET courses/get-all-courses, POST courses/get-course-details.
// Shapes: API.md §2.2 (bare objects, no `success`); whatsappLink and section ids omitted (API.md §5 #8).
export const catalogApi: Record<string, ApiHandler> = {
  'GET /get-all-courses': async () => {
    const courses = (await listCourses()).map(toCourseJson)
    return json({ message: 'All courses fetched successfully', courses })
  },

  'POST /get-course-details': async ({ request }) => {
    const body = await readJsonBody(request)
    const linkAddress = body.linkAddress
    // API.md §5 #13: a non-string (e.g. {"$ne":null}) is a 400, never a lookup.
    if (typeof linkAddress !== 'string' || linkAddress.trim() === '') return apiError(400, 'linkAddress is required')
    const course = await getCourseByLinkAddress(linkAddress.trim())
    // API.md §5 #15: not found is a JSON 404 (the checkout shows "Course not found").
    if (!course) return apiError(404, 'Course not found')
    return json({ courseDetails: toCourseJson(course) })
  },
}
