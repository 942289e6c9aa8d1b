import { describe, expect, test } from 'vitest'
import { BLUEPRINT_MAX } from './bank'
import { BLUEPRINT_LINES_MAX, checkBlueprint, readBlueprint, shortLineMessage } from './blueprint'

const EXAMS = ['IIT JAM BT', 'GATE XL']

describe('readBlueprint', () => {
  test('reads form text and JSON values into lines, tags optional', () => {
    expect(
      readBlueprint(
        [
          { count: '4', subject: 'Biology', topic: ' Genetics ', exam: 'GATE XL', year: '2023', difficulty: 'medium' },
          { count: 2, topic: 'Ecology', year: 2021 },
          { count: 1, subject: null, exam: '' },
        ],
        EXAMS,
      ),
    ).toEqual({
      ok: true,
      rows: [0, 1, 2],
      lines: [
        { count: 4, subject: 'Biology', topic: 'Genetics', exam: 'GATE XL', year: 2023, difficulty: 'medium' },
        { count: 2, topic: 'Ecology', year: 2021 },
        { count: 1 },
      ],
    })
  })

  test("the page's blank rows are ignored and the kept lines remember their row", () => {
    const read = readBlueprint(
      [{}, { count: '3', topic: 'Ecology' }, { count: '', subject: '', year: '' }, { count: '1' }],
      EXAMS,
      { skipBlank: true },
    )
    expect(read).toEqual({ ok: true, rows: [1, 3], lines: [{ count: 3, topic: 'Ecology' }, { count: 1 }] })
  })

  test('each problem names its field, with the line counted from 1 in the message', () => {
    const read = readBlueprint(
      [{ count: '0' }, { count: '2', exam: 'NEET', year: '1800', difficulty: 'tricky' }, { topic: 'Genetics' }, 'two'],
      EXAMS,
      { skipBlank: true },
    )
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problems.map((p) => p.field)).toEqual([
      'blueprint[0].count',
      'blueprint[1].exam',
      'blueprint[1].year',
      'blueprint[1].difficulty',
      'blueprint[2].count',
      'blueprint[3]',
    ])
    expect(read.problems[0].message).toBe('Line 1: how many questions, a whole number from 1')
    expect(read.problems[1].message).toBe("Line 2: unknown exam 'NEET'")
  })

  test('the whole: at least one line, at most 20 lines, at most BLUEPRINT_MAX questions', () => {
    expect(readBlueprint([{}, {}], EXAMS, { skipBlank: true })).toEqual({
      ok: false,
      problems: [{ field: 'blueprint', message: 'Fill in at least one line of the blueprint' }],
    })
    expect(readBlueprint('4 Genetics', EXAMS)).toMatchObject({ ok: false, problems: [{ field: 'blueprint' }] })
    const many = Array.from({ length: BLUEPRINT_LINES_MAX + 1 }, () => ({ count: 1 }))
    expect(readBlueprint(many, EXAMS)).toEqual({
      ok: false,
      problems: [{ field: 'blueprint', message: `A blueprint has at most ${BLUEPRINT_LINES_MAX} lines` }],
    })
    expect(readBlueprint([{ count: BLUEPRINT_MAX }, { count: 1 }], EXAMS)).toEqual({
      ok: false,
      problems: [
        {
          field: 'blueprint',
          message: `A blueprint draws at most ${BLUEPRINT_MAX} questions (this one asks for ${BLUEPRINT_MAX + 1})`,
        },
      ],
    })
    expect(checkBlueprint([{ count: BLUEPRINT_MAX }])).toBeNull()
    expect(checkBlueprint([{ count: 2 }, { count: 0 }])).toMatchObject({ field: 'blueprint[1].count' })
  })
})

describe('shortLineMessage', () => {
  test('names the line from 1, and says when other lines took some', () => {
    expect(shortLineMessage({ line: 1, count: 8, available: 5, matching: 5 })).toBe(
      'Line 2 asks for 8 but the bank has 5 matching questions not already in this paper',
    )
    expect(shortLineMessage({ line: 0, count: 3, available: 1, matching: 4 })).toBe(
      'Line 1 asks for 3 but the bank has 1 matching question not already in this paper or drawn by another line',
    )
  })
})
