import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { lazyZodValidation } from '~/utils/lazy-validation'
import { useEffect } from 'react'
import { data, Form, Link, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { OtpCard } from '~/components/otp-field'
import { submittedWithJs } from '~/components/submitted-with-js'
import { showToast } from '~/components/toaster'
import { REDIRECT_DELAY_MS } from '~/lib/constants'
import {
  ACCOUNT_MESSAGES,
  createAccountFromSignup,
  emailTaken,
  pendingSignupPayload,
} from '~/models/accounts/account.server'
import { getPendingSignup, newSignupClaim, resendWaitSeconds } from '~/models/accounts/verification.server'
import { SignupSchema } from '~/schemas/auth'
import { readForm } from '~/utils/body.server'
import { requireAnonymous } from '~/auth/guard.server'
import { startSession } from '~/auth/session.server'
import { handleCodeStep } from './code-step.server'
import { allowAuthPost, TOO_MANY_REQUESTS } from '~/utils/rate-limit.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import { clearTotpCookie, issueCode, readProof, signupClaimCookie } from '~/auth/totp.server'
import type { Route } from './+types/signup'
import type { RouteHandle } from '~/hooks/use-route-handle'

// Name, email, password -> a one-time code -> the account exists once the code verifies.
const CREATED = 'Account created successfully'
const SESSION_ENDED = 'Your sign-up session has ended. Please sign up again.'

// Client-side checks with the shared schema, loaded on the form's first focus (app/utils/lazy-validation.ts).
const signupValidation = lazyZodValidation(() => import('~/schemas/auth').then((m) => m.SignupSchema))

/** The pending registration this browser started (found by its own claim cookie, never by e-mail). */
async function ownPendingSignup(request: Request) {
  const claim = await readProof(signupClaimCookie, request)
  const row = await getPendingSignup(claim)
  return claim && row?.payload ? { claim, row } : null
}

// Needs JavaScript for the one-time-code field: this page hydrates.
export const handle: RouteHandle = { hydrate: true }
export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request)
  if (new URL(request.url).searchParams.get('step') === 'verify') {
    const pending = await ownPendingSignup(request)
    if (pending) {
      const { email } = pending.row
      return {
        step: 'verify' as const,
        email,
        resendIn: await resendWaitSeconds('signup', email),
        sentAt: pending.row.last_sent_at,
      }
    }
  }
  return { step: 'form' as const }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  const intent = formData.get('intent')
  const limited = !(await allowAuthPost(context))

  if (intent === 'verify' || intent === 'resend') {
    const own = await ownPendingSignup(request)
    return handleCodeStep(request, formData, limited, {
      pending: own && { purpose: 'signup', email: own.row.email, claim: own.claim },
      verifyPath: '/signup?step=verify',
      sessionEnded: SESSION_ENDED,
      onVerified: async (verified, pending) => {
        const user = await createAccountFromSignup(pending.email, verified)
        if (!user) return data({ otpError: ACCOUNT_MESSAGES.exists }, 400)
        const headers = new Headers()
        headers.append('Set-Cookie', await startSession(request, user.id))
        headers.append('Set-Cookie', clearTotpCookie())
        headers.append('Set-Cookie', await signupClaimCookie.serialize('', { maxAge: 0 }))
        // With JS the page shows the toast and moves to / after 2 s; without JS a redirect carries it.
        if (submittedWithJs(formData)) return data({ done: true as const }, { headers })
        throw await redirectWithSuccess('/', CREATED, { headers })
      },
    })
  }

  const submission = parseWithZod(formData, { schema: SignupSchema })
  if (limited) return data({ result: submission.reply({ formErrors: [TOO_MANY_REQUESTS] }) }, 429)
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const { name, email, password } = submission.value
  if (await emailTaken(email)) {
    return data({ result: submission.reply({ fieldErrors: { email: [ACCOUNT_MESSAGES.exists] } }) }, 400)
  }
  // A new registration of this browser's own: another client's register for the same e-mail never touches it.
  const claim = newSignupClaim()
  const sent = await issueCode(request, {
    purpose: 'signup',
    email,
    claim,
    payload: await pendingSignupPayload({ name, password }),
  })
  if (!sent.ok) return data({ result: submission.reply({ formErrors: [sent.message] }) }, sent.status)
  sent.headers.append('Set-Cookie', await signupClaimCookie.serialize(claim))
  throw await redirectWithSuccess('/signup?step=verify', 'OTP send to your email', { headers: sent.headers })
}

// After a JS verification the page stays put for 2 s (it is now signed in; the guard must not bounce it early).
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === 'object' && 'done' in actionResult) return false
  return defaultShouldRevalidate
}

export const meta: Route.MetaFunction = () => [{ title: 'Sign up | BioCoach' }]

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const done = actionData && 'done' in actionData
  useEffect(() => {
    if (!done) return
    showToast({ type: 'success', message: CREATED })
    const t = setTimeout(() => navigate('/'), REDIRECT_DELAY_MS)
    return () => clearTimeout(t)
  }, [done, navigate])

  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-2xl font-bold">Create your account</h1>
      {done ? (
        <p role="status" className="text-center">
          {CREATED}. Taking you to the home page...
        </p>
      ) : loaderData.step === 'verify' ? (
        <OtpCard {...loaderData} error={actionData && 'otpError' in actionData ? actionData.otpError : null} />
      ) : (
        <SignupForm lastResult={actionData && 'result' in actionData ? actionData.result : undefined} />
      )}
    </main>
  )
}

function SignupForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm({
    lastResult,
    onValidate: signupValidation.onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <Form
      method="post"
      onFocus={signupValidation.preload}
      {...getFormProps(form)}
      className="rounded-lg border border-slate-200 p-6 shadow-sm dark:border-slate-700"
    >
      <input type="hidden" name="intent" value="signup" />
      <Field
        label="Name"
        inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name', required: true }}
        errors={fields.name.errors}
      />
      <Field
        label="Email"
        inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', required: true }}
        errors={fields.email.errors}
      />
      <Field
        label="Password"
        inputProps={{
          ...getInputProps(fields.password, { type: 'password' }),
          autoComplete: 'new-password',
          required: true,
        }}
        errors={fields.password.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <StatusButton className="mt-2 w-full rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70 dark:bg-emerald-700">
        Sign Up
      </StatusButton>
      <p className="mt-4 text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-emerald-700 underline dark:text-emerald-400">
          Login
        </Link>
      </p>
    </Form>
  )
}
