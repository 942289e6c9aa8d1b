import { useEffect, useRef, useState } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { BRAND_NAME } from '~/lib/constants'
import { isStaff, type Role } from '~/lib/roles'
import { ThemeSwitch } from './theme-switch'

export type HeaderUser = { id: string; name: string; role: Role; profileImage: string | null }

// The same links on desktop and mobile.
/** A signed-in learner's own pages, after Profile in the profile card and the mobile menu. */
export const LEARNER_LINKS = [
  { to: '/profile/progress', label: 'My progress' },
  { to: '/practice', label: 'Revise mistakes' },
] as const

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/courses', label: 'Courses' },
  { to: '/quizzes', label: 'Quizzes' },
  { to: '/about-us', label: 'About Us' },
  { to: '/faculties', label: 'Our Faculties' },
  { to: '/resources', label: 'Resources' },
] as const

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 font-medium hover:text-emerald-700 dark:hover:text-emerald-400 ${isActive ? 'text-emerald-700 dark:text-emerald-400' : ''}`

function SignOut({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Sign Out
      </button>
    </Form>
  )
}

/** Closes an open <details> on navigation and on a click outside it (JS only; without JS it toggles natively). */
function useAutoClose() {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    if (ref.current) ref.current.open = false
  }, [location.key])
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(e.target as Node)) ref.current.open = false
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])
  return ref
}

function ProfileCard({ user }: { user: HeaderUser }) {
  const ref = useAutoClose()
  return (
    <details ref={ref} className="relative">
      <summary
        className="cursor-pointer list-none rounded-full [&::-webkit-details-marker]:hidden"
        aria-label="Open profile card"
      >
        <img
          src={user.profileImage || '/images/default-avatar.svg'}
          alt={user.name}
          width={36}
          height={36}
          className="h-9 w-9 rounded-full border-2 border-emerald-500 object-cover"
        />
      </summary>
      <div className="absolute right-0 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-4 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        <p className="font-semibold">Hello, {user.name}</p>
        <ul className="mt-3 space-y-1 text-sm">
          <li>
            <Link to="/profile" className="block rounded px-2 py-1 hover:bg-slate-100 dark:hover:bg-slate-800">
              Profile
            </Link>
          </li>
          {LEARNER_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="block rounded px-2 py-1 hover:bg-slate-100 dark:hover:bg-slate-800">
                {l.label}
              </Link>
            </li>
          ))}
          {isStaff(user.role) ? (
            <li>
              <Link
                to="/admin/dashboard"
                className="block rounded px-2 py-1 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Dashboard
              </Link>
            </li>
          ) : null}
        </ul>
        <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-700">
          <SignOut className="w-full rounded bg-red-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-700" />
        </div>
      </div>
    </details>
  )
}

function MobileMenu({ user }: { user: HeaderUser | null }) {
  const ref = useAutoClose()
  return (
    <details ref={ref} className="md:hidden">
      <summary className="cursor-pointer list-none rounded p-2 [&::-webkit-details-marker]:hidden" aria-label="Menu">
        <svg
          viewBox="0 0 24 24"
          width="24"
          height="24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 py-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <ul className="flex flex-col gap-1">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} end={l.to === '/'} className={linkClass}>
                {l.label}
              </NavLink>
            </li>
          ))}
          {user ? (
            <>
              <li>
                <NavLink to="/profile" className={linkClass}>
                  Profile
                </NavLink>
              </li>
              {LEARNER_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className={linkClass}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
              {isStaff(user.role) ? (
                <li>
                  <NavLink to="/admin/dashboard" className={linkClass}>
                    Dashboard
                  </NavLink>
                </li>
              ) : null}
              <li>
                <SignOut className="px-2 py-1 font-medium text-red-600" />
              </li>
            </>
          ) : (
            <li>
              <NavLink to="/login" className={linkClass}>
                Login
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </details>
  )
}

/** Hides the bar while scrolling down and brings it back on scrolling up (JS enhancement). */
function useHideOnScroll() {
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    let last = window.scrollY
    const onScroll = () => {
      const y = window.scrollY
      if (Math.abs(y - last) < 8) return
      setHidden(y > last && y > 80)
      last = y
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  return hidden
}

export function SiteHeader({ user, theme }: { user: HeaderUser | null; theme: 'light' | 'dark' | null }) {
  const hidden = useHideOnScroll()
  return (
    <header
      data-hidden={hidden || undefined}
      className={`fixed inset-x-0 top-0 z-50 h-16 border-b print:hidden border-slate-200 bg-white/95 backdrop-blur transition-transform duration-300 dark:border-slate-800 dark:bg-slate-900/95 ${hidden ? '-translate-y-full' : ''}`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold text-emerald-700 dark:text-emerald-400">
          <img src="/images/logo.svg" alt="" width={28} height={28} />
          {BRAND_NAME}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1 lg:gap-3">
            {NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === '/'} className={linkClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3">
          <ThemeSwitch theme={theme} />
          {user ? (
            <ProfileCard user={user} />
          ) : (
            <Link
              to="/login"
              className="rounded-lg bg-emerald-700 px-4 py-1.5 font-semibold text-white hover:bg-emerald-800"
            >
              Login
            </Link>
          )}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  )
}
