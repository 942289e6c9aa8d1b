import { redirect } from 'react-router'
import { requireStaff } from '~/utils/auth.server'
import type { Route } from './+types/index'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request)
  throw redirect('/admin/dashboard')
}
