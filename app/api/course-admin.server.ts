import type { ApiHandler } from '~/utils/api.server'

// Staff course endpoints (Admin issue): create-course, add-section, add-lecture.
export const courseAdminApi: Record<string, ApiHandler> = {}
