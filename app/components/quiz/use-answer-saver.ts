import { useCallback, useEffect, useRef, useState } from 'react'

// Background saving for the enhanced test view: answers go into a queue that is kept in
// localStorage until the server confirms them, posted in batches with retries and backoff, flushed on
// reconnect and before submit. A lost connection (or a reload while offline) loses no answer.

export type PendingAnswer = {
  questionId: string
  selectedOption: number | null
  selectedOptions?: number[]
  numericAnswer?: string | null
  markedForReview: boolean
  /** Time spent on the question since the last save of it (added on the server). */
  timeSpentMs?: number
}
export type SaverStatus = 'saved' | 'saving' | 'offline' | 'error'

const storageKey = (attemptId: string) => `quiz-pending:${attemptId}`

function readStored(attemptId: string): PendingAnswer[] {
  try {
    const raw = window.localStorage.getItem(storageKey(attemptId))
    const list = raw ? JSON.parse(raw) : []
    return Array.isArray(list) ? list : []
  } catch {
    return []
  }
}

export function useAnswerSaver({
  url,
  attemptId,
  onClosed,
}: {
  /** The attempt's answers endpoint (a JSON POST of `{ answers }`; 409 once the attempt is closed). */
  url: string
  attemptId: string
  onClosed: () => void
}) {
  const pending = useRef(new Map<string, PendingAnswer>())
  const inflight = useRef<Promise<boolean> | null>(null)
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const failures = useRef(0)
  // The batch being sent: an answer replacing one of these must not carry its time again.
  const sending = useRef(new Set<PendingAnswer>())
  const [status, setStatus] = useState<SaverStatus>('saved')
  const [pendingCount, setPendingCount] = useState(0)
  // The questions whose latest answer the server has not confirmed yet (the palette marks them).
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(() => new Set())
  const onClosedRef = useRef(onClosed)
  useEffect(() => {
    onClosedRef.current = onClosed
  }, [onClosed])
  // A retry timer and a follow-up send call the newest flush; it is set after each render.
  const flushRef = useRef<() => Promise<boolean>>(() => Promise.resolve(true))

  const persist = useCallback(() => {
    setPendingCount(pending.current.size)
    setUnsaved(new Set(pending.current.keys()))
    try {
      if (pending.current.size === 0) window.localStorage.removeItem(storageKey(attemptId))
      else window.localStorage.setItem(storageKey(attemptId), JSON.stringify([...pending.current.values()]))
    } catch {
      // storage full or disabled: the in-memory queue still retries
    }
  }, [attemptId])

  const flush = useCallback((): Promise<boolean> => {
    if (inflight.current) return inflight.current
    if (pending.current.size === 0) {
      setStatus((s) => (s === 'error' ? s : 'saved'))
      return Promise.resolve(true)
    }
    if (retryTimer.current) {
      clearTimeout(retryTimer.current)
      retryTimer.current = null
    }
    const batch = [...pending.current.values()]
    sending.current = new Set(batch)
    setStatus('saving')
    const run = (async () => {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify({ answers: batch }),
        })
        if (res.status === 409) {
          pending.current.clear()
          persist()
          onClosedRef.current()
          return false
        }
        if (res.ok || (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429)) {
          // Saved (or refused for good, e.g. a question that no longer exists): drop what was sent unless it
          // changed while the request was in flight.
          for (const sent of batch)
            if (pending.current.get(sent.questionId) === sent) pending.current.delete(sent.questionId)
          persist()
          failures.current = 0
          setStatus(res.ok ? 'saved' : 'error')
          return res.ok
        }
        throw new Error(`status ${res.status}`)
      } catch {
        failures.current += 1
        setStatus('offline')
        const delay = Math.min(30_000, 1000 * 2 ** Math.min(failures.current - 1, 5))
        retryTimer.current = setTimeout(() => {
          retryTimer.current = null
          void flushRef.current()
        }, delay)
        return false
      } finally {
        sending.current = new Set()
        inflight.current = null
      }
    })()
    inflight.current = run
    return run.then(async (ok) => {
      // Something changed while the request was in flight: send it too.
      if (ok && pending.current.size > 0) return flushRef.current()
      return ok
    })
  }, [persist, url])
  useEffect(() => {
    flushRef.current = flush
  }, [flush])

  const enqueue = useCallback(
    (answer: PendingAnswer) => {
      // Time spent adds up until it is sent: a newer answer to the same question keeps the unsent time.
      const prev = pending.current.get(answer.questionId)
      const unsent = prev && !sending.current.has(prev) ? (prev.timeSpentMs ?? 0) : 0
      const timeSpentMs = Math.min((answer.timeSpentMs ?? 0) + unsent, 3_600_000)
      pending.current.set(answer.questionId, { ...answer, timeSpentMs })
      persist()
      if (!retryTimer.current) void flush()
    },
    [flush, persist],
  )

  // Answers left over from an earlier page load (e.g. a reload while offline) are restored and re-sent.
  const restore = useCallback((): PendingAnswer[] => {
    const stored = readStored(attemptId)
    for (const a of stored) if (!pending.current.has(a.questionId)) pending.current.set(a.questionId, a)
    persist()
    if (stored.length) void flush()
    return stored
  }, [attemptId, flush, persist])

  useEffect(() => {
    const online = () => {
      failures.current = 0
      void flush()
    }
    const offline = () => setStatus('offline')
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    if (navigator.onLine === false) setStatus('offline')
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      if (retryTimer.current) clearTimeout(retryTimer.current)
    }
  }, [flush])

  return { enqueue, flush, restore, status, pendingCount, unsaved }
}
