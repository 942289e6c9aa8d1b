import { data, redirect } from 'react-router'
import { getUser } from '~/auth/session.server'
import type { Viewer } from '~/components/purchase-panel'
import { getCourseByLinkAddress, viewerOf } from '~/models/catalogue/course.server'
import type { PurchaseStanding } from '~/lib/purchase'
import { purchaseStandingOf } from '~/models/money/order.server'
import { courseJson } from '~/presenters/v1.server'
import { redirectWithWarning } from '~/utils/toast.server'

// Shared by the course detail page (/courses/{id}) and the semester page (/courses/bsc-hons-batch/{id}).

/**
 * The course (public shape) and what the purchase button should offer this viewer; null course = 404. A draft is
 * found for staff only (marked `draft`); to everyone else it is missing.
 */
export async function loadCoursePage(request: Request, linkAddress: string) {
  const user = await getUser(request)
  const course = await getCourseByLinkAddress(linkAddress, viewerOf(user))
  if (!course) return null
  const viewer: Viewer = user ? viewerFrom(await purchaseStandingOf(user.id, course)) : 'guest'
  return { course: courseJson(course), viewer, draft: course.published !== 1 }
}

/**
 * What the button offers, by the rule checkout and create-order apply (app/lib/purchase.ts): an open enrolment says
 * 'Go to course' (with its end, and 'Renew' when a period can be renewed), an ended one 'Renew'; anyone else may
 * buy (a revoked learner is told why at the checkout).
 */
function viewerFrom(standing: PurchaseStanding): Viewer {
  if (standing.kind === 'enrolled') return { access: 'open', until: standing.until, renewable: false }
  if (standing.kind === 'renew')
    return standing.ended
      ? { access: 'ended', until: standing.until }
      : { access: 'open', until: standing.until, renewable: true }
  return 'member'
}

/**
 * The purchase button of a signed-out visitor posts here (a 'Login to enroll' warning); it works
 * without JS (post/redirect/get with a toast). A signed-in visitor (a stale page) goes on to checkout.
 */
export async function enrolIntent(request: Request, linkAddress: string) {
  const url = new URL(request.url)
  const user = await getUser(request)
  if (user) throw redirect(`/checkout/${encodeURIComponent(linkAddress)}`)
  return redirectWithWarning(url.pathname, 'Login to enroll')
}

export function notFound() {
  return data({ page: null }, { status: 404 })
}
