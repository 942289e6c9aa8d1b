import type { Kysely, Transaction } from 'kysely'
import { formatPaise } from '~/lib/refunds'
import { GatewayError, refundRazorpayPayment, type ProviderRefund } from '~/services/payments.server'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import { lockRow } from '#db/dialect'
import type { Database, RefundStatus } from '#db/schema'
import { recordAudit } from '../audit/audit.server'
import { issueCreditNote } from './documents.server'

// Refunds of paid orders (admin), through Razorpay's refund API for Razorpay payments and recorded locally for the
// demo gateway. The rules, each in one place below:
// - Never more than the payment. The order's row is locked, the refunds already recorded (pending or processed; a
//   failed one gave nothing back) are summed, and the new refund is recorded as pending in the same transaction,
//   before Razorpay is called: two admins at once queue on the lock and the second sees the first's refund.
// - Razorpay's answer (or its refund.processed / refund.failed webhook, whichever comes first; the refund carries
//   our id in its notes, so a webhook that overtakes the answer still finds it) moves the refund on, each step a
//   conditional update so it happens once: accepted (the gateway took it), processed (with its credit note when the
//   order has a tax invoice), or failed.
// - A refund that brings the refunded total to the whole payment ends the access the order bought, when it is
//   accepted: the course's enrolment ends now (the learner may buy it again), or quiz access goes unless something
//   else still gives it. A partial refund keeps access. An order never fulfilled (held for a refund because its
//   coupon was over its limit) granted nothing, so its refund ends nothing.
// Every step is audited in its transaction.

export const REFUND_MESSAGES = {
  'not-found': 'Order not found',
  'not-paid': 'Only a paid order can be refunded',
  'nothing-left': 'Nothing is left to refund on this order',
} as const

export type RefundRefusal = keyof typeof REFUND_MESSAGES | 'too-much'

export type RefundOutcome =
  | {
      kind: 'refunded'
      refundId: string
      amountPaise: number
      status: RefundStatus
      /** The refunded total now covers the whole payment. */
      full: boolean
      creditNote: string | null
    }
  | { kind: 'refused'; reason: RefundRefusal; message: string; leftPaise: number }
  /** The gateway refused or could not be reached: the refund is recorded as failed and nothing was refunded. */
  | { kind: 'gateway-error'; refundId: string; message: string }

type LockedOrder = {
  id: string
  user_id: string
  item_type: 'course' | 'quiz_bundle'
  course_id: string | null
  status: 'created' | 'paid' | 'failed'
  amount_paise: number
  provider: 'razorpay' | 'demo' | 'free'
  provider_payment_id: string | null
  refund_reason: string | null
}

/** Locks the order's row and reads it (the refunds of an order are decided one at a time). */
async function lockOrder(trx: Transaction<Database>, orderId: string): Promise<LockedOrder | undefined> {
  await lockRow(trx, 'orders', orderId)
  const order = await trx
    .selectFrom('orders')
    .select([
      'id',
      'user_id',
      'item_type',
      'course_id',
      'status',
      'amount_paise',
      'provider',
      'provider_payment_id',
      'refund_reason',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst()
  return order && { ...order, amount_paise: Number(order.amount_paise) }
}

/** What has been refunded of an order: its refunds pending or processed. */
export async function refundedPaise(conn: Kysely<Database>, orderId: string): Promise<number> {
  const row = await conn
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_paise'), eb.val(0)).as('paise'))
    .where('order_id', '=', orderId)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow()
  return Number(row.paise)
}

/**
 * Refunds `amountPaise` of a paid order (the rest of it when omitted), for the admin `actorId` with their reason.
 * Refused, changing nothing: an unknown or unpaid order, nothing left, or more than is left.
 */
export async function refundOrder(input: {
  orderId: string
  amountPaise?: number | null
  reason: string
  actorId: string
  now?: Date
  db?: Kysely<Database>
}): Promise<RefundOutcome> {
  const conn = input.db ?? db
  const now = (input.now ?? new Date()).toISOString()
  const recorded = await conn.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, input.orderId)
    const refuse = (reason: RefundRefusal, leftPaise = 0) =>
      ({
        kind: 'refused',
        reason,
        leftPaise,
        message:
          reason === 'too-much'
            ? `At most ${formatPaise(leftPaise)} is left to refund on this order`
            : REFUND_MESSAGES[reason],
      }) as const
    if (!order) return refuse('not-found')
    if (order.status !== 'paid' || (order.provider === 'razorpay' && !order.provider_payment_id))
      return refuse('not-paid')
    const leftPaise = order.amount_paise - (await refundedPaise(trx, order.id))
    if (leftPaise <= 0) return refuse('nothing-left')
    const amountPaise = input.amountPaise ?? leftPaise
    if (amountPaise > leftPaise) return refuse('too-much', leftPaise)
    // The demo gateway and 100% coupons took no money through Razorpay: the refund is recorded here, done.
    const local = order.provider !== 'razorpay'
    const refundId = newId()
    await trx
      .insertInto('refunds')
      .values({
        id: refundId,
        order_id: order.id,
        amount_paise: amountPaise,
        status: local ? 'processed' : 'pending',
        reason: input.reason,
        actor_id: input.actorId,
        provider_refund_id: null,
        failure: null,
        accepted_at: local ? now : null,
        processed_at: local ? now : null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await recordAudit(
      {
        actorId: input.actorId,
        action: 'payment.refund',
        targetType: 'order',
        targetId: order.id,
        details: { refundId, amountPaise, reason: input.reason, gateway: order.provider },
      },
      trx,
    )
    if (!local) return { kind: 'pending', refundId, amountPaise, order } as const
    const full = await afterAccepted(trx, order, now, input.actorId)
    const creditNote = await issueCreditNote(trx, { refundId, now })
    return { kind: 'refunded', refundId, amountPaise, status: 'processed', full, creditNote } as const
  })
  if (recorded.kind !== 'pending') return recorded

  const { refundId, amountPaise, order } = recorded
  let provider: ProviderRefund
  try {
    provider = await refundRazorpayPayment({
      paymentId: order.provider_payment_id!,
      amountPaise,
      refundId,
      notes: { refundId, orderId: order.id },
    })
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    await conn.transaction().execute((trx) => markFailed(trx, refundId, error.message, now))
    return { kind: 'gateway-error', refundId, message: error.message }
  }
  return conn.transaction().execute(async (trx) => {
    const locked = (await lockOrder(trx, order.id))!
    const settled = await settle(trx, locked, { refundId, provider, now, actorId: input.actorId, from: ['pending'] })
    return { kind: 'refunded', refundId, amountPaise, ...settled } as const
  })
}

/**
 * Moves a refund on by what the gateway says of it: processed (with its credit note) or failed, and unless failed,
 * accepted (once: the gateway's refund id is stored, and a refund that completes the payment ends its access).
 * `from`: the statuses a refund may be processed from (a webhook may correct a refund we marked failed when the call
 * timed out but Razorpay did refund it). Each step is a conditional update, so repeating it changes nothing. The
 * order is locked.
 */
async function settle(
  trx: Transaction<Database>,
  order: LockedOrder,
  input: { refundId: string; provider: ProviderRefund; now: string; actorId: string | null; from: RefundStatus[] },
): Promise<{ status: RefundStatus; full: boolean; creditNote: string | null }> {
  const { refundId, provider, now } = input
  let creditNote: string | null = null
  if (provider.status === 'processed') {
    const processed = await trx
      .updateTable('refunds')
      .set({ status: 'processed', processed_at: now, updated_at: now, failure: null })
      .where('id', '=', refundId)
      .where('status', 'in', input.from)
      .executeTakeFirst()
    if (Number(processed.numUpdatedRows) === 1) creditNote = await issueCreditNote(trx, { refundId, now })
  }
  if (provider.status === 'failed') {
    await markFailed(trx, refundId, 'Razorpay could not complete the refund', now)
  } else {
    // Accepted once, after the status above, so a refund just corrected from failed counts in the total.
    const accepted = await trx
      .updateTable('refunds')
      .set({ provider_refund_id: provider.id, accepted_at: now, updated_at: now })
      .where('id', '=', refundId)
      .where('accepted_at', 'is', null)
      .executeTakeFirst()
    if (Number(accepted.numUpdatedRows) === 1) await afterAccepted(trx, order, now, input.actorId)
  }
  const row = await trx.selectFrom('refunds').select('status').where('id', '=', refundId).executeTakeFirstOrThrow()
  const full = (await refundedPaise(trx, order.id)) >= order.amount_paise
  return { status: row.status, full, creditNote }
}

/** A pending refund failed: it no longer counts against the payment. Audited as the server's own entry. */
async function markFailed(trx: Transaction<Database>, refundId: string, failure: string, now: string) {
  const failed = await trx
    .updateTable('refunds')
    .set({ status: 'failed', failure, updated_at: now })
    .where('id', '=', refundId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (Number(failed.numUpdatedRows) !== 1) return
  const refund = await trx
    .selectFrom('refunds')
    .select(['order_id', 'amount_paise'])
    .where('id', '=', refundId)
    .executeTakeFirstOrThrow()
  await recordAudit(
    {
      actorId: null,
      action: 'payment.refund_failed',
      targetType: 'order',
      targetId: refund.order_id,
      details: { refundId, amountPaise: Number(refund.amount_paise), failure },
    },
    trx,
  )
}

/**
 * After a refund is accepted: when the order is now refunded in full and it was fulfilled, the access it bought
 * ends. Returns whether the order is refunded in full. Ending access twice changes nothing the second time.
 */
async function afterAccepted(
  trx: Transaction<Database>,
  order: LockedOrder,
  now: string,
  actorId: string | null,
): Promise<boolean> {
  const full = (await refundedPaise(trx, order.id)) >= order.amount_paise
  if (full && !order.refund_reason) await endAccess(trx, order, now, actorId)
  return full
}

/**
 * Ends what a fully refunded order bought, through the same access model as everything else: a course order's
 * enrolment gets an end of now (so `courseAccess` reads it as ended; buying again gives a new period), and quiz
 * access (the bundle, or a course that grants it) is taken away unless something still gives it: another open
 * enrolment in a course that grants it, or another paid bundle order not refunded in full.
 */
async function endAccess(trx: Transaction<Database>, order: LockedOrder, now: string, actorId: string | null) {
  let takesQuizAccess = order.item_type === 'quiz_bundle'
  if (order.item_type === 'course' && order.course_id) {
    const enrolment = await trx
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select(['enrollments.id', 'enrollments.access_until', 'courses.grants_quiz_access'])
      .where('enrollments.user_id', '=', order.user_id)
      .where('enrollments.course_id', '=', order.course_id)
      .executeTakeFirst()
    takesQuizAccess = enrolment?.grants_quiz_access === 1
    if (enrolment && (enrolment.access_until === null || enrolment.access_until > now)) {
      await trx
        .updateTable('enrollments')
        .set({ access_until: now, updated_at: now })
        .where('id', '=', enrolment.id)
        .execute()
      await recordAudit(
        {
          actorId,
          action: 'access.refund_end',
          targetType: 'enrollment',
          targetId: enrolment.id,
          details: {
            orderId: order.id,
            userId: order.user_id,
            courseId: order.course_id,
            from: enrolment.access_until,
          },
        },
        trx,
      )
    }
  }
  if (!takesQuizAccess || (await quizAccessHeld(trx, order, now))) return
  const taken = await trx
    .updateTable('users')
    .set({ has_access_to_quizzes: 0, updated_at: now })
    .where('id', '=', order.user_id)
    .where('has_access_to_quizzes', '=', 1)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 1)
    await recordAudit(
      {
        actorId,
        action: 'access.refund_end',
        targetType: 'user',
        targetId: order.user_id,
        details: { orderId: order.id, quizAccess: false },
      },
      trx,
    )
}

async function quizAccessHeld(trx: Transaction<Database>, order: LockedOrder, now: string): Promise<boolean> {
  const course = await trx
    .selectFrom('enrollments')
    .innerJoin('courses', 'courses.id', 'enrollments.course_id')
    .select('enrollments.id')
    .where('enrollments.user_id', '=', order.user_id)
    .where('enrollments.is_active', '=', 1)
    .where('courses.grants_quiz_access', '=', 1)
    .where((eb) => eb.or([eb('enrollments.access_until', 'is', null), eb('enrollments.access_until', '>', now)]))
    .executeTakeFirst()
  if (course) return true
  const bundle = await trx
    .selectFrom('orders')
    .select('orders.id')
    .where('orders.user_id', '=', order.user_id)
    .where('orders.item_type', '=', 'quiz_bundle')
    .where('orders.status', '=', 'paid')
    .where('orders.refund_reason', 'is', null)
    .where('orders.id', '!=', order.id)
    .where((eb) =>
      eb(
        'orders.amount_paise',
        '>',
        eb
          .selectFrom('refunds')
          .select((r) => r.fn.coalesce(r.fn.sum<number>('refunds.amount_paise'), r.val(0)).as('paise'))
          .whereRef('refunds.order_id', '=', 'orders.id')
          .where('refunds.status', '!=', 'failed'),
      ),
    )
    .executeTakeFirst()
  return Boolean(bundle)
}

/** What a refund webhook came to (the answer Razorpay's dashboard shows). */
export type RefundEventOutcome =
  { kind: 'refused'; reason: string } | { kind: 'refund'; refundId: string; status: RefundStatus | 'duplicate' }

const FIELD = /^[A-Za-z0-9_]{1,64}$/

/**
 * Razorpay's refund.processed / refund.failed (the caller has verified the signature). The refund is found by
 * Razorpay's id, or by our id in its notes (the webhook may overtake the refund call's answer); one made in
 * Razorpay's own dashboard is recorded as it arrives, if it fits in what is left of the payment. De-duplicated by
 * event id like payment events, and each change is a conditional step, so a repeated event changes nothing.
 */
export async function handleRefundEvent(input: {
  event: 'refund.processed' | 'refund.failed'
  entity: Record<string, unknown> | undefined
  eventId: string | null
  db?: Kysely<Database>
  now?: Date
}): Promise<RefundEventOutcome> {
  const conn = input.db ?? db
  const now = (input.now ?? new Date()).toISOString()
  const e = input.entity ?? {}
  const notes = (e.notes && typeof e.notes === 'object' ? e.notes : {}) as Record<string, unknown>
  const ourId = typeof notes.refundId === 'string' ? notes.refundId : typeof e.receipt === 'string' ? e.receipt : null
  if (
    typeof e.id !== 'string' ||
    !FIELD.test(e.id) ||
    typeof e.payment_id !== 'string' ||
    !FIELD.test(e.payment_id) ||
    !Number.isSafeInteger(e.amount) ||
    (e.amount as number) <= 0
  )
    return { kind: 'refused', reason: 'Malformed refund' }
  const provider: ProviderRefund = {
    id: e.id,
    amount: e.amount as number,
    status: input.event === 'refund.processed' ? 'processed' : 'failed',
  }
  const found = await conn
    .selectFrom('orders')
    .select('id')
    .where('provider_payment_id', '=', e.payment_id)
    .where('provider', '=', 'razorpay')
    .where('status', '=', 'paid')
    .executeTakeFirst()
  if (!found) return { kind: 'refused', reason: 'Order not found' }

  return conn.transaction().execute(async (trx): Promise<RefundEventOutcome> => {
    if (input.eventId) {
      const inserted = await trx
        .insertInto('payment_events')
        .values({
          id: newId(),
          order_id: found.id,
          source: input.event,
          event_id: input.eventId,
          payment_id: e.payment_id as string,
          fulfilled: 0,
          created_at: now,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0)
        return { kind: 'refund', refundId: provider.id, status: 'duplicate' }
    }
    const order = (await lockOrder(trx, found.id))!
    const known = await trx
      .selectFrom('refunds')
      .select(['id', 'amount_paise'])
      .where('order_id', '=', order.id)
      .where((eb) =>
        eb.or([
          eb('provider_refund_id', '=', provider.id),
          ...(ourId && ourId.length <= 64 ? [eb('id', '=', ourId)] : []),
        ]),
      )
      .executeTakeFirst()
    if (known) {
      if (Number(known.amount_paise) !== provider.amount) {
        console.warn(`[payments] refund webhook for ${known.id} does not match it`, provider)
        return { kind: 'refused', reason: 'Refund does not match the one recorded' }
      }
      // Razorpay's word is final: a refund we marked failed (its call timed out) that Razorpay did make counts.
      const settled = await settle(trx, order, {
        refundId: known.id,
        provider,
        now,
        actorId: null,
        from: ['pending', 'failed'],
      })
      return { kind: 'refund', refundId: provider.id, status: settled.status }
    }
    // Made in Razorpay's dashboard: nothing to record when it failed.
    if (provider.status === 'failed') return { kind: 'refused', reason: 'Unknown refund' }
    const leftPaise = order.amount_paise - (await refundedPaise(trx, order.id))
    if (provider.amount > leftPaise) {
      console.warn(`[payments] refund ${provider.id} is more than is left of order ${order.id}`, { leftPaise })
      return { kind: 'refused', reason: 'Refund exceeds what is left of the payment' }
    }
    const refundId = newId()
    await trx
      .insertInto('refunds')
      .values({
        id: refundId,
        order_id: order.id,
        amount_paise: provider.amount,
        status: 'pending',
        reason: 'Refunded in the Razorpay dashboard',
        actor_id: null,
        provider_refund_id: null,
        failure: null,
        accepted_at: null,
        processed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
    await recordAudit(
      {
        actorId: null,
        action: 'payment.refund',
        targetType: 'order',
        targetId: order.id,
        details: { refundId, amountPaise: provider.amount, gateway: 'razorpay', providerRefundId: provider.id },
      },
      trx,
    )
    const settled = await settle(trx, order, { refundId, provider, now, actorId: null, from: ['pending'] })
    return { kind: 'refund', refundId: provider.id, status: settled.status }
  })
}

export type RefundRow = {
  id: string
  amountPaise: number
  status: RefundStatus
  reason: string
  actorName: string | null
  providerRefundId: string | null
  failure: string | null
  createdAt: string
  creditNoteNumber: string | null
}

/** An order's refunds, oldest first, for the admin's refund page. */
export async function listRefunds(orderId: string): Promise<RefundRow[]> {
  const rows = await db
    .selectFrom('refunds')
    .leftJoin('users', 'users.id', 'refunds.actor_id')
    .select([
      'refunds.id',
      'refunds.amount_paise',
      'refunds.status',
      'refunds.reason',
      'users.name as actor_name',
      'refunds.provider_refund_id',
      'refunds.failure',
      'refunds.created_at',
      'refunds.credit_note_number',
    ])
    .where('refunds.order_id', '=', orderId)
    .orderBy('refunds.created_at')
    .orderBy('refunds.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    amountPaise: Number(r.amount_paise),
    status: r.status,
    reason: r.reason,
    actorName: r.actor_name,
    providerRefundId: r.provider_refund_id,
    failure: r.failure,
    createdAt: r.created_at,
    creditNoteNumber: r.credit_note_number,
  }))
}
