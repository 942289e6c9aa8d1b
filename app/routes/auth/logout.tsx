import { redirect } from 'react-router'
import { endSession } from '~/auth/session.server'
import type { Route } from './+types/logout'

// Logout is a POST (no GET mutates anything); it deletes the session row so a copied cookie dies too.
export async function action({ request }: Route.ActionArgs) {
  return redirect('/', { headers: { 'Set-Cookie': await endSession(request) } })
}

export function loader() {
  return redirect('/')
}
