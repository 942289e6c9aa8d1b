import { z } from 'zod'
import { isId } from '~/lib/ids'
import { CouponError, createCoupon, deleteCoupon, listCoupons } from '~/models/money/coupon.server'
import { couponJson } from '~/presenters/v1.server'
import { CouponShape } from '~/presenters/v1-shapes'
import { couponSchema } from '~/schemas/admin'
import { apiError, firstMessage, json, readJsonBody, str } from '~/utils/api.server'
import { endpoint, ok, type SignedInArgs } from '../endpoints.server'

// /api/v1/admin: coupons, admin only (the rows of ../admin.server.ts's table).

const createCouponHandler = async ({ request, user }: SignedInArgs) => {
  const body = await readJsonBody(request)
  const raw = {
    couponCode: body.couponCode,
    courseId: body.courseId,
    discount: body.discount,
    expiresAt: body.expiresAt ?? undefined,
    usageLimit: body.usageLimit ?? undefined,
  }
  if ([raw.couponCode, raw.courseId, raw.discount].some((v) => v === undefined || v === null || v === ''))
    return apiError(400, 'All fields are required.')
  // The old client may send the discount as a string.
  if (typeof raw.discount === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(raw.discount)) raw.discount = Number(raw.discount)
  const parsed = couponSchema.safeParse(raw)
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  if (!isId(parsed.data.courseId)) return apiError(404, 'Course not found')
  try {
    const coupon = await createCoupon({ actorId: user.id, fields: parsed.data })
    return json({ success: true, message: 'Coupon created successfully.', coupon: couponJson(coupon, false) })
  } catch (error) {
    if (error instanceof CouponError) return apiError(error.status, error.message)
    throw error
  }
}

const deleteCouponHandler = async ({ request, user }: SignedInArgs) => {
  const couponId = str(await readJsonBody(request), 'couponId')
  if (!couponId) return apiError(400, 'couponId is required')
  if (!isId(couponId)) return apiError(404, 'Coupon not found')
  try {
    const deleted = await deleteCoupon({ actorId: user.id, couponId })
    return json({ success: true, message: 'Coupon deleted successfully', deletedCoupon: couponJson(deleted, false) })
  } catch (error) {
    if (error instanceof CouponError) return apiError(error.status, error.message)
    throw error
  }
}

export const adminCouponEndpoints = [
  endpoint({
    method: 'GET',
    path: '/coupons',
    summary: 'Every coupon, newest first, with its course',
    guard: 'admin',
    success: { 200: ok({ message: z.string(), coupons: z.array(CouponShape) }) },
    errors: {},
    handler: async () =>
      json({
        success: true,
        message: 'All coupons fetched successfully.',
        coupons: (await listCoupons()).coupons.map((c) => couponJson(c, true)),
      }),
  }),
  endpoint({
    method: 'POST',
    path: '/create-coupon',
    summary: 'Creates a coupon (code unique per course)',
    guard: 'admin',
    body: { json: couponSchema.extend({ discount: z.union([z.number(), z.string()]).describe('percent, 1-100') }) },
    success: { 200: ok({ message: z.string(), coupon: CouponShape }) },
    errors: {
      400: '"All fields are required.", a rule of the fields, or a code taken for this course',
      404: 'Course not found',
    },
    handler: createCouponHandler,
  }),
  endpoint({
    method: 'POST',
    path: '/delete-coupon',
    summary: 'Deletes a coupon',
    guard: 'admin',
    body: { json: z.object({ couponId: z.string() }) },
    success: { 200: ok({ message: z.string(), deletedCoupon: CouponShape }) },
    errors: { 400: 'couponId is required', 404: 'Coupon not found' },
    handler: deleteCouponHandler,
  }),
]
