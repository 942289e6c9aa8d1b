import { useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'

// The waiting room's countdown (app/components/quiz/live-card.tsx). It counts from the SERVER's clock: the page
// carries the server's `now` and the opening, and the offset between the server's now and this device's clock when
// the data arrived is applied to every tick, so a phone whose clock is wrong still opens the paper on time. At the
// opening the page's data is loaded again (the server decides: the paper, or still the waiting room).

/** Seconds until `target` on the server's clock, ticking; null before hydration. */
export function useServerCountdown(serverNow: string, target: string): number | null {
  const [left, setLeft] = useState<number | null>(null)
  const revalidator = useRevalidator()
  const asked = useRef(0)
  useEffect(() => {
    const offset = Date.parse(serverNow) - Date.now()
    const tick = () => {
      const ms = Date.parse(target) - (Date.now() + offset)
      setLeft(Math.max(0, Math.ceil(ms / 1000)))
      // Half a second past the opening (the server must agree it has come), at most once every two seconds.
      if (ms <= -500 && Date.now() - asked.current > 2000) {
        asked.current = Date.now()
        void revalidator.revalidate()
      }
    }
    tick()
    const timer = setInterval(tick, 500)
    return () => clearInterval(timer)
    // The revalidator changes identity with its state; the countdown restarts only with new data.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [serverNow, target])
  return left
}

/** 'Opens in 2:05', or hours and minutes when further off. */
export function countdownText(seconds: number): string {
  if (seconds >= 3600) {
    const h = Math.floor(seconds / 3600)
    const m = Math.floor((seconds % 3600) / 60)
    return `${h} h ${m} min`
  }
  const m = Math.floor(seconds / 60)
  return `${m}:${String(seconds % 60).padStart(2, '0')}`
}
