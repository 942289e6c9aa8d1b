import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react'
import { Form } from 'react-router'
import { StatusButton } from '~/components/forms'
import { OTP_DIGITS } from '~/lib/constants'
import { OTP_INCOMPLETE } from '~/lib/otp'
import { SubmittedWithJs } from '~/components/submitted-with-js'
import { useHydrated } from '~/hooks/use-hydrated'

// Six single-digit inputs all named `otp`. Without JS they are plain inputs
// posted as they are; with JS typing moves to the next box, Backspace to the previous, and a pasted code fills
// them all.
export function OtpField({ invalid, describedBy }: { invalid?: boolean; describedBy?: string }) {
  const refs = useRef<Array<HTMLInputElement | null>>([])
  const focus = (i: number) => refs.current[Math.max(0, Math.min(OTP_DIGITS - 1, i))]?.focus()

  function onInput(i: number, e: FormEvent<HTMLInputElement>) {
    const input = e.currentTarget
    const digits = input.value.replace(/\D/g, '')
    if (digits.length > 1) return fill(i, digits)
    input.value = digits
    if (digits) focus(i + 1)
  }
  function fill(start: number, digits: string) {
    digits
      .slice(0, OTP_DIGITS - start)
      .split('')
      .forEach((d, k) => {
        const el = refs.current[start + k]
        if (el) el.value = d
      })
    focus(Math.min(start + digits.length, OTP_DIGITS - 1))
  }
  function onPaste(i: number, e: ClipboardEvent<HTMLInputElement>) {
    const digits = e.clipboardData.getData('text').replace(/\D/g, '')
    if (!digits) return
    e.preventDefault()
    fill(digits.length >= OTP_DIGITS ? 0 : i, digits)
  }
  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !e.currentTarget.value) focus(i - 1)
    if (e.key === 'ArrowLeft') focus(i - 1)
    if (e.key === 'ArrowRight') focus(i + 1)
  }

  return (
    <fieldset className="flex justify-center gap-2" aria-describedby={describedBy}>
      <legend className="sr-only">One-time code</legend>
      {Array.from({ length: OTP_DIGITS }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el
          }}
          name="otp"
          aria-label={`Digit ${i + 1}`}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]"
          maxLength={1}
          aria-invalid={invalid || undefined}
          onFocus={(e) => e.currentTarget.select()}
          onInput={(e) => onInput(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onKeyDown={(e) => onKeyDown(i, e)}
          className="h-12 w-10 rounded border border-slate-300 bg-white text-center text-xl text-slate-900 focus:border-emerald-500 focus:ring-2 focus:ring-emerald-200 focus:outline-none aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        />
      ))}
    </fieldset>
  )
}

/** The whole code card: digits, Verify, and Resend Code after the countdown. */
export function OtpCard({
  email,
  error,
  resendIn,
  sentAt,
}: {
  email: string
  error?: string | null
  resendIn: number
  sentAt: string
}) {
  const [clientError, setClientError] = useState<string | null>(null)
  const hydrated = useHydrated()
  const [left, setLeft] = useState(resendIn)
  // A new code (sentAt changes) restarts the countdown at the server's figure.
  useEffect(() => setLeft(resendIn), [resendIn, sentAt])
  useEffect(() => {
    if (left <= 0) return
    const t = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(t)
  }, [left])

  const shown = clientError ?? error
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const values = new FormData(e.currentTarget).getAll('otp').map(String)
    if (values.join('').replace(/\D/g, '').length !== OTP_DIGITS) {
      e.preventDefault()
      setClientError(OTP_INCOMPLETE)
    } else setClientError(null)
  }

  return (
    <div className="rounded-lg border border-slate-200 p-6 shadow-sm dark:border-slate-700">
      <h2 className="text-xl font-semibold">Enter the code</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        We sent a 6-digit code to <strong>{email}</strong>. It is valid for 10 minutes.
      </p>
      <Form method="post" className="mt-4" onSubmit={onSubmit} noValidate>
        <input type="hidden" name="intent" value="verify" />
        {/* Tells the action it may answer with data and let the page wait 2 s before moving on. */}
        <SubmittedWithJs />
        <OtpField invalid={!!shown} describedBy={shown ? 'otp-error' : undefined} />
        {shown ? (
          <p id="otp-error" role="alert" className="mt-2 text-center text-sm text-red-600 dark:text-red-400">
            {shown}
          </p>
        ) : null}
        <div className="mt-4 flex justify-center">
          <StatusButton name="intent" value="verify">
            Verify
          </StatusButton>
        </div>
      </Form>
      <Form method="post" className="mt-4 text-center text-sm">
        <input type="hidden" name="intent" value="resend" />
        {hydrated && left > 0 ? (
          <p className="text-slate-600 dark:text-slate-300" aria-live="polite">
            Resend code in {left}s
          </p>
        ) : (
          <button
            type="submit"
            name="intent"
            value="resend"
            className="font-semibold text-emerald-700 underline dark:text-emerald-400"
          >
            Resend Code
          </button>
        )}
      </Form>
    </div>
  )
}
