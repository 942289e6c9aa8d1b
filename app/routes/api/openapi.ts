import { openapiApi } from './openapi.server'

// /api/v1/openapi.json: the endpoint table is ./openapi.server.ts (docs/decisions/007-api-as-data.md), kept
// beside this module because React Router's client build refuses a route export that depends on server code.
export const loader = openapiApi.loader
export const action = openapiApi.action
