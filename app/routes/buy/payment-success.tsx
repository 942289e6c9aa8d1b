import { Link } from 'react-router'
import { Confetti } from '~/components/confetti'
import type { Route } from './+types/payment-success'

// Payment success: confetti (300 pieces, CSS only: the page ships no script), 'Woohooo!',
// the payment id from ?paymentId= (twelve X characters when none), Start Learning -> /profile, and where the
// receipt is (it is also mailed).

const PLACEHOLDER = 'XXXXXXXXXXXX'

export function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('paymentId') ?? ''
  return { paymentId: /^[A-Za-z0-9_]{1,64}$/.test(raw) ? raw : PLACEHOLDER }
}

export const meta: Route.MetaFunction = () => [{ title: 'Payment successful' }]

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <Confetti />
      <h1 className="text-4xl font-extrabold text-emerald-700 dark:text-emerald-400">Woohooo!</h1>
      <p className="mt-4 text-lg">Your course purchase was successful.</p>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Payment ID:{' '}
        <span className="font-mono" data-testid="payment-id">
          {loaderData.paymentId}
        </span>
      </p>
      <Link
        to="/profile"
        className="mt-8 rounded bg-emerald-700 px-6 py-3 font-semibold text-white hover:bg-emerald-800 dark:bg-emerald-700"
      >
        Start Learning
      </Link>
      <p className="mt-4 text-sm">
        Your receipt is in your e-mail and in{' '}
        <Link to="/profile/purchases" className="text-emerald-700 underline dark:text-emerald-400">
          Purchases
        </Link>
        .
      </p>
    </main>
  )
}
