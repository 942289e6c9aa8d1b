// Standing on a quiz's board: the one definition of percentile (docs/decisions/018-mock-test-domain.md).
// Pure: the leaderboard, the result page, the staff results and the API all call it with counts read from the
// per-score table (decision 013), so one attempt shows one number everywhere.
import { marksToNumber, type Marks } from './marks'

/** A percentile as a number for charts and sorting, beside the text every page shows ("66.67"). */
export type Percentile = { readonly value: number; readonly text: string }

/**
 * The share of participants who scored at or below you, you included, in percent: the formula the National
 * Testing Agency reports for CUET PG and GAT-B. Ties share one percentile whatever their submission times; the
 * top score is 100.00, alone on the board too; the last of two is 50.00. Rounded half up to 2 decimals with
 * integers only. Null when there is no board to stand on (no participants, or a count out of range).
 */
export function percentile(atOrBelow: number, participants: number): Percentile | null {
  if (!Number.isSafeInteger(atOrBelow) || !Number.isSafeInteger(participants)) return null
  if (participants <= 0 || atOrBelow <= 0 || atOrBelow > participants) return null
  const hundredths = Math.floor((atOrBelow * 20000 + participants) / (2 * participants))
  return {
    value: hundredths / 100,
    text: `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`,
  }
}

/** Per-score counts of a board, highest score first or in any order: `units` is a stored score, `n` its count. */
export type ScoreCount = { readonly units: number; readonly n: number }

/** How many of the counted participants scored at or below `units` (the percentile's numerator). */
export function countAtOrBelow(counts: readonly ScoreCount[], units: number): number {
  return counts.reduce((t, c) => (c.units <= units ? t + c.n : t), 0)
}

/** The older client's percentage of the maximum: toFixed(2) text, "0.00" for a paper without marks (never "NaN"). */
export function percentage(score: number, total: number): string {
  if (!total) return '0.00'
  return ((score / total) * 100).toFixed(2)
}

/**
 * A score as a share of the paper's maximum, in percent: `value` for drawing (a bar held to 0-100 by the caller, a
 * line), `text` with 2 decimals ("66.67%"). The result page and /profile/progress show it; 0 for a paper without
 * marks.
 */
export function shareOfMax(score: Marks, max: Marks): { value: number; text: string } {
  const maxValue = marksToNumber(max)
  const value = maxValue > 0 ? (marksToNumber(score) / maxValue) * 100 : 0
  return { value, text: `${value.toFixed(2)}%` }
}
