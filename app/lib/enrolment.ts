// How an enrolment came about (`enrollments.source`) and how staff see it. Checkout writes 'purchase'; an admin's
// hand enrolment writes 'manual' with a required note saying why (a cash payment and its receipt, say), which the
// course's users table shows beside the learner.

export const ENROLMENT_SOURCES = { purchase: 'purchase', manual: 'manual' } as const

/** The longest note staff may keep on a hand enrolment: one line, shown in a table cell. */
export const ENROLMENT_NOTE_MAX = 200

/** The Source column: 'Purchase', 'By hand: <note>', or any other stored value as it is, capitalised. */
export function enrolmentSourceLabel(source: string, note: string | null): string {
  if (source === ENROLMENT_SOURCES.purchase) return 'Purchase'
  if (source === ENROLMENT_SOURCES.manual) return note ? `By hand: ${note}` : 'By hand'
  return source ? source.charAt(0).toUpperCase() + source.slice(1) : '---'
}
