// The CSV import's exam columns, and the sample file the page offers.
import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parseQuestionsCsv } from './csv'

describe('CSV import: exam columns', () => {
  test('the sample file reads without errors: mcq (plain and 2-mark), msq, nat', () => {
    const { questions, errors } = parseQuestionsCsv(fs.readFileSync('public/samples/quiz-import-sample.csv', 'utf8'))
    expect(errors).toEqual([])
    expect(questions.map((q) => [q.type ?? 'mcq', q.marks, q.negativeMarks, q.section])).toEqual([
      ['mcq', undefined, undefined, undefined],
      ['mcq', 60000, 20000, 'Section A'],
      ['msq', 60000, 0, 'Section B'],
      ['nat', 30000, 0, 'Section C'],
    ])
    expect(questions[0]).toEqual({
      questionText: 'Which organelle is the site of aerobic respiration?',
      options: ['Nucleus', 'Mitochondrion', 'Golgi apparatus', 'Lysosome'],
      correctOption: 1,
      explanation: 'The Krebs cycle and oxidative phosphorylation take place in mitochondria.',
    })
    expect(questions[2]).toMatchObject({ correctOptions: [0, 1], correctOption: 0 })
    expect(questions[3]).toMatchObject({ options: [], answerMin: '0.47', answerMax: '0.49', topic: 'Genetics' })
  })

  test('bad exam rows are reported with their line', () => {
    const csv = [
      'Q1,a,b,c,d,,,msq,,,1;1',
      'Q2,,,,,,,nat,,,,3,2',
      'Q3,a,b,c,d,1,,mcq,1/7',
      'Q4,a,b,c,d,1,,essay',
      'Q5,,,,,,,nat,,,,x,2',
      'Q6,a,b,c,d,1,,mcq,,,,,,A,T,extra',
    ].join('\n')
    const { questions, errors } = parseQuestionsCsv(csv)
    expect(questions).toEqual([])
    expect(errors.map((e) => e.line)).toEqual([1, 2, 3, 4, 5, 6])
    expect(errors[0].message).toContain('correct options must be distinct')
    expect(errors[1].message).toContain('answer min is above answer max')
    expect(errors[2].message).toContain('marks')
    expect(errors[3].message).toBe('too many columns') // an 8th cell that is no type, as in the 7-column format
    expect(errors[4].message).toContain('plain numbers')
    expect(errors[5].message).toContain('too many columns')
  })
})
