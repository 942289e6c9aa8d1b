import { z } from 'zod'
import { readRupees } from '~/lib/refunds'

// A refund (admin): the refund form on /admin/payments/{orderId}/refund and its API twin,
// POST /api/v1/admin/refund. The amount is in rupees as staff type it (at most two decimals), read as paise; left
// blank (or out of the API body) it is the rest of the payment. Each message names its field.

export const REFUND_REASON_MAX = 500
const AMOUNT_MESSAGE = 'Amount must be in rupees, more than 0, with at most 2 decimals (e.g. 1499 or 1499.50)'

export const RefundSchema = z.object({
  amount: z
    .union([z.string(), z.number()], { error: AMOUNT_MESSAGE })
    .nullish()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined
      const paise = readRupees(String(value))
      if (paise === undefined || Number.isNaN(paise) || paise <= 0 || !Number.isSafeInteger(paise)) {
        ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE })
        return z.NEVER
      }
      return paise
    }),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(REFUND_REASON_MAX, `Reason is too long (at most ${REFUND_REASON_MAX} characters)`),
})

/** The API's body: the form's fields and the order, which the page takes from its URL. */
export const RefundBodySchema = RefundSchema.extend({
  orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required'),
})
