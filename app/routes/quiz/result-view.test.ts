import { describe, expect, test } from 'vitest'
import { makeMarks, ZERO_MARKS } from '~/lib/quiz/marks'
import type { Analysis } from '~/models/quiz/analysis.server'
import { resultView } from './result-view'

// The whole paper's figures; a group adds its key, time and topper.
const summary = {
  questions: 2,
  earned: makeMarks(-1),
  maxMarks: makeMarks(6),
  correct: 0,
  wrong: 1,
  unattempted: 1,
  attempted: 1,
  accuracy: 0,
}
const group = (key: string | null, earned = makeMarks(-1)) => ({
  ...summary,
  key,
  earned,
  timeSpentMs: 65_000,
  topperEarned: null,
})

function analysis(sections: Analysis['sections']): Analysis {
  return {
    quiz: { id: 'q', title: 'Paper' },
    attempt: { id: 'a', mode: 'ranked', startedAt: '', submittedAt: '', durationMs: 0, timeSpentMs: 0 },
    score: makeMarks(-1),
    maxScore: makeMarks(6),
    overall: summary,
    rank: 2,
    participants: 2,
    percentile: { value: 50, text: '50.00' },
    topper: makeMarks(2, 3),
    average: ZERO_MARKS,
    sections,
    topics: [group(null)],
    questions: [],
  }
}

describe('resultView', () => {
  test('numbers travel beside their text; a negative score is an empty bar with its exact share', () => {
    const v = resultView(analysis([group(null)]))
    expect([v.score, v.scoreValue, v.max, v.maxValue]).toEqual(['-1.00', -1, '6.00', 6])
    expect(v.share).toEqual({ bar: 0, text: '-16.67%' })
    expect([v.topper, v.topperValue]).toEqual(['0.67', 2 / 3])
    expect(v.percentile).toBe('50.00')
  })

  test('one name for questions without a section (and one for those without a topic)', () => {
    const unnamed = resultView(analysis([group(null)]))
    expect(unnamed.sections.map((s) => s.name)).toEqual(['General'])
    expect(unnamed.topics.map((s) => s.name)).toEqual(['Other'])
    expect(unnamed.namedSections).toBe(false)
    const named = resultView(analysis([group('Section A', makeMarks(1)), group(null)]))
    expect(named.sections.map((s) => [s.name, s.earned, s.earnedValue])).toEqual([
      ['Section A', '1.00', 1],
      ['General', '-1.00', -1],
    ])
    expect(named.namedSections).toBe(true)
  })
})
