import { Link } from 'react-router'

// The quiz cards' 'Unlock Premium Test' action (spec 1 §2 Quizzes). Without JS it is a link to the
// 'Unlock Premium Quizzes' page; the Buying issue turns it into a dialog when JS is on.
export function UnlockPremiumButton({ className }: { className?: string }) {
  return (
    <Link to="/quizzes/unlock" className={className ?? 'inline-block rounded bg-amber-500 px-4 py-2 font-semibold text-white hover:bg-amber-600'}>
      Unlock Premium Test
    </Link>
  )
}
