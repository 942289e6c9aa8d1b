import { data } from 'react-router'
import { OTP_INCOMPLETE, readOtp } from '~/lib/otp'
import { verifyCode, type VerifyResult } from '~/models/accounts/verification.server'
import { issueCode, type IssueInput } from '~/auth/totp.server'
import { TOO_MANY_REQUESTS } from '~/utils/rate-limit.server'
import { redirectWithSuccess } from '~/utils/toast.server'

// The code step of the sign-up and forgot-password pages: Verify and Resend Code. Both
// pages post `intent=verify` with the six `otp` boxes or `intent=resend`; what differs is whose code it is
// (`pending`) and what a verified code leads to (`onVerified`). Errors come back as `{ otpError }` with the
// status a script can act on.

type OtpError = ReturnType<typeof data<{ otpError: string }>>

export type CodeStep<Verified> = {
  /** The pending code of this client: what to issue on resend and to verify against; null when it has ended. */
  pending: IssueInput | null
  /** Where a resend lands (the page's verify step). */
  verifyPath: string
  sessionEnded: string
  onVerified: (verified: Extract<VerifyResult, { ok: true }>, pending: IssueInput) => Promise<Verified>
}

export async function handleCodeStep<Verified>(
  request: Request,
  formData: FormData,
  limited: boolean,
  step: CodeStep<Verified>,
): Promise<Verified | OtpError> {
  if (limited) return data({ otpError: TOO_MANY_REQUESTS }, 429)
  const { pending } = step
  if (!pending) return data({ otpError: step.sessionEnded }, 400)
  if (formData.get('intent') === 'resend') {
    const sent = await issueCode(request, pending)
    if (!sent.ok) return data({ otpError: sent.message }, sent.status)
    throw await redirectWithSuccess(step.verifyPath, 'OTP resend to your email', { headers: sent.headers })
  }
  const code = readOtp(formData.getAll('otp'))
  if (!code) return data({ otpError: OTP_INCOMPLETE }, 400)
  const verified = await verifyCode(
    pending.purpose === 'signup' ? { ...pending, code } : { purpose: 'reset', email: pending.email, code },
  )
  if (!verified.ok) return data({ otpError: verified.message }, verified.status)
  return step.onVerified(verified, pending)
}
