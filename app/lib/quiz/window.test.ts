import { describe, expect, test } from 'vitest'
import { isLiveMock, learnerWindow, liveDeadline, windowPhase, windowProblem } from './window'

const paper = { opens_at: '2026-12-06T04:30:00.000Z', closes_at: '2026-12-06T06:30:00.000Z' } // 10:00-12:00 IST
const at = (iso: string) => new Date(iso)

describe('live mock window', () => {
  test('a paper is a live mock only with both ends', () => {
    expect(isLiveMock(paper)).toBe(true)
    expect(isLiveMock({ opens_at: null, closes_at: null })).toBe(false)
    expect(isLiveMock({ opens_at: paper.opens_at, closes_at: null })).toBe(false)
    expect(learnerWindow({ opens_at: null, closes_at: null })).toBeNull()
  })

  test('phases: before the opening, open from it, closed at the close', () => {
    const w = learnerWindow(paper)!
    expect(windowPhase(w, at('2026-12-06T04:29:59.999Z'))).toBe('before')
    expect(windowPhase(w, at('2026-12-06T04:30:00.000Z'))).toBe('open')
    expect(windowPhase(w, at('2026-12-06T06:29:59.999Z'))).toBe('open')
    expect(windowPhase(w, at('2026-12-06T06:30:00.000Z'))).toBe('closed')
  })

  test('a late starter gets min(time limit, close - now); an early one the full limit', () => {
    const w = learnerWindow(paper)!
    expect(liveDeadline(at('2026-12-06T04:35:00.000Z'), 60, w).toISOString()).toBe('2026-12-06T05:35:00.000Z')
    expect(liveDeadline(at('2026-12-06T06:10:00.000Z'), 60, w).toISOString()).toBe('2026-12-06T06:30:00.000Z')
  })

  test('extra minutes lengthen the limit and the close; a separate window replaces the ends', () => {
    const extra = learnerWindow(paper, { extra_minutes: 20, opens_at: null, closes_at: null })!
    expect(extra.closesAt.toISOString()).toBe('2026-12-06T06:50:00.000Z')
    expect(liveDeadline(at('2026-12-06T04:30:00.000Z'), 60, extra).toISOString()).toBe('2026-12-06T05:50:00.000Z')
    expect(liveDeadline(at('2026-12-06T06:20:00.000Z'), 60, extra).toISOString()).toBe('2026-12-06T06:50:00.000Z')
    const moved = learnerWindow(paper, {
      extra_minutes: 0,
      opens_at: '2026-12-07T04:30:00.000Z',
      closes_at: '2026-12-07T06:30:00.000Z',
    })!
    expect(windowPhase(moved, at('2026-12-06T05:00:00.000Z'))).toBe('before')
    expect(windowPhase(moved, at('2026-12-07T05:00:00.000Z'))).toBe('open')
    const laterClose = learnerWindow(paper, {
      extra_minutes: 0,
      opens_at: null,
      closes_at: '2026-12-06T08:00:00.000Z',
    })!
    expect(laterClose.opensAt.toISOString()).toBe(paper.opens_at)
    expect(laterClose.closesAt.toISOString()).toBe('2026-12-06T08:00:00.000Z')
  })

  test('a window is both ends or neither, closes after it opens and is at least the time limit', () => {
    expect(windowProblem(null, null, 60)).toBeNull()
    expect(windowProblem(paper.opens_at, null, 60)?.field).toBe('closesAt')
    expect(windowProblem(null, paper.closes_at, 60)?.field).toBe('opensAt')
    expect(windowProblem(paper.closes_at, paper.opens_at, 60)?.message).toBe('The live mock must close after it opens.')
    expect(windowProblem(paper.opens_at, paper.closes_at, 121)?.message).toBe(
      'The window must be at least as long as the time limit (121 min).',
    )
    expect(windowProblem(paper.opens_at, paper.closes_at, 120)).toBeNull()
  })
})
