import { indiaDay, formatIndiaDateTime } from '~/lib/dates'
import { liveDeadline } from '~/lib/quiz/window'
import { countCurrentQuestions, paperMarking, type QuizRow } from '~/models/quiz/catalog.server'
import { isRegistered, type WindowStanding } from '~/models/quiz/live-mock.server'
import { paperOutline } from '~/models/quiz/paper-outline.server'

// The quiz page's views of a live mock around its window (app/routes/quiz/attempt.tsx): the card and waiting room
// before the learner's opening, the intro's note while it is open, and the card after the close. Before the opening
// nothing of the paper is read: the outline is counts and marks per section (app/models/quiz/paper-outline.server.ts).

/** An instant in India time; the time alone ('10:30 am IST') when it falls on the same India day as `now`. */
export function indiaTimeText(iso: string, now: Date): string {
  const full = formatIndiaDateTime(iso)
  return indiaDay(iso) === indiaDay(now) ? full.slice(full.lastIndexOf(', ') + 2) : full
}

/**
 * When results come out: the paper's close (the server submits and publishes then); null while staff hold them.
 */
export function resultsAtText(quiz: Pick<QuizRow, 'closes_at' | 'results_held'>): string | null {
  if (quiz.results_held || !quiz.closes_at) return null
  return formatIndiaDateTime(quiz.closes_at)
}

/** What a learner who has submitted a live mock reads while its results are withheld. */
export function submittedText(held: { resultsAt: string; delayed: boolean }): string {
  return held.delayed
    ? 'Submitted. The results are delayed: they will be published once staff have checked the paper.'
    : `Submitted. Results at ${formatIndiaDateTime(held.resultsAt)}.`
}

/** Seconds from `now` to an instant (never negative). */
const secondsUntil = (at: Date, now: Date) => Math.max(0, Math.ceil((at.getTime() - now.getTime()) / 1000))

/**
 * The live mock card before the learner's opening: what the paper is (title, syllabus note, sections with their
 * counts and marks, the time limit), its window in India time, whether this learner registered, and the server's
 * clock, from which the page counts down (never from the phone's clock alone).
 */
export async function liveBeforeData({
  quiz,
  live,
  userId,
  now,
}: {
  quiz: QuizRow
  live: WindowStanding
  userId: string
  now: Date
}) {
  const [sections, marking, registered] = await Promise.all([
    paperOutline(quiz.id),
    paperMarking(quiz.id),
    isRegistered(quiz.id, userId),
  ])
  return {
    view: 'live-before' as const,
    quizId: quiz.id,
    title: quiz.title,
    description: quiz.description,
    timeLimit: quiz.time_limit,
    sections,
    totalQuestions: sections.reduce((n, s) => n + s.questions, 0),
    totalMarks: marking.totalMarks,
    opensAt: live.window.opensAt.toISOString(),
    closesAt: live.window.closesAt.toISOString(),
    opensAtText: formatIndiaDateTime(live.window.opensAt.toISOString()),
    opensAtTime: indiaTimeText(live.window.opensAt.toISOString(), now),
    closesAtText: formatIndiaDateTime(live.window.closesAt.toISOString()),
    secondsUntilOpen: secondsUntil(live.window.opensAt, now),
    registered,
    /** The server's clock when the page was made: the countdown runs from the offset to it. */
    now: now.toISOString(),
  }
}

/** The card after the learner's window closed with no attempt: results to come, or the unranked attempt. */
export function liveClosedData(quiz: QuizRow) {
  return {
    view: 'live-closed' as const,
    quizId: quiz.id,
    title: quiz.title,
    description: quiz.description,
    timeLimit: quiz.time_limit,
    published: Boolean(quiz.results_published_at),
    resultsAt: resultsAtText(quiz),
  }
}

/** The intro card's note while the window is open: when it closes and how long a start now gets. */
export function liveIntroNote(quiz: QuizRow, live: WindowStanding | null, now: Date) {
  if (live?.phase !== 'open') return null
  const deadline = liveDeadline(now, quiz.time_limit, live.window)
  return {
    closesAtText: formatIndiaDateTime(live.window.closesAt.toISOString()),
    minutesIfStartedNow: Math.floor((deadline.getTime() - now.getTime()) / 60_000),
    shortened: deadline.getTime() < now.getTime() + (quiz.time_limit + live.window.extraMinutes) * 60_000,
  }
}

/** Counted for the intro card of a paper that is not a live mock (kept here so the page's loader stays short). */
export async function introCounts(quizId: string) {
  const [totalQuestions, marking] = await Promise.all([countCurrentQuestions(quizId), paperMarking(quizId)])
  return { totalQuestions, marking }
}
