import { Link } from 'react-router'
import { BarChart } from '~/components/admin/charts'
import { LiveAccess } from '~/components/admin/live-access'
import { UsersTable } from '~/components/admin/users-table'
import { PageTitle } from '~/components/admin/ui'
import { DASHBOARD_LATEST_USERS } from '~/lib/constants'
import { indiaDateTime } from '~/lib/dates'
import { formatRupees } from '~/lib/pricing'
import {
  dailyActivity,
  latestPayments,
  netRevenue,
  refundsByItem,
  refundSummary,
  revenueByItem,
  revenueSummary,
} from '~/models/insight/insight.server'
import { liveCourseAccess } from '~/models/insight/access-stats.server'
import { getStats } from '~/models/insight/stats.server'
import { listUsers } from '~/models/accounts/user.server'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/dashboard'

// Dashboard: counters, the live batches' access figures and the latest users, plus revenue, the last 30 days of activity as SVG
// charts, and the latest payments. Money is admin-only, like the payments page and its export:
// instructors see the counters, the activity charts and the latest users, never revenue or payments.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'staff')
  const isAdmin = user.role === 'admin'
  const now = new Date()
  const [stats, live, latest, activity, money] = await Promise.all([
    getStats(),
    liveCourseAccess(now),
    listUsers({ pageSize: DASHBOARD_LATEST_USERS }),
    dailyActivity(now),
    isAdmin
      ? Promise.all([
          revenueSummary(now),
          refundSummary(now),
          revenueByItem(now),
          refundsByItem(),
          latestPayments(10),
        ]).then(([summary, refunds, byItem, itemRefunds, payments]) => ({
          summary,
          net: netRevenue(summary, refunds),
          byItem: byItem.map((item) => ({ ...item, netPaise: item.allTimePaise - (itemRefunds[item.key] ?? 0) })),
          payments,
        }))
      : null,
  ])
  return { stats, live, users: latest.users, activity, money }
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Admin' }]

const rupees = (paise: number) => formatRupees(paise / 100)
const linkClass = 'text-sm font-semibold text-emerald-700 hover:underline dark:text-emerald-400'
const cardClass = 'rounded-lg border border-slate-200 p-4 dark:border-slate-700'
const mutedClass = 'text-sm text-slate-600 dark:text-slate-400'

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, live, users, activity, money } = loaderData
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
          <li key={c.label} className={cardClass}>
            <p className="text-sm text-slate-500 dark:text-slate-400">{c.label}</p>
            <p className="text-3xl font-bold" data-testid={c.label}>
              {c.value}
            </p>
          </li>
        ))}
      </ul>

      <LiveAccess courses={live} />

      {money ? <Revenue money={money} /> : null}

      <section aria-labelledby="activity-heading" className="mb-8">
        <h2 id="activity-heading" className="text-lg font-semibold">
          Last 30 days
        </h2>
        <p className={`mb-3 ${mutedClass}`}>Per day in India time (IST), today included.</p>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <BarChart
            id="signups"
            title="New sign-ups per day"
            points={activity.signups}
            unit="sign-ups"
            unitOne="sign-up"
          />
          <BarChart
            id="enrolments"
            title="Enrolments per day"
            points={activity.enrolments}
            unit="enrolments"
            unitOne="enrolment"
          />
          <BarChart
            id="attempts"
            title="Quiz attempts per day"
            points={activity.attempts}
            unit="attempts submitted"
            unitOne="attempt submitted"
          />
        </div>
      </section>

      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold">Latest Registered Users</h2>
        <Link to="/admin/all-users" className={linkClass}>
          View All
        </Link>
      </div>
      <UsersTable users={users} empty="No recent users found" />
    </>
  )
}

type Money = NonNullable<Route.ComponentProps['loaderData']['money']>

// Revenue as lists rather than tables: the figures read as label/value cards at 320 px, and the page keeps one
// data table (the latest users) as before.
function Revenue({ money }: { money: Money }) {
  const { summary, net, byItem, payments } = money
  const windows = [
    { id: 'today', label: 'Today', paise: summary.todayPaise, net: net.todayPaise },
    { id: '7d', label: 'Last 7 days', paise: summary.last7Paise, net: net.last7Paise },
    { id: '30d', label: 'Last 30 days', paise: summary.last30Paise, net: net.last30Paise },
    { id: 'all', label: 'All time', paise: summary.allTimePaise, net: net.allTimePaise },
  ]
  return (
    <section aria-labelledby="revenue-heading" className="mb-8">
      <h2 id="revenue-heading" className="text-lg font-semibold">
        Revenue
      </h2>
      <p className={`mb-3 ${mutedClass}`}>
        Paid orders in INR, by the day they were paid; net takes away refunds, by the day they were made. Days are India
        time (IST, Asia/Kolkata): today began at midnight IST. Free enrolments, unpaid and failed orders are not
        counted.
      </p>
      <ul className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {windows.map((w) => (
          <li key={w.id} className={cardClass}>
            <p className="text-sm text-slate-500 dark:text-slate-400">{w.label}</p>
            <p className="text-2xl font-bold break-words tabular-nums" data-testid={`revenue-${w.id}`}>
              {rupees(w.paise)}
            </p>
            <p className="text-sm break-words tabular-nums">
              Net <span data-testid={`net-${w.id}`}>{rupees(w.net)}</span>
            </p>
          </li>
        ))}
      </ul>

      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <h3 className="mb-2 font-semibold">Revenue by course</h3>
          {byItem.length === 0 ? (
            <p className={mutedClass}>No paid orders yet</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {byItem.map((item) => (
                <li key={item.key} className="p-3" data-testid={`revenue-item-${item.key}`}>
                  <p className="font-medium break-words">{item.title}</p>
                  <dl className="mt-1 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                    <div>
                      <dt className="text-slate-500 dark:text-slate-400">Orders</dt>
                      <dd className="tabular-nums" data-testid="orders">
                        {item.orders}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-500 dark:text-slate-400">30 days</dt>
                      <dd className="tabular-nums" data-testid="last30">
                        {rupees(item.last30Paise)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-500 dark:text-slate-400">All time</dt>
                      <dd className="tabular-nums" data-testid="all-time">
                        {rupees(item.allTimePaise)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-500 dark:text-slate-400">Net, all time</dt>
                      <dd className="tabular-nums" data-testid="net-all-time">
                        {rupees(item.netPaise)}
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div>
          <div className="mb-2 flex items-center justify-between gap-3">
            <h3 className="font-semibold">Latest payments</h3>
            <Link to="/admin/payments" className={linkClass}>
              All payments
            </Link>
          </div>
          {payments.length === 0 ? (
            <p className={mutedClass}>No payments yet</p>
          ) : (
            <ol
              aria-label="Latest payments"
              className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
            >
              {payments.map((p) => (
                <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-3 p-3">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{p.learnerName}</p>
                    <p className="text-xs break-all text-slate-500 dark:text-slate-400">{p.learnerEmail}</p>
                    <p className="text-sm break-words">{p.item}</p>
                  </div>
                  <div className="ml-auto text-right">
                    <p className="font-semibold tabular-nums">{rupees(p.amountPaise)}</p>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      <time dateTime={p.paidAt}>{indiaDateTime.format(new Date(p.paidAt))}</time>
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  )
}
