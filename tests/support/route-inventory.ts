// Reads the app's own route table and API tables, so the robustness tests cover every route that exists,
// including ones added later, without a hand-kept list.
import fs from 'node:fs'
import path from 'node:path'

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

/** Every 'METHOD /path' key of the /api/v1 tables (app/routes/api/*.ts and the handler files they spread). */
export function apiRoutes(): ApiRoute[] {
  const files = [
    ...fs.readdirSync('app/routes/api').map((f) => path.join('app/routes/api', f)),
    ...(fs.existsSync('app/api') ? fs.readdirSync('app/api').map((f) => path.join('app/api', f)) : []),
  ]
  const resourceOf: Record<string, string> = {
    'app/api/catalog.server.ts': 'courses',
    'app/api/learning.server.ts': 'courses',
    'app/api/course-admin.server.ts': 'courses',
  }
  const out: ApiRoute[] = []
  for (const file of files) {
    if (file.endsWith('.test.ts')) continue
    const resource = resourceOf[file] ?? path.basename(file).replace(/\.ts$/, '')
    const code = fs.readFileSync(file, 'utf8')
    for (const m of code.matchAll(/['"](GET|POST|PUT|DELETE|PATCH) (\/[^'"]*)['"]\s*:/g)) {
      out.push({ method: m[1], path: `/api/v1/${resource}${m[2] === '/' ? '' : m[2]}` })
    }
  }
  return out
}

/** Fills :params with the given values (falling back to a well-formed id). */
export function fill(p: string, values: Record<string, string>): string {
  return p.replace(/:(\w+)/g, (_, name) => values[name] ?? '0123456789abcdef01234567').replace(/\/\*$/, '/x')
}
