import type { ApiHandler } from '~/utils/api.server'

// Public course catalogue endpoints (Foundation): GET courses/get-all-courses, POST courses/get-course-details.
export const catalogApi: Record<string, ApiHandler> = {}
