import { formatMarks, marksFromStorage, MARKS_UNIT } from './marks'

// Pure rules of the staff quiz statistics: score bins, outcome shares, MSQ partial answers and
// the "this question looks broken" flags. The model (app/models/quiz/stats.server.ts) aggregates in SQL and
// hands plain counts here, so every figure on the page has one tested rule.

/** At most this many bars in the score histogram (readable at 320 px). */
export const HISTOGRAM_MAX_BINS = 10

/**
 * A flag needs at least this many learners who ANSWERED the question (unattempted ones say nothing about the
 * key): below it one or two guesses would raise a flag.
 */
export const FLAG_MIN_ANSWERED = 10

/**
 * "Almost nobody right": under this share of the learners who answered got it right. 10 % is below what blind
 * guessing gives on a 4-option MCQ (25 %), so a question under it is more likely mis-keyed or unclear than hard.
 */
export const LOW_CORRECT_SHARE = 0.1

// Bin widths in whole marks and common fractions: bins start at multiples of the width, so labels stay round.
const NICE_WIDTHS_MARKS = [0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000]

export type ScoreCount = { units: number; n: number }

export type ScoreBin = {
  /** Lower edge in mark units (inclusive). */
  fromUnits: number
  /** Upper edge in mark units: exclusive, except for the last bin, which includes it. */
  toUnits: number
  last: boolean
  count: number
  /** "2.00 to under 4.00", or "8.00 to 10.00" for the last bin. */
  label: string
}

/** The smallest round width (units) that covers [lo, hi] in at most `maxBins` aligned bins. */
export function binWidthUnits(loUnits: number, hiUnits: number, maxBins = HISTOGRAM_MAX_BINS): number {
  for (const marks of NICE_WIDTHS_MARKS) {
    const w = Math.round(marks * MARKS_UNIT)
    if (binCount(loUnits, hiUnits, w) <= maxBins) return w
  }
  // Beyond 5000-mark bins (a 50 000-mark paper): a plain multiple of 1000 marks.
  const step = 1000 * MARKS_UNIT
  return Math.ceil((hiUnits - loUnits) / maxBins / step + 1) * step
}

function binCount(lo: number, hi: number, w: number): number {
  const start = Math.floor(lo / w) * w
  // hi on an edge closes the last bin there; otherwise the bin holding hi is the last.
  return Math.max(1, Math.ceil((hi - start) / w))
}

const text = (units: number) => formatMarks(marksFromStorage(units))

/**
 * Histogram bins over the paper's possible marks [loUnits, hiUnits] (lo = minus every negative mark, hi = every
 * mark), widened to any observed score outside it (an attempt of an earlier version of the paper). Bins are
 * aligned to multiples of a round width; each is [from, to) except the last, [from, to]. Counts are the sum of
 * `counts` falling in each bin.
 */
export function scoreBins(
  loUnits: number,
  hiUnits: number,
  counts: readonly ScoreCount[],
  maxBins = HISTOGRAM_MAX_BINS,
): ScoreBin[] {
  let lo = Math.min(loUnits, hiUnits, ...counts.map((c) => c.units))
  let hi = Math.max(loUnits, hiUnits, ...counts.map((c) => c.units))
  if (lo === hi) {
    // A paper with nothing to spread over (no questions yet, or everyone on one score): one mark around it.
    lo = Math.min(lo, 0)
    hi = Math.max(hi, lo + MARKS_UNIT)
  }
  const w = binWidthUnits(lo, hi, maxBins)
  const start = Math.floor(lo / w) * w
  const n = binCount(lo, hi, w)
  const bins: ScoreBin[] = Array.from({ length: n }, (_, i) => {
    const fromUnits = start + i * w
    const toUnits = fromUnits + w
    const last = i === n - 1
    return {
      fromUnits,
      toUnits,
      last,
      count: 0,
      label: `${text(fromUnits)} to ${last ? '' : 'under '}${text(toUnits)}`,
    }
  })
  for (const c of counts) {
    const i = Math.min(n - 1, Math.floor((c.units - start) / w))
    bins[i].count += c.n
  }
  return bins
}

/** A share as the page shows it: one decimal and a per cent sign; "—" of nothing. */
export function shareText(part: number, whole: number): string {
  if (whole <= 0) return '—'
  return `${((part / whole) * 100).toFixed(1)}%`
}

export type MsqVerdict = 'correct' | 'partial' | 'wrong'

/**
 * An answered MSQ against its key. "Partial": only keyed options chosen, but not all of them. It scores as
 * wrong (decision 011: no partial marks, as in JAM/GATE), and the statistics count it apart because an exam
 * analyst reads "knew part of it" differently from "picked a wrong option": a question many answer partially is
 * hard, one many answer with a wrong option may be mis-keyed. A choice with any unkeyed option is wrong.
 */
export function msqVerdict(chosen: readonly number[], key: readonly number[]): MsqVerdict {
  const keyed = new Set(key)
  const picked = new Set(chosen)
  if ([...picked].some((o) => !keyed.has(o))) return 'wrong'
  return picked.size === keyed.size ? 'correct' : 'partial'
}

export type OptionCount = { index: number; count: number; keyed: boolean }

export type QuestionFlag =
  | { kind: 'distractor'; option: number; optionCount: number; keyedOption: number; keyedCount: number }
  | { kind: 'hard'; correct: number; answered: number }

const letter = (i: number) => String.fromCharCode(65 + i)

/**
 * Flags for a question that looks broken, among learners who answered it (at least FLAG_MIN_ANSWERED):
 * - distractor (MCQ/MSQ): an unkeyed option picked by more learners than a keyed one (for an MSQ, than its
 *   least-picked keyed option): the key or that option's wording may be wrong. The most-picked such option is
 *   named.
 * - hard: under LOW_CORRECT_SHARE of them got it fully right (an MSQ partial answer is not right).
 */
export function questionFlags({
  answered,
  correct,
  options,
}: {
  answered: number
  correct: number
  /** Per option, for MCQ/MSQ; empty for NAT. */
  options: readonly OptionCount[]
}): QuestionFlag[] {
  if (answered < FLAG_MIN_ANSWERED) return []
  const flags: QuestionFlag[] = []
  const keyed = options.filter((o) => o.keyed)
  if (keyed.length > 0) {
    const weakestKey = keyed.reduce((a, b) => (b.count < a.count ? b : a))
    const strongestDistractor = options
      .filter((o) => !o.keyed)
      .reduce<OptionCount | null>((a, b) => (!a || b.count > a.count ? b : a), null)
    if (strongestDistractor && strongestDistractor.count > weakestKey.count)
      flags.push({
        kind: 'distractor',
        option: strongestDistractor.index,
        optionCount: strongestDistractor.count,
        keyedOption: weakestKey.index,
        keyedCount: weakestKey.count,
      })
  }
  if (correct < answered * LOW_CORRECT_SHARE) flags.push({ kind: 'hard', correct, answered })
  return flags
}

/** A flag in words, for the page. */
export function flagText(flag: QuestionFlag): string {
  if (flag.kind === 'distractor')
    return `More learners picked option ${letter(flag.option)} (not keyed, ${flag.optionCount}) than keyed option ${letter(flag.keyedOption)} (${flag.keyedCount}): check the key.`
  return `Almost nobody right: ${flag.correct} of ${flag.answered} who answered (under ${LOW_CORRECT_SHARE * 100}%).`
}

export { letter as optionLetter }

/** Milliseconds as "1 min 05 s" / "42 s" (average time on a question). */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`
}

/** The paper's range in units: [-sum of negative marks, sum of marks]. */
export function possibleRange(questions: readonly { marks: number; negativeMarks: number }[]) {
  return {
    lo: -questions.reduce((t, q) => t + q.negativeMarks, 0),
    hi: questions.reduce((t, q) => t + q.marks, 0),
  }
}
