import { useEffect, useState } from 'react'
import { Form, useLocation } from 'react-router'

/**
 * The theme switch (checked = dark). Without JS it is a form posting to /theme, which stores the
 * cookie and redirects back. With JS it flips the `dark` class on <html>, writes the `theme` cookie (path=/,
 * one year) and localStorage 'theme', with no reload: on hydrating pages through this component, on pages
 * without framework script through the inline theme script (app/lib/inline-scripts.ts), which does the same.
 */
export function ThemeSwitch({ theme }: { theme: 'light' | 'dark' | null }) {
  const location = useLocation()
  const [dark, setDark] = useState(theme === 'dark')
  // With no saved choice the server cannot know the OS preference; settle it after hydration.
  useEffect(() => setDark(document.documentElement.classList.contains('dark')), [])

  return (
    <Form
      method="post"
      action="/theme"
      onSubmit={(e) => {
        e.preventDefault()
        const next = dark ? 'light' : 'dark'
        const html = document.documentElement
        html.classList.remove('system', 'light', 'dark')
        html.classList.add(next)
        // Same encoding as the server's createCookie('theme') (base64 of the JSON value), Secure on https as the
        // server sets it in production.
        const secure = window.location.protocol === 'https:' ? '; Secure' : ''
        document.cookie = `theme=${btoa(JSON.stringify(next))}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
        try {
          localStorage.setItem('theme', next)
        } catch {}
        setDark(next === 'dark')
      }}
    >
      <input type="hidden" name="theme" value={dark ? 'light' : 'dark'} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {/* The look follows aria-checked, so the pages without framework script can flip it with the theme
          script's one attribute change (app/lib/inline-scripts.ts) and every class it needs is in their CSS. */}
      <button
        type="submit"
        role="switch"
        aria-checked={dark}
        aria-label="Dark mode"
        title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
        className="group relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-300 transition aria-checked:bg-emerald-700"
      >
        <span
          className="inline-flex h-5 w-5 translate-x-1 items-center justify-center rounded-full bg-white text-xs shadow transition group-aria-checked:translate-x-6"
          aria-hidden="true"
        >
          <span className="group-aria-checked:hidden">☀</span>
          <span className="hidden group-aria-checked:inline">☾</span>
        </span>
      </button>
    </Form>
  )
}
