// Turn batches (./turn-batch.ts) on SQLite and, in the PostgreSQL run, on PostgreSQL: the calls of one turn become one
// `many` on PostgreSQL (split at `max`), a lone call and every call on SQLite or inside a transaction run `one`; a
// failed or short `many` fails every call that was in it, and the next turn starts afresh; a `many` that failed on a
// row (a deadlock, one row's bad value) runs each of its calls again alone, so each gets its own answer or error.
import { describe, expect, test } from 'vitest'
import { db, dialect } from '~/utils/db.server'
import { turnBatched } from './turn-batch'

/** A batcher that doubles numbers and records its calls; `many` fails for a batch holding `failOn`. */
function doubler(max?: number, failOn?: number, short = false) {
  const calls: { kind: 'one' | 'many'; items: number[] }[] = []
  const batched = turnBatched({
    one: async (_conn, n: number) => {
      calls.push({ kind: 'one', items: [n] })
      return n * 2
    },
    many: async (_conn, items: number[]) => {
      calls.push({ kind: 'many', items })
      if (failOn !== undefined && items.includes(failOn)) throw new Error(`batch with ${failOn} failed`)
      return (short ? items.slice(1) : items).map((n) => n * 2)
    },
    max,
  })
  return { batched, calls }
}

describe('turn batches', () => {
  test('the calls of one turn: one statement on PostgreSQL, split at max; each call its own answer', async () => {
    const { batched, calls } = doubler(4)
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => batched(db, n)))
    expect(answers).toEqual([2, 4, 6, 8, 10, 12])
    if (dialect === 'postgres')
      expect(calls).toEqual([
        { kind: 'many', items: [1, 2, 3, 4] },
        { kind: 'many', items: [5, 6] },
      ])
    else expect(calls.map((c) => c.kind)).toEqual(['one', 'one', 'one', 'one', 'one', 'one'])
  })

  test('a lone call, and calls inside a transaction, run one at a time', async () => {
    const { batched, calls } = doubler()
    expect(await batched(db, 7)).toBe(14)
    await db.transaction().execute(async (trx) => {
      expect(await Promise.all([batched(trx, 1), batched(trx, 2)])).toEqual([2, 4])
    })
    expect(calls.map((c) => c.kind)).toEqual(['one', 'one', 'one'])
  })

  test('a failed or short batch fails each of its calls, and only those; the next turn is a new batch', async () => {
    const failing = doubler(2, 3)
    const settled = await Promise.allSettled([1, 2, 3, 4].map((n) => failing.batched(db, n)))
    if (dialect === 'postgres') {
      expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected'])
      expect((settled[2] as PromiseRejectedResult).reason.message).toBe('batch with 3 failed')
    } else {
      expect(settled.every((s) => s.status === 'fulfilled')).toBe(true)
    }
    expect(await Promise.all([5, 6].map((n) => failing.batched(db, n)))).toEqual([10, 12])

    const short = doubler(undefined, undefined, true)
    const answers = await Promise.allSettled([1, 2].map((n) => short.batched(db, n)))
    if (dialect === 'postgres') {
      expect(answers.map((s) => s.status)).toEqual(['rejected', 'rejected'])
      expect((answers[0] as PromiseRejectedResult).reason.message).toMatch(/1 results for 2 items/)
    }
  })

  test('a batch that failed on a row runs each call alone, in order: only a call whose own statement fails fails', async () => {
    for (const code of ['40P01', '23503']) {
      const calls: { kind: 'one' | 'many'; items: number[] }[] = []
      const batched = turnBatched({
        one: async (_conn, n: number) => {
          calls.push({ kind: 'one', items: [n] })
          if (n === 3) throw Object.assign(new Error('row 3 refused'), { code: '23503' })
          return n * 2
        },
        many: async (_conn, items: number[]) => {
          calls.push({ kind: 'many', items })
          throw Object.assign(new Error('batch failed'), { code })
        },
      })
      const settled = await Promise.allSettled([1, 2, 3, 4].map((n) => batched(db, n)))
      expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
        2,
        4,
        'row 3 refused',
        8,
      ])
      const ones = calls.filter((c) => c.kind === 'one').map((c) => c.items[0])
      expect(ones).toEqual([1, 2, 3, 4])
      if (dialect === 'postgres') expect(calls[0]).toEqual({ kind: 'many', items: [1, 2, 3, 4] })
    }
  })
})
