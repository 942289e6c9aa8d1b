// How requests enter the app (server.js): at most `size` at once, and a few let in per turn of the event loop
// (docs/decisions/036-turns-and-named-statements.md).
//
// Node 20's libuv accepts one new connection per turn of the event loop (libuv 1.45 stopped accepting in a loop).
// A request let in runs until its first real wait, and on SQLite that is most of it: every query finishes
// synchronously. Letting in every waiting request at once made one turn as long as all their work together, so under
// a burst a turn took 100-200 ms and a new connection waited that long for each one accepted before it: at a live
// mock's opening, the 256 connections of the bench's learners were accepted over 16 s, and their Starts waited up to
// 17 s while requests on older connections were answered in one. Letting requests in a few per turn (the event loop's
// check phase), as many as keep the turn near a target length, keeps new connections accepted as they come.

export type AppSlots = {
  /** Resolves with a release function (safe to call twice) once a slot is free and it is this request's turn. */
  acquire(): Promise<() => void>
}

/** The length of turn the slots aim for under load (APP_TURN_MS): a new connection is accepted about this often. */
export const TURN_TARGET_MS = 8

/**
 * `size` slots, granted in arrival order from `defer` (setImmediate: once per turn of the event loop; tests pass their
 * own, and their own clock). Each turn lets in a number of requests that adapts to how long the last turn took: it
 * doubles while turns are shorter than half of `targetMs` and halves when one is longer, so turns stay near the
 * target under load. Only a turn that followed a turn of grants is measured: the gap after an idle spell (nobody
 * waiting, or every slot taken) says nothing of the turn's length, so the count a burst into an idle process starts
 * from is the one the last busy spell settled on.
 */
export function createAppSlots(
  size: number,
  targetMs = TURN_TARGET_MS,
  defer: (run: () => void) => void = setImmediate,
  clock: () => number = () => performance.now(),
): AppSlots {
  // A turn length that is not a positive number of milliseconds (APP_TURN_MS=0, -5) means the default.
  if (!(targetMs > 0)) targetMs = TURN_TARGET_MS
  let free = size
  // A queue as an array and a head index: taking the first is constant time however deep the queue.
  let waiting: ((release: () => void) => void)[] = []
  let head = 0
  let scheduled = false
  // Whether the grant now scheduled was scheduled by a turn of grants (so the gap measures one turn).
  let chained = false
  let perTurn = 1
  let lastTurnAt = 0
  const queued = () => waiting.length - head
  const schedule = (fromTurn: boolean) => {
    if (scheduled || free === 0 || queued() === 0) return
    scheduled = true
    chained = fromTurn
    defer(letIn)
  }
  const letIn = () => {
    scheduled = false
    const now = clock()
    if (chained) {
      const lastMs = now - lastTurnAt
      if (lastMs > targetMs) perTurn = Math.max(1, perTurn >> 1)
      else if (lastMs < targetMs / 2) perTurn = Math.min(size, perTurn * 2)
    }
    lastTurnAt = now
    for (let i = 0; i < perTurn && free > 0 && queued() > 0; i++) {
      free--
      const grant = waiting[head]!
      waiting[head++] = undefined as never
      grant(releaser())
    }
    if (head > 1024 && head * 2 > waiting.length) {
      waiting = waiting.slice(head)
      head = 0
    }
    // Scheduled from inside a turn's check phase, the next grants come in the next turn.
    schedule(true)
  }
  const releaser = () => {
    let released = false
    return () => {
      if (released) return
      released = true
      free++
      schedule(false)
    }
  }
  return {
    acquire: () =>
      new Promise((resolve) => {
        waiting.push(resolve)
        schedule(false)
      }),
  }
}
