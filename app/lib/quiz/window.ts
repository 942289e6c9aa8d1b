// A live mock's window (docs/decisions/029-live-mocks.md): one opening and one close for everyone, a learner's
// override (extra minutes, or a separate window) on top, and the deadline of an attempt started inside it. Pure:
// every caller passes `now`, so the rules are tested with an injected clock, as the attempt clock is
// (app/lib/quiz/clock.ts).

/** A paper's window as stored (ISO instants); both null for an anytime paper. */
export type StoredWindow = { opens_at: string | null; closes_at: string | null }

/** A learner's override as stored: extra minutes, and a separate window (either end may be left as the paper's). */
export type StoredOverride = { extra_minutes: number; opens_at: string | null; closes_at: string | null }

/** The window one learner sits: the paper's, or their override's, with their extra minutes. */
export type LearnerWindow = { opensAt: Date; closesAt: Date; extraMinutes: number }

export type WindowPhase = 'before' | 'open' | 'closed'

/** Whether the paper is a live mock (has a window). A half-set window is not one: the editor refuses it. */
export function isLiveMock(quiz: StoredWindow): quiz is { opens_at: string; closes_at: string } {
  return Boolean(quiz.opens_at && quiz.closes_at)
}

/**
 * The window this learner sits. A separate window replaces the paper's ends; extra minutes lengthen both the time
 * limit and the close, so a learner given 20 more minutes who starts at the last moment still gets them.
 */
export function learnerWindow(quiz: StoredWindow, override?: StoredOverride | null): LearnerWindow | null {
  if (!isLiveMock(quiz)) return null
  const extraMinutes = Math.max(0, override?.extra_minutes ?? 0)
  const opensAt = new Date(override?.opens_at ?? quiz.opens_at)
  const closes = new Date(override?.closes_at ?? quiz.closes_at)
  return { opensAt, closesAt: new Date(closes.getTime() + extraMinutes * 60_000), extraMinutes }
}

/** Before the opening, open (the opening included, the close excluded), or closed. */
export function windowPhase(window: Pick<LearnerWindow, 'opensAt' | 'closesAt'>, now: Date): WindowPhase {
  if (now.getTime() < window.opensAt.getTime()) return 'before'
  return now.getTime() < window.closesAt.getTime() ? 'open' : 'closed'
}

/**
 * The deadline of an attempt started at `startedAt` inside the window: the time limit (plus extra minutes) from the
 * start, but never after the close. A learner who starts late gets `min(limit, closesAt - now)`.
 */
export function liveDeadline(startedAt: Date, timeLimitMinutes: number, window: LearnerWindow): Date {
  const full = startedAt.getTime() + (Math.max(0, timeLimitMinutes) + window.extraMinutes) * 60_000
  return new Date(Math.min(full, window.closesAt.getTime()))
}

/** Why a window cannot be saved, naming the field; null when it can (both empty is an anytime paper). */
export function windowProblem(
  opensAt: string | null | undefined,
  closesAt: string | null | undefined,
  timeLimitMinutes: number,
): { field: 'opensAt' | 'closesAt'; message: string } | null {
  if (!opensAt && !closesAt) return null
  if (!opensAt) return { field: 'opensAt', message: 'Enter when the live mock opens, or clear both times.' }
  if (!closesAt) return { field: 'closesAt', message: 'Enter when the live mock closes, or clear both times.' }
  const length = (Date.parse(closesAt) - Date.parse(opensAt)) / 60_000
  if (!(length > 0)) return { field: 'closesAt', message: 'The live mock must close after it opens.' }
  if (length < timeLimitMinutes)
    return {
      field: 'closesAt',
      message: `The window must be at least as long as the time limit (${timeLimitMinutes} min).`,
    }
  return null
}
