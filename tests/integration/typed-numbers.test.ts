// Prices, percentages and counts typed into a form (or sent as text by a JSON client) are plain decimal only
// (parsePlainDecimal in app/lib/pricing.ts): "0x10" and "1e2" were read as 16 and 100 by the quiz-price form.
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse } from '../../db/factories'
import { getQuizPrice, setQuizPrice } from '~/models/catalogue/settings.server'
import * as createCouponPage from '~/routes/admin/create-coupon'
import * as resetPricePage from '~/routes/admin/reset-quiz-price'
import * as adminApi from '~/routes/api/admin'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInUser } from '../support/harness'

let admin = { cookie: '' }
beforeAll(async () => {
  admin = await signedInUser('admin')
})

describe('typed numbers are plain decimal', () => {
  test('the quiz-price form and its API twin refuse hex and exponents and keep the price', async () => {
    await setQuizPrice({ actualPrice: 499, discountedPrice: 149 })
    for (const [actualPrice, discountedPrice] of [
      ['0x10', '10'],
      ['1e2', '10'],
      ['100', '0x10'],
      ['100', '1e1'],
      ['Infinity', '1'],
    ]) {
      const page = await callRoute(resetPricePage.action, '/admin/reset-quiz-price', {
        form: { actualPrice, discountedPrice },
        cookie: admin.cookie,
      })
      expect(page.status, `${actualPrice} ${discountedPrice}`).toBe(400)
      expect(JSON.stringify(page.data)).toContain('Enter a number')
      const api = await callApi(adminApi, 'PUT', '/api/v1/admin/reset-quiz-price', {
        json: { actualPrice, discountedPrice },
        cookie: admin.cookie,
      })
      expect(api.status, `${actualPrice} ${discountedPrice}`).toBe(400)
    }
    expect(await getQuizPrice()).toMatchObject({ actualPrice: 499, discountedPrice: 149 })
    const ok = await callRoute(resetPricePage.action, '/admin/reset-quiz-price', {
      form: { actualPrice: ' 16 ', discountedPrice: '10' },
      cookie: admin.cookie,
    })
    expect((ok.data as { saved: boolean }).saved).toBe(true)
    expect(await getQuizPrice()).toMatchObject({ actualPrice: 16, discountedPrice: 10 })
  })

  test('the coupon form reads its discount and usage limit the same way', async () => {
    const course = await createCourse(db)
    const cases: Record<string, string>[] = [
      { discount: '0x10' },
      { discount: '1e1' },
      { discount: '10', usageLimit: '0x10' },
    ]
    for (const fields of cases) {
      const res = await callRoute(createCouponPage.action, '/admin/create-coupon', {
        form: { couponCode: 'HEX', courseId: course.id, ...fields },
        cookie: admin.cookie,
      })
      expect(JSON.stringify(res.data), JSON.stringify(fields)).toMatch(/must be a number/)
    }
    expect(
      await db.selectFrom('coupons').select('id').where('course_id', '=', course.id).executeTakeFirst(),
    ).toBeUndefined()
  })
})
