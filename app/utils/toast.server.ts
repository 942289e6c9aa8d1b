import { setToastCookieOptions } from 'remix-toast'
import { isProduction, sessionSecrets } from './env.server'

// STACK.md trap 5: remix-toast signs with a default secret unless told otherwise.
setToastCookieOptions({ secrets: sessionSecrets(), secure: isProduction(), sameSite: 'lax', httpOnly: true, path: '/' })

export {
  dataWithError,
  dataWithSuccess,
  dataWithWarning,
  getToast,
  redirectWithError,
  redirectWithSuccess,
  redirectWithWarning,
  redirectWithInfo,
} from 'remix-toast'
