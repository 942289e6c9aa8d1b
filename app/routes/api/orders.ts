import { apiRoutes } from '~/utils/api.server'

// Placeholder: the issue that owns these endpoints fills this table (API.md §2).
const api = apiRoutes({})
export const loader = api.loader
export const action = api.action
