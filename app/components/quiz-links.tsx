import { Link } from 'react-router'

// The way back to the quiz list, as the quiz pages end: a filled button or an outlined one.
const filled = 'rounded bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800'
const outlined =
  'rounded border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800'

export function QuizzesLink({ label, outline = false }: { label: string; outline?: boolean }) {
  return (
    <Link to="/quizzes" className={outline ? outlined : filled}>
      {label}
    </Link>
  )
}
