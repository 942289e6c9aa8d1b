// What of a paper may reach whom, and when (docs/decisions/039-paper-visibility.md): ONE pure rule over the paper
// (free or paid, its window, its publication), the viewer (staff, paid access now, the phase of their own window,
// whether they have submitted an attempt of it) and, through the phase, now. Every surface that shows something of a
// paper asks it instead of deciding: the quiz gate, the start, the result page and its API, the leaderboard, bank
// practice and the previous year papers, question doubts, explanation images, revision and whatever fetches the
// paper. The queries that filter many papers at once use its SQL twins (app/models/quiz/visibility.server.ts), pinned
// to these functions at the boundaries by tests/integration/paper-visibility.test.ts.

import { isLiveMock, type StoredWindow, type WindowPhase } from './window'

/** A paper as the rule reads it (a quiz row's columns). */
export type PaperFacts = StoredWindow & { category: string; results_published_at: string | null }

/** The viewer as the rule reads them. */
export type ViewerFacts = {
  staff: boolean
  /** Paid quiz access now (app/models/quiz/access.server.ts opensPaidQuizzes). */
  opensPaid: boolean
  /** The phase of the viewer's own window now (their override applied); null for an anytime paper. */
  phase: WindowPhase | null
  /** A submitted attempt of this paper (ranked, or an unranked one after it), not a practice set's. */
  submitted: boolean
}

/**
 * What may reach the viewer now:
 * - `refusal`: why the paper is closed to them altogether (no access; a live mock before their opening);
 * - `questions`: its questions without keys, to sit it (a live mock: inside their window, or unranked once its
 *   results are published);
 * - `rankedStart`: a ranked attempt may begin (a live mock: inside the window and before publication, so nobody
 *   ranks against a public key);
 * - `keys`: keys, explanations, the learner's own score and review (after their submission; a live mock's only once
 *   its results are published: never while others may still sit it, never while staff hold it);
 * - `ranks`: the leaderboard and percentiles (a live mock's after publication);
 * - `practice`: its questions may be drawn into a bank practice set, whose key shows after it is submitted. Not
 *   while a live mock of theirs is unpublished (for everyone, submitted or not, held or not), nor while the viewer
 *   can still take the paper for rank and has not. Staff read and practise everything.
 */
export type PaperReach = {
  refusal: 'no-access' | 'not-open' | null
  questions: boolean
  rankedStart: boolean
  keys: boolean
  ranks: boolean
  practice: boolean
}

/** Whether a paper's keys and scores are public in principle: an anytime paper always, a live mock once published. */
export function resultsPublic(paper: PaperFacts): boolean {
  return !isLiveMock(paper) || paper.results_published_at !== null
}

/** Whether the viewer may open the paper at all: it is free, or they open paid papers now (staff do). */
export function mayOpen(paper: Pick<PaperFacts, 'category'>, viewer: Pick<ViewerFacts, 'staff' | 'opensPaid'>) {
  return paper.category === 'free' || viewer.staff || viewer.opensPaid
}

/** THE RULE: what of `paper` may reach `viewer` now (see PaperReach). */
export function paperReach(paper: PaperFacts, viewer: ViewerFacts): PaperReach {
  const published = resultsPublic(paper)
  const live = isLiveMock(paper)
  const open = mayOpen(paper, viewer)
  const inWindow = !live || viewer.phase === 'open'
  // Staff sit a paper as learners do (inside its window, ranked only before publication), and read everything.
  const rankedStart = open && inWindow && (!live || !published)
  if (viewer.staff) return { refusal: null, questions: true, rankedStart, keys: true, ranks: true, practice: true }
  return {
    refusal: !open ? 'no-access' : live && viewer.phase === 'before' ? 'not-open' : null,
    questions: open && (inWindow || (live && published)),
    rankedStart,
    keys: open && published && viewer.submitted,
    ranks: open && published,
    // A paper the viewer cannot open holds nothing back from them: its questions reach them only where another
    // paper or the bank's own rules allow (app/models/bank/practice.server.ts).
    practice: live ? published : !open || viewer.submitted,
  }
}

/** What a refusal of the rule says, where a learner or staff meet it. */
export const VISIBILITY_MESSAGES = {
  noRankedStart:
    'The results of this live mock are published: it can now be taken only as an unranked attempt, from the quiz page.',
  noOverrideAfterPublication:
    'The results of this live mock are published: an override would let a learner sit it for rank against a public key. They can take it as an unranked attempt from the quiz page.',
  practiceBeforePublication: 'This live mock can be attempted again once its results are published.',
} as const
