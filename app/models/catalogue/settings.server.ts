import { DEFAULT_QUIZ_PRICE } from '~/lib/constants'
import { db } from '~/utils/db.server'
import { nowIso } from '~/utils/ids.server'
import { recordAudit } from '../audit/audit.server'

export type QuizPrice = { actualPrice: number; discountedPrice: number }

/** The quiz bundle price (settings row 'quiz_price'); DEFAULT_QUIZ_PRICE (399/99) when none is stored. */
export async function getQuizPrice(): Promise<QuizPrice & { stored: boolean }> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'quiz_price').executeTakeFirst()
  if (!row) return { ...DEFAULT_QUIZ_PRICE, stored: false }
  const value = JSON.parse(row.value) as QuizPrice
  return { actualPrice: value.actualPrice, discountedPrice: value.discountedPrice, stored: true }
}

/** Upserts the bundle price (docs/legacy-api.md §5 #15: works with no row yet). Validation is the caller's schema. */
export async function setQuizPrice(price: QuizPrice): Promise<QuizPrice> {
  const value = JSON.stringify({ actualPrice: price.actualPrice, discountedPrice: price.discountedPrice })
  const now = nowIso()
  await db
    .insertInto('settings')
    .values({ key: 'quiz_price', value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute()
  return { actualPrice: price.actualPrice, discountedPrice: price.discountedPrice }
}

/** Reset Quiz Price (admin only): upserts the bundle price and audits the change. */
export async function resetQuizPrice({
  actorId,
  price,
}: {
  actorId: string
  price: { actualPrice: number; discountedPrice: number }
}) {
  const before = await getQuizPrice()
  const saved = await setQuizPrice(price)
  await recordAudit({
    actorId,
    action: 'quiz_price.update',
    targetType: 'settings',
    targetId: 'quiz_price',
    details: { from: { actualPrice: before.actualPrice, discountedPrice: before.discountedPrice }, to: saved },
  })
  return saved
}
