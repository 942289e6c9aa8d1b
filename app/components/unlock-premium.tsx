import { useEffect, useRef, type ReactNode } from 'react'
import { Link, useFetcher } from 'react-router'
import type { PayInstructions } from '~/lib/checkout'
import { PaymentTips, useRazorpayCheckout } from '~/components/razorpay-checkout'
import { showToast } from '~/components/toaster'
import { DEFAULT_QUIZ_PRICE } from '~/lib/constants'
import { bundlePercentOff, formatRupees, showStruckPrice } from '~/lib/pricing'
import { useHydrated } from '~/hooks/use-hydrated'

// The quiz cards' 'Unlock Premium Test' action. Without JS it is a link to the
// 'Unlock Premium Quizzes' page (/quizzes/unlock); with JS it opens the same offer in a dialog that loads the
// real prices (399/99 until then) and buys through the same action.

export type BundlePrice = { actualPrice: number; discountedPrice: number }
export type UnlockActionData = { error?: string; pay?: PayInstructions | null }

/** The offer itself, shared by the page and the dialog. */
export function UnlockOffer({ price, actions }: { price: BundlePrice; actions: ReactNode }) {
  const percent = bundlePercentOff(price.actualPrice, price.discountedPrice)
  return (
    <div>
      <h2 className="text-xl font-bold">Unlock Premium Quizzes</h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Get every premium mock test with one purchase.</p>
      <p className="mt-4 flex items-center gap-3">
        {showStruckPrice(price.actualPrice, price.discountedPrice) ? (
          <s className="text-slate-500 dark:text-slate-400" data-testid="bundle-actual-price">
            {formatRupees(price.actualPrice)}
          </s>
        ) : null}
        <span className="text-3xl font-bold" data-testid="bundle-price">
          {formatRupees(price.discountedPrice)}
        </span>
        {percent > 0 ? (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-sm font-semibold text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100">
            {percent}% OFF
          </span>
        ) : null}
      </p>
      <PaymentTips />
      <div className="mt-6 flex justify-end gap-3">{actions}</div>
    </div>
  )
}

const enrollClass =
  'rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-70 dark:bg-emerald-700'
const cancelClass = 'rounded border border-slate-300 px-4 py-2 dark:border-slate-600'

export function UnlockPremiumButton({ className }: { className?: string }) {
  const hydrated = useHydrated()
  const buttonClass =
    className ?? 'inline-block rounded bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800'
  if (!hydrated) {
    return (
      <Link to="/quizzes/unlock" className={buttonClass}>
        Unlock Premium Test
      </Link>
    )
  }
  return <UnlockDialog buttonClass={buttonClass} />
}

function UnlockDialog({ buttonClass }: { buttonClass: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const prices = useFetcher<{ price: BundlePrice }>()
  const buy = useFetcher<UnlockActionData>()
  const price = prices.data?.price ?? DEFAULT_QUIZ_PRICE
  const widgetBusy = useRazorpayCheckout(buy.data?.pay)
  const busy = buy.state !== 'idle' || widgetBusy

  // A modal <dialog> sits in the top layer, above Razorpay's overlay: close it before the widget opens.
  useEffect(() => {
    if (buy.data?.pay) dialog.current?.close()
  }, [buy.data?.pay])

  useEffect(() => {
    if (buy.state === 'idle' && buy.data?.error) showToast({ type: 'error', message: buy.data.error })
  }, [buy.state, buy.data])

  const open = () => {
    dialog.current?.showModal()
    if (prices.state === 'idle' && !prices.data) prices.load('/quizzes/unlock')
  }

  return (
    <>
      <button type="button" onClick={open} className={buttonClass}>
        Unlock Premium Test
      </button>
      <dialog
        ref={dialog}
        aria-label="Unlock Premium Quizzes"
        className="m-auto w-[min(32rem,92vw)] rounded-lg bg-white p-6 text-slate-900 backdrop:bg-black/50 dark:bg-slate-900 dark:text-slate-100"
      >
        <UnlockOffer
          price={price}
          actions={
            <buy.Form method="post" action="/quizzes/unlock" className="flex gap-3">
              <button type="button" className={cancelClass} onClick={() => dialog.current?.close()}>
                Cancel
              </button>
              <button type="submit" disabled={busy} className={enrollClass}>
                {busy ? 'Processing...' : 'Enroll Now'}
              </button>
            </buy.Form>
          }
        />
      </dialog>
    </>
  )
}

export { enrollClass, cancelClass }
