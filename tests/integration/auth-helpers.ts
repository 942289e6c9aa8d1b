// Helpers for the accounts integration tests: call the /api/v1/users resource route and the page actions the
// way React Router would, keep a tiny cookie jar, and read codes from the dev outbox.
import fs from 'node:fs'
import path from 'node:path'
import { action as apiAction, loader as apiLoader } from '~/routes/api/users'

export const ADDRESS = '10.1.2.3'

export class Jar {
  cookies = new Map<string, string>()
  take(res: Response | Headers) {
    const headers = res instanceof Response ? res.headers : res
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
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

export async function api(method: 'GET' | 'POST', route: string, body?: unknown, jar?: Jar, address = ADDRESS): Promise<Response> {
  const headers = new Headers()
  if (body !== undefined) headers.set('Content-Type', 'application/json')
  if (jar?.cookies.size) headers.set('Cookie', jar.header())
  const request = new Request(`http://localhost/api/v1/users/${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  const fn = method === 'GET' ? apiLoader : apiAction
  const res = (await fn({ request, params: { '*': route }, context: { clientAddress: address } } as never)) as Response
  jar?.take(res)
  return res
}

export async function apiMultipart(route: string, form: FormData, jar?: Jar): Promise<Response> {
  const headers = new Headers()
  if (jar?.cookies.size) headers.set('Cookie', jar.header())
  const request = new Request(`http://localhost/api/v1/users/${route}`, { method: 'POST', headers, body: form })
  return (await apiAction({ request, params: { '*': route }, context: { clientAddress: ADDRESS } } as never)) as Response
}

type PageResult = { status: number; data: Record<string, unknown> | null; headers: Headers; location: string | null }

/** Runs a page action and normalises what it returns or throws (redirect Response or `data()`). */
export async function pageAction(
  action: (args: never) => unknown,
  url: string,
  fields: Record<string, string | string[]>,
  jar?: Jar,
  address = ADDRESS,
): Promise<PageResult> {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one)
  const headers = new Headers()
  if (jar?.cookies.size) headers.set('Cookie', jar.header())
  const request = new Request(`http://localhost${url}`, { method: 'POST', body: form, headers })
  let out: unknown
  try {
    out = await action({ request, params: {}, context: { clientAddress: address } } as never)
  } catch (thrown) {
    out = thrown
  }
  if (out instanceof Response) {
    jar?.take(out)
    return { status: out.status, data: null, headers: out.headers, location: out.headers.get('Location') }
  }
  const d = out as { type?: string; data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } }
  if (d && d.type === 'DataWithResponseInit') {
    const h = new Headers(d.init?.headers)
    jar?.take(h)
    return { status: d.init?.status ?? 200, data: d.data, headers: h, location: null }
  }
  return { status: 200, data: out as Record<string, unknown>, headers: new Headers(), location: null }
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

export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
