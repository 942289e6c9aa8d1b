import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { lazyZodValidation } from '~/utils/lazy-validation'
import { useEffect, useState } from 'react'
import { data, Form, Link, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { OtpCard } from '~/components/otp-field'
import { SubmittedWithJs, submittedWithJs } from '~/components/submitted-with-js'
import { useHydrated } from '~/hooks/use-hydrated'
import { showToast } from '~/components/toaster'
import { REDIRECT_DELAY_MS } from '~/lib/constants'
import { ACCOUNT_MESSAGES, emailTaken, resetPassword } from '~/models/accounts/account.server'
import {
  consumeResetProof,
  getResetVerification,
  issueResetProof,
  peekResetProof,
  resendWaitSeconds,
} from '~/models/accounts/verification.server'
import { ForgotPasswordSchema, ResetPasswordSchema } from '~/schemas/auth'
import { readForm } from '~/utils/body.server'
import { requireAnonymous } from '~/auth/guard.server'
import { handleCodeStep } from './code-step.server'
import { allowAuthPost, TOO_MANY_REQUESTS } from '~/utils/rate-limit.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { clearTotpCookie, issueCode, readProof, resetProofCookie, totpEmail } from '~/auth/totp.server'
import type { Route } from './+types/forgot-password'
import type { RouteHandle } from '~/hooks/use-route-handle'

// Email -> code -> new password (+ confirm) -> /login after 2 s. The reset is accepted only with the
// single-use proof a verified code leaves, and it ends the user's sessions.
const DONE = 'Password reset successfully'
const SESSION_ENDED = 'Your reset session has ended. Please request a new code.'

// Client-side checks with the shared schema, loaded on the form's first focus (app/utils/lazy-validation.ts).
const forgotPasswordValidation = lazyZodValidation(() => import('~/schemas/auth').then((m) => m.ForgotPasswordSchema))

const resetPasswordValidation = lazyZodValidation(() => import('~/schemas/auth').then((m) => m.ResetPasswordSchema))

// Needs JavaScript for the one-time-code field: this page hydrates.
export const handle: RouteHandle = { hydrate: true }
export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request)
  const step = new URL(request.url).searchParams.get('step')
  if (step === 'verify') {
    const email = totpEmail(request)
    const row = email ? await getResetVerification(email) : undefined
    if (email && row && !row.consumed_at && !row.verified_at) {
      return {
        step: 'verify' as const,
        email,
        resendIn: await resendWaitSeconds('reset', email),
        sentAt: row.last_sent_at,
      }
    }
  }
  if (step === 'reset') {
    const email = await peekResetProof(await readProof(resetProofCookie, request))
    if (email) return { step: 'reset' as const, email }
  }
  return { step: 'email' as const }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  const intent = formData.get('intent')
  const limited = !(await allowAuthPost(context))

  if (intent === 'reset') {
    const submission = parseWithZod(formData, { schema: ResetPasswordSchema })
    if (limited) return data({ result: submission.reply({ formErrors: [TOO_MANY_REQUESTS] }) }, 429)
    if (submission.status !== 'success')
      return data({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }, 400)
    const email = await consumeResetProof(await readProof(resetProofCookie, request))
    if (!email || !(await resetPassword(email, submission.value.password))) {
      return data(
        { result: submission.reply({ formErrors: [SESSION_ENDED], hideFields: ['password', 'confirmPassword'] }) },
        403,
      )
    }
    const headers = { 'Set-Cookie': await resetProofCookie.serialize('', { maxAge: 0 }) }
    if (submittedWithJs(formData)) return data({ done: true as const }, { headers })
    throw await redirectWithSuccess('/login', DONE, { headers })
  }

  if (intent === 'verify' || intent === 'resend') {
    const email = totpEmail(request)
    const row = email ? await getResetVerification(email) : undefined
    return handleCodeStep(request, formData, limited, {
      pending: email && row && !row.consumed_at ? { purpose: 'reset', email } : null,
      verifyPath: '/forgot-password?step=verify',
      sessionEnded: SESSION_ENDED,
      onVerified: async (verified) => {
        const headers = new Headers()
        headers.append('Set-Cookie', await resetProofCookie.serialize(await issueResetProof(verified.id)))
        headers.append('Set-Cookie', clearTotpCookie())
        throw await redirectWithSuccess('/forgot-password?step=reset', 'OTP verified successfully', { headers })
      },
    })
  }

  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
  if (limited) return data({ result: submission.reply({ formErrors: [TOO_MANY_REQUESTS] }) }, 429)
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const { email } = submission.value
  if (!(await emailTaken(email)))
    return data({ result: submission.reply({ formErrors: [ACCOUNT_MESSAGES.noUser] }) }, 404)
  const sent = await issueCode(request, { purpose: 'reset', email })
  if (!sent.ok) return data({ result: submission.reply({ formErrors: [sent.message] }) }, sent.status)
  throw await redirectWithSuccess('/forgot-password?step=verify', 'OTP send to your email', { headers: sent.headers })
}

export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === 'object' && 'done' in actionResult) return false
  return defaultShouldRevalidate
}

export const meta: Route.MetaFunction = () => [{ title: 'Forgot password | BioCoach' }]

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const done = actionData && 'done' in actionData
  useEffect(() => {
    if (!done) return
    showToast({ type: 'success', message: DONE })
    const t = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS)
    return () => clearTimeout(t)
  }, [done, navigate])
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-2xl font-bold">
        {loaderData.step === 'reset' || done ? 'Reset password' : 'Forgot password'}
      </h1>
      {done ? (
        <p role="status" className="text-center">
          {DONE}. Taking you to the login page...
        </p>
      ) : loaderData.step === 'verify' ? (
        <OtpCard {...loaderData} error={actionData && 'otpError' in actionData ? actionData.otpError : null} />
      ) : loaderData.step === 'reset' ? (
        <ResetForm lastResult={lastResult} />
      ) : (
        <EmailForm lastResult={lastResult} />
      )}
    </main>
  )
}

type LastResult = SubmissionResult<string[]> | undefined

function EmailForm({ lastResult }: { lastResult: LastResult }) {
  const [form, fields] = useForm({
    lastResult,
    onValidate: forgotPasswordValidation.onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form
      method="post"
      onFocus={forgotPasswordValidation.preload}
      {...getFormProps(form)}
      className="rounded-lg border border-slate-200 p-6 shadow-sm dark:border-slate-700"
    >
      <input type="hidden" name="intent" value="email" />
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
        Enter your account's e-mail and we will send you a code.
      </p>
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', required: true }}
        errors={fields.email.errors}
      />
      <div role="alert">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <StatusButton className="mt-2 w-full rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70 dark:bg-emerald-700">
        Send OTP
      </StatusButton>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-emerald-700 underline dark:text-emerald-400">
          Back to Login
        </Link>
      </p>
    </Form>
  )
}

function ResetForm({ lastResult }: { lastResult: LastResult }) {
  const hydrated = useHydrated()
  const [form, fields] = useForm({
    lastResult,
    onValidate: resetPasswordValidation.onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form
      method="post"
      onFocus={resetPasswordValidation.preload}
      {...getFormProps(form)}
      className="rounded-lg border border-slate-200 p-6 shadow-sm dark:border-slate-700"
    >
      <input type="hidden" name="intent" value="reset" />
      <SubmittedWithJs />
      <PasswordField label="New Password" field={fields.password} hydrated={hydrated} />
      <PasswordField label="Confirm Password" field={fields.confirmPassword} hydrated={hydrated} />
      <div role="alert">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <StatusButton className="mt-2 w-full rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70 dark:bg-emerald-700">
        Reset Password
      </StatusButton>
    </Form>
  )
}

/** A show/hide toggle that appears only once text is entered (a JS nicety; plain input without). */
function PasswordField({
  label,
  field,
  hydrated,
}: {
  label: string
  field: FieldMetadata<string, Record<string, unknown>, string[]>
  hydrated: boolean
}) {
  const [hasText, setHasText] = useState(false)
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <Field
        label={label}
        inputProps={{
          ...getInputProps(field, { type: visible ? 'text' : 'password' }),
          autoComplete: 'new-password',
          required: true,
          onInput: (e) => setHasText(e.currentTarget.value.length > 0),
        }}
        errors={field.errors}
      />
      {hydrated && hasText ? (
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="absolute top-8 right-2 rounded px-2 py-1 text-xs font-semibold text-emerald-700 dark:text-emerald-400"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      ) : null}
    </div>
  )
}
