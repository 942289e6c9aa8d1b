// The one role guard (docs/decisions/020-one-role-guard.md): a page, a CSV export and an API endpoint that ask
// for the same role let the same users through and refuse the same users; only the way they refuse differs.
import { beforeAll, describe, expect, test } from 'vitest'
import { hasRole, type RoleNeed } from '~/lib/roles'
import { v1Resources } from '~/routes/api/openapi.server'
import { buildRequest, callApi, callRoute, signedInUser } from '../support/harness'

type Who = 'anonymous' | 'user' | 'instructor' | 'admin'
const who: Who[] = ['anonymous', 'user', 'instructor', 'admin']
const cookies: Record<Who, string | undefined> = {
  anonymous: undefined,
  user: undefined,
  instructor: undefined,
  admin: undefined,
}

beforeAll(async () => {
  for (const role of ['user', 'instructor', 'admin'] as const) cookies[role] = (await signedInUser(role)).cookie
})

const API_ERROR = (statusCode: number, message: string) => ({
  statusCode,
  data: null,
  message,
  success: false,
  errors: [],
})

/** One caller of each kind per role: a page loader, a CSV export and an API endpoint. */
const callers: Record<'staff' | 'admin', { page: string; file: string; api: [string, string] }> = {
  staff: { page: 'all-users', file: 'users-csv', api: ['GET', '/api/v1/admin/get-all-users'] },
  admin: { page: 'audit-log', file: 'payments-csv', api: ['GET', '/api/v1/admin/coupons'] },
}
const pages: Record<string, () => Promise<{ loader: (...args: never[]) => unknown }>> = {
  'all-users': () => import('~/routes/admin/all-users'),
  'audit-log': () => import('~/routes/admin/audit-log'),
  'users-csv': () => import('~/routes/admin/export/users-csv'),
  'payments-csv': () => import('~/routes/admin/export/payments-csv'),
}
const paths: Record<string, string> = {
  'all-users': '/admin/all-users',
  'audit-log': '/admin/audit-log',
  'users-csv': '/admin/export/users.csv',
  'payments-csv': '/admin/export/payments.csv',
}

describe('the page, the export and the API agree on who may pass', () => {
  for (const need of ['staff', 'admin'] as const) {
    for (const as of who) {
      test(`${need} as ${as}`, async () => {
        const c = callers[need]
        const page = await callRoute((await pages[c.page]()).loader as never, paths[c.page], { cookie: cookies[as] })
        const file = await callRoute((await pages[c.file]()).loader as never, paths[c.file], { cookie: cookies[as] })
        const resource = v1Resources.find((r) => c.api[1].startsWith(r.mount + '/'))!
        const api = await callApi(resource, c.api[0], c.api[1], { cookie: cookies[as] })

        const passes = as !== 'anonymous' && hasRole(as, need)
        const passed = [page.status === 200 && !page.location, file.status === 200, api.status === 200]
        expect(passed).toEqual([passes, passes, passes])
        if (passes) return

        if (as === 'anonymous') {
          // Signed out: both browser callers go to the login page and back; the API answers 401.
          for (const outcome of [page, file]) {
            expect(outcome.status).toBe(302)
            expect(outcome.location).toBe(
              `/login?${new URLSearchParams({ redirectTo: paths[outcome === page ? c.page : c.file] })}`,
            )
          }
          expect(api.status).toBe(401)
          expect(api.body).toEqual(API_ERROR(401, 'Unauthorized request'))
        } else {
          // Signed in without the role: the page redirects, the download is a plain 403, the API a JSON 403.
          expect(page.status).toBe(302)
          expect(page.location).toBe(as === 'user' ? '/' : '/admin/dashboard')
          expect(file.status).toBe(403)
          expect(file.location).toBeNull()
          expect(file.response?.headers.get('Content-Type')).toMatch(/^text\/plain/)
          expect(api.status).toBe(403)
          expect(api.body).toEqual(API_ERROR(403, 'Forbidden'))
        }
      })
    }
  }
})

describe('requireRole answers each kind of caller in its own way', () => {
  const answers = ['page', 'file', 'api'] as const
  const needs: RoleNeed[] = ['signedIn', 'staff', 'admin']
  for (const need of needs) {
    for (const as of who) {
      test(`${need} as ${as}`, async () => {
        const { requireRole } = await import('~/auth/guard.server')
        const outcomes = await Promise.all(
          answers.map((answer) =>
            requireRole(buildRequest('/somewhere?x=1', { cookie: cookies[as] }), need, answer).then(
              (user) => ({ user: user.role, refusal: null }),
              (thrown: unknown) => ({ user: null, refusal: thrown as Response }),
            ),
          ),
        )
        const passes = as !== 'anonymous' && hasRole(as, need)
        for (const outcome of outcomes) expect(outcome.user).toBe(passes ? as : null)
        if (passes) return
        const [page, file, api] = outcomes.map((o) => o.refusal!)
        if (as === 'anonymous') {
          expect([page.status, file.status, api.status]).toEqual([302, 302, 401])
          expect(page.headers.get('Location')).toBe('/login?redirectTo=%2Fsomewhere%3Fx%3D1')
          expect(file.headers.get('Location')).toBe(page.headers.get('Location'))
        } else {
          expect([page.status, file.status, api.status]).toEqual([302, 403, 403])
          expect(page.headers.get('Location')).toBe(as === 'user' ? '/' : '/admin/dashboard')
          expect(await api.json()).toEqual(API_ERROR(403, 'Forbidden'))
        }
      })
    }
  }
})
