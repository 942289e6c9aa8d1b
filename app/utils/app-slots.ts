// The app's slots (server.js, APP_CONCURRENCY): at most `size` requests inside the app at once, the others waiting
// their turn. Waiters are served by priority, then in arrival order:
//   0 (first)  a test's Start: the learner is looking at a spinner (at a live mock's opening 10,000 press within ten
//              seconds, decision 035);
//   1          everything else (pages, posts, answer saves, submissions);
//   2 (last)   the test's whole paper: fetched in the background once the first question is on screen.
// A waiter of a later class that has waited `maxWaitMs` goes first all the same, so no class starves under load.
export const SLOT_PRIORITY = { start: 0, normal: 1, background: 2 } as const
export type SlotPriority = (typeof SLOT_PRIORITY)[keyof typeof SLOT_PRIORITY]

type Waiter = { since: number; resolve: (release: () => void) => void }

/** A counting semaphore: acquire() resolves with a release function (safe to call twice) when a slot is free. */
export function createSlots(size: number, { maxWaitMs = 2_000, now = () => Date.now() } = {}) {
  let free = size
  const queues: Waiter[][] = [[], [], []]
  const next = (): Waiter | undefined => {
    const at = now()
    // The oldest waiter of a later class, once it has waited long enough (each queue is in arrival order).
    for (let p = queues.length - 1; p > 0; p--) {
      const head = queues[p][0]
      if (head && at - head.since >= maxWaitMs) return queues[p].shift()
    }
    for (const queue of queues) if (queue.length) return queue.shift()
    return undefined
  }
  const grant = () => {
    let released = false
    return () => {
      if (released) return
      released = true
      const waiter = next()
      if (waiter) waiter.resolve(grant())
      else free++
    }
  }
  return {
    acquire(priority: SlotPriority = SLOT_PRIORITY.normal): Promise<() => void> {
      if (free > 0) {
        free--
        return Promise.resolve(grant())
      }
      return new Promise((resolve) => queues[priority].push({ since: now(), resolve }))
    },
    /** Waiters per class, for tests. */
    waiting: () => queues.map((q) => q.length),
  }
}
