// The app's slots (./app-slots.server.ts): at most `size` requests inside at once, in arrival order, and let in a
// few per turn (each call of the deferred function stands for one turn of the event loop): one while turns run long,
// more while they are short.
import { describe, expect, test } from 'vitest'
import { createAppSlots, TURN_TARGET_MS } from './app-slots.server'

/** A hand-turned event loop: `turn(ms)` moves its clock on, runs what was deferred before it, then lets promise callbacks run. */
function turns() {
  let queued: (() => void)[] = []
  let clock = 0
  return {
    defer: (run: () => void) => void queued.push(run),
    clock: () => clock,
    async turn(ms = TURN_TARGET_MS + 1) {
      clock += ms
      const now = queued
      queued = []
      for (const run of now) run()
      await new Promise((r) => setTimeout(r, 0))
    },
    get pending() {
      return queued.length
    },
  }
}

describe('app slots', () => {
  test('while turns run long, one request is let in per turn, in arrival order, never more than the slots', async () => {
    const loop = turns()
    const slots = createAppSlots(2, TURN_TARGET_MS, loop.defer, loop.clock)
    const inside: number[] = []
    const releases: (() => void)[] = []
    for (const n of [1, 2, 3, 4]) void slots.acquire().then((release) => (inside.push(n), releases.push(release)))
    expect(inside).toEqual([])
    await loop.turn()
    expect(inside).toEqual([1])
    await loop.turn()
    expect(inside).toEqual([1, 2])
    // Both slots are taken: turns pass and nobody else comes in.
    await loop.turn()
    await loop.turn()
    expect(inside).toEqual([1, 2])
    expect(loop.pending).toBe(0)
    // A release frees one slot; a second call of the same release frees nothing more.
    releases[0]!()
    releases[0]!()
    await loop.turn()
    expect(inside).toEqual([1, 2, 3])
    await loop.turn()
    expect(inside).toEqual([1, 2, 3])
    releases[1]!()
    await loop.turn()
    expect(inside).toEqual([1, 2, 3, 4])
  })

  test('while turns are short, each turn lets in twice as many as the last; a long turn halves it', async () => {
    const loop = turns()
    const slots = createAppSlots(100, TURN_TARGET_MS, loop.defer, loop.clock)
    let inside = 0
    for (let i = 0; i < 100; i++) void slots.acquire().then(() => inside++)
    const seen: number[] = []
    for (const ms of [100, 1, 1, 1, 100, 100]) {
      const before = inside
      await loop.turn(ms)
      seen.push(inside - before)
    }
    expect(seen).toEqual([1, 2, 4, 8, 4, 2])
  })

  test('a burst after an idle spell starts from the count the last busy spell reached, not a halved one', async () => {
    const loop = turns()
    const slots = createAppSlots(100, TURN_TARGET_MS, loop.defer, loop.clock)
    let inside = 0
    const grant = (n: number) => {
      for (let i = 0; i < n; i++) void slots.acquire().then(() => inside++)
    }
    const perTurn = async (ms: number) => {
      const before = inside
      await loop.turn(ms)
      return inside - before
    }
    grant(15)
    const busy = [await perTurn(1), await perTurn(1), await perTurn(1), await perTurn(1)]
    expect(busy).toEqual([1, 2, 4, 8])
    // Nobody waits for a second; then 30 arrive at once. The idle gap is not a long turn.
    expect(loop.pending).toBe(0)
    grant(30)
    expect([await perTurn(1000), await perTurn(1)]).toEqual([8, 16])
  })

  test('on the real event loop: all free slots are granted, one more waits for a release', async () => {
    const slots = createAppSlots(64)
    const first = await Promise.all(Array.from({ length: 64 }, () => slots.acquire()))
    let late = false
    const waiting = slots.acquire().then((release) => ((late = true), release))
    await new Promise((r) => setTimeout(r, 20))
    expect(late).toBe(false)
    first[0]!()
    const release = await waiting
    expect(late).toBe(true)
    for (const r of [...first, release]) r()
  })
})
