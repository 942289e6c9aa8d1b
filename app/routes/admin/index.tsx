import { redirect } from 'react-router'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/index'

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  throw redirect('/admin/dashboard')
}
