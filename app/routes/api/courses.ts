import { catalogApi } from '~/api/catalog.server'
import { courseAdminApi } from '~/api/course-admin.server'
import { learningApi } from '~/api/learning.server'
import { apiRoutes } from '~/utils/api.server'

// /api/v1/courses/* (API.md §2.2). update-section and add-new-course are retired: they fall through to the
// JSON 404 (API.md §5 #5).
const api = apiRoutes({ ...catalogApi, ...learningApi, ...courseAdminApi })
export const loader = api.loader
export const action = api.action
