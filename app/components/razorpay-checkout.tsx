import { useEffect, useRef, useState } from 'react'
import { showToast } from '~/components/toaster'
import type { PayInstructions } from '~/lib/checkout'
import { CONTACT_EMAIL } from '~/lib/constants'

// Razorpay Checkout on the client. With JS: checkout.js is loaded on demand from
// RAZORPAY_CHECKOUT_URL and the widget's handler posts its three fields to our callback (a real form post, so
// the server verifies the signature and redirects). Without JS: a form posting to the hosted checkout page.

export const SDK_FAILED = 'Razorpay SDK failed to load. Please try again later.'
export const CANCELLED = 'Payment cancelled by user'

type RazorpayResponse = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
type RazorpayCtor = new (options: Record<string, unknown>) => {
  open(): void
  on?(event: string, cb: (r: unknown) => void): void
}

const loading = new Map<string, Promise<boolean>>()

export function loadCheckoutScript(checkoutUrl: string): Promise<boolean> {
  const src = `${checkoutUrl}/v1/checkout.js`
  if ((window as unknown as { Razorpay?: RazorpayCtor }).Razorpay) return Promise.resolve(true)
  let promise = loading.get(src)
  if (!promise) {
    promise = new Promise<boolean>((resolve) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.onload = () => resolve(true)
      script.onerror = () => {
        loading.delete(src)
        script.remove()
        resolve(false)
      }
      document.body.appendChild(script)
    })
    loading.set(src, promise)
  }
  return promise
}

/** Posts the widget's answer to our callback as a normal form post (same path as the hosted page). */
function postToCallback(response: RazorpayResponse) {
  const form = document.createElement('form')
  form.method = 'post'
  form.action = '/payments/razorpay/callback'
  for (const [name, value] of Object.entries(response)) {
    const input = document.createElement('input')
    input.type = 'hidden'
    input.name = name
    input.value = String(value ?? '')
    form.appendChild(input)
  }
  document.body.appendChild(form)
  form.submit()
}

export async function openRazorpayCheckout(pay: PayInstructions, onClose: () => void): Promise<void> {
  const ok = await loadCheckoutScript(pay.checkoutUrl)
  const Razorpay = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay
  if (!ok || !Razorpay) {
    showToast({ type: 'error', message: SDK_FAILED })
    onClose()
    return
  }
  const widget = new Razorpay({
    key: pay.keyId,
    amount: pay.amountPaise,
    currency: pay.currency,
    name: pay.name,
    description: pay.description,
    order_id: pay.providerOrderId,
    prefill: pay.prefill,
    handler: (response: RazorpayResponse) => postToCallback(response),
    modal: {
      ondismiss: () => {
        showToast({ type: 'warning', message: CANCELLED })
        onClose()
      },
    },
  })
  widget.open()
}

/** Opens the widget once for each new order the server hands back. Returns whether it is busy. */
export function useRazorpayCheckout(pay: PayInstructions | null | undefined): boolean {
  const opened = useRef<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!pay || opened.current === pay.providerOrderId) return
    opened.current = pay.providerOrderId
    setBusy(true)
    void openRazorpayCheckout(pay, () => setBusy(false))
  }, [pay])
  return busy
}

/** Without JS: the hosted checkout page, which posts back to our callback_url. */
export function HostedCheckoutForm({ pay, label }: { pay: PayInstructions; label: string }) {
  return (
    <form method="post" action={`${pay.checkoutUrl}/v1/checkout/embedded`} className="mt-4">
      <input type="hidden" name="key_id" value={pay.keyId} />
      <input type="hidden" name="order_id" value={pay.providerOrderId} />
      <input type="hidden" name="amount" value={pay.amountPaise} />
      <input type="hidden" name="currency" value={pay.currency} />
      <input type="hidden" name="name" value={pay.name} />
      <input type="hidden" name="description" value={pay.description} />
      <input type="hidden" name="prefill[name]" value={pay.prefill.name} />
      <input type="hidden" name="prefill[email]" value={pay.prefill.email} />
      <input type="hidden" name="prefill[contact]" value={pay.prefill.contact} />
      <input type="hidden" name="callback_url" value={pay.callbackUrl} />
      <input type="hidden" name="cancel_url" value={pay.cancelUrl} />
      <button
        type="submit"
        className="w-full rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 dark:bg-emerald-700"
      >
        {label}
      </button>
    </form>
  )
}

export function PaymentTips() {
  return (
    <div className="mt-4 rounded border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
      <p className="font-semibold">Payment troubleshooting tips</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-600 dark:text-slate-300">
        <li>Allow third-party cookies in your browser settings.</li>
        <li>Use Google Chrome for the smoothest payment experience.</li>
        <li>
          Still stuck? Write to <TipsEmail />.
        </li>
      </ul>
    </div>
  )
}

function TipsEmail() {
  return (
    <a className="underline" href={`mailto:${CONTACT_EMAIL}`}>
      {CONTACT_EMAIL}
    </a>
  )
}
