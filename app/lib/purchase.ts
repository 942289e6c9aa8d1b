import { isOpenAt } from './access'

// Whether a learner may buy a course, renew it, or neither: the one rule behind the course page's purchase button
// (app/routes/courses/course-page.server.ts), the checkout page (app/routes/buy/checkout.tsx) and create-order
// (app/models/money/order.server.ts), so none of them offers what another refuses.

export type PurchaseStanding =
  /** Not enrolled (staff included: they open every course without buying it, but may buy one). */
  | { kind: 'buy' }
  /**
   * Enrolled with an end: buying again renews. While access is open the new period starts at the end (`until`);
   * once it has ended (`ended`), from the day of payment (app/lib/access.ts `extendedEnd`).
   */
  | { kind: 'renew'; until: string; ended: boolean }
  /** Open with nothing to renew: the course, or this learner's access, is for good. Bought once. */
  | { kind: 'enrolled'; until: string | null }
  /** An admin revoked the enrolment: a payment does not buy the learner back in; the admin decides. */
  | { kind: 'revoked' }

/**
 * Where a learner stands toward buying a course at `now`, from their enrolment in it (none: undefined) and the
 * course's period (`accessDays`, null for good). An open enrolment is bought again only to renew a period: when the
 * course sells one and the access has an end. After the end anyone enrolled may buy it again.
 */
export function purchaseStanding(input: {
  enrolment: { is_active: number; access_until: string | null } | undefined
  accessDays: number | null
  now: Date
}): PurchaseStanding {
  const { enrolment, accessDays, now } = input
  if (!enrolment) return { kind: 'buy' }
  if (enrolment.is_active !== 1) return { kind: 'revoked' }
  const until = enrolment.access_until
  if (until !== null && !isOpenAt(until, now)) return { kind: 'renew', until, ended: true }
  if (accessDays !== null && until !== null) return { kind: 'renew', until, ended: false }
  return { kind: 'enrolled', until }
}
