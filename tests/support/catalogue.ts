// Shared by the catalogue tests (tests/integration/catalogue-*.test.ts): the course form as a browser posts it, a
// small PNG, and a course's audit entries.

/** The smallest bytes our image check reads as a PNG. */
export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
])

export const pngFile = (name = 'c.png') => new File([PNG], name, { type: 'image/png' })

/**
 * Every field of Create/Edit Course as the page posts them (an unticked box is absent), with `overrides`; a field
 * set to undefined is left out.
 */
export function courseForm(overrides: Record<string, string | Blob | undefined> = {}) {
  const fields: Record<string, string | Blob | undefined> = {
    cardTitle: 'Form Course',
    subTitle: 'Recorded lectures',
    courseTag: 'M.Sc Entrance',
    mode: 'recorded',
    language: 'English',
    whatsappLink: 'https://chat.whatsapp.com/form',
    actualPrice: '5000',
    discountedPrice: '3000',
    courseTitle: 'Form Course',
    courseDescription: 'Everything.',
    accessDays: '',
    published: 'on',
    ...overrides,
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string | Blob>
}

/** A course's audit entries, oldest first, with their details parsed. */
export async function auditOf(courseId: string) {
  const { db } = await import('~/utils/db.server')
  const rows = await db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('target_id', '=', courseId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ ...r, details: r.details ? JSON.parse(r.details) : null }))
}

/** The flash toast a page's answer sets (what the next page shows, with or without JS). */
export async function toastOf(res: { headers: Headers }) {
  const { getToast } = await import('~/utils/toast.server')
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return (await getToast(new Request('http://localhost/', { headers: { Cookie: cookie } }))).toast
}
