// Learners' practice from the question bank: the rules that need no database (the builder's bounds, the clock of a
// timed test, a set's title). The draw itself is app/models/bank/practice.server.ts.

/** How many questions the 'Build a practice test' form may ask for, and what it asks for unless told. */
export const PRACTICE_COUNT_MIN = 5
export const PRACTICE_COUNT_MAX = 100
export const PRACTICE_COUNT_DEFAULT = 20

/** Most questions a previous year paper opens as one practice test (longer than any exam we prepare for). */
export const PYQ_MAX = 200

/** A timed practice test allows a minute and a half a question, rounded up to whole minutes. */
export function practiceMinutes(questions: number): number {
  return Math.ceil(questions * 1.5)
}

/** Longest part of a title taken from the filters (the set's title is cut at 200 by the set model). */
const PART_MAX = 80

/**
 * A drawn set's title, naming what was drawn and how many: 'Genetics (20)', 'Genetics, Ecology (12)',
 * 'Botany · IIT JAM BT 2024 (20)'. The test view puts 'Practice: ' before it.
 */
export function practiceTitle(
  f: { subject?: string; topics?: readonly string[]; exam?: string; year?: number },
  count: number,
): string {
  const topics = f.topics ?? []
  const what =
    topics.length > 0 && topics.length <= 2 ? topics.join(', ') : topics.length > 2 ? `${topics.length} topics` : ''
  const parts = [what || f.subject, [f.exam, f.year].filter(Boolean).join(' ')].filter(Boolean) as string[]
  const name = parts.join(' · ').slice(0, PART_MAX) || 'Question bank'
  return `${name} (${count})`
}
