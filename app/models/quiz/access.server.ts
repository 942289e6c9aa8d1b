import type { ExpressionBuilder } from 'kysely'
import type { Database, Role } from '#db/schema'
import { isId } from '~/lib/ids'
import { mayOpen, paperReach } from '~/lib/quiz/visibility'
import { isStaff, STAFF_ROLES } from '~/lib/roles'
import type { QuizRow } from '~/models/quiz/catalog.server'
import { paperVersion, type PaperVersion } from './paper-memo.server'
import { windowStanding, type WindowStanding } from './live-mock.server'
import { contentVersionReadWith } from '../accounts/session-version.server'
import { hasPaidQuizAccess, paidQuizAccessSql } from '../enrolment/access.server'

// Who may open a quiz, and the problems a learner's action can meet. Domain results only: the pages and the API
// map each reason to their own status and message (app/routes/quiz/statuses.ts).

/**
 * Who is looking: enough to find their attempts and to work out their access. `paidQuizAccess`, when the caller
 * read it with the user (app/models/accounts/user.server.ts `UserRow`), saves asking again.
 */
export type QuizViewer = { id: string; role: Role; paidQuizAccess?: boolean }

/** Why an action on a quiz was refused: a learner's bad input, a paper with no questions, practice too early. */
export type QuizProblem = 'invalid-answer' | 'no-questions' | 'submit-first' | 'window-closed'

/** A message the learner should read (bad input, a closed attempt), never a 500. */
export class QuizError extends Error {
  constructor(
    message: string,
    public readonly problem: QuizProblem = 'invalid-answer',
  ) {
    super(message)
  }
}

/**
 * Whether the viewer may open paid quizzes now: staff, or paid quiz access worked out at this moment
 * (app/models/enrolment/access.server.ts `hasPaidQuizAccess`: the bundle, an admin's grant, or a course that
 * grants quiz access and is open now). Read once per request and passed to the visibility rule (app/lib/quiz/visibility.ts `mayOpen`).
 */
export async function opensPaidQuizzes(user: QuizViewer, now: Date = new Date()): Promise<boolean> {
  if (isStaff(user.role)) return true
  return user.paidQuizAccess ?? (await hasPaidQuizAccess(user.id, now))
}

/**
 * `mayOpen(quiz, ...)` with `opensPaidQuizzes(user, now)` for many learners at once, as an expression over a query
 * with `users` and quizzes `q` in scope: the quiz is free, or the user is staff, or holds paid quiz access at `now`
 * (app/models/enrolment/access.server.ts `paidQuizAccessSql`, the SQL form `hasPaidQuizAccess` itself reads). For
 * the jobs that write to every registered learner of a paper (app/models/quiz/live-mails.server.ts).
 */
export function canAccessQuizNowSql(now: Date) {
  return (eb: ExpressionBuilder<Database & { q: Database['quizzes'] }, 'users' | 'q'>) =>
    eb.or([eb('q.category', '=', 'free'), eb('users.role', 'in', [...STAFF_ROLES]), paidQuizAccessSql(now)(eb)])
}

/** 'not-open': a live mock before the viewer's opening; nothing of its paper may reach them yet. */
export type GateRefusal = 'signed-out' | 'not-found' | 'no-access' | 'not-open'
export type Gate =
  | {
      ok: true
      quiz: QuizRow
      live: WindowStanding | null
      /** The quiz's paper at the version read now: the rest of the request reads the paper from it. */
      paper: PaperVersion
    }
  | { ok: false; reason: GateRefusal; quiz?: QuizRow; live?: WindowStanding | null }

/**
 * The checks every quiz path shares, in order: signed in, the quiz exists, access, and for a live mock the window:
 * before the viewer's opening (their override's, if staff set one) every path that reads the paper is refused
 * ('not-open', with the standing so the quiz page can show the waiting room). Staff are never held by a window.
 */
export async function quizGate(user: QuizViewer | null, quizId: string | undefined, now = new Date()): Promise<Gate> {
  if (!user) return { ok: false, reason: 'signed-out' }
  // The quiz row comes with its paper's memo (app/models/quiz/paper-memo.server.ts): the start, the test page and
  // the answer saves that follow read the paper from it.
  const paper = isId(quizId) ? await paperVersion(quizId, contentVersionReadWith(user)) : undefined
  const quiz = paper?.quiz
  if (!paper || !quiz) return { ok: false, reason: 'not-found' }
  const staff = isStaff(user.role)
  const opensPaid = quiz.category === 'free' || (await opensPaidQuizzes(user, now))
  if (!mayOpen(quiz, { staff, opensPaid })) return { ok: false, reason: 'no-access', quiz }
  const live = await windowStanding(quiz, user, now, paper.overrides)
  // The refusal does not depend on the viewer's attempt (app/lib/quiz/visibility.ts).
  const { refusal } = paperReach(quiz, { staff, opensPaid, phase: live?.phase ?? null, submitted: false })
  if (refusal) return { ok: false, reason: refusal, quiz, live }
  return { ok: true, quiz, live, paper }
}
