import { ordersApi } from './orders.server'

// /api/v1/orders: the endpoint table is ./orders.server.ts (docs/decisions/007-api-as-data.md), kept
// beside this module because React Router's client build refuses a route export that depends on server code.
export const loader = ordersApi.loader
export const action = ordersApi.action
