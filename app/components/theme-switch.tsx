import { useEffect, useState } from 'react'
import { Form, useLocation } from 'react-router'

/**
 * The theme switch (spec 1 §2, §4; checked = dark). Without JS it is a form posting to /theme, which stores the
 * cookie and redirects back. With JS it flips the `dark` class on <html>, writes the `theme` cookie (path=/,
 * one year) and localStorage 'theme', with no reload.
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
        // Same encoding as the server's createCookie('theme') (base64 of the JSON value).
        document.cookie = `theme=${btoa(JSON.stringify(next))}; Path=/; Max-Age=31536000; SameSite=Lax`
        try {
          localStorage.setItem('theme', next)
        } catch {}
        setDark(next === 'dark')
      }}
    >
      <input type="hidden" name="theme" value={dark ? 'light' : 'dark'} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        role="switch"
        aria-checked={dark}
        aria-label="Dark mode"
        title={dark ? 'Switch to light mode' : 'Switch to dark mode'}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition ${dark ? 'bg-emerald-700' : 'bg-slate-300'}`}
      >
        <span
          className={`inline-flex h-5 w-5 items-center justify-center rounded-full bg-white text-xs shadow transition ${dark ? 'translate-x-6' : 'translate-x-1'}`}
          aria-hidden="true"
        >
          {dark ? '☾' : '☀'}
        </span>
      </button>
    </Form>
  )
}
