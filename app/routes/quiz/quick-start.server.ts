import type { UserRow } from '~/models/accounts/user.server'
import { quizGate, QuizError } from '~/models/quiz/access.server'
import { startAttempt } from '~/models/quiz/attempt.server'
import { attemptPaper, currentPaperOf, type PaperVersion } from '~/models/quiz/paper-memo.server'
import { makePaperPass } from '~/models/quiz/paper-pass.server'
import type { QuizRow } from '~/models/quiz/catalog.server'
import type { AttemptRow } from '~/models/quiz/rows'
import { GATE_STATUS, QUIZ_PROBLEM_STATUS } from './statuses'
import { testViewData } from './test-view.server'

// The test page's data, and the Start of an enhanced quiz page in one request (docs/decisions/032-exam-lane.md).

/** What /quiz/{id} shows of an open attempt (its `test` view) at `url`: ./attempt.tsx's loader returns it. */
export async function testPageData({
  quiz,
  attempt,
  url,
  now,
  paper,
  fresh,
}: {
  quiz: QuizRow
  attempt: AttemptRow
  url: URL
  now: Date
  /** The quiz's paper as the gate read it in this request. */
  paper?: PaperVersion
  /** The attempt was created by this request. */
  fresh?: boolean
}) {
  const questions = await attemptPaper(attempt, paper)
  const view = await testViewData({ attempt, questions, url, base: `/quiz/${quiz.id}`, now, fresh })
  // The page's paper request shows this pass instead of being checked again (app/models/quiz/paper-pass.server.ts):
  // only for an attempt that sees the current paper, the one body every such learner shares.
  const current = await currentPaperOf(attempt, paper)
  return {
    view: 'test' as const,
    quizId: quiz.id,
    title: quiz.title,
    ...view,
    paperPass: current ? makePaperPass(attempt, current.version, now) : null,
    // Only the question on screen carries its markup: the page stays one question small however long the paper
    // (the first TCP flight on a slow phone); the test view fetches the rest from ./paper.ts once it has hydrated.
    questions: view.questions.map((question, i) =>
      i === view.index && !view.confirm ? question : { id: question.id, section: question.section },
    ),
  }
}

export type QuickStartAnswer =
  | { status: 200; body: { to: string; test: Awaited<ReturnType<typeof testPageData>> } }
  | { status: number; body: { error: string } }

/**
 * POST /quiz/{id}/start: starts (or resumes) the learner's ranked attempt, as the quiz page's Start does, and answers
 * with the test page's first question as its loader would show it, so the enhanced page shows the test without the
 * action's redirect and the loader's request. Anything but a ranked attempt now open answers an error, and the page
 * then posts its form as before: the quiz page's action gives the message or the page the learner belongs on.
 */
export async function quickStart(user: UserRow | null, quizId: string | undefined): Promise<QuickStartAnswer> {
  const gate = await quizGate(user, quizId)
  if (!gate.ok) return { status: GATE_STATUS[gate.reason], body: { error: gate.reason } }
  const now = new Date()
  let started: { attempt: AttemptRow; created: boolean }
  try {
    started = await startAttempt({ userId: user!.id, quiz: gate.quiz, live: gate.live, now, paper: gate.paper })
  } catch (error) {
    if (error instanceof QuizError)
      return { status: QUIZ_PROBLEM_STATUS[error.problem], body: { error: error.problem } }
    throw error
  }
  const { attempt, created } = started
  if (attempt.submitted_at) return { status: 409, body: { error: 'submitted' } }
  const to = `/quiz/${gate.quiz.id}?q=1`
  const test = await testPageData({
    quiz: gate.quiz,
    attempt,
    url: new URL(to, 'http://localhost'),
    now,
    paper: gate.paper,
    fresh: created,
  })
  return { status: 200, body: { to, test } }
}
