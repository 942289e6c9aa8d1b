import { apiError } from '~/utils/api.server'
import type { Route } from './+types/not-found'

// Any unknown /api/v1 path: a JSON 404, never the HTML 404 page (docs/legacy-api.md §1.2).
function notFound({ request }: { request: Request }) {
  return apiError(404, `Cannot ${request.method} ${new URL(request.url).pathname}`)
}
export const loader = (args: Route.LoaderArgs) => notFound(args)
export const action = (args: Route.ActionArgs) => notFound(args)
