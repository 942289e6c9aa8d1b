import type { Kysely, Transaction } from 'kysely'
import { db } from '~/utils/db.server'
import { isUniqueViolation } from '#db/dialect'
import { count, hit } from '~/utils/rate-limit.server'
import type { Database } from '#db/schema'
import { newId, nowIso } from '~/utils/ids.server'
import type { CouponFields } from '~/schemas/admin'
import { recordAudit } from '../audit/audit.server'
import { onePage } from '~/utils/page.server'
import { indiaDateEnd } from '~/lib/dates'

// Coupons: the rules at checkout (docs/legacy-api.md §2.3 validate-coupon-code) and the admin's list,
// create and delete. Codes are stored lower-cased and trimmed, unique per course (docs/legacy-api.md §3, §5 #15);
// an optional expiry (valid through that whole day, India time) and an optional usage limit counted over PAID
// orders only. A coupon counts once per learner: one learner's second use (a renewal included) is refused here
// and again when the order is paid (app/models/money/payment.server.ts), so one 100% coupon cannot renew a
// batch for ever.

export type ValidCoupon = { id: string; code: string; discount: number }
export type CouponCheck = { ok: true; coupon: ValidCoupon } | { ok: false; status: 400 | 404; message: string }

export const COUPON_USED_UP = 'This coupon has reached its usage limit.'
export const COUPON_ALREADY_USED = 'You have already used this coupon'

export const normaliseCouponCode = (code: string) => code.trim().toLowerCase()

/** The uses of a coupon: its paid orders, less those refused at payment and held for a refund (refund_reason). */
const uses = (conn: Kysely<Database>, couponId: string) =>
  conn
    .selectFrom('orders')
    .where('coupon_id', '=', couponId)
    .where('status', '=', 'paid')
    .where('refund_reason', 'is', null)

/**
 * How many times a coupon has been used. `conn` lets fulfilment count inside its own transaction
 * (docs/decisions/004-payments.md).
 */
export async function paidUses(couponId: string, conn: Kysely<Database> | Transaction<Database> = db): Promise<number> {
  const row = await uses(conn, couponId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * Whether a learner has used a coupon already: an order of theirs paid with it (a renewal included), other than
 * `exceptOrderId` (the order being paid). Read through the index orders(coupon_id, user_id).
 */
export async function usedByLearner(
  couponId: string,
  userId: string,
  conn: Kysely<Database> | Transaction<Database> = db,
  exceptOrderId?: string,
): Promise<boolean> {
  let query = uses(conn, couponId).where('user_id', '=', userId)
  if (exceptOrderId) query = query.where('id', '!=', exceptOrderId)
  return Boolean(await query.select('id').executeTakeFirst())
}

/** A coupon for a course as typed; with `userId`, also refused when that learner has used it already. */
export async function validateCoupon(input: {
  courseId: string
  code: string
  userId?: string | null
  now?: Date
}): Promise<CouponCheck> {
  const code = normaliseCouponCode(input.code)
  if (!code || code.length > 64) return { ok: false, status: 404, message: 'Invalid coupon code.' }
  const coupon = await db
    .selectFrom('coupons')
    .select(['id', 'code', 'discount', 'expires_at', 'usage_limit'])
    .where('course_id', '=', input.courseId)
    .where('code', '=', code)
    .executeTakeFirst()
  if (!coupon) return { ok: false, status: 404, message: 'Invalid coupon code.' }
  if (coupon.expires_at && new Date(coupon.expires_at).getTime() <= (input.now ?? new Date()).getTime()) {
    return { ok: false, status: 400, message: 'This coupon has expired.' }
  }
  if (input.userId && (await usedByLearner(coupon.id, input.userId))) {
    return { ok: false, status: 400, message: COUPON_ALREADY_USED }
  }
  if (coupon.usage_limit != null && (await paidUses(coupon.id)) >= coupon.usage_limit) {
    return { ok: false, status: 400, message: COUPON_USED_UP }
  }
  return { ok: true, coupon: { id: coupon.id, code: coupon.code, discount: coupon.discount } }
}

/** Failed coupon checks allowed per client address and per account in 10 minutes. */
export const COUPON_FAILURES_PER_WINDOW = 10
const COUPON_WINDOW_MS = 10 * 60_000
export const COUPON_TOO_MANY = 'Too many coupon attempts. Please wait a few minutes and try again.'

export type GuardedCouponCheck = CouponCheck | { ok: false; status: 429; message: string }

/**
 * A coupon check from a learner (checkout page, its ?coupon= link, validate-coupon-code): at most
 * COUPON_FAILURES_PER_WINDOW wrong or refused codes per address and per account, so codes cannot be guessed
 * (the review sent 150 anonymous guesses). Only failures count: a learner re-opening checkout with a good
 * coupon is never limited.
 */
export async function checkCouponGuarded(input: {
  courseId: string
  code: string
  address: string
  userId?: string | null
}): Promise<GuardedCouponCheck> {
  const keys = [`coupon-fail:addr:${input.address}`, ...(input.userId ? [`coupon-fail:user:${input.userId}`] : [])]
  for (const key of keys) {
    if ((await count(key, COUPON_WINDOW_MS)) >= COUPON_FAILURES_PER_WINDOW)
      return { ok: false, status: 429, message: COUPON_TOO_MANY }
  }
  const check = await validateCoupon({ courseId: input.courseId, code: input.code, userId: input.userId })
  if (!check.ok) for (const key of keys) await hit(key, COUPON_FAILURES_PER_WINDOW, COUPON_WINDOW_MS)
  return check
}

/** API twin: remember the coupon validate-coupon-code accepted for this learner and course. */
export async function rememberCoupon(userId: string, courseId: string, couponId: string): Promise<void> {
  const now = nowIso()
  await db
    .insertInto('coupon_selections')
    .values({ user_id: userId, course_id: courseId, coupon_id: couponId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doUpdateSet({ coupon_id: couponId, created_at: now }))
    .execute()
}

/** A failed apply resets the discount, so the remembered coupon goes too. */
export async function forgetCoupon(userId: string, courseId: string): Promise<void> {
  await db.deleteFrom('coupon_selections').where('user_id', '=', userId).where('course_id', '=', courseId).execute()
}

/** The remembered coupon's code, if any (create-order re-validates it). */
export async function rememberedCouponCode(userId: string, courseId: string): Promise<string | null> {
  const row = await db
    .selectFrom('coupon_selections')
    .innerJoin('coupons', 'coupons.id', 'coupon_selections.coupon_id')
    .select('coupons.code')
    .where('coupon_selections.user_id', '=', userId)
    .where('coupon_selections.course_id', '=', courseId)
    .executeTakeFirst()
  return row?.code ?? null
}

// Admin: list, create, delete.

export class CouponError extends Error {
  constructor(
    message: string,
    public status = 400,
  ) {
    super(message)
  }
}

export async function listCoupons({ page, pageSize }: { page?: number; pageSize?: number } = {}) {
  const total = Number(
    (
      await db
        .selectFrom('coupons')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  const query = db
    .selectFrom('coupons')
    .leftJoin('courses', 'courses.id', 'coupons.course_id')
    .select([
      'coupons.id',
      'coupons.code',
      'coupons.discount',
      'coupons.course_id',
      'coupons.expires_at',
      'coupons.usage_limit',
      'courses.card_title',
      'courses.course_title',
    ])
    .orderBy('coupons.created_at', 'desc')
    .orderBy('coupons.id')
  const rows = await onePage(query, { page, pageSize }).execute()
  return {
    total,
    coupons: rows.map((r) => ({
      id: r.id,
      code: r.code,
      discount: r.discount,
      courseId: r.course_id,
      cardTitle: r.card_title,
      courseTitle: r.course_title,
      expiresAt: r.expires_at,
      usageLimit: r.usage_limit,
    })),
  }
}

/** Expiry is a calendar date: the coupon works until the end of that day in India (UTC+05:30). */
export const expiryToIso = (date: string) => indiaDateEnd(date)

export async function createCoupon({ actorId, fields }: { actorId: string; fields: CouponFields }) {
  const code = fields.couponCode.trim().toLowerCase()
  const course = await db
    .selectFrom('courses')
    .select(['id', 'card_title'])
    .where('id', '=', fields.courseId)
    .executeTakeFirst()
  if (!course) throw new CouponError('Course not found', 404)
  const taken = await db
    .selectFrom('coupons')
    .select('id')
    .where('course_id', '=', course.id)
    .where('code', '=', code)
    .executeTakeFirst()
  if (taken) throw new CouponError('This coupon code already exists for this course')
  const id = newId()
  const expiresAt = fields.expiresAt ? expiryToIso(fields.expiresAt) : null
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('coupons')
        .values({
          id,
          code,
          discount: fields.discount,
          course_id: course.id,
          expires_at: expiresAt,
          usage_limit: fields.usageLimit ?? null,
          created_at: nowIso(),
        })
        .execute()
      await recordAudit(
        {
          actorId,
          action: 'coupon.create',
          targetType: 'coupon',
          targetId: id,
          details: { code, discount: fields.discount, courseId: course.id },
        },
        trx,
      )
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new CouponError('This coupon code already exists for this course')
    throw error
  }
  return {
    id,
    code,
    discount: fields.discount,
    courseId: course.id,
    cardTitle: course.card_title,
    expiresAt,
    usageLimit: fields.usageLimit ?? null,
  }
}

export async function getCoupon(id: string) {
  return db
    .selectFrom('coupons')
    .select(['id', 'code', 'discount', 'course_id', 'expires_at', 'usage_limit'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function deleteCoupon({ actorId, couponId }: { actorId: string; couponId: string }) {
  const coupon = await getCoupon(couponId)
  if (!coupon) throw new CouponError('Coupon not found', 404)
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('coupons').where('id', '=', coupon.id).execute()
    await recordAudit(
      {
        actorId,
        action: 'coupon.delete',
        targetType: 'coupon',
        targetId: coupon.id,
        details: { code: coupon.code, courseId: coupon.course_id },
      },
      trx,
    )
  })
  return {
    id: coupon.id,
    code: coupon.code,
    discount: coupon.discount,
    courseId: coupon.course_id,
    expiresAt: coupon.expires_at,
    usageLimit: coupon.usage_limit,
  }
}
