import type { Selectable } from 'kysely'
import type { UsersTable } from '#db/schema'
import { isId } from '~/lib/ids'
import { isStaff } from '~/lib/roles'
import { getQuiz, type QuizRow } from '~/models/quiz/catalog.server'

// Who may open a quiz, and the problems a learner's action can meet. Domain results only: the pages and the API
// map each reason to their own status and message (app/routes/quiz/statuses.ts).

// From the table's row type, not user.server's (which imports the quiz models: no cycle between them).
export type QuizViewer = Pick<Selectable<UsersTable>, 'id' | 'role' | 'has_access_to_quizzes'>

/** Why an action on a quiz was refused: a learner's bad input, a paper with no questions, practice too early. */
export type QuizProblem = 'invalid-answer' | 'no-questions' | 'submit-first'

/** A message the learner should read (bad input, a closed attempt), never a 500. */
export class QuizError extends Error {
  constructor(
    message: string,
    public readonly problem: QuizProblem = 'invalid-answer',
  ) {
    super(message)
  }
}

/** Access rule: the quiz is free, or the viewer is staff, or bought the bundle. */
export function canAccessQuiz(user: QuizViewer, quiz: Pick<QuizRow, 'category'>): boolean {
  return quiz.category === 'free' || isStaff(user.role) || user.has_access_to_quizzes === 1
}

export type GateRefusal = 'signed-out' | 'not-found' | 'no-access'
export type Gate = { ok: true; quiz: QuizRow } | { ok: false; reason: GateRefusal; quiz?: QuizRow }

/** The checks every quiz path shares, in order: signed in, the quiz exists, access. */
export async function quizGate(user: QuizViewer | null, quizId: string | undefined): Promise<Gate> {
  if (!user) return { ok: false, reason: 'signed-out' }
  const quiz = isId(quizId) ? await getQuiz(quizId) : undefined
  if (!quiz) return { ok: false, reason: 'not-found' }
  if (!canAccessQuiz(user, quiz)) return { ok: false, reason: 'no-access', quiz }
  return { ok: true, quiz }
}
