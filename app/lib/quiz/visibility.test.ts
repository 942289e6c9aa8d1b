import { describe, expect, test } from 'vitest'
import { paperReach, resultsPublic, type PaperFacts, type ViewerFacts } from './visibility'

const anytime = (category = 'free'): PaperFacts => ({
  category,
  opens_at: null,
  closes_at: null,
  results_published_at: null,
})
const live = (published: boolean, category = 'free'): PaperFacts => ({
  category,
  opens_at: '2027-01-10T04:30:00.000Z',
  closes_at: '2027-01-10T07:30:00.000Z',
  results_published_at: published ? '2027-01-10T08:00:00.000Z' : null,
})
const learner = (over: Partial<ViewerFacts> = {}): ViewerFacts => ({
  staff: false,
  opensPaid: false,
  phase: null,
  submitted: false,
  ...over,
})

describe('what of a paper reaches whom', () => {
  test('results are public for an anytime paper, and for a live mock only once published', () => {
    expect(resultsPublic(anytime())).toBe(true)
    expect(resultsPublic(live(false))).toBe(false)
    expect(resultsPublic(live(true))).toBe(true)
    // A half-set window is no live mock (the editor refuses one).
    expect(resultsPublic({ ...live(false), closes_at: null })).toBe(true)
  })

  test('a paid paper without access: refused, nothing of it, and it holds nothing back from practice', () => {
    const r = paperReach(anytime('paid'), learner())
    expect(r).toEqual({
      refusal: 'no-access',
      questions: false,
      rankedStart: false,
      keys: false,
      ranks: false,
      practice: true,
    })
    expect(paperReach(anytime('paid'), learner({ opensPaid: true })).refusal).toBeNull()
  })

  test('an anytime paper: keys after the submission; its questions stay out of practice until then', () => {
    expect(paperReach(anytime(), learner())).toMatchObject({
      refusal: null,
      questions: true,
      rankedStart: true,
      keys: false,
      ranks: true,
      practice: false,
    })
    expect(paperReach(anytime(), learner({ submitted: true }))).toMatchObject({ keys: true, practice: true })
  })

  test('a live mock before publication: nothing of its key for anyone but staff, submitted or not, in any phase', () => {
    for (const phase of ['before', 'open', 'closed'] as const)
      for (const submitted of [false, true]) {
        const r = paperReach(live(false), learner({ phase, submitted }))
        expect(r, `${phase} ${submitted}`).toMatchObject({ keys: false, ranks: false, practice: false })
      }
    expect(paperReach(live(false), learner({ phase: 'before' })).refusal).toBe('not-open')
    expect(paperReach(live(false), learner({ phase: 'open' }))).toMatchObject({ questions: true, rankedStart: true })
    expect(paperReach(live(false), learner({ phase: 'closed' }))).toMatchObject({
      questions: false,
      rankedStart: false,
    })
  })

  test('a published live mock: keys and ranks public, practice open, but no ranked start even inside a window', () => {
    // An override set after publication opens a window again: the attempt it allows is unranked.
    const r = paperReach(live(true), learner({ phase: 'open', submitted: false }))
    expect(r).toMatchObject({ questions: true, rankedStart: false, keys: false, ranks: true, practice: true })
    expect(paperReach(live(true), learner({ phase: 'closed', submitted: true })).keys).toBe(true)
  })

  test('staff read everything but start a ranked attempt only where a learner could', () => {
    const staff = learner({ staff: true, opensPaid: true })
    expect(paperReach(live(false, 'paid'), { ...staff, phase: 'before' })).toEqual({
      refusal: null,
      questions: true,
      rankedStart: false,
      keys: true,
      ranks: true,
      practice: true,
    })
    expect(paperReach(anytime('paid'), staff).rankedStart).toBe(true)
    expect(paperReach(live(true), { ...staff, phase: 'open' }).rankedStart).toBe(false)
  })
})
