// Small display helpers of the result page (pure; shared by the page and its tests).

/** "1 h 02 min", "3 min 05 s", "42 s": a duration for people. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`
  return `${s} s`
}

/** Accuracy (correct / attempted) as a whole-ish percent, or a dash when nothing was attempted. */
export function formatAccuracy(accuracy: number | null): string {
  return accuracy === null ? '—' : `${(Math.round(accuracy * 10000) / 100).toFixed(2)}%`
}

/** Marks text with an explicit sign for earned marks: "+2.00", "-0.67", "0.00". */
export function signedMarks(text: string): string {
  return text.startsWith('-') || text === '0.00' ? text : `+${text}`
}

/** A whole number of marks without decimals ("3"), anything else with exactly 2 ("1.75", "0.67"). */
export function compactMarks(text: string): string {
  return text.endsWith('.00') ? text.slice(0, -3) : text
}

export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const
