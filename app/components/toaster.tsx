import { useEffect, useState } from 'react'
import { TOAST_ERROR_MS, TOAST_MAX, TOAST_SUCCESS_MS } from '~/lib/constants'

type ToastMessage = { message: string; type: 'success' | 'error' | 'warning' | 'info'; description?: string }
type Shown = ToastMessage & { key: number }

const colours: Record<ToastMessage['type'], string> = {
  success: 'border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  warning: 'border-amber-500 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  info: 'border-sky-500 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
}

const lifetime = (type: ToastMessage['type']) => (type === 'success' ? TOAST_SUCCESS_MS : TOAST_ERROR_MS)
/** The CSS fade at the end of a toast's life (.toast-auto-leave in app.css lasts this long). */
const TOAST_FADE_MS = 300

let counter = 0
const listeners = new Set<(t: ToastMessage) => void>()

/** Shows a toast from client code (e.g. 'Link copied to clipboard!'). */
export function showToast(toast: ToastMessage) {
  for (const l of listeners) l(toast)
}

/**
 * Toasts top-right: errors 4 s, success 2 s, at most 20. The server renders the flash toast into
 * the HTML, so it is visible with JavaScript off; with JS it times out and more can stack.
 * Below the sm breakpoint a toast takes the whole width, so at the top it would cover every page's heading
 * (e.g. 'Quiz Results' right after 'Your test has been submitted.'): there it sits at the bottom instead, above
 * the WhatsApp button.
 * Without JavaScript (content pages ship none) the toast leaves by itself: a CSS animation fades it
 * out at the same moment and leaves it hidden and click-through.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [toasts, setToasts] = useState<Shown[]>(() => (toast ? [{ ...toast, key: counter++ }] : []))

  const push = (t: ToastMessage) => setToasts((list) => [...list, { ...t, key: counter++ }].slice(-TOAST_MAX))

  useEffect(() => {
    listeners.add(push)
    return () => void listeners.delete(push)
  }, [])

  useEffect(() => {
    if (toast && !toasts.some((t) => t.message === toast.message)) push(toast)
    // Only a new toast from the loader may push: with `toasts` as a dependency, one that expired would be pushed
    // again while the loader still returns it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the reason is in the comment above
  }, [toast])

  useEffect(() => {
    const timers = toasts.map((t) =>
      setTimeout(() => setToasts((list) => list.filter((x) => x.key !== t.key)), lifetime(t.type)),
    )
    return () => timers.forEach(clearTimeout)
  }, [toasts])

  if (toasts.length === 0) return null
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-20 left-4 z-[60] flex flex-col gap-2 sm:top-20 sm:bottom-auto sm:left-auto sm:w-[22rem]"
    >
      {toasts.map((t) => (
        <div
          key={t.key}
          role={t.type === 'error' ? 'alert' : 'status'}
          // Leaves by itself with CSS too (app.css, end), for pages that ship no JavaScript.
          className={`toast-auto-leave pointer-events-auto rounded border-l-4 px-4 py-3 text-sm shadow ${colours[t.type]}`}
          style={{ animationDelay: `${lifetime(t.type) - TOAST_FADE_MS}ms` }}
        >
          <p className="font-semibold">{t.message}</p>
          {t.description ? <p className="mt-1">{t.description}</p> : null}
        </div>
      ))}
    </div>
  )
}
