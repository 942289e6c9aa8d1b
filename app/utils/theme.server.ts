import { createCookie } from 'react-router'
import { isProduction } from './env.server'

export type Theme = 'light' | 'dark'

// Stored in a cookie so the server renders the right class on <html> (no flash); the client mirrors it to
// localStorage 'theme'. Not secret, so unsigned; not HttpOnly, so the switch can set it with JS (it adds Secure
// itself on https). Secure in production like the session cookie.
export const themeCookie = createCookie('theme', {
  path: '/',
  sameSite: 'lax',
  maxAge: 60 * 60 * 24 * 365,
  httpOnly: false,
  secure: isProduction(),
})

/**
 * The theme a Cookie header asks for, or null: its FIRST `theme` cookie (as a cookie parser reads a repeated
 * name), decoded the way themeCookie and the switch's script write it (URL-encoded base64 of the JSON value).
 * The one reader of the theme: the root loader renders with it and the anonymous page cache keys on it
 * (app/utils/page-cache.server.ts). Two readers that disagreed on `theme=<dark>; theme=zz` once let a dark
 * page be stored under the "no theme" key and served to every later visitor.
 */
export function readTheme(cookieHeader: string | null | undefined): Theme | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1 || part.slice(0, eq).trim() !== 'theme') continue
    try {
      const value: unknown = JSON.parse(atob(decodeURIComponent(part.slice(eq + 1).trim())))
      return value === 'dark' || value === 'light' ? value : null
    } catch {
      return null
    }
  }
  return null
}

export async function getTheme(request: Request): Promise<Theme | null> {
  return readTheme(request.headers.get('Cookie'))
}
