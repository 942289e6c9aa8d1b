import { describe, expect, test } from 'vitest'
import {
  cellLabel,
  isAnswerGiven,
  paletteGroups,
  paletteHref,
  paletteState,
  progressCounts,
  stateCounts,
  type PaletteAnswer,
} from './palette'

const blank: PaletteAnswer = { selectedOption: null, markedForReview: false }

describe('isAnswerGiven', () => {
  test('an MCQ option, an MSQ tick or a typed number is an answer', () => {
    expect(isAnswerGiven({ ...blank, selectedOption: 0 })).toBe(true)
    expect(isAnswerGiven({ ...blank, selectedOptions: [2] })).toBe(true)
    expect(isAnswerGiven({ ...blank, numericAnswer: '-1.5' })).toBe(true)
  })
  test('nothing, no ticks, or only spaces is not', () => {
    expect(isAnswerGiven(undefined)).toBe(false)
    expect(isAnswerGiven(blank)).toBe(false)
    expect(isAnswerGiven({ ...blank, selectedOptions: [], numericAnswer: '  ' })).toBe(false)
    expect(isAnswerGiven({ ...blank, numericAnswer: null })).toBe(false)
  })
})

describe('paletteState', () => {
  test('never shown: Not Visited; shown or on screen and blank: Not Answered', () => {
    expect(paletteState(undefined)).toBe('notVisited')
    expect(paletteState(blank)).toBe('notVisited')
    expect(paletteState({ ...blank, visited: true })).toBe('notAnswered')
    expect(paletteState(undefined, true)).toBe('notAnswered')
  })
  test('an answer is Answered, whether or not the question was recorded as visited', () => {
    expect(paletteState({ ...blank, selectedOption: 1 })).toBe('answered')
    expect(paletteState({ ...blank, selectedOption: 1, visited: true }, true)).toBe('answered')
  })
  test('the mark wins: Marked for Review without an answer, Answered & Marked with one', () => {
    expect(paletteState({ ...blank, markedForReview: true })).toBe('marked')
    expect(paletteState({ ...blank, markedForReview: true, visited: true }, true)).toBe('marked')
    expect(paletteState({ ...blank, markedForReview: true, numericAnswer: '3' })).toBe('answeredMarked')
  })
})

describe('stateCounts and progressCounts', () => {
  const questions = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id }))
  const answers: Record<string, PaletteAnswer> = {
    a: { ...blank, selectedOption: 2, visited: true },
    b: { ...blank, visited: true },
    c: { ...blank, markedForReview: true, visited: true },
    d: { ...blank, selectedOptions: [0, 3], markedForReview: true, visited: true },
  }

  test('one count per state, every question counted once', () => {
    expect(stateCounts(questions, answers)).toEqual({
      notVisited: 2,
      notAnswered: 1,
      answered: 1,
      marked: 1,
      answeredMarked: 1,
    })
  })
  test('the question on screen counts as seen', () => {
    expect(stateCounts(questions, answers, 'e')).toMatchObject({ notVisited: 1, notAnswered: 2 })
    // An answered current question stays Answered.
    expect(stateCounts(questions, answers, 'a')).toMatchObject({ notVisited: 2, answered: 1 })
  })
  test('Attempted counts answers with or without a mark; Marked counts marks with or without an answer', () => {
    expect(progressCounts(stateCounts(questions, answers))).toEqual({ attempted: 2, remaining: 4, marked: 2 })
    expect(progressCounts(stateCounts([], {}))).toEqual({ attempted: 0, remaining: 0, marked: 0 })
  })
})

describe('paletteGroups', () => {
  test('no sections: one group without a heading, named Question Navigation', () => {
    expect(paletteGroups([{}, { section: null }, {}])).toEqual([
      { name: null, indexes: [0, 1, 2], heading: null, navLabel: 'Question Navigation' },
    ])
  })
  test('sections in order of first appearance; questions without one under Other questions', () => {
    const groups = paletteGroups([
      { section: 'Part B' },
      { section: 'Part A' },
      {},
      { section: 'Part B' },
      { section: 'Part A' },
    ])
    expect(groups).toEqual([
      { name: 'Part B', indexes: [0, 3], heading: 'Part B', navLabel: 'Question Navigation: Part B' },
      { name: 'Part A', indexes: [1, 4], heading: 'Part A', navLabel: 'Question Navigation: Part A' },
      { name: null, indexes: [2], heading: 'Other questions', navLabel: 'Question Navigation: Other questions' },
    ])
  })
  test('an empty paper has no groups', () => {
    expect(paletteGroups([])).toEqual([])
  })
})

describe('palette cells', () => {
  test('the accessible name says number, state and current', () => {
    expect(cellLabel(0, 'answeredMarked', true)).toBe('Question 1, Answered & Marked for Review (evaluated), current')
    expect(cellLabel(9, 'notVisited', false)).toBe('Question 10, Not Visited')
  })
  test('links are 1-based; without JS they carry the question left and when it was shown', () => {
    expect(paletteHref(2, 0)).toBe('?q=3')
    expect(paletteHref(2, 0, '2026-11-24T10:00:00.000Z')).toBe('?q=3&from=1&shown=2026-11-24T10%3A00%3A00.000Z')
    // The current question's own cell never claims to leave it.
    expect(paletteHref(0, 0, '2026-11-24T10:00:00.000Z')).toBe('?q=1')
  })
})
