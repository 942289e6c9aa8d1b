import { useLocation } from 'react-router'
import { UsersTable } from '~/components/admin/users-table'
import { PageTitle, pageCount, Pagination, SearchBox, secondaryButtonClass, withParams } from '~/components/admin/ui'
import { ADMIN_PAGE_SIZE } from '~/lib/constants'
import { listUsers } from '~/models/accounts/user.server'
import { readListParams } from '~/schemas/admin'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/all-users'

// Name search (case-insensitive, back to page 1) and 8 a page, on the server via ?q=&page=.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const { q, page } = readListParams(request)
  const { total, users } = await listUsers({ q, page, pageSize: ADMIN_PAGE_SIZE })
  return { q, page, total, users, pages: pageCount(total, ADMIN_PAGE_SIZE) }
}

export const meta: Route.MetaFunction = () => [{ title: 'All Users | Admin' }]

export default function AllUsers({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation()
  return (
    <>
      <PageTitle
        actions={
          // The same filter (?q=), every page; a plain link so the browser downloads the file.
          <a
            href={`/admin/export/users.csv${withParams(search, { page: undefined })}`}
            className={secondaryButtonClass}
            download
          >
            Download CSV
          </a>
        }
      >
        All Users
      </PageTitle>
      <SearchBox q={loaderData.q} />
      <UsersTable users={loaderData.users} empty="No users found" />
      <Pagination page={loaderData.page} pageCount={loaderData.pages} />
    </>
  )
}
