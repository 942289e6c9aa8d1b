import { OTP_DIGITS } from './constants'

// Zod-free so the code card can use it without pulling the schema library into the page's first view.
export const OTP_INCOMPLETE = 'Please enter all digits of the OTP.'

/** The code from six single-digit `otp` inputs (or one pasted value): six digits, or null. */
export function readOtp(values: Array<FormDataEntryValue | unknown>): string | null {
  const joined = values
    .map((v) => (typeof v === 'string' ? v : ''))
    .join('')
    .replace(/\s+/g, '')
  return new RegExp(`^\\d{${OTP_DIGITS}}$`).test(joined) ? joined : null
}
