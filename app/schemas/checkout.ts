import { z } from 'zod'
import { PHONE_MIN_LENGTH } from '~/lib/constants'
import { findState } from '~/lib/indian-states'

// Checkout forms (the v1 field names `couponCode`, `phone`, docs/legacy-api.md §2.3), shared by the page
// (Conform) and the API twin.

const PHONE_MESSAGE = 'Enter a valid phone number'

/** WhatsApp number: at least 10 characters, digits with an optional +, spaces or dashes. */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .min(PHONE_MIN_LENGTH, PHONE_MESSAGE)
  .max(20, PHONE_MESSAGE)
  .regex(/^\+?[0-9][0-9 -]*$/, PHONE_MESSAGE)

/** Coupon code as typed: forced to upper case on screen, looked up lower-cased (docs/legacy-api.md §2.3). */
export const couponCodeSchema = z
  .string({ error: 'Enter a coupon code first' })
  .trim()
  .min(1, 'Enter a coupon code first')
  .max(40, 'Invalid coupon code.')
  .transform((s) => s.toUpperCase())

/**
 * The buyer's state or union territory, optional: the place of supply on a GST invoice (app/lib/indian-states.ts).
 * The select sends a GST state code; the API also takes the name. Read as the code; blank is no choice.
 */
export const optionalStateSchema = z
  .string({ error: 'Choose a state or union territory from the list' })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return undefined
    const state = findState(value)
    if (state) return state.code
    ctx.addIssue({ code: 'custom', message: 'Choose a state or union territory from the list' })
    return z.NEVER
  })

export const applyCouponSchema = z.object({
  intent: z.literal('apply'),
  couponCode: couponCodeSchema,
})

export const proceedSchema = z.object({
  intent: z.literal('pay'),
  phone: phoneSchema,
  // The applied coupon travels as a hidden field and is re-validated on the server.
  appliedCoupon: z.string().trim().max(40).optional(),
  state: optionalStateSchema,
})
