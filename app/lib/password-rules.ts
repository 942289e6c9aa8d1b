import { PASSWORD_MIN_LENGTH } from './constants'

// The password rules for sign-up and reset, each with its own message; all failures are listed
// together. Pure, so the browser (Conform onValidate) and the server use the very same rules.
export const PASSWORD_RULES: Array<{ test: (pw: string) => boolean; message: string }> = [
  {
    test: (pw) => pw.length >= PASSWORD_MIN_LENGTH,
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  },
  { test: (pw) => /[^A-Za-z0-9]/.test(pw), message: 'Password must contain at least one special character.' },
  { test: (pw) => /[A-Z]/.test(pw), message: 'Password must contain at least one uppercase letter.' },
  { test: (pw) => /[a-z]/.test(pw), message: 'Password must contain at least one lowercase letter.' },
  { test: (pw) => /[0-9]/.test(pw), message: 'Password must contain at least one digit.' },
]

/** Every rule the password breaks, in the order of PASSWORD_RULES (empty when it is fine). */
export function passwordProblems(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.message)
}

export const PASSWORD_MISMATCH = 'Password and confirm password must be same'
