import { PALETTE_STATES, STATE_LABEL, type PaletteState, type StateCounts } from './palette'

// The summary shown before the final submit (the dialog with JavaScript, a confirmation page without): what is
// still open, and the count of every palette state.

export type SubmitSummary = {
  /** Questions without a counted answer: never shown, shown and left blank, or marked with no answer. */
  unanswered: number
  /** Questions with a mark, answered or not. */
  markedForReview: number
  /** "You have N unanswered, M marked for review. Submit?" */
  sentence: string
  /** One row per palette state, in the legend's order. */
  rows: { state: PaletteState; label: string; count: number }[]
}

export function submitSummary(counts: StateCounts): SubmitSummary {
  const unanswered = counts.notVisited + counts.notAnswered + counts.marked
  const markedForReview = counts.marked + counts.answeredMarked
  return {
    unanswered,
    markedForReview,
    sentence: `You have ${unanswered} unanswered, ${markedForReview} marked for review. Submit?`,
    rows: PALETTE_STATES.map((state) => ({ state, label: STATE_LABEL[state], count: counts[state] })),
  }
}
