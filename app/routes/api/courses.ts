import { coursesApi } from './courses.server'

// /api/v1/courses: the endpoint table is ./courses.server.ts (docs/decisions/007-api-as-data.md), kept
// beside this module because React Router's client build refuses a route export that depends on server code.
export const loader = coursesApi.loader
export const action = coursesApi.action
