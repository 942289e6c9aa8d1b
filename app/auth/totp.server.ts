import crypto from 'node:crypto'
import { createCookie } from 'react-router'
import { TOTPStrategy } from 'remix-auth-totp'
import { BRAND_NAME, OTP_TTL_MINUTES } from '~/lib/constants'
import {
  codeMailRefusal,
  PROOF_TTL_MS,
  recordCode,
  type PendingSignup,
  type Purpose,
} from '~/models/accounts/verification.server'
import { EmailSchema } from '~/schemas/auth'
import { MailError, sendMail } from '~/services/mail.server'
import { isProduction, sessionSecrets } from '~/utils/env.server'

// remix-auth-totp generates and sends the codes of the HTML flows. Its `_totp` cookie only
// carries the e-mail from one step to the next; whether a code is right, how many tries are left, the resend
// cooldown and the reset proof are decided by the verifications table (docs/decisions/003-one-time-codes.md),
// so a replayed `_totp` cookie gains nothing.

/** Six digits valid for the OTP lifetime (the library's defaults are 6 alphanumeric characters valid 60 s). */
export const TOTP_GENERATION = { charSet: '0123456789', digits: 6, period: OTP_TTL_MINUTES * 60 }

const PATHS: Record<Purpose, { sent: string; done: string; failure: string }> = {
  signup: { sent: '/signup?step=verify', done: '/', failure: '/signup' },
  reset: { sent: '/forgot-password?step=verify', done: '/forgot-password?step=reset', failure: '/forgot-password' },
}

// sendTOTP failures, keyed by the request handed to the strategy, so the page can show them inline.
const failures = new WeakMap<Request, string>()

function mailFor(purpose: Purpose, code: string) {
  const what = purpose === 'signup' ? 'finish creating your account' : 'reset your password'
  return {
    subject: purpose === 'signup' ? `Your ${BRAND_NAME} sign-up code` : `Your ${BRAND_NAME} password reset code`,
    text: `Your one-time code is ${code}\n\nEnter it to ${what}. It is valid for ${OTP_TTL_MINUTES} minutes.\nIf you did not ask for it, you can ignore this e-mail.\n`,
  }
}

function makeStrategy(purpose: Purpose) {
  return new TOTPStrategy(
    {
      // remix-auth-totp wants a 64-hex-character key; derive it from the app's session secret.
      secret: crypto.createHash('sha256').update(`totp:${sessionSecrets()[0]}`).digest('hex'),
      totpGeneration: TOTP_GENERATION,
      cookieOptions: { ...(isProduction() ? { secure: true as const } : {}), maxAge: OTP_TTL_MINUTES * 60 },
      emailSentRedirect: PATHS[purpose].sent,
      successRedirect: PATHS[purpose].done,
      failureRedirect: PATHS[purpose].failure,
      validateEmail: async (email) => EmailSchema.safeParse(email).success,
      sendTOTP: async ({ email, code, formData, request }) => {
        try {
          await sendMail({ to: email, ...mailFor(purpose, code) })
        } catch (error) {
          // sendTOTP errors would reach the user raw; MailError already has a fit message.
          failures.set(
            request,
            error instanceof MailError ? error.message : 'We could not send the code. Please try again.',
          )
          throw error
        }
        const raw = formData.get('payload')
        const payload = typeof raw === 'string' ? (JSON.parse(raw) as PendingSignup) : undefined
        const claim = String(formData.get('claim') ?? '')
        if (purpose === 'reset') await recordCode({ purpose, email, code })
        else if (!(await recordCode({ purpose, email, code, claim, payload }))) {
          // A resend whose registration is gone (used or expired meanwhile): the code mailed is worthless.
          failures.set(request, 'Your sign-up session has ended. Please sign up again.')
          throw new Error('no pending sign-up for this claim')
        }
      },
    },
    // Codes are checked against the verifications table (verifyCode), not through this callback.
    async () => null,
  )
}

let strategies: Record<Purpose, TOTPStrategy<null>> | undefined
function strategy(purpose: Purpose) {
  strategies ??= { signup: makeStrategy('signup'), reset: makeStrategy('reset') }
  return strategies[purpose]
}

export type IssueInput =
  { purpose: 'reset'; email: string } | { purpose: 'signup'; email: string; claim: string; payload?: PendingSignup }
export type IssueResult = { ok: true; headers: Headers } | { ok: false; status: 429 | 503; message: string }

/**
 * The one way a code is issued, for the pages and the API alike: resend cooldown and hourly cap per address,
 * then remix-auth-totp generates it, sendTOTP mails it (one template) and records it. The strategy reads the
 * body once, so it gets a request of its own with just the e-mail, the claim and the pending
 * sign-up data. The returned headers carry the strategy's `_totp` cookie (the pages use it; the API may too).
 */
export async function issueCode(request: Request, input: IssueInput): Promise<IssueResult> {
  const refusal = await codeMailRefusal(input.purpose, input.email)
  if (refusal) return { ok: false, ...refusal }
  const form = new FormData()
  form.set('email', input.email)
  if (input.purpose === 'signup') {
    form.set('claim', input.claim)
    if (input.payload) form.set('payload', JSON.stringify(input.payload))
  }
  const own = new Request(request.url, {
    method: 'POST',
    body: form,
    headers: { Cookie: request.headers.get('Cookie') ?? '' },
  })
  const failed = { ok: false as const, status: 503 as const, message: 'We could not send the code. Please try again.' }
  try {
    await strategy(input.purpose).authenticate(own)
  } catch (thrown) {
    const failure = failures.get(own)
    if (!(thrown instanceof Response)) {
      if (failure) return { ...failed, message: failure }
      throw thrown
    }
    if (failure) return { ...failed, message: failure }
    if (thrown.headers.get('Location') !== PATHS[input.purpose].sent) return failed
    const headers = new Headers()
    const cookies = thrown.headers.getSetCookie()
    // The strategy appends the same `_totp` cookie twice; one is enough.
    if (cookies.length) headers.append('Set-Cookie', cookies[cookies.length - 1])
    return { ok: true, headers }
  }
  return failed
}

/** The e-mail the `_totp` cookie carries between the steps (its own format: URL-encoded params). */
export function totpEmail(request: Request): string | null {
  const header = request.headers.get('Cookie') ?? ''
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== '_totp') continue
    const value = rest.join('=').replace(/^"|"$/g, '')
    const email = new URLSearchParams(value).get('email')
    return email && EmailSchema.safeParse(email).success ? EmailSchema.parse(email) : null
  }
  return null
}

/** Clears the `_totp` cookie once a flow is done. */
export const clearTotpCookie = () =>
  `_totp=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isProduction() ? '; Secure' : ''}`

// The cookies that hold a random secret whose hash the verifications row keeps: HttpOnly, signed, same-site.
const secretCookie = (name: string, path: string, maxAgeSeconds: number) =>
  createCookie(name, {
    httpOnly: true,
    sameSite: 'lax',
    path,
    secure: isProduction(),
    secrets: sessionSecrets(),
    maxAge: maxAgeSeconds,
  })

// The single-use reset proof left by a verified reset code, scoped to the one path that uses it.
const proofCookie = (name: string, path: string) => secretCookie(name, path, PROOF_TTL_MS / 1000)
// Path '/' for the page cookie: with JS the page's data requests go to /forgot-password.data, which a
// '/forgot-password' path would not match.
export const resetProofCookie = proofCookie('__reset_proof', '/')
export const apiResetProofCookie = proofCookie('resetProof', '/api/v1/users/reset-password')

// The claim that makes a pending sign-up this client's own (app/models/accounts/verification.server.ts). Random, stored
// hashed; the page's cookie has path '/' for the same .data reason as above, the API's covers /api/v1/users
// (register, verify-otp, resend-otp).
const claimCookie = (name: string, path: string) => secretCookie(name, path, 24 * 60 * 60)
export const signupClaimCookie = claimCookie('__signup', '/')
export const apiSignupClaimCookie = claimCookie('signupClaim', '/api/v1/users')

/** The value of one of the proof or claim cookies above (null when absent or tampered with). */
export async function readProof(cookie: ReturnType<typeof proofCookie>, request: Request): Promise<string | null> {
  const value = await cookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value ? value : null
}
