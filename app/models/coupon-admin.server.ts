import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { CouponFields } from '~/schemas/admin'
import { recordAudit } from './audit.server'

// Coupons (admin only, spec 2 §2). Codes are stored lower-case and trimmed, unique per course (API.md §3, §5 #15).
// Expiry and usage limit are enforced at checkout (Buying issue): a coupon is valid through the whole expiry day
// (India time) and counts paid orders against its limit.

export class CouponError extends Error {
  constructor(
    message: string,
    public status = 400,
  ) {
    super(message)
  }
}

export async function listCoupons({ page, pageSize }: { page?: number; pageSize?: number } = {}) {
  const total = Number((await db.selectFrom('coupons').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  let query = db
    .selectFrom('coupons')
    .leftJoin('courses', 'courses.id', 'coupons.course_id')
    .select(['coupons.id', 'coupons.code', 'coupons.discount', 'coupons.course_id', 'coupons.expires_at', 'coupons.usage_limit', 'courses.card_title', 'courses.course_title'])
    .orderBy('coupons.created_at', 'desc')
    .orderBy('coupons.id')
  if (pageSize) query = query.limit(pageSize).offset((Math.max(1, page ?? 1) - 1) * pageSize)
  const rows = await query.execute()
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

export const couponJson = (c: { id: string; code: string; discount: number; courseId: string; cardTitle?: string | null; expiresAt: string | null; usageLimit: number | null }, populated = true) => ({
  _id: c.id,
  couponCode: c.code,
  discount: c.discount,
  courseId: populated ? (c.cardTitle ? { _id: c.courseId, cardTitle: c.cardTitle } : null) : c.courseId,
  expiresAt: c.expiresAt,
  usageLimit: c.usageLimit,
  __v: 0,
})

/** Expiry is a calendar date: the coupon works until the end of that day in India (UTC+05:30). */
export const expiryToIso = (date: string) => new Date(`${date}T23:59:59.999+05:30`).toISOString()

export async function createCoupon({ actorId, fields }: { actorId: string; fields: CouponFields }) {
  const code = fields.couponCode.trim().toLowerCase()
  const course = await db.selectFrom('courses').select(['id', 'card_title']).where('id', '=', fields.courseId).executeTakeFirst()
  if (!course) throw new CouponError('Course not found', 404)
  const taken = await db.selectFrom('coupons').select('id').where('course_id', '=', course.id).where('code', '=', code).executeTakeFirst()
  if (taken) throw new CouponError('This coupon code already exists for this course')
  const id = newId()
  const expiresAt = fields.expiresAt ? expiryToIso(fields.expiresAt) : null
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('coupons')
        .values({ id, code, discount: fields.discount, course_id: course.id, expires_at: expiresAt, usage_limit: fields.usageLimit ?? null, created_at: nowIso() })
        .execute()
      await recordAudit({ actorId, action: 'coupon.create', targetType: 'coupon', targetId: id, details: { code, discount: fields.discount, courseId: course.id } }, trx)
    })
  } catch (error) {
    if (String(error).includes('UNIQUE')) throw new CouponError('This coupon code already exists for this course')
    throw error
  }
  return { id, code, discount: fields.discount, courseId: course.id, cardTitle: course.card_title, expiresAt, usageLimit: fields.usageLimit ?? null }
}

export async function getCoupon(id: string) {
  return db.selectFrom('coupons').select(['id', 'code', 'discount', 'course_id', 'expires_at', 'usage_limit']).where('id', '=', id).executeTakeFirst()
}

export async function deleteCoupon({ actorId, couponId }: { actorId: string; couponId: string }) {
  const coupon = await getCoupon(couponId)
  if (!coupon) throw new CouponError('Coupon not found', 404)
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('coupons').where('id', '=', coupon.id).execute()
    await recordAudit({ actorId, action: 'coupon.delete', targetType: 'coupon', targetId: coupon.id, details: { code: coupon.code, courseId: coupon.course_id } }, trx)
  })
  return { id: coupon.id, code: coupon.code, discount: coupon.discount, courseId: coupon.course_id, expiresAt: coupon.expires_at, usageLimit: coupon.usage_limit }
}
