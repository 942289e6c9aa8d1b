import { setToastCookieOptions } from 'remix-toast'
import { isProduction, sessionSecrets } from './env.server'

// remix-toast signs with a default secret unless told otherwise.
setToastCookieOptions({ secrets: sessionSecrets(), secure: isProduction(), sameSite: 'lax', httpOnly: true, path: '/' })

import { getToast as readToast } from 'remix-toast'

/**
 * The flash toast of this request, if any. remix-toast re-signs and re-sets its cookie on every call; doing that
 * only when a toast cookie came in keeps ordinary page views free of a Set-Cookie (cacheable, and cheaper).
 */
export async function getToast(request: Request) {
  if (!request.headers.get('Cookie')?.includes('toast-session=')) return { toast: undefined, headers: new Headers() }
  return readToast(request)
}

export {
  dataWithError,
  dataWithSuccess,
  dataWithWarning,
  redirectWithError,
  redirectWithSuccess,
  redirectWithWarning,
  redirectWithInfo,
} from 'remix-toast'
