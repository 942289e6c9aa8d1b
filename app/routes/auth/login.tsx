import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { lazyZodValidation } from '~/utils/lazy-validation'
import { data, Form, Link, redirect, useSearchParams } from 'react-router'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { ACCOUNT_MESSAGES, checkCredentials } from '~/models/accounts/account.server'
import { LoginSchema } from '~/schemas/auth'
import { readForm } from '~/utils/body.server'
import { requireAnonymous } from '~/auth/guard.server'
import { startSession } from '~/auth/session.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { allowAuthPost, TOO_MANY_REQUESTS } from '~/utils/rate-limit.server'
import type { Route } from './+types/login'
import type { RouteHandle } from '~/hooks/use-route-handle'

// Email + password -> / (or a safe same-site redirectTo). Failures as the older client shows them
// (docs/legacy-api.md §2.1): 404 'User does not exist', 401 'Invalid Credentials', with those statuses.

// Client-side checks with the shared schema, loaded on the form's first focus (app/utils/lazy-validation.ts).
const loginValidation = lazyZodValidation(() => import('~/schemas/auth').then((m) => m.LoginSchema))

// Needs JavaScript for the one-time-code field: this page hydrates.
export const handle: RouteHandle = { hydrate: true }
export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request)
  return null
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (!(await allowAuthPost(context)))
    return data({ result: submission.reply({ formErrors: [TOO_MANY_REQUESTS] }) }, 429)
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, 400)
  const checked = await checkCredentials(submission.value.email, submission.value.password)
  if (!checked.ok) {
    const message = {
      404: ACCOUNT_MESSAGES.noUser,
      401: ACCOUNT_MESSAGES.badCredentials,
      429: ACCOUNT_MESSAGES.loginLocked,
    }[checked.status]
    return data({ result: submission.reply({ formErrors: [message], hideFields: ['password'] }) }, checked.status)
  }
  // A new session id at every login (session fixation); the old row, if any, is deleted.
  const cookie = await startSession(request, checked.userId)
  throw redirect(safeRedirect(formData.get('redirectTo')), { headers: { 'Set-Cookie': cookie } })
}

export const meta: Route.MetaFunction = () => [{ title: 'Login | BioCoach' }]

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: loginValidation.onValidate,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  return (
    <main className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-2xl font-bold">Login</h1>
      <Form
        method="post"
        onFocus={loginValidation.preload}
        {...getFormProps(form)}
        className="rounded-lg border border-slate-200 p-6 shadow-sm dark:border-slate-700"
      >
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', required: true }}
          errors={fields.email.errors}
        />
        <Field
          label="Password"
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'current-password',
            required: true,
          }}
          errors={fields.password.errors}
        />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <p className="mb-4 text-right text-sm">
          <Link to="/forgot-password" className="text-emerald-700 underline dark:text-emerald-400">
            Forgot password?
          </Link>
        </p>
        <StatusButton className="w-full rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70 dark:bg-emerald-700">
          Login
        </StatusButton>
        <p className="mt-4 text-center text-sm">
          New here?{' '}
          <Link to="/signup" className="font-semibold text-emerald-700 underline dark:text-emerald-400">
            Sign up
          </Link>
        </p>
      </Form>
    </main>
  )
}
