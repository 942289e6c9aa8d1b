import { lecturesApi } from './lectures.server'

// /api/v1/lectures: the endpoint table is ./lectures.server.ts (docs/decisions/007-api-as-data.md), kept beside
// this module because React Router's client build refuses a route export that depends on server code.
export const loader = lecturesApi.loader
export const action = lecturesApi.action
