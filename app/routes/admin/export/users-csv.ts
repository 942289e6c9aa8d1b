import { csvResponse, type CsvCell } from '~/lib/csv-write'
import { eachUser, USERS_CSV_HEADER } from '~/models/accounts/users-export.server'
import { readListParams } from '~/schemas/admin'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/users-csv'

// GET /admin/export/users.csv (staff like the All Users page): that page's filter (?q=, name
// contains) and order, every matching user streamed, read a batch at a time. Never the password hash.

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff', 'file')
  const { q } = readListParams(request)
  async function* rows(): AsyncGenerator<CsvCell[]> {
    for await (const u of eachUser({ q }))
      yield [
        u.id,
        u.name,
        u.email,
        u.role,
        u.mobileNumber,
        u.instituteName,
        u.presentCourseOfStudy,
        u.isPremiumMember,
        u.hasAccessToQuizzes,
        u.createdAt,
      ]
  }
  return csvResponse(`users-${new Date().toISOString().slice(0, 10)}.csv`, USERS_CSV_HEADER, rows())
}
