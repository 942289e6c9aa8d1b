import { describe, expect, test } from 'vitest'
import { practiceMinutes, practiceTitle } from './practice'

describe('practiceMinutes', () => {
  test('a minute and a half a question, rounded up', () => {
    expect(practiceMinutes(20)).toBe(30)
    expect(practiceMinutes(5)).toBe(8)
    expect(practiceMinutes(7)).toBe(11)
    expect(practiceMinutes(100)).toBe(150)
  })
})

describe('practiceTitle', () => {
  test('names the topics, else the subject, with the exam and year and the count', () => {
    expect(practiceTitle({ subject: 'Biology', topics: ['Genetics'] }, 20)).toBe('Genetics (20)')
    expect(practiceTitle({ topics: ['Genetics', 'Ecology'] }, 12)).toBe('Genetics, Ecology (12)')
    expect(practiceTitle({ subject: 'Botany', topics: ['A', 'B', 'C'] }, 5)).toBe('3 topics (5)')
    expect(practiceTitle({ subject: 'Botany', exam: 'IIT JAM BT', year: 2024 }, 20)).toBe(
      'Botany · IIT JAM BT 2024 (20)',
    )
    expect(practiceTitle({ year: 2023 }, 9)).toBe('2023 (9)')
    expect(practiceTitle({}, 20)).toBe('Question bank (20)')
  })
})
