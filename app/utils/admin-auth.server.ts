import { redirect } from 'react-router'
import { requireStaff } from '~/utils/auth.server'
import type { UserRow } from '~/models/user.server'

// Admin-area page guards (spec 2 §6, issue 6 §1): signed out -> /login, other roles -> /, admin-only pages send
// instructors to /admin/dashboard. The API's guards are the endpoint tables' (app/utils/api-endpoints.server.ts).

export { requireStaff }

/** Admin-only pages (create course, coupons, reset quiz price, audit log, the access toggle). */
export async function requireAdminPage(request: Request): Promise<UserRow> {
  const user = await requireStaff(request)
  if (user.role !== 'admin') throw redirect('/admin/dashboard')
  return user
}
