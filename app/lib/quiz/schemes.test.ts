import { describe, expect, test } from 'vitest'
import { ZERO_MARKS, isZero, makeMarks, marksToNumber, marksToStorage, negMarks } from './marks'
import { questionProblem } from './scoring'
import { MARKING_SCHEMES, defaultMarksFor } from './schemes'
import { MARK_CORRECT, MARK_WRONG } from '~/lib/constants'
const m = (num: number, den = 1) => makeMarks(num, den)
const { spec, jamGate1, jamGate2, cuetPg, gatB } = MARKING_SCHEMES

describe('marking schemes', () => {
  test('presets carry the real exams’ marks', () => {
    expect(spec.mcq).toEqual({ marks: m(1), negativeMarks: m(1, 4) })
    expect(jamGate1.mcq).toEqual({ marks: m(1), negativeMarks: m(1, 3) })
    expect(jamGate2.mcq).toEqual({ marks: m(2), negativeMarks: m(2, 3) })
    for (const s of [jamGate1, jamGate2]) {
      expect(isZero(s.msq.negativeMarks)).toBe(true)
      expect(isZero(s.nat.negativeMarks)).toBe(true)
    }
    expect(cuetPg.mcq).toEqual({ marks: m(4), negativeMarks: m(1) })
    expect(gatB.mcq).toEqual({ marks: m(3), negativeMarks: m(1) })
    // Every preset value is storable and valid for a question.
    for (const s of Object.values(MARKING_SCHEMES))
      for (const t of [s.mcq, s.msq, s.nat]) {
        expect(questionProblem({ type: 'mcq', correctOption: 0, ...t })).toBeNull()
        expect(Number.isInteger(marksToStorage(t.negativeMarks))).toBe(true)
      }
  })

  test('the spec preset agrees with the existing constants', () => {
    expect(marksToNumber(spec.mcq.marks)).toBe(MARK_CORRECT)
    expect(marksToNumber(negMarks(spec.mcq.negativeMarks))).toBe(MARK_WRONG)
  })

  test('defaultMarksFor: the quiz’s defaults where set, else the spec’s', () => {
    expect(defaultMarksFor('mcq')).toEqual({ marks: m(1), negativeMarks: m(1, 4) })
    expect(defaultMarksFor('msq')).toEqual({ marks: m(1), negativeMarks: ZERO_MARKS })
    expect(defaultMarksFor('nat', null)).toEqual({ marks: m(1), negativeMarks: ZERO_MARKS })
    expect(defaultMarksFor('mcq', cuetPg)).toEqual({ marks: m(4), negativeMarks: m(1) })
    expect(defaultMarksFor('mcq', { mcq: { marks: m(2) } })).toEqual({ marks: m(2), negativeMarks: m(1, 4) })
    expect(defaultMarksFor('nat', { mcq: { marks: m(2) } })).toEqual({ marks: m(1), negativeMarks: ZERO_MARKS })
  })
})
