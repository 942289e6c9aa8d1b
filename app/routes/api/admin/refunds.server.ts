import { z } from 'zod'
import { isId } from '~/lib/ids'
import { formatPaise } from '~/lib/refunds'
import { REFUND_MESSAGES, refundOrder } from '~/models/money/refund.server'
import { RefundBodySchema } from '~/schemas/refund'
import { apiError, firstMessage, json, readJsonBody } from '~/utils/api.server'
import { endpoint, ok, type SignedInArgs } from '../endpoints.server'

// /api/v1/admin: an admin refunds a paid order (the row of ../admin.server.ts's table), the twin of the refund page
// /admin/payments/{orderId}/refund: the same schema, the same model (app/models/money/refund.server.ts), so the same rules.

const RefundShape = z.object({
  id: z.string(),
  orderId: z.string(),
  amount: z.number().describe('rupees'),
  amountPaise: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
  fullyRefunded: z
    .boolean()
    .describe('the order is now refunded in full: the period (or quiz access) it bought is taken back'),
  creditNote: z.string().nullable().describe("the credit note's number, when the order has a tax invoice"),
})

const refund = async ({ request, user }: SignedInArgs) => {
  const parsed = RefundBodySchema.safeParse(await readJsonBody(request))
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  const { orderId, amount, reason } = parsed.data
  if (!isId(orderId)) return apiError(404, REFUND_MESSAGES['not-found'])
  const outcome = await refundOrder({ orderId, amountPaise: amount, reason, actorId: user.id })
  if (outcome.kind === 'gateway-error') return apiError(502, outcome.message)
  if (outcome.kind === 'refused') {
    if (outcome.reason === 'not-found') return apiError(404, outcome.message)
    // The amount is the caller's to fix; an unpaid or fully refunded order is not.
    if (outcome.reason === 'too-much' || outcome.reason === 'not-positive')
      return apiError(400, `amount: ${outcome.message}`)
    return apiError(409, outcome.message)
  }
  return json({
    success: true,
    message: `Refunded ${formatPaise(outcome.amountPaise)}`,
    refund: {
      id: outcome.refundId,
      orderId,
      amount: outcome.amountPaise / 100,
      amountPaise: outcome.amountPaise,
      status: outcome.status,
      fullyRefunded: outcome.full,
      creditNote: outcome.creditNote,
    },
  })
}

export const adminRefundEndpoints = [
  endpoint({
    method: 'POST',
    path: '/refund',
    summary:
      'Refunds a paid order: `amount` in rupees (at most 2 decimals; omitted, all that is left), through Razorpay for ' +
      'Razorpay payments (recorded here for the demo gateway); a full refund takes back the period the order bought',
    guard: 'admin',
    body: { json: RefundBodySchema },
    success: { 200: ok({ message: z.string(), refund: RefundShape }) },
    errors: {
      400: 'A missing or malformed field, named in the message (orderId, amount, reason), or an amount larger than is left',
      404: REFUND_MESSAGES['not-found'],
      409: `"${REFUND_MESSAGES['nothing-left']}", or "${REFUND_MESSAGES['not-paid']}"`,
      502: 'Razorpay refused the refund or could not be reached; nothing was refunded',
    },
    handler: refund,
  }),
]
