import { expect, test } from 'vitest'
import { submitSummary } from './summary'

test('unanswered: not visited, not answered and marked without an answer; marked: both marked states', () => {
  const s = submitSummary({ notVisited: 3, notAnswered: 2, answered: 4, marked: 1, answeredMarked: 5 })
  expect(s.unanswered).toBe(6)
  expect(s.markedForReview).toBe(6)
  expect(s.sentence).toBe('You have 6 unanswered, 6 marked for review. Submit?')
})

test('one row per state in the legend order, with its label and count', () => {
  const s = submitSummary({ notVisited: 0, notAnswered: 1, answered: 2, marked: 0, answeredMarked: 0 })
  expect(s.rows).toEqual([
    { state: 'notVisited', label: 'Not Visited', count: 0 },
    { state: 'notAnswered', label: 'Not Answered', count: 1 },
    { state: 'answered', label: 'Answered', count: 2 },
    { state: 'marked', label: 'Marked for Review', count: 0 },
    { state: 'answeredMarked', label: 'Answered & Marked for Review (evaluated)', count: 0 },
  ])
  expect(s.sentence).toBe('You have 1 unanswered, 0 marked for review. Submit?')
})
