import type { ApiHandler } from '~/utils/api.server'

// Course player endpoints (Buying issue): get-full-course/:id, get-enrolled-courses, get-all-sections/:id.
export const learningApi: Record<string, ApiHandler> = {}
