import { describe, expect, test } from 'vitest'
import { parseQuestionsCsv } from './csv'

describe('parseQuestionsCsv', () => {
  test('reads good rows with or without a header, correct 1-4 stored 0-3, explanation optional', () => {
    const csv =
      'question,option1,option2,option3,option4,correct,explanation\n"Powerhouse of the cell?",Nucleus,Mitochondrion,Ribosome,Golgi,2,ATP is made there\nDNA is,"a, protein",a lipid,a nucleic acid,a sugar,3\n'
    const { questions, errors } = parseQuestionsCsv(csv)
    expect(errors).toEqual([])
    expect(questions).toEqual([
      {
        questionText: 'Powerhouse of the cell?',
        options: ['Nucleus', 'Mitochondrion', 'Ribosome', 'Golgi'],
        correctOption: 1,
        explanation: 'ATP is made there',
      },
      { questionText: 'DNA is', options: ['a, protein', 'a lipid', 'a nucleic acid', 'a sugar'], correctOption: 2 },
    ])
  })

  test('reports each bad row with its line number and keeps the good ones', () => {
    const csv = [
      'Q1,a,b,c,d,1',
      'Q2,a,b,c,d,5',
      '',
      ',a,b,c,d,2',
      'Q4,a,,c,d,2',
      'Q5,a,b',
      '"Multi',
      'line",a,b,c,d,4',
      'Q7,a,b,c,d,x,expl,extra',
    ].join('\n')
    const { questions, errors } = parseQuestionsCsv(csv)
    expect(questions.map((q) => q.questionText)).toEqual(['Q1', 'Multi\nline'])
    expect(errors).toEqual([
      { line: 2, message: 'correct option must be 1, 2, 3 or 4' },
      { line: 4, message: 'question is empty' },
      { line: 5, message: 'option 2 is empty' },
      { line: 6, message: 'expected at least 6 columns (question, 4 options, correct), found 3' },
      { line: 9, message: 'too many columns; correct option must be 1, 2, 3 or 4' },
    ])
  })

  test('an empty file is an error, not a crash', () => {
    expect(parseQuestionsCsv('')).toEqual({
      questions: [],
      lines: [],
      errors: [{ line: 1, message: 'The file has no questions' }],
    })
    expect(parseQuestionsCsv('question,o1,o2,o3,o4,correct\n').errors[0].message).toBe('The file has no questions')
  })
})
