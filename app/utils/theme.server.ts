import { createCookie } from 'react-router'

export type Theme = 'light' | 'dark'

// spec 1 §4 Theme: stored in a cookie so the server renders the right class on <html> (no flash); the client
// mirrors it to localStorage 'theme'. Not secret, so unsigned; not HttpOnly, so the switch can set it with JS.
export const themeCookie = createCookie('theme', {
  path: '/',
  sameSite: 'lax',
  maxAge: 60 * 60 * 24 * 365,
  httpOnly: false,
})

export async function getTheme(request: Request): Promise<Theme | null> {
  const value = await themeCookie.parse(request.headers.get('Cookie'))
  return value === 'dark' || value === 'light' ? value : null
}
