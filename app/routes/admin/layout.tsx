import { NavLink, Outlet } from 'react-router'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/layout'
import type { RouteHandle } from '~/hooks/use-route-handle'
import { unansweredDoubtCount } from '~/models/doubts/inbox-count.server'

// The sidebar; /admin/coupons (and the audit log) only for the admin role. Each child route guards too.

// Needs JavaScript for every staff screen: this page hydrates.
export const handle: RouteHandle = { hydrate: true }
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'staff')
  return { role: user.role, name: user.name, unansweredDoubts: await unansweredDoubtCount() }
}

const links = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/all-users', label: 'All Users' },
  { to: '/admin/premium-users', label: 'Premium Users' },
  { to: '/admin/all-courses', label: 'All Courses' },
  { to: '/admin/quizzes', label: 'Quizzes' },
  { to: '/admin/questions', label: 'Question bank' },
  { to: '/admin/doubts', label: 'Doubts' },
  { to: '/admin/add-section', label: 'Add Section' },
  { to: '/admin/add-lecture', label: 'Add Lecture' },
  { to: '/admin/coupons', label: 'Coupons', adminOnly: true },
  { to: '/admin/audit-log', label: 'Audit Log', adminOnly: true },
  { to: '/admin/payments', label: 'Payments', adminOnly: true },
]

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const isAdmin = loaderData.role === 'admin'
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
      <aside className="md:w-56 md:shrink-0">
        <nav aria-label="Admin" className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <p className="mb-2 px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {isAdmin ? 'Admin' : 'Instructor'} · {loaderData.name}
          </p>
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {links
              .filter((l) => isAdmin || !l.adminOnly)
              .map((l) => (
                <li key={l.to}>
                  <NavLink
                    to={l.to}
                    className={({ isActive }) =>
                      `block rounded px-3 py-2 text-sm ${isActive ? 'bg-emerald-700 font-semibold text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`
                    }
                  >
                    {l.label}
                    {l.to === '/admin/doubts' && loaderData.unansweredDoubts > 0 ? (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">
                        {loaderData.unansweredDoubts.toLocaleString('en-IN')}
                        <span className="sr-only"> unanswered</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      </aside>
      <main className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  )
}
