import { redirect } from 'react-router'
import { apiError } from '~/utils/api.server'
import { getUser, requireStaff } from '~/utils/auth.server'
import type { UserRow } from '~/models/user.server'

// Admin-area guards (spec 2 §6, issue 6 §1). Pages: signed out -> /login, other roles -> /, admin-only pages send
// instructors to /admin/dashboard. API: 401/403 JSON (API.md §5 #6).

export { requireStaff }

/** Admin-only pages (create course, coupons, reset quiz price, audit log, the access toggle). */
export async function requireAdminPage(request: Request): Promise<UserRow> {
  const user = await requireStaff(request)
  if (user.role !== 'admin') throw redirect('/admin/dashboard')
  return user
}

/** API guard: 401 when signed out, 403 JSON when the role does not fit. */
export async function requireApiRole(request: Request, roles: Array<'admin' | 'instructor'>): Promise<UserRow> {
  const user = await getUser(request)
  if (!user) throw apiError(401, 'Unauthorized request')
  if (!roles.includes(user.role as 'admin' | 'instructor')) throw apiError(403, 'Forbidden')
  return user
}

export const requireApiStaff = (request: Request) => requireApiRole(request, ['admin', 'instructor'])
export const requireApiAdmin = (request: Request) => requireApiRole(request, ['admin'])
