import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  ZERO_MARKS,
  compareMarks,
  formatMarks,
  makeMarks,
  marksFromStorage,
  marksToNumber,
  marksToStorage,
  sumMarks,
  type Marks,
} from './marks'
import { questionProblem, scorePaper, scoreQuestion, type Answer, type Question } from './scoring'
import { MARKING_SCHEMES } from './schemes'
import { MARK_CORRECT, MARK_WRONG } from '~/lib/constants'
const m = (num: number, den = 1) => makeMarks(num, den)
const { spec, jamGate1, jamGate2, cuetPg, gatB } = MARKING_SCHEMES

function mcq(correctOption: number, scheme: { mcq: { marks: Marks; negativeMarks: Marks } }, extra = {}): Question {
  return { type: 'mcq', correctOption, ...scheme.mcq, ...extra }
}
const pick = (selectedOption: number | null): Answer => ({ selectedOption })

// The float scorer the exact one replaced, kept here as an independent oracle: +MARK_CORRECT right, MARK_WRONG
// wrong, 0 unattempted, summed in floating point and rounded to 2 decimals (quarter marks round-trip exactly).
function floatScore(items: { selected: number | null | undefined; correct: number }[]): number {
  const sum = items.reduce(
    (t, i) =>
      t + (i.selected === null || i.selected === undefined ? 0 : i.selected === i.correct ? MARK_CORRECT : MARK_WRONG),
    0,
  )
  const rounded = Math.round((sum + Number.EPSILON) * 100) / 100
  return Object.is(rounded, -0) ? 0 : rounded
}

describe('scoreQuestion', () => {
  test('MCQ, spec default: +1 right, -0.25 wrong, 0 unanswered', () => {
    const q = mcq(2, spec)
    expect(scoreQuestion(q, pick(2))).toEqual({ earned: m(1), outcome: 'correct' })
    expect(scoreQuestion(q, pick(0))).toEqual({ earned: m(-1, 4), outcome: 'wrong' })
    expect(scoreQuestion(q, pick(null))).toEqual({ earned: ZERO_MARKS, outcome: 'unattempted' })
    expect(scoreQuestion(q, undefined)).toEqual({ earned: ZERO_MARKS, outcome: 'unattempted' })
    expect(scoreQuestion(q, {})).toEqual({ earned: ZERO_MARKS, outcome: 'unattempted' })
    expect(scoreQuestion(q, pick(7)).outcome).toBe('wrong') // never a valid option, never right
  })

  test('MSQ: exactly the correct set or nothing; order and duplicates do not matter', () => {
    const q: Question = { type: 'msq', correctOptions: [0, 2], ...jamGate2.msq }
    const msq = (selectedOptions: number[]) => scoreQuestion(q, { selectedOptions })
    expect(msq([0, 2])).toEqual({ earned: m(2), outcome: 'correct' })
    expect(msq([2, 0, 2])).toEqual({ earned: m(2), outcome: 'correct' })
    expect(msq([0])).toEqual({ earned: ZERO_MARKS, outcome: 'wrong' }) // missing option
    expect(msq([0, 1, 2])).toEqual({ earned: ZERO_MARKS, outcome: 'wrong' }) // extra option
    expect(msq([1, 3])).toEqual({ earned: ZERO_MARKS, outcome: 'wrong' })
    expect(msq([0, 1, 2, 3])).toEqual({ earned: ZERO_MARKS, outcome: 'wrong' }) // ticking all is not a trick
    expect(msq([])).toEqual({ earned: ZERO_MARKS, outcome: 'unattempted' })
    expect(scoreQuestion(q, { selectedOptions: null }).outcome).toBe('unattempted')
  })

  test('MSQ and NAT take negative marks only when the admin sets them', () => {
    const q: Question = { type: 'msq', correctOptions: [1], marks: m(4), negativeMarks: m(1) }
    expect(scoreQuestion(q, { selectedOptions: [1, 2] })).toEqual({ earned: m(-1), outcome: 'wrong' })
    const n: Question = { type: 'nat', answerMin: '5', answerMax: '5', marks: m(2), negativeMarks: m(1, 2) }
    expect(scoreQuestion(n, { numericAnswer: '4' })).toEqual({ earned: m(-1, 2), outcome: 'wrong' })
    expect(scoreQuestion(n, { numericAnswer: '' })).toEqual({ earned: ZERO_MARKS, outcome: 'unattempted' })
  })

  test('NAT bounds are inclusive at both ends, compared as exact decimals', () => {
    const q: Question = { type: 'nat', answerMin: '2.50', answerMax: '2.60', ...jamGate1.nat }
    const outcomes = (answers: (string | null)[]) =>
      answers.map((numericAnswer) => scoreQuestion(q, { numericAnswer }).outcome)
    expect(outcomes(['2.5', '2.50000', '2.55', '2.6'])).toEqual(Array(4).fill('correct'))
    // '2.6000000000000001': a double would round it to 2.6; '2,55' is refused by the page, and not in range if stored.
    expect(outcomes(['2.61', '2.4999', '2.6000000000000001', '-2.55', '2,55'])).toEqual(Array(5).fill('wrong'))
    expect(outcomes([null, '   '])).toEqual(['unattempted', 'unattempted'])
    expect(scoreQuestion(q, { numericAnswer: '2.61' }).earned).toEqual(ZERO_MARKS) // JAM NAT: never negative
  })

  test('NAT: negative ranges, single values, numeric bounds', () => {
    const neg: Question = { type: 'nat', answerMin: '-1.5', answerMax: -1.2, ...spec.nat }
    const outcomes = (answers: string[]) =>
      answers.map((numericAnswer) => scoreQuestion(neg, { numericAnswer }).outcome)
    expect(outcomes(['-1.5', '-1.2', '-1.35', '−1.3'])).toEqual(Array(4).fill('correct'))
    expect(outcomes(['-1.51', '-1.19', '1.3'])).toEqual(Array(3).fill('wrong'))
    const exact: Question = { type: 'nat', answerMin: 0.3, answerMax: 0.3, ...spec.nat }
    expect(scoreQuestion(exact, { numericAnswer: '.3' }).outcome).toBe('correct')
    expect(scoreQuestion(exact, { numericAnswer: String(0.1 + 0.2) }).outcome).toBe('wrong')
  })

  test('an invalid key or invalid marks throws with the reason', () => {
    const base = { marks: m(1), negativeMarks: ZERO_MARKS }
    const bad: [Question, string][] = [
      [{ type: 'mcq', correctOption: 4, ...base }, 'correct option must be 0 to 3'],
      [{ type: 'msq', correctOptions: [], ...base }, 'at least one correct option'],
      [{ type: 'msq', correctOptions: [0, 5], ...base }, 'must be 0 to 3'],
      [{ type: 'nat', answerMin: '3', answerMax: '2', ...base }, 'above the highest'],
      [{ type: 'nat', answerMin: '1e3', answerMax: '2', ...base }, 'two plain numbers'],
      [{ type: 'nat', answerMin: Number.NaN, answerMax: '2', ...base }, 'two plain numbers'],
      [{ type: 'mcq', correctOption: 0, marks: ZERO_MARKS, negativeMarks: ZERO_MARKS }, 'more than 0'],
      [{ type: 'mcq', correctOption: 0, marks: m(1), negativeMarks: m(-1, 4) }, '0 or more'],
      [{ type: 'mcq', correctOption: 0, marks: m(1, 7), negativeMarks: ZERO_MARKS }, 'whole number of 1/30000'],
      [{ type: 'mcq', correctOption: 0, marks: m(1001), negativeMarks: ZERO_MARKS }, 'at most 1000'],
    ]
    for (const [q, reason] of bad) {
      expect(questionProblem(q)).toContain(reason)
      expect(() => scoreQuestion(q, {})).toThrow(reason)
    }
    expect(questionProblem({ type: 'nat', answerMin: '2', answerMax: '2', ...base })).toBeNull()
  })
})

describe('scorePaper: real schemes, totals checked exactly', () => {
  test('spec +1/-0.25: 3 right, 1 wrong, 1 blank = 2.75, as today', () => {
    const keys = [0, 1, 2, 3, 0]
    const chosen = [0, 1, 2, 0, null]
    const paper = scorePaper(
      keys.map((k) => mcq(k, spec)),
      chosen.map(pick),
    )
    expect(paper.total).toEqual({ num: 11, den: 4 })
    expect(formatMarks(paper.total)).toBe('2.75')
    expect(marksToStorage(paper.total)).toBe(82500)
    expect(paper.maxTotal).toEqual(m(5))
    expect(paper.overall).toMatchObject({ correct: 3, wrong: 1, unattempted: 1, attempted: 4, accuracy: 0.75 })
    // Same as the float scorer it replaced on the same answers.
    expect(marksToNumber(paper.total)).toBe(floatScore(keys.map((correct, i) => ({ correct, selected: chosen[i] }))))
  })

  test('JAM/GATE: three wrong 1-mark MCQs = exactly -1, three wrong 2-mark MCQs = exactly -2', () => {
    const ones = scorePaper([mcq(0, jamGate1), mcq(1, jamGate1), mcq(2, jamGate1)], [pick(3), pick(3), pick(3)])
    expect(ones.total).toEqual({ num: -1, den: 1 })
    expect(marksToStorage(ones.total)).toBe(-30000)
    expect(formatMarks(ones.total)).toBe('-1.00')
    const twos = scorePaper([mcq(0, jamGate2), mcq(1, jamGate2), mcq(2, jamGate2)], [pick(3), pick(3), pick(3)])
    expect(twos.total).toEqual({ num: -2, den: 1 })
    expect(formatMarks(twos.total)).toBe('-2.00')
  })

  test('JAM mixed paper: sections and topics in order of first appearance', () => {
    const A = { section: 'A: MCQ' }
    const questions: Question[] = [
      mcq(0, jamGate1, { ...A, topic: 'Genetics' }), // right  +1
      mcq(1, jamGate1, { ...A, topic: 'Ecology' }), // wrong  -1/3
      mcq(2, jamGate2, { ...A, topic: 'Genetics' }), // wrong  -2/3
      mcq(3, jamGate2, { ...A }), // right  +2
      mcq(0, jamGate1, { ...A, topic: '  ' }), // blank   0
      mcq(1, jamGate1, { ...A, topic: 'Ecology' }), // wrong  -1/3
      { type: 'msq', correctOptions: [0, 2], ...jamGate2.msq, section: 'B: MSQ', topic: 'Genetics' }, // +2
      { type: 'msq', correctOptions: [1, 2, 3], ...jamGate2.msq, section: 'B: MSQ' }, // partial 0
      { type: 'msq', correctOptions: [3], ...jamGate1.msq, section: 'B: MSQ', topic: 'Ecology' }, // extra 0
      { type: 'nat', answerMin: '2.50', answerMax: '2.60', ...jamGate1.nat, section: 'C: NAT' }, // +1
      { type: 'nat', answerMin: -10, answerMax: '-9.5', ...jamGate2.nat, section: 'C: NAT', topic: 'Ecology' }, // 0
    ]
    const answers: Answer[] = [
      pick(0),
      pick(2),
      pick(0),
      pick(3),
      pick(null),
      pick(0),
      { selectedOptions: [2, 0] },
      { selectedOptions: [1, 2] },
      { selectedOptions: [3, 0] },
      { numericAnswer: '2.6' },
      { numericAnswer: '-9.4' },
    ]
    const paper = scorePaper(questions, answers)

    // 1 - 1/3 - 2/3 + 2 + 0 - 1/3 + 2 + 0 + 0 + 1 + 0 = 14/3
    expect(paper.total).toEqual({ num: 14, den: 3 })
    expect(formatMarks(paper.total)).toBe('4.67')
    expect(marksToStorage(paper.total)).toBe(140000)
    expect(paper.maxTotal).toEqual(m(16))
    expect(paper.results.map((r) => r.outcome)).toEqual([
      'correct',
      'wrong',
      'wrong',
      'correct',
      'unattempted',
      'wrong',
      'correct',
      'wrong',
      'wrong',
      'correct',
      'wrong',
    ])
    expect(paper.results[2]).toMatchObject({ index: 2, earned: m(-2, 3), maxMarks: m(2), section: 'A: MCQ' })
    // The total is the exact sum of what the review shows, and the stored units add up in plain integers.
    expect(sumMarks(paper.results.map((r) => r.earned))).toEqual(paper.total)
    expect(paper.results.reduce((s, r) => s + marksToStorage(r.earned), 0)).toBe(marksToStorage(paper.total))

    expect(paper.sections).toEqual([
      {
        key: 'A: MCQ',
        questions: 6,
        earned: m(5, 3),
        maxMarks: m(8),
        correct: 2,
        wrong: 3,
        unattempted: 1,
        attempted: 5,
        accuracy: 0.4,
      },
      {
        key: 'B: MSQ',
        questions: 3,
        earned: m(2),
        maxMarks: m(5),
        correct: 1,
        wrong: 2,
        unattempted: 0,
        attempted: 3,
        accuracy: 1 / 3,
      },
      {
        key: 'C: NAT',
        questions: 2,
        earned: m(1),
        maxMarks: m(3),
        correct: 1,
        wrong: 1,
        unattempted: 0,
        attempted: 2,
        accuracy: 0.5,
      },
    ])
    expect(sumMarks(paper.sections.map((s) => s.earned))).toEqual(paper.total)
    expect(paper.topics.map((t) => [t.key, formatMarks(t.earned), t.correct, t.wrong, t.unattempted])).toEqual([
      ['Genetics', '2.33', 2, 1, 0], // 1 - 2/3 + 2
      ['Ecology', '-0.67', 0, 4, 0], // -1/3 - 1/3 + 0 + 0
      [null, '3.00', 2, 1, 1], // +2 (untopicked MCQ), blank, MSQ partial, NAT +1
    ])
    expect(paper.overall).toMatchObject({ questions: 11, correct: 4, wrong: 6, unattempted: 1, attempted: 10 })
  })

  test('CUET PG +4/-1: 50 right, 10 wrong, 15 blank = 190', () => {
    const questions = Array.from({ length: 75 }, () => mcq(1, cuetPg))
    const answers = questions.map((_, i) => pick(i < 50 ? 1 : i < 60 ? 0 : null))
    const paper = scorePaper(questions, answers)
    expect(paper.total).toEqual(m(190))
    expect(paper.maxTotal).toEqual(m(300))
    expect(formatMarks(paper.total)).toBe('190.00')
    expect(paper.sections).toHaveLength(1)
    expect(paper.sections[0]).toMatchObject({ key: null, correct: 50, wrong: 10, unattempted: 15 })
  })

  test('GAT-B +3/-1: 40 right, 12 wrong, 8 blank = 108; all wrong is negative', () => {
    const questions = Array.from({ length: 60 }, () => mcq(0, gatB))
    const paper = scorePaper(
      questions,
      questions.map((_, i) => pick(i < 40 ? 0 : i < 52 ? 2 : null)),
    )
    expect(paper.total).toEqual(m(108))
    expect(paper.overall.accuracy).toBeCloseTo(40 / 52)
    const allWrong = scorePaper(
      questions,
      questions.map(() => pick(1)),
    )
    expect(formatMarks(allWrong.total)).toBe('-60.00')
  })

  test('answers shorter than the paper are unattempted; longer is a bug', () => {
    const paper = scorePaper([mcq(0, spec), mcq(1, spec)], [pick(0)])
    expect(paper.results[1].outcome).toBe('unattempted')
    expect(paper.total).toEqual(m(1))
    expect(() => scorePaper([mcq(0, spec)], [pick(0), pick(1)])).toThrow(RangeError)
    const empty = scorePaper([], [])
    expect(empty).toMatchObject({ total: ZERO_MARKS, maxTotal: ZERO_MARKS, sections: [], topics: [] })
    expect(empty.overall.accuracy).toBeNull()
  })
})

describe('properties (fast-check)', () => {
  const storable = fc
    .tuple(fc.integer({ min: -3000, max: 3000 }), fc.constantFrom(1, 2, 3, 4, 6, 12, 100, 10000))
    .map(([num, den]) => m(num, den))

  test('n copies of -1/3, n a multiple of 3, sum to the integer -n/3 exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), (k) => {
        const total = sumMarks(Array.from({ length: 3 * k }, () => m(-1, 3)))
        return total.den === 1 && total.num === -k && marksToStorage(total) === -30000 * k
      }),
    )
  })

  test('sums do not depend on order, and the stored units sum to the stored total', () => {
    fc.assert(
      fc.property(
        fc
          .array(storable, { maxLength: 60 })
          .chain((items) => fc.tuple(fc.constant(items), fc.shuffledSubarray(items, { minLength: items.length }))),
        ([items, shuffled]) => {
          const total = sumMarks(items)
          expect(sumMarks(shuffled)).toEqual(total)
          expect(sumMarks([...items].reverse())).toEqual(total)
          expect(items.reduce((s, x) => s + marksToStorage(x), 0)).toBe(marksToStorage(total))
        },
      ),
    )
  })

  test('storage round-trips and keeps the order (ORDER BY on the integer ranks correctly)', () => {
    fc.assert(
      fc.property(storable, storable, (a, b) => {
        expect(marksFromStorage(marksToStorage(a))).toEqual(a)
        expect(Math.sign(marksToStorage(a) - marksToStorage(b))).toBe(compareMarks(a, b))
      }),
    )
  })

  test('spec MCQ papers score the same as the existing float scorer', () => {
    const item = fc.record({
      correct: fc.integer({ min: 0, max: 3 }),
      selected: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    })
    fc.assert(
      fc.property(fc.array(item, { maxLength: 200 }), (items) => {
        const paper = scorePaper(
          items.map((i) => mcq(i.correct, spec)),
          items.map((i) => pick(i.selected)),
        )
        expect(marksToNumber(paper.total)).toBe(floatScore(items))
        expect(formatMarks(paper.total)).toBe(floatScore(items).toFixed(2))
      }),
    )
  })
})
