// Helpers for the admin integration tests: sign a user in (a real session row + cookie), call page loaders and
// actions the way React Router would, and call /api/v1 admin routes.
import { createUser } from '../../db/factories'
import type { Role } from '../../db/schema'
import { createSessionRow } from '~/models/session.server'
import { sessionCookie } from '~/utils/auth.server'
import { db } from '~/utils/db.server'

export async function userWithCookie(role: Role, extra: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, { role, ...extra })
  const { id, expiresAt } = await createSessionRow(user.id)
  const cookie = (await sessionCookie.serialize(id, { expires: expiresAt })).split(';')[0]
  return { ...user, cookie }
}

export type Outcome = { status: number; location: string | null; data: unknown; headers: Headers }

/** Runs a loader or action and normalises a returned/thrown Response, `data()` result or plain value. */
export async function run(fn: (args: never) => unknown, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  let value: unknown
  try {
    value = await fn({ request, params, context: { clientAddress: '10.9.9.9' } } as never)
  } catch (thrown) {
    value = thrown
  }
  if (value instanceof Response) {
    const type = value.headers.get('Content-Type') ?? ''
    const body = type.includes('json') ? await value.json() : null
    return { status: value.status, location: value.headers.get('Location'), data: body, headers: value.headers }
  }
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'DataWithResponseInit') {
    const d = value as { data: unknown; init: ResponseInit | null }
    return { status: d.init?.status ?? 200, location: null, data: d.data, headers: new Headers(d.init?.headers) }
  }
  if (value instanceof Error) throw value
  return { status: 200, location: null, data: value, headers: new Headers() }
}

export function get(url: string, cookie?: string) {
  return new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} })
}

export function post(url: string, fields: Record<string, string | Blob | Array<string>> = {}, cookie?: string, method = 'POST') {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one)
  return new Request(`http://localhost${url}`, { method, body: form, headers: cookie ? { Cookie: cookie } : {} })
}

export function jsonRequest(method: string, path: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = {}
  if (cookie) headers.Cookie = cookie
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  return new Request(`http://localhost/api/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
}

/** Calls an /api/v1 resource module (`admin/...` or `courses/...`). */
export async function callApi(mod: { loader: (a: never) => unknown; action: (a: never) => unknown }, prefix: string, request: Request) {
  const path = new URL(request.url).pathname.replace(`/api/v1/${prefix}/`, '')
  const fn = request.method === 'GET' || request.method === 'HEAD' ? mod.loader : mod.action
  const res = (await fn({ request, params: { '*': path }, context: { clientAddress: '10.9.9.9' } } as never)) as Response
  const body = res.headers.get('Content-Type')?.includes('json') ? await res.json() : await res.text()
  return { status: res.status, body: body as Record<string, any> }
}
