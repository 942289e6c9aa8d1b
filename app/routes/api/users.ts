import { usersApi } from './users.server'

// /api/v1/users: the endpoint table is ./users.server.ts (docs/decisions/007-api-as-data.md), kept
// beside this module because React Router's client build refuses a route export that depends on server code.
export const loader = usersApi.loader
export const action = usersApi.action
