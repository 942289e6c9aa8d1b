import type { EntryContext } from 'react-router'
import type { RouteHandle } from '~/hooks/use-route-handle'
import { readTheme } from '~/utils/theme.server'

// The anonymous page cache's policy (docs/decisions/014-anonymous-page-cache.md): which requests
// may be answered from memory, which rendered pages may be kept, and the Cache-Control of every page. The memory
// store is app/utils/page-store.server.ts; server.js glues the two to the HTTP server.

/** Set on a rendered page that may be stored; server.js strips it before anything is sent. */
export const STORE_MARKER = 'X-Page-Cache'

/** Cookies a cached page may vary on. Any other cookie (session, toast, sign-up step...) means "not anonymous". */
const THEME_COOKIE = 'theme'

/**
 * Personal or signed-in: no browser or proxy may keep it. Also the default of every app response that does not
 * come through the page policy and sets none itself (`.data`, resource routes; server.js applies it): those
 * answer for one visitor.
 */
export const PRIVATE_NO_STORE = 'private, no-store'
/**
 * An anonymous public page: any cache may keep it but must ask us every time (staff edits show at once; the
 * ETag turns the question into a 304). `Vary: Cookie` goes with it: a shared cache keyed on the URL alone would
 * hand a dark-theme page to a light-theme visitor, or the anonymous page to someone who just signed in.
 */
export const PUBLIC_REVALIDATE = 'public, no-cache'
/** Anonymous but not shareable (a page with a per-response nonce, an error page): the browser's own cache only. */
export const PRIVATE_REVALIDATE = 'private, no-cache'

/** Paths that are never a cached document: data requests, the API, plumbing, files. */
export function isDocumentPath(pathname: string): boolean {
  if (pathname.endsWith('.data')) return false
  if (pathname === '/api' || pathname.startsWith('/api/')) return false
  if (pathname === '/healthz' || pathname === '/theme' || pathname.startsWith('/uploads/')) return false
  // A lecture video's files (app/routes/video.ts): never a page, never kept, whoever asks.
  if (pathname.startsWith('/video/')) return false
  // A last segment with an extension names a file (server.js serves those from disk).
  return !/\.[a-z0-9]+$/i.test(pathname)
}

/** The cookie names and the theme of a Cookie header; a theme that is not light/dark reads as none. */
function readCookies(header: string | null | undefined): { names: string[]; theme: '' | 'light' | 'dark' } {
  const names: string[] = []
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    const name = (eq === -1 ? part : part.slice(0, eq)).trim()
    if (name) names.push(name)
  }
  // The renderer's own reader (root loader): the key's theme is the theme the page was rendered with.
  return { names, theme: readTheme(header) ?? '' }
}

/** True when the request carries a cookie other than the theme: a session, a toast, a sign-up step. */
export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return readCookies(cookieHeader).names.some((name) => name !== THEME_COOKIE)
}

/**
 * The cache key of a request that may be answered from memory, or null. Only anonymous GET/HEAD document
 * requests qualify; the key is the host, the theme and the path with its query (the only inputs an anonymous
 * page's bytes depend on: pages that read anything else declare `handle.pageCache = false`).
 */
export function pageCacheKey(request: {
  method: string
  host: string | undefined
  url: string
  cookie: string | null | undefined
}): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const pathname = request.url.split('?', 1)[0]
  if (!request.url.startsWith('/') || !isDocumentPath(pathname)) return null
  const { names, theme } = readCookies(request.cookie)
  if (names.some((name) => name !== THEME_COOKIE)) return null
  return `${request.host ?? ''} ${theme || '-'} ${request.url}`
}

type PageHandle = RouteHandle | undefined

/** What entry.server knows when it renders a page. */
export type PageRender = { request: Request; routerContext: EntryContext; statusCode: number }

/**
 * Sets Cache-Control (and Vary) on a rendered HTML page, and the store marker when the page is the same bytes for
 * every anonymous visitor with this key. Called by entry.server right after the Content-Security-Policy is set.
 */
export function applyPagePolicy(headers: Headers, page: PageRender): void {
  const { policy, store } = pagePolicy(headers, page)
  headers.set('Cache-Control', policy)
  if (policy === PUBLIC_REVALIDATE) headers.append('Vary', 'Cookie')
  if (store) headers.set(STORE_MARKER, 'store')
}

/** The decision alone (unit-tested): the Cache-Control value and whether the page may be stored. */
export function pagePolicy(headers: Headers, { request, routerContext, statusCode }: PageRender) {
  const context = routerContext.staticHandlerContext
  const root = context.loaderData?.root as { user?: unknown; toast?: unknown } | null | undefined
  const personal = hasPersonalCookie(request.headers.get('Cookie')) || Boolean(root?.user) || Boolean(root?.toast)
  if (personal) return { policy: PRIVATE_NO_STORE, store: false }

  const handles = context.matches.map((match) => routerContext.routeModules[match.route.id]?.handle as PageHandle)
  const url = new URL(request.url)
  const storable =
    (request.method === 'GET' || request.method === 'HEAD') &&
    isDocumentPath(url.pathname) &&
    statusCode === 200 &&
    !handles.some((handle) => handle?.hydrate === true || handle?.pageCache === false) &&
    // A page that sets a cookie is someone's; a page with a per-response nonce would hand that nonce to everyone.
    !headers.has('Set-Cookie') &&
    !/'nonce-/.test(headers.get('Content-Security-Policy') ?? '')
  return storable ? { policy: PUBLIC_REVALIDATE, store: true } : { policy: PRIVATE_REVALIDATE, store: false }
}
