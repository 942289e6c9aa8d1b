import { QUIZ_GRACE_SECONDS } from '../constants'

// The clock of an attempt: its deadline, the grace after it, which answers count, and the time shown. Pure: every
// caller passes `now`, so the deadline rules are tested with an injected clock (decision 002).

/** The deadline of an attempt started at `startedAt` (untimed when the limit is 0 or less). */
export function deadlineFor(startedAt: Date, timeLimitMinutes: number): Date | null {
  if (!timeLimitMinutes || timeLimitMinutes <= 0) return null
  return new Date(startedAt.getTime() + timeLimitMinutes * 60_000)
}

/** The moment an attempt stops taking answers: deadline + grace, the one home of that cutoff. Null when untimed. */
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

/** m:ss, as the test view's timer shows it; minutes may exceed 59. */
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

/** Longest time one page view may add to a question (a tab left open overnight is not time spent). */
export const MAX_TIME_PER_VIEW_MS = 10 * 60_000

/**
 * Time spent on a question without JS: from when the server rendered it (`shownAt`, from the page) to this
 * request, capped at MAX_TIME_PER_VIEW_MS and never before the attempt started or after now.
 */
export function timeSinceShown(shownAt: string | undefined, attempt: { started_at: string }, now: Date): number {
  if (!shownAt) return 0
  const t = Date.parse(shownAt)
  if (!Number.isFinite(t)) return 0
  const from = Math.max(t, Date.parse(attempt.started_at))
  return Math.max(0, Math.min(now.getTime() - from, MAX_TIME_PER_VIEW_MS))
}
