import { absoluteOnOrigin } from './origin.server'
import { parseJsonObject } from './body.server'

// The v1 API's responses and bodies (docs/legacy-api.md §1.2): every error is JSON in ApiError shape, never HTML, never
// a stack trace. `{statusCode, data:null, message, success:false, errors:[]}` is a superset of the `{message}` and
// `{success:false, message}` shapes the old routes used, so clients reading either keep working.

// The body each v1 JSON response was made from, so the dispatcher can write it for the request's origin.
const jsonBodies = new WeakMap<Response, unknown>()

export function json(body: unknown, init: number | ResponseInit = 200): Response {
  const responseInit = typeof init === 'number' ? { status: init } : init
  const headers = new Headers(responseInit.headers)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  const response = new Response(JSON.stringify(body), { ...responseInit, headers })
  jsonBodies.set(response, body)
  return response
}

/**
 * Image fields (`courseImage`, `profileImage`, ...) that hold one of our own paths ('/uploads/...',
 * '/images/...') go out as absolute URLs on APP_URL, so a client hosted on another origin still shows them. One
 * rule for every v1 response, applied where the body is written.
 */
export function withAbsoluteImages(response: Response, origin: string): Response {
  const body = jsonBodies.get(response)
  if (body === undefined) return response
  let changed = false
  const text = JSON.stringify(body, (key, value) => {
    if (key.endsWith('Image') && typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')) {
      changed = true
      return absoluteOnOrigin(value, origin)
    }
    return value
  })
  return changed
    ? new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers })
    : response
}

/** The v1 API's error body (server.js answers its own refusals under /api/ with it too). */
export const apiErrorBody = (status: number, message: string) => ({
  statusCode: status,
  data: null,
  message,
  success: false as const,
  errors: [] as unknown[],
})

export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return json({ ...apiErrorBody(status, message), ...extra }, status)
}

/** ApiResponse envelope (users router, docs/legacy-api.md §1.1 style 1). */
export function apiResponse(status: number, data: unknown, message: string, init: ResponseInit = {}): Response {
  return json({ statusCode: status, data, message, success: status < 400 }, { ...init, status })
}

/**
 * Reads a JSON object body. docs/legacy-api.md §5 #11/#13: only JSON (no urlencoded), a plain object, size-limited
 * while it streams (body.server's parseJsonObject, ADR 005); anything else is a 400/413/415 JSON error, never a 500.
 */
export async function readJsonBody(request: Request, maxBytes?: number): Promise<Record<string, unknown>> {
  const result = await parseJsonObject(request, maxBytes)
  if (!result.ok) throw apiError(result.status, result.message)
  return result.body
}

/**
 * A body field that must be a non-empty string (Mongo-operator objects and arrays are refused,
 * docs/legacy-api.md §5 #13).
 */
export function str(body: Record<string, unknown>, key: string): string | undefined {
  const v = Object.hasOwn(body, key) ? body[key] : undefined
  return typeof v === 'string' ? v : undefined
}

/** The message of a refused body's first schema issue: the one line an API error carries. */
export const firstMessage = (issues: Array<{ message: string }>) => issues[0]?.message ?? 'Invalid request'
