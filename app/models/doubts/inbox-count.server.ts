import { db } from '~/utils/db.server'

// The count beside 'Doubts' in the staff sidebar (app/routes/admin/layout.tsx): unanswered doubts nobody hid. Read
// on every staff page, so it is one count over the inbox index's unanswered range (migrations/0024: queue 0 first).

export async function unansweredDoubtCount(): Promise<number> {
  const row = await db
    .selectFrom('doubts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('queue', '=', 0)
    .where('hidden', '=', 0)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
