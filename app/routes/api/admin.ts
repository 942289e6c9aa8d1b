import { adminApi } from './admin.server'

// /api/v1/admin: the endpoint table is ./admin.server.ts (docs/decisions/007-api-as-data.md), kept
// beside this module because React Router's client build refuses a route export that depends on server code.
export const loader = adminApi.loader
export const action = adminApi.action
