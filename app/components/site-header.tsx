import { Form, Link, useLocation } from 'react-router'
import { BRAND_NAME } from '~/lib/constants'
import type { Role } from '../../db/schema'

export type HeaderUser = { id: string; name: string; role: Role; profileImage: string | null }

// Placeholder header; the Foundation's public-site work replaces it with the full spec 1 §2 navigation.
export function SiteHeader({ user }: { user: HeaderUser | null; theme: 'light' | 'dark' | null }) {
  const location = useLocation()
  return (
    <header className="fixed inset-x-0 top-0 z-50 h-16 border-b bg-white dark:bg-slate-900">
      <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="font-bold">{BRAND_NAME}</Link>
        {user ? (
          <Form method="post" action="/logout">
            <input type="hidden" name="redirectTo" value={location.pathname} />
            <button type="submit">Sign Out</button>
          </Form>
        ) : (
          <Link to="/login">Login</Link>
        )}
      </nav>
    </header>
  )
}
