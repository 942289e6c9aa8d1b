import { redirect } from 'react-router'
import { hasRole, refusedPageRedirect, type RoleNeed } from '~/lib/roles'
import type { UserRow } from '~/models/accounts/user.server'
import { apiError } from '~/utils/api.server'
import { getUser, getUserId } from './session.server'

// The one role guard (docs/decisions/020-one-role-guard.md). Whether a user may pass is `hasRole` in
// app/lib/roles.ts, for every caller; the callers differ only in how they answer a refusal:
//   page  signed out: /login?redirectTo=<here>; without the role: staff to /admin/dashboard, others to /
//   file  (downloads under /admin/export) signed out: /login as a page; without the role: a plain 403, since a
//         redirect would make the browser save the page it lands on as the "CSV"
//   api   (the v1 endpoint tables) signed out: 401 'Unauthorized request'; without the role: 403 'Forbidden', in
//         the JSON error shape the older client reads
// The first line of every protected loader and action is its guard.

export type GuardAnswer = 'page' | 'file' | 'api'

export const API_AUTH_MESSAGES = { unauthorized: 'Unauthorized request', forbidden: 'Forbidden' } as const

function loginRedirect(request: Request): Response {
  const url = new URL(request.url)
  return redirect(`/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`)
}

const REFUSALS: Record<
  GuardAnswer,
  { signedOut: (request: Request) => Response; forbidden: (user: UserRow) => Response }
> = {
  page: { signedOut: loginRedirect, forbidden: (user) => redirect(refusedPageRedirect(user.role)) },
  file: {
    signedOut: loginRedirect,
    forbidden: () =>
      new Response('Forbidden: this export is for staff with access to it.', {
        status: 403,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
      }),
  },
  api: {
    signedOut: () => apiError(401, API_AUTH_MESSAGES.unauthorized),
    forbidden: () => apiError(403, API_AUTH_MESSAGES.forbidden),
  },
}

/** The signed-in user if they have the role `need` names; otherwise throws the refusal `answer` gives. */
export async function requireRole(request: Request, need: RoleNeed, answer: GuardAnswer = 'page'): Promise<UserRow> {
  const user = await getUser(request)
  if (!user) throw REFUSALS[answer].signedOut(request)
  if (!hasRole(user.role, need)) throw REFUSALS[answer].forbidden(user)
  return user
}

/** Pages for any signed-in user. */
export const requireUser = (request: Request): Promise<UserRow> => requireRole(request, 'signedIn')

/** Guest-only pages (login, signup, forgot password) send signed-in users to /. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getUserId(request)) throw redirect('/')
}
