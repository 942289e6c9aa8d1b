import { nameContains } from '~/utils/page.server'
import { paidQuizAccessSql, sqlTrue } from '~/models/enrolment/access.server'
import { db } from '~/utils/db.server'
import type { Role, UsersTable } from '#db/schema'

// The users CSV: the All Users page's filter (?q=, name contains, case-insensitive) and order
// (newest first, then id), read in batches so the export never holds the whole table.

export type UserExportRow = {
  id: string
  name: string
  email: string
  role: Role
  mobileNumber: string | null
  instituteName: string | null
  presentCourseOfStudy: string | null
  isPremiumMember: boolean
  hasAccessToQuizzes: boolean
  createdAt: string
}

/**
 * The users CSV's columns, in file order, under the users table's column names (never the password hash).
 * `has_access_to_quizzes` is paid quiz access as it stands now (the bundle, an admin's grant or an open course that
 * grants it), worked out when read like everywhere else; the other columns are the table's own.
 */
export const USERS_CSV_HEADER = [
  'id',
  'name',
  'email',
  'role',
  'mobile_number',
  'institute_name',
  'present_course_of_study',
  'is_premium_member',
  'has_access_to_quizzes',
  'created_at',
] as const satisfies readonly (keyof UsersTable)[]

/** Every user matching `q`, newest first (as listUsers orders them), `batch` rows per query (keyset paging). */
export async function* eachUser({ q = '' }: { q?: string }, batch = 500): AsyncGenerator<UserExportRow> {
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    const now = new Date()
    let query = db
      .selectFrom('users')
      .select(USERS_CSV_HEADER.filter((c) => c !== 'has_access_to_quizzes'))
      .select((eb) => paidQuizAccessSql(now)(eb).as('quiz_access'))
    if (q) query = query.where(nameContains('name', q))
    if (after) {
      const { createdAt, id } = after
      // listUsers orders by created_at desc, then id asc: the next batch continues exactly there.
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)])]),
      )
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'asc').limit(batch).execute()
    for (const r of rows)
      yield {
        id: r.id,
        name: r.name,
        email: r.email,
        role: r.role,
        mobileNumber: r.mobile_number,
        instituteName: r.institute_name,
        presentCourseOfStudy: r.present_course_of_study,
        isPremiumMember: r.is_premium_member === 1,
        hasAccessToQuizzes: sqlTrue(r.quiz_access),
        createdAt: r.created_at,
      }
    if (rows.length < batch) return
    const last = rows[rows.length - 1]
    after = { createdAt: last.created_at, id: last.id }
  }
}
