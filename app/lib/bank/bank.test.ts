import { describe, expect, test } from 'vitest'
import { drawBlueprint, type BlueprintLine } from './bank'

// drawBlueprint: counts kept, nothing drawn twice, narrow lines choose first, a short line refuses the whole draw.

/** A small seeded generator (mulberry32), so each case runs over many different shuffles reproducibly. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`)
const line = (count: number, tags: Omit<BlueprintLine, 'count'> = {}): BlueprintLine => ({ count, ...tags })

describe('drawBlueprint', () => {
  test('each line takes its count from its own candidates, in line order', () => {
    const candidates = [ids('a', 5), ids('b', 6), ids('c', 2)]
    for (let seed = 1; seed <= 50; seed++) {
      const drawn = drawBlueprint([line(2), line(3), line(2)], candidates, seeded(seed))
      if (!drawn.ok) throw new Error('refused')
      expect(drawn.ids).toHaveLength(7)
      expect(drawn.ids.slice(0, 2).every((id) => candidates[0].includes(id))).toBe(true)
      expect(drawn.ids.slice(2, 5).every((id) => candidates[1].includes(id))).toBe(true)
      expect(drawn.ids.slice(5).sort()).toEqual(['c0', 'c1'])
    }
  })

  test('never repeats a question, also when lines overlap (4 medium Genetics + 4 Genetics)', () => {
    const mediumGenetics = ids('g', 4)
    const genetics = [...mediumGenetics, ...ids('h', 5)]
    const lines = [line(4, { topic: 'Genetics', difficulty: 'medium' }), line(4, { topic: 'Genetics' })]
    for (let seed = 1; seed <= 200; seed++) {
      const drawn = drawBlueprint(lines, [mediumGenetics, genetics], seeded(seed))
      if (!drawn.ok) throw new Error(`refused with seed ${seed}`)
      expect(new Set(drawn.ids).size).toBe(8)
      expect(drawn.ids.slice(0, 4).sort()).toEqual(mediumGenetics)
      expect(drawn.ids.slice(4).every((id) => genetics.includes(id))).toBe(true)
    }
  })

  test('a narrow line chooses first, so a wide line listed before it does not starve it', () => {
    const narrow = ids('n', 3)
    const wide = [...narrow, ...ids('w', 3)]
    // The wide line is first and could take every narrow question; narrow-first ordering leaves them to line 2.
    for (let seed = 1; seed <= 200; seed++) {
      const drawn = drawBlueprint([line(3), line(3)], [wide, narrow], seeded(seed))
      if (!drawn.ok) throw new Error(`refused with seed ${seed}`)
      expect(drawn.ids.slice(0, 3).sort()).toEqual(['w0', 'w1', 'w2'])
      expect(drawn.ids.slice(3).sort()).toEqual(narrow)
    }
  })

  test('draws differently with different randomness (a shuffle, not the first ids)', () => {
    const pool = ids('q', 30)
    const draws = new Set(
      [1, 2, 3, 4, 5].map((seed) => {
        const drawn = drawBlueprint([line(5)], [pool], seeded(seed))
        return drawn.ok ? drawn.ids.join() : 'refused'
      }),
    )
    expect(draws.size).toBeGreaterThan(1)
  })

  test('refuses whole, naming the short line (0-based) and what it could still have', () => {
    expect(drawBlueprint([line(1), line(5)], [['a'], ['b', 'c']])).toEqual({ ok: false, line: 1, available: 2 })
    // Line 0 has the fewer candidates, chooses first and takes them all; line 1 has one left for its two.
    expect(
      drawBlueprint(
        [line(3), line(2)],
        [
          ['a', 'b', 'c'],
          ['a', 'b', 'c', 'd'],
        ],
      ),
    ).toEqual({
      ok: false,
      line: 1,
      available: 1,
    })
    // Two short lines: the one drawn first (fewer candidates) is named.
    expect(drawBlueprint([line(5), line(5)], [ids('x', 3), ids('y', 2)])).toEqual({
      ok: false,
      line: 1,
      available: 2,
    })
    expect(drawBlueprint([line(1)], [[]])).toEqual({ ok: false, line: 0, available: 0 })
  })
})
