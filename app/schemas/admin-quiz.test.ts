import { describe, expect, test } from 'vitest'
import { makeMarks, readMarks } from '~/lib/quiz/marks'
import { marksText } from '~/lib/quiz/marks'
import { quizApiSchema } from '~/schemas/admin-quiz'
import { readBoundText } from '~/lib/quiz/numeric'

describe('marksText: the exact text readMarks reads back', () => {
  test.each([
    [makeMarks(1), '1'],
    [makeMarks(1, 4), '0.25'],
    [makeMarks(1, 3), '1/3'],
    [makeMarks(2, 3), '2/3'],
    [makeMarks(3, 2), '1.5'],
    [makeMarks(1, 10000), '0.0001'],
    [makeMarks(1, 12), '1/12'],
    [makeMarks(0), '0'],
  ])('%o -> %s', (m, text) => {
    expect(marksText(m)).toBe(text)
    const back = readMarks(text)
    expect(back.ok && back.value).toEqual(m)
  })
})

test('readBoundText normalises NAT bounds and refuses anything but a plain number', () => {
  expect(readBoundText('2.50')).toBe('2.5')
  expect(readBoundText(0.1)).toBe('0.1')
  expect(readBoundText('-.5')).toBe('-0.5')
  expect(readBoundText('1e3')).toBeNull()
  expect(readBoundText(Number.NaN)).toBeNull()
})

describe('quizApiSchema question rules', () => {
  const quiz = (q: Record<string, unknown>) => ({ title: 't', description: 'd', category: 'free', questions: [q] })
  const options = ['a', 'b', 'c', 'd']
  test('fields another type uses are ignored; nat needs no options', () => {
    expect(
      quizApiSchema.safeParse(quiz({ questionText: 'q', options, correctOption: 1, answerMin: 'x' })).success,
    ).toBe(true)
    expect(
      quizApiSchema.safeParse(quiz({ questionText: 'q', type: 'nat', answerMin: 1, answerMax: '1' })).success,
    ).toBe(true)
    expect(
      quizApiSchema.safeParse(quiz({ questionText: 'q', type: 'msq', options, correctOptions: [2], correctOption: 9 }))
        .success,
    ).toBe(false) // correctOption is still range-checked when sent
  })
})
