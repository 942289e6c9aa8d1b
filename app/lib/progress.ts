// A learner's progress through a course's lectures (the player, the profile, /profile/progress). Pure.

export type CourseProgress = {
  /** Lectures of the course's current ones the learner marked done. */
  done: number
  /** The course's current lectures: one staff delete leaves the count, one they add joins it. */
  total: number
  /** Whole percent, rounded down (percentDone). */
  percent: number
}

/**
 * The share of a course's lectures done, in whole percent rounded down: 100 only when every lecture is done, and 0
 * for a course without lectures. Counts outside 0..total are held to it (a stale count never shows 120% or -5%).
 */
export function percentDone(done: number, total: number): number {
  if (!Number.isSafeInteger(total) || total <= 0 || !Number.isFinite(done)) return 0
  const held = Math.min(Math.max(Math.floor(done), 0), total)
  return Math.floor((held * 100) / total)
}

export function courseProgress(done: number, total: number): CourseProgress {
  return {
    done: Math.min(Math.max(done, 0), Math.max(total, 0)),
    total: Math.max(total, 0),
    percent: percentDone(done, total),
  }
}

/** "3 of 12 lectures done" ("1 of 1 lecture done"). */
export function progressText(p: Pick<CourseProgress, 'done' | 'total'>): string {
  return `${p.done} of ${p.total} ${p.total === 1 ? 'lecture' : 'lectures'} done`
}
