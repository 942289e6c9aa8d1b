import { describe, expect, test } from 'vitest'
import { createSlots, SLOT_PRIORITY } from './app-slots'

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('app slots', () => {
  test('at most size inside; waiters served by priority, then in arrival order', async () => {
    const slots = createSlots(1)
    const order: string[] = []
    const first = await slots.acquire()
    const take = (name: string, p: (typeof SLOT_PRIORITY)[keyof typeof SLOT_PRIORITY]) =>
      slots.acquire(p).then((release) => {
        order.push(name)
        release()
      })
    const all = Promise.all([
      take('paper', SLOT_PRIORITY.background),
      take('save 1', SLOT_PRIORITY.normal),
      take('start 1', SLOT_PRIORITY.start),
      take('save 2', SLOT_PRIORITY.normal),
      take('start 2', SLOT_PRIORITY.start),
    ])
    await tick()
    expect(order).toEqual([])
    expect(slots.waiting()).toEqual([2, 2, 1])
    first()
    first() // released twice: still one slot
    await all
    expect(order).toEqual(['start 1', 'start 2', 'save 1', 'save 2', 'paper'])
    expect(slots.waiting()).toEqual([0, 0, 0])
  })

  test('a later class that has waited maxWaitMs goes first, so it never starves', async () => {
    let clock = 0
    const slots = createSlots(1, { maxWaitMs: 2_000, now: () => clock })
    const order: string[] = []
    const first = await slots.acquire()
    const paper = slots.acquire(SLOT_PRIORITY.background).then((r) => (order.push('paper'), r))
    clock = 1_000
    const save = slots.acquire(SLOT_PRIORITY.normal).then((r) => (order.push('save'), r))
    clock = 2_500
    const start = slots.acquire(SLOT_PRIORITY.start).then((r) => (order.push('start'), r))
    first()
    ;(await paper)()
    ;(await start)()
    ;(await save)()
    expect(order).toEqual(['paper', 'start', 'save'])
  })
})
