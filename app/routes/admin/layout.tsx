import { Outlet } from 'react-router'
import { requireStaff } from '~/utils/auth.server'
import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request)
  return null
}

export default function AdminLayout() {
  return <Outlet />
}
