import type { RouterContextProvider } from 'react-router'
import { z, type ZodType } from 'zod'
import { API_AUTH_MESSAGES, requireRole } from '~/auth/guard.server'
import { isId } from '~/lib/ids'
import type { RoleNeed } from '~/lib/roles'
import type { UserRow } from '~/models/accounts/user.server'
import { apiError, withAbsoluteImages } from '~/utils/api.server'
import { appOrigin } from '~/utils/origin.server'
import { allowAuthPost, TOO_MANY_REQUESTS } from '~/utils/rate-limit.server'

// The v1 API as data (docs/decisions/007-api-as-data.md): each resource is a table of endpoints (method, path,
// guard, request and response schemas, handler). The same table routes requests, feeds the authorization tests
// and generates the OpenAPI document (./openapi-document.server.ts), so adding an endpoint is adding a row.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * Who may call an endpoint: anyone, or what the one role guard checks (app/auth/guard.server.ts, the same rule as
 * the pages'). Signed out: 401 'Unauthorized request'; signed in without the role: 403 'Forbidden'.
 */
export type Guard = 'public' | RoleNeed
export const UNAUTHORIZED = API_AUTH_MESSAGES.unauthorized

/**
 * The request body an endpoint reads: JSON, multipart, or either (`json` with `multipart`: the same fields, the
 * multipart one with its files). The zod schema documents the accepted shape (and is what the OpenAPI document
 * shows); handlers keep the legacy checks whose exact messages the old client displays.
 */
export type RequestBody = { json: ZodType; multipart?: ZodType } | { multipart: ZodType } | { raw: string }

/** A success answer: a JSON shape, a file download, or a redirect (each with what it means). */
export type SuccessAnswer = ZodType | { file: string } | { redirect: string }

/** An error answer: its meaning (the ApiError shape), or a description with a shape of its own. */
export type ErrorAnswer = string | { description: string; schema: ZodType }

export type ApiArgs = { request: Request; params: Record<string, string>; context: Readonly<RouterContextProvider> }
/** The shape of a `{ success: true, ... }` answer. */
export const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape })

/** What a handler behind a role guard receives: the request's arguments and the signed-in user. */
export type SignedInArgs = ApiArgs & { user: UserRow }
type GuardedArgs<G extends Guard> = G extends 'public' ? ApiArgs : SignedInArgs

export type Endpoint<G extends Guard = Guard> = {
  method: Method
  /** Relative to the resource's mount: '/get-full-course/:id'. */
  path: string
  /**
   * Path params that match only a well-formed id (ID_PATTERN), for a path that is a bare param ('/:courseId'): the
   * resource's named paths of that length (and retired ones, which stay a 404) are then never read as an id.
   */
  idParams?: readonly string[]
  summary: string
  guard: G
  /** Shares the per-address limit on auth posts with the pages: 429 past it. */
  authPostLimit?: true
  query?: ZodType
  body?: RequestBody
  success: Record<number, SuccessAnswer>
  /** Errors the handler answers; the guard's 401/403, body-reading 400/413/415, 429 and 500 are added. */
  errors: Record<number, ErrorAnswer>
  // Method syntax: a table holds endpoints of every guard, whose handlers see different arguments.
  handler(args: GuardedArgs<G>): Promise<Response> | Response
}

/** Declares one endpoint; the guard decides whether the handler receives the signed-in `user`. */
export const endpoint = <G extends Guard>(declared: Endpoint<G>): Endpoint => declared as unknown as Endpoint

export type ApiResource = {
  /** Where React Router mounts the resource module: '/api/v1/users'. */
  mount: string
  /**
   * The old admin router checked the session before routing, so even an unknown admin path answers
   * 401 to a signed-out caller.
   */
  signInBeforeRouting?: boolean
  endpoints: Endpoint[]
}

type RouteArgs = {
  request: Request
  params: Record<string, string | undefined>
  context: Readonly<RouterContextProvider>
}

/** The documented path of an endpoint: '/api/v1/quiz' for the quiz resource's '/'. */
export const fullPath = (resource: ApiResource, e: Endpoint) => resource.mount + (e.path === '/' ? '' : e.path)

function match(e: Endpoint, path: string): Record<string, string> | null {
  const want = e.path.split('/').filter(Boolean)
  const got = path.split('/').filter(Boolean)
  if (want.length !== got.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(got[i])
    else if (want[i] !== got[i]) return null
  }
  if (e.idParams?.some((name) => !isId(params[name]))) return null
  return params
}

async function dispatch(resource: ApiResource, args: RouteArgs): Promise<Response> {
  const method = args.request.method.toUpperCase()
  const path = '/' + (args.params['*'] ?? '')
  let pathMatched = false
  try {
    if (resource.signInBeforeRouting) await requireRole(args.request, 'signedIn', 'api')
    for (const e of resource.endpoints) {
      const params = match(e, path)
      if (!params) continue
      pathMatched = true
      if (e.method !== method && !(e.method === 'GET' && method === 'HEAD')) continue
      const user = e.guard === 'public' ? null : await requireRole(args.request, e.guard, 'api')
      if (e.authPostLimit && !(await allowAuthPost(args.context))) return apiError(429, TOO_MANY_REQUESTS)
      const response = await e.handler({ request: args.request, params, context: args.context, user } as never)
      return withAbsoluteImages(response, appOrigin(args.request))
    }
  } catch (error) {
    if (error instanceof Response) return error
    console.error(`[api] ${method} ${path} failed:`, error)
    return apiError(500, 'Internal Server Error')
  }
  return pathMatched
    ? apiError(405, 'Method Not Allowed')
    : apiError(404, `Cannot ${method} ${new URL(args.request.url).pathname}`)
}

/** A resource route module's table plus the loader and action React Router calls. */
export function apiResource(resource: ApiResource) {
  const handle = (args: RouteArgs) => dispatch(resource, args)
  return { ...resource, loader: handle, action: handle }
}
