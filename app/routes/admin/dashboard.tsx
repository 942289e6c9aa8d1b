import { Link } from 'react-router'
import { UsersTable } from '~/components/admin/users-table'
import { PageTitle } from '~/components/admin/ui'
import { DASHBOARD_LATEST_USERS } from '~/lib/constants'
import { getStats } from '~/models/stats.server'
import { listUsers } from '~/models/user.server'
import { requireStaff } from '~/utils/auth.server'
import type { Route } from './+types/dashboard'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request)
  const [stats, latest] = await Promise.all([getStats(), listUsers({ pageSize: DASHBOARD_LATEST_USERS })])
  return { stats, users: latest.users }
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Admin' }]

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, users } = loaderData
  const cards = [
    { label: 'Total Users', value: stats.totalUsers },
    { label: 'Premium Users', value: stats.premiumUsers },
    { label: 'Total Courses', value: stats.totalCourses },
  ]
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <ul className="mb-8 grid gap-4 sm:grid-cols-3">
        {cards.map((c) => (
          <li key={c.label} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <p className="text-sm text-slate-500 dark:text-slate-400">{c.label}</p>
            <p className="text-3xl font-bold" data-testid={c.label}>
              {c.value}
            </p>
          </li>
        ))}
      </ul>
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold">Latest Registered Users</h2>
        <Link
          to="/admin/all-users"
          className="text-sm font-semibold text-emerald-700 hover:underline dark:text-emerald-400"
        >
          View All
        </Link>
      </div>
      <UsersTable users={users} empty="No recent users found" />
    </>
  )
}
