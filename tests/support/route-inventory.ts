// Reads the app's own route table and the API's description of itself, so the robustness tests cover every route
// that exists, including ones added later, without a hand-kept list.
import fs from 'node:fs'
import path from 'node:path'
import { E2E } from './e2e-env'

export type PageRoute = { path: string; file: string; hasAction: boolean; hasLoader: boolean }
export type ApiRoute = { method: string; path: string }

export function pageRoutes(): PageRoute[] {
  const src = fs.readFileSync('app/routes.ts', 'utf8')
  const routes: PageRoute[] = []
  // prefix('admin', [ layout(..., [ index(...), route('dashboard', ...) ]) ]) -> /admin/dashboard
  const prefixes: { name: string; depth: number }[] = []
  let depth = 0
  const tokens = src.matchAll(/prefix\('([^']*)'|index\('([^']+)'\)|route\('([^']*)',\s*'([^']+)'|(\[)|(\])/g)
  for (const t of tokens) {
    if (t[5]) depth++
    else if (t[6]) {
      depth--
      while (prefixes.length && prefixes.at(-1)!.depth > depth) prefixes.pop()
    } else if (t[1] !== undefined) prefixes.push({ name: t[1], depth: depth + 1 })
    else {
      const file = t[2] ?? t[4]
      const segment = t[2] ? '' : t[3]
      const full = '/' + [...prefixes.map((p) => p.name), segment].filter(Boolean).join('/')
      const code = fs.readFileSync(path.join('app', file), 'utf8')
      routes.push({
        path: full,
        file,
        hasAction: /export (async function|const|function) action\b/.test(code),
        hasLoader: /export (async function|const|function) loader\b/.test(code),
      })
    }
  }
  return routes.filter((r) => !r.path.startsWith('/api/v1'))
}

/**
 * Every /api/v1 endpoint, as the running app describes itself at /api/v1/openapi.json: the document is generated
 * from the endpoint tables (app/routes/api/*.server.ts), which this Playwright process cannot import (they open the
 * database). Vitest tests import the tables themselves (`v1Resources`).
 */
export async function apiRoutes(baseURL = E2E.baseURL): Promise<ApiRoute[]> {
  const res = await fetch(`${baseURL}/api/v1/openapi.json`)
  if (!res.ok) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`)
  const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> }
  return Object.entries(doc.paths).flatMap(([p, operations]) =>
    Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path: p.replace(/\{(\w+)\}/g, ':$1') })),
  )
}

/** Fills :params with the given values (falling back to a well-formed id). */
export function fill(p: string, values: Record<string, string>): string {
  return p.replace(/:(\w+)/g, (_, name) => values[name] ?? '0123456789abcdef01234567').replace(/\/\*$/, '/x')
}
