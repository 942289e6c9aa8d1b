import { describe, expect, test } from 'vitest'
import { isMistake, PRACTICE_SET_MAX, practiceSelection, topicAccuracy, topicName } from './practice'

const group = (key: string | null, correct: number, wrong: number, unattempted: number) => ({
  key,
  questions: correct + wrong + unattempted,
  correct,
  wrong,
  unattempted,
})

describe('practice set selection', () => {
  test('each id once, in the order listed', () => {
    expect(practiceSelection(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c'])
    expect(practiceSelection([])).toEqual([])
  })

  test('at most 50: the first 50 distinct ids', () => {
    expect(PRACTICE_SET_MAX).toBe(50)
    const ids = Array.from({ length: 70 }, (_, i) => `q${i}`)
    const picked = practiceSelection(['q0', ...ids])
    expect(picked).toHaveLength(50)
    expect(picked[0]).toBe('q0')
    expect(picked[49]).toBe('q49')
    expect(practiceSelection(ids.slice(0, 50))).toHaveLength(50)
  })
})

describe('mistakes and topics', () => {
  test('wrong and unanswered are mistakes, correct is not', () => {
    expect(['correct', 'wrong', 'unattempted'].map((o) => isMistake(o as never))).toEqual([false, true, true])
  })

  test("a topic's name is trimmed; no topic is the result page's 'Other'", () => {
    expect(topicName('  Genetics ')).toBe('Genetics')
    expect(topicName(null)).toBe('Other')
    expect(topicName('   ')).toBe('Other')
  })

  test('counts summed across papers, accuracy = correct / attempted, weakest first', () => {
    const list = topicAccuracy([
      [group('Cell', 2, 1, 0), group('Genetics', 1, 1, 1), group(null, 0, 0, 2)],
      [group('Cell', 1, 0, 1), group('Genetics', 0, 2, 0), group('Ecology', 3, 0, 0)],
    ])
    expect(list.map((t) => [t.topic, t.correct, t.attempted, t.questions])).toEqual([
      ['Other', 0, 0, 2], // nothing attempted: first
      ['Genetics', 1, 4, 5], // 25%
      ['Cell', 3, 4, 5], // 75%
      ['Ecology', 3, 3, 3], // 100%
    ])
    expect(list[0].accuracy).toBeNull()
    expect(list[1].accuracy).toBe(0.25)
    expect(list[2].accuracy).toBe(0.75)
  })

  test('equal accuracy: more wrong answers first, then the name', () => {
    const list = topicAccuracy([[group('B', 1, 1, 0), group('A', 1, 1, 0), group('C', 2, 2, 0)]])
    expect(list.map((t) => t.topic)).toEqual(['C', 'A', 'B'])
  })
})
