// The one harness the integration tests use to call the app the way React Router and the server do:
//
//   CookieJar                       keeps Set-Cookie answers and sends them back (pass it as `cookie`)
//   signedInCookie(userId)          a real session row and its `name=value` cookie
//   signedInUser(role, extra?)      a new user of that role, signed in: the user plus `cookie`
//   callRoute(handler, path, opts)  a page route's loader or action, with one RouteResult for whatever it
//                                   returns or throws (redirect Response, `data(value, init)`, plain value)
//   callApi(module, method, path, options)
//                                   an /api/v1 resource route (app/routes/api/<resource>.ts) by method and
//                                   full path, with a JSON, multipart or raw body: one ApiResult
//   buildRequest(path, options)     the Request those calls build, for code that takes a Request directly
//   lastCode(email), otherCode(code) the one-time codes of the dev outbox
//
// No app module is imported at the top of this file, only types: some test files set env in `vi.hoisted`
// (RATE_LIMIT, APP_URL, mail and AI stand-ins) or import the app lazily after starting a stand-in (the Razorpay
// tests set its keys in beforeAll), and the app reads its env once, when its modules first load. A top-level
// import here would load the session and db modules (and their env) before those tests have set it, so the app
// modules this file needs are imported inside the functions that use them.
import fs from 'node:fs'
import path from 'node:path'
import type { Role } from '../../db/schema'
// Safe at the top: it reads no env (react-router only).
import { requestContext } from '~/utils/request-context'

/**
 * The client address a call comes from when a test does not name one (what server.js puts in the request context,
 * app/utils/request-context.ts).
 */
export const CLIENT_ADDRESS = '10.1.2.3'

/** A browser's cookie store, just enough for one origin: takes Set-Cookie headers, answers a Cookie header. */
export class CookieJar {
  cookies = new Map<string, string>()

  /** Stores the cookies a response sets; a cookie set empty, with Max-Age=0 or expired in 1970 is removed. */
  take(from: Response | Headers): this {
    const headers = from instanceof Response ? from.headers : from
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';')
      const i = pair.indexOf('=')
      const name = pair.slice(0, i).trim()
      const value = pair.slice(i + 1)
      if (value === '' || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return this
  }

  /** The Cookie request header for what the jar holds ('' when empty). */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

/** A Cookie header value, or a jar that sends its cookies and keeps the ones the answer sets. */
export type CookieInput = string | CookieJar | undefined

const cookieHeader = (cookie: CookieInput) => (cookie instanceof CookieJar ? cookie.header() : cookie)

/** A signed-in session for `userId`: a real session row, returned as the `name=value` Cookie header. */
export async function signedInCookie(userId: string): Promise<string> {
  const { startSession } = await import('~/auth/session.server')
  const setCookie = await startSession(new Request('http://localhost/'), userId)
  return setCookie.split(';')[0]
}

type CreateUserInput = Parameters<typeof import('../../db/factories').createUser>[1]

/** Creates a user of `role` (with any other factory fields) and signs them in: the user plus `cookie`. */
export async function signedInUser(role: Role = 'user', extra: Omit<NonNullable<CreateUserInput>, 'role'> = {}) {
  const [{ createUser }, { db }] = await Promise.all([import('../../db/factories'), import('~/utils/db.server')])
  const user = await createUser(db, { ...extra, role })
  return { ...user, cookie: await signedInCookie(user.id) }
}

type FormFields = Record<string, string | Blob | Array<string | Blob>>

export type RequestOptions = {
  /** GET unless a form or body is given, then POST. */
  method?: string
  /** Form fields, sent the way a browser sends a form: multipart when a field is a file, else urlencoded. */
  form?: FormFields
  /** Overrides the form encoding (e.g. multipart for a `<Form encType="multipart/form-data">` without files). */
  encType?: 'multipart/form-data' | 'application/x-www-form-urlencoded'
  /** Added to the URL's query string. */
  query?: Record<string, string>
  /** A JSON body (sets Content-Type: application/json unless `headers` names one). */
  json?: unknown
  /** A raw body, sent as it is (set its Content-Type in `headers`). */
  body?: BodyInit
  headers?: HeadersInit
  cookie?: CookieInput
  /** Default http://localhost. */
  origin?: string
}

/** A Request as the server hands it to a route: path plus query, form / JSON / raw body, headers and cookie. */
export function buildRequest(pathOrUrl: string, options: RequestOptions = {}): Request {
  const url = new URL(pathOrUrl, options.origin ?? 'http://localhost')
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.append(k, v)
  const headers = new Headers(options.headers)
  const cookie = cookieHeader(options.cookie)
  if (cookie) headers.set('Cookie', cookie)
  let body: BodyInit | undefined = options.body
  if (options.form) {
    const entries = Object.entries(options.form).flatMap(([k, v]) =>
      (Array.isArray(v) ? v : [v]).map((one) => [k, one] as const),
    )
    const multipart = options.encType
      ? options.encType === 'multipart/form-data'
      : entries.some(([, v]) => typeof v !== 'string')
    if (multipart) {
      const form = new FormData()
      for (const [k, v] of entries) form.append(k, v)
      body = form
    } else {
      body = new URLSearchParams(entries as Array<[string, string]>)
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/x-www-form-urlencoded')
    }
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json)
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST')
  return new Request(url, { method, headers, body })
}

type Handler = (args: never) => unknown

export type CallOptions = RequestOptions & {
  /** The route params (`{ id }`, `{ '*': splat }`, ...). */
  params?: Record<string, string>
  /** The client address in the request context; default CLIENT_ADDRESS. */
  address?: string
}

/** What a page loader or action answered, whichever way it answered. */
export type RouteResult<T = any> = {
  /** The Response's status, `data()`'s init status, or 200 for a plain value. */
  status: number
  /** The redirect target (the Location header), else null. */
  location: string | null
  headers: Headers
  /** The plain value, `data()`'s value, a JSON Response's parsed body, else null. */
  data: T
  /** The Response itself when the route answered one (to read a file body), else null. */
  response: Response | null
  /** True when the route threw its answer (a redirect or `throw data(...)`) instead of returning it. */
  thrown: boolean
}

/**
 * Calls a page route's `loader` or `action` with a Request built from `path` and `options` and the context the
 * server gives (a client address), and normalises what React Router would get back. A thrown error that is
 * not a Response or `data()` is rethrown. With a CookieJar as `cookie`, the jar keeps what the answer sets.
 */
export async function callRoute<T = any>(
  handler: Handler,
  path: string,
  options: CallOptions = {},
): Promise<RouteResult<T>> {
  const request = buildRequest(path, options)
  const args = { request, params: options.params ?? {}, context: requestContext(options.address ?? CLIENT_ADDRESS) }
  let value: unknown
  let thrown = false
  try {
    value = await handler(args as never)
  } catch (error) {
    value = error
    thrown = true
  }
  const jar = options.cookie instanceof CookieJar ? options.cookie : null
  if (value instanceof Response) {
    jar?.take(value)
    // A body sent already compressed (Content-Encoding) is the test's to decode.
    const json = (value.headers.get('Content-Type') ?? '').includes('json') && !value.headers.has('Content-Encoding')
    const data = json ? await value.clone().json() : null
    return {
      status: value.status,
      location: value.headers.get('Location'),
      headers: value.headers,
      data,
      response: value,
      thrown,
    }
  }
  if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'DataWithResponseInit') {
    const d = value as { data: T; init: ResponseInit | null }
    const headers = new Headers(d.init?.headers)
    jar?.take(headers)
    return {
      status: d.init?.status ?? 200,
      location: headers.get('Location'),
      headers,
      data: d.data,
      response: null,
      thrown,
    }
  }
  if (thrown) throw value
  return { status: 200, location: null, headers: new Headers(), data: value as T, response: null, thrown }
}

/** What an /api/v1 endpoint answered. */
export type ApiResult = {
  status: number
  headers: Headers
  /** The parsed JSON body, or null when the body is not JSON. */
  body: any
  /** The body as text. */
  text: string
  response: Response
}

type ResourceModule = { loader: Handler; action: Handler }

export type ApiOptions = Omit<RequestOptions, 'method' | 'form' | 'encType'> & {
  /** A multipart body (uploads): a FormData, or fields to put in one. */
  multipart?: FormData | FormFields
  /** The client address in the request context; default CLIENT_ADDRESS. */
  address?: string
}

/**
 * Calls an /api/v1 resource route module (app/routes/api/<resource>.ts) the way the router does: `path` is the
 * full path (`/api/v1/orders/create-order`, query allowed), the splat param is what follows
 * `/api/v1/<resource>/`, GET and HEAD go to the loader and other methods to the action. With a CookieJar as
 * `cookie`, the jar keeps what the answer sets.
 */
export async function callApi(
  mod: ResourceModule,
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<ApiResult> {
  const { multipart, address, ...rest } = options
  const request = multipart
    ? buildRequest(path, {
        ...rest,
        method,
        ...(multipart instanceof FormData ? { body: multipart } : { form: multipart, encType: 'multipart/form-data' }),
      })
    : buildRequest(path, { ...rest, method })
  const match = new URL(request.url).pathname.match(/^\/api\/v1\/[^/]+\/?(.*)$/)
  if (!match) throw new Error(`callApi: ${path} is not an /api/v1/<resource>/... path`)
  const args = { request, params: { '*': match[1] }, context: requestContext(address ?? CLIENT_ADDRESS) }
  const handler = method === 'GET' || method === 'HEAD' ? mod.loader : mod.action
  const response = (await handler(args as never)) as Response
  if (options.cookie instanceof CookieJar) options.cookie.take(response)
  const text = await response.clone().text()
  let body: any = null
  try {
    body = JSON.parse(text)
  } catch {}
  return { status: response.status, headers: response.headers, body, text, response }
}

/** The newest one-time code the dev outbox holds for `email`. */
export function lastCode(email: string): string {
  const dir = process.env.OUTBOX_DIR!
  const mails = fs
    .readdirSync(dir)
    .map((f) => path.join(dir, f))
    .map((f) => ({ f, t: fs.statSync(f).mtimeMs, text: fs.readFileSync(f, 'utf8') }))
    .filter((m) => m.text.startsWith(`To: ${email}\n`))
    .sort((a, b) => a.t - b.t || a.f.localeCompare(b.f))
  const m = mails.at(-1)?.text.match(/\b(\d{6})\b/)
  if (!m) throw new Error(`no code mailed to ${email}`)
  return m[1]
}

/** A six-digit code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
