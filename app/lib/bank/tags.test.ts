import { describe, expect, test } from 'vitest'
import { isPaperId, readTags, separation, separationLabel, BANK_QUIZ_ID } from './bank'

const EXAMS = ['IIT JAM BT', 'GATE XL']

describe('readTags', () => {
  test('reads form values: trimmed text, exams from the list, a year, difficulty defaulting to medium', () => {
    expect(
      readTags(
        {
          subject: ' Genetics ',
          topic: 'Linkage',
          subtopic: '',
          exams: ['GATE XL', 'GATE XL'],
          year: '2023',
          source: '',
        },
        EXAMS,
      ),
    ).toEqual({
      ok: true,
      tags: {
        subject: 'Genetics',
        topic: 'Linkage',
        subtopic: null,
        exams: ['GATE XL'],
        year: 2023,
        difficulty: 'medium',
        source: null,
      },
    })
  })

  test('a single exam (one checkbox) and a JSON year are read too', () => {
    const r = readTags({ subject: 'S', topic: 'T', exams: 'IIT JAM BT', year: 2019, difficulty: 'hard' }, EXAMS)
    expect(r.ok && r.tags).toMatchObject({ exams: ['IIT JAM BT'], year: 2019, difficulty: 'hard' })
  })

  test('every refusal names its field', () => {
    const r = readTags(
      { subject: '', topic: 'x'.repeat(121), exams: ['NEET'], year: '23', difficulty: 'tough', source: 5 },
      EXAMS,
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.problems.map((p) => p.field).sort()).toEqual(['difficulty', 'exams', 'source', 'subject', 'topic', 'year'])
    expect(r.problems.find((p) => p.field === 'exams')?.message).toContain("Unknown exam 'NEET'")
  })
})

describe('separation (point-biserial)', () => {
  test('strong learners right, weak wrong: close to 1; the reverse: negative', () => {
    const good = [0.9, 0.8, 0.85, 0.3, 0.2, 0.25].map((share, i) => ({ share, correct: i < 3 }))
    expect(separation(good)!).toBeGreaterThan(0.9)
    const bad = good.map((p) => ({ ...p, correct: !p.correct }))
    expect(separation(bad)!).toBeLessThan(-0.9)
    expect(separationLabel(separation(bad))).toBe('Strong learners miss it: check the key')
  })

  test('null below 5 learners, when all answered alike, or all scored alike', () => {
    expect(separation([{ share: 1, correct: true }])).toBeNull()
    expect(separation([0.1, 0.2, 0.3, 0.4, 0.5].map((share) => ({ share, correct: true })))).toBeNull()
    expect(separation([true, false, true, false, true].map((correct) => ({ share: 0.5, correct })))).toBeNull()
    expect(separationLabel(null)).toBe('Too few answers')
  })
})

test('the bank quiz is no paper', () => {
  expect(isPaperId(BANK_QUIZ_ID)).toBe(false)
  expect(isPaperId('0123456789abcdef01234567')).toBe(true)
})
