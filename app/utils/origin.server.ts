import { getEnv } from './env.server'

/**
 * The public origin for links in e-mails, payment callbacks and v1 JSON (APP_URL, README "Environment"). Without
 * APP_URL (local use, tests) it is the request's own origin.
 */
export function appOrigin(request?: Request): string {
  const configured = getEnv().APP_URL
  if (configured) return configured.replace(/\/$/, '')
  return request ? new URL(request.url).origin : 'http://localhost:3000'
}

/** A same-site path ('/uploads/...', '/images/...') as an absolute URL on the app's origin; others unchanged. */
export function absoluteOnOrigin(url: string, origin: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url
}
