import type { EntryContext } from 'react-router'
import { describe, expect, test } from 'vitest'
import {
  applyPagePolicy,
  isDocumentPath,
  pageCacheKey,
  pagePolicy,
  PRIVATE_NO_STORE,
  PRIVATE_REVALIDATE,
  PUBLIC_REVALIDATE,
  STORE_MARKER,
} from './page-cache.server'

// The theme cookie as React Router's createCookie writes it: URL-encoded base64 of the JSON value.
const theme = (value: string) => `theme=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString('base64'))}`
const key = (url: string, cookie?: string, method = 'GET') =>
  pageCacheKey({ method, host: 'example.test', url, cookie })

describe('pageCacheKey: which requests may be answered from memory', () => {
  test('anonymous GET and HEAD of a page, keyed by host, theme and path with query', () => {
    expect(key('/')).toBe('example.test - /')
    expect(key('/', undefined, 'HEAD')).toBe(key('/'))
    expect(key('/courses?x=1')).toBe('example.test - /courses?x=1')
    expect(key('/courses', theme('dark'))).toBe('example.test dark /courses')
    expect(key('/courses', theme('light'))).toBe('example.test light /courses')
    // A junk theme renders as no theme: one entry, not one per junk value.
    expect(key('/courses', 'theme=zzz')).toBe(key('/courses'))
  })

  test('never with a cookie other than the theme (session, toast, a sign-up step), nor for other methods', () => {
    expect(key('/', '__session=abc')).toBeNull()
    expect(key('/', `${theme('dark')}; toast-session=xyz`)).toBeNull()
    expect(key('/', 'anything=1')).toBeNull()
    expect(key('/', undefined, 'POST')).toBeNull()
  })

  test('never for data requests, the API, plumbing or files', () => {
    for (const url of [
      '/courses.data',
      '/_root.data',
      '/api/v1/courses/get-all-courses',
      '/healthz',
      '/theme',
      '/uploads/a.png',
      '/favicon.ico',
      '/video/AAAA/download',
    ])
      expect(key(url), url).toBeNull()
    expect(isDocumentPath('/courses/some-course')).toBe(true)
  })
})

/** A minimal EntryContext: the matched routes with their handles, and the root loader's data. */
function render(options: {
  handles?: unknown[]
  root?: { user: unknown; toast: unknown }
  cookie?: string
  method?: string
  url?: string
  statusCode?: number
}) {
  const handles = options.handles ?? [undefined, undefined]
  const matches = handles.map((_, i) => ({ route: { id: i === 0 ? 'root' : `route${i}` } }))
  const routeModules = Object.fromEntries(handles.map((handle, i) => [matches[i].route.id, { handle }]))
  const routerContext = {
    staticHandlerContext: { matches, loaderData: { root: options.root ?? { user: null, toast: null } } },
    routeModules,
  } as unknown as EntryContext
  const request = new Request(`http://example.test${options.url ?? '/'}`, {
    method: options.method ?? 'GET',
    headers: options.cookie ? { Cookie: options.cookie } : {},
  })
  return { request, routerContext, statusCode: options.statusCode ?? 200 }
}

const hashedCsp = "script-src 'self' 'sha256-abc'"

describe('pagePolicy: Cache-Control on every page, and what may be stored', () => {
  test('an anonymous content page: public, revalidated, stored, varying on Cookie', () => {
    const headers = new Headers({ 'Content-Security-Policy': hashedCsp })
    applyPagePolicy(headers, render({}))
    expect(headers.get('Cache-Control')).toBe(PUBLIC_REVALIDATE)
    expect(headers.get('Vary')).toBe('Cookie')
    expect(headers.get(STORE_MARKER)).toBe('store')
    expect(pagePolicy(new Headers(), render({ cookie: theme('dark') })).store).toBe(true)
  })

  test('signed in, a toast, or any personal cookie: private, no-store, never stored', () => {
    for (const page of [
      render({ root: { user: { id: 'u1' }, toast: null } }),
      render({ root: { user: null, toast: { message: 'Saved' } } }),
      render({ cookie: '__session=abc' }),
      render({ cookie: 'toast-session=abc' }),
    ]) {
      const headers = new Headers({ 'Content-Security-Policy': hashedCsp })
      applyPagePolicy(headers, page)
      expect(headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE)
      expect(headers.has(STORE_MARKER)).toBe(false)
    }
  })

  test('anonymous but not shareable: hydrating routes, opted out, errors, a nonce, a Set-Cookie', () => {
    const cases: Array<[Headers, ReturnType<typeof render>]> = [
      [new Headers({ 'Content-Security-Policy': hashedCsp }), render({ handles: [undefined, { hydrate: true }] })],
      [new Headers({ 'Content-Security-Policy': hashedCsp }), render({ handles: [undefined, { pageCache: false }] })],
      [new Headers({ 'Content-Security-Policy': hashedCsp }), render({ statusCode: 404 })],
      [new Headers({ 'Content-Security-Policy': "script-src 'nonce-abc'" }), render({})],
      [new Headers({ 'Content-Security-Policy': hashedCsp, 'Set-Cookie': 'a=b' }), render({})],
    ]
    for (const [headers, page] of cases) {
      expect(pagePolicy(headers, page)).toEqual({ policy: PRIVATE_REVALIDATE, store: false })
    }
  })
})
