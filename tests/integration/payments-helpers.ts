// Helpers for the buying tests: a session cookie, API calls the way the router makes them, route calls.

// auth.server is imported lazily so a test file can set env (e.g. Razorpay keys) before the app reads it.
export async function cookieFor(userId: string) {
  const { startSession } = await import('~/utils/auth.server')
  const setCookie = await startSession(new Request('http://localhost/'), userId)
  return setCookie.split(';')[0]
}

type Handler = (args: never) => unknown
export async function callApi(
  mod: { loader: Handler; action: Handler },
  base: string,
  method: string,
  path: string,
  { cookie, body, headers: extra }: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...extra }
  if (cookie) headers.Cookie = cookie
  if (body !== undefined && typeof body !== 'string') headers['Content-Type'] = 'application/json'
  const request = new Request(`http://localhost${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const args = { request, params: { '*': path.replace(/^\//, '') }, context: {} } as never
  const res = (method === 'GET' ? await mod.loader(args) : await mod.action(args)) as Response
  const text = await res.text()
  let json: any = null
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: res.status, body: json, text }
}

/** Calls a page route's action or loader and returns the thrown or returned Response / data. */
export async function run<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof Response) return error
    if (error && typeof error === 'object' && 'init' in error) return error as T
    throw error
  }
}

export function form(fields: Record<string, string>, cookie?: string, url = 'http://localhost/') {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' }
  if (cookie) headers.Cookie = cookie
  return new Request(url, { method: 'POST', headers, body: new URLSearchParams(fields).toString() })
}
