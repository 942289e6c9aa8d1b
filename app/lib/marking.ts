import { MARK_CORRECT, MARK_WRONG, QUIZ_GRACE_SECONDS } from './constants'

// Marking scheme of spec 1 §9: +1 right, -0.25 wrong, 0 unattempted. Pure, so pages, the API and the
// tests share one rule.

export type AnswerVerdict = 'correct' | 'incorrect' | 'unattempted'

export function verdict(selected: number | null | undefined, correct: number): AnswerVerdict {
  if (selected === null || selected === undefined) return 'unattempted'
  return selected === correct ? 'correct' : 'incorrect'
}

export function marksFor(selected: number | null | undefined, correct: number): number {
  const v = verdict(selected, correct)
  return v === 'correct' ? MARK_CORRECT : v === 'incorrect' ? MARK_WRONG : 0
}

/** Two decimals, free of float noise (0.1 + 0.2 style sums): quarter marks always round-trip exactly. */
export function roundScore(value: number): number {
  const rounded = Math.round((value + Number.EPSILON) * 100) / 100
  return Object.is(rounded, -0) ? 0 : rounded
}

export function scoreAnswers(items: { selected: number | null | undefined; correct: number }[]): number {
  return roundScore(items.reduce((sum, i) => sum + marksFor(i.selected, i.correct), 0))
}

/** API.md §2.4: percentage is a string from toFixed(2); §5 #15: never "NaN" for a quiz without questions. */
export function percentage(score: number, total: number): string {
  if (!total) return '0.00'
  return ((score / total) * 100).toFixed(2)
}

/** The deadline of an attempt started at `startedAt` (untimed when the limit is 0 or less). */
export function deadlineFor(startedAt: Date, timeLimitMinutes: number): Date | null {
  if (!timeLimitMinutes || timeLimitMinutes <= 0) return null
  return new Date(startedAt.getTime() + timeLimitMinutes * 60_000)
}

/**
 * The moment an attempt stops taking answers: deadline + grace (issue 5 §5), the one home of that cutoff.
 * Null when untimed.
 */
export function answersCloseAt(deadlineAt: string | Date | null, graceSeconds = QUIZ_GRACE_SECONDS): Date | null {
  if (!deadlineAt) return null
  return new Date(new Date(deadlineAt).getTime() + graceSeconds * 1000)
}

/** Answers are accepted until deadline + grace; after that the attempt is scored as saved. */
export function isPastGrace(deadlineAt: string | Date | null, now: Date, graceSeconds = QUIZ_GRACE_SECONDS): boolean {
  const closesAt = answersCloseAt(deadlineAt, graceSeconds)
  return closesAt !== null && now.getTime() > closesAt.getTime()
}

/**
 * The same cutoff as a bound on deadlines, for queries over many attempts: at `now`, exactly the attempts whose
 * deadline is before the returned instant are past their grace.
 */
export function pastGraceDeadlineBound(now: Date, graceSeconds = QUIZ_GRACE_SECONDS): Date {
  return new Date(now.getTime() - graceSeconds * 1000)
}

/** An answer counts when it was saved by deadline + grace (the scorer's backstop; later saves are refused). */
export function savedInTime(savedAt: string, deadlineAt: string | null, graceSeconds = QUIZ_GRACE_SECONDS): boolean {
  const closesAt = answersCloseAt(deadlineAt, graceSeconds)
  return closesAt === null || new Date(savedAt).getTime() <= closesAt.getTime()
}

/** Whole seconds left before `until` (0 when passed); null when untimed. The server and the ticking timer share it. */
export function secondsLeft(until: string | Date | null, now: Date): number | null {
  if (!until) return null
  return Math.max(0, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000))
}

/** m:ss, as the test view's timer shows it (spec 1 §2); minutes may exceed 59. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}

/** Time left as words for the no-JS view. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const m = Math.floor(s / 60)
  const r = s % 60
  if (m === 0) return `${r} s`
  return r === 0 ? `${m} min` : `${m} min ${r} s`
}
