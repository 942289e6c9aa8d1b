import { createQuiz, createUser } from '../../db/factories'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { db } from '~/utils/db.server'

// A live mock for the close and results tests (tests/integration/live-mock-close.test.ts, live-mock-results.test.ts):
// two sections of two MCQs (+1 / -0.25), written before the window, and learners who sit it at chosen moments.

export const SECTION_A = 'Botany'
export const SECTION_B = 'Zoology'

export async function seedLiveMock({
  opensAt,
  closesAt,
  timeLimit = 60,
}: {
  opensAt: Date
  closesAt: Date
  timeLimit?: number
}) {
  const quiz = await createQuiz(db, {
    timeLimit,
    questions: [
      {
        questionText: 'Q1 key A',
        options: ['a', 'b', 'c', 'd'],
        correctOption: 0,
        section: SECTION_A,
        explanation: 'SECRET-EXPLANATION',
      },
      { questionText: 'Q2 key B', options: ['a', 'b', 'c', 'd'], correctOption: 1, section: SECTION_A },
      { questionText: 'Q3 key C', options: ['a', 'b', 'c', 'd'], correctOption: 2, section: SECTION_B },
      { questionText: 'Q4 key D', options: ['a', 'b', 'c', 'd'], correctOption: 3, section: SECTION_B },
    ],
  })
  const before = new Date(opensAt.getTime() - 86_400_000).toISOString()
  await db.updateTable('questions').set({ created_at: before }).where('quiz_id', '=', quiz.id).execute()
  await db
    .updateTable('quizzes')
    .set({ opens_at: opensAt.toISOString(), closes_at: closesAt.toISOString() })
    .where('id', '=', quiz.id)
    .execute()
  return { ...(await getQuiz(quiz.id))!, questionIds: quiz.questionIds }
}

export const learner = async () => ({ ...(await createUser(db, { role: 'user' })), role: 'user' as const })

/**
 * A learner who starts at `startAt` and, unless `submitAt` is null, submits `picks` (option per question; null
 * leaves it) at `submitAt`; with `submitAt` null the answers are saved and the attempt left open.
 */
export async function sit(
  quiz: Awaited<ReturnType<typeof seedLiveMock>>,
  picks: (number | null)[],
  { startAt, submitAt }: { startAt: Date; submitAt: Date | null },
  user?: Awaited<ReturnType<typeof learner>>,
) {
  const me = user ?? (await learner())
  const { attempt } = await startAttempt({ userId: me.id, quiz, now: startAt })
  const answers = picks.flatMap((p, i) => (p === null ? [] : [{ questionId: quiz.questionIds[i]!, selectedOption: p }]))
  if (submitAt) await submitAttempt({ attemptId: attempt.id, answers, now: submitAt })
  else {
    const { saveAnswers } = await import('~/models/quiz/attempt.server')
    await saveAnswers({ attempt, answers, now: startAt })
  }
  return { user: me, attemptId: attempt.id }
}

/** A learner's separate window of a live mock, stored as staff's form would store it (no audit). */
export async function storeOverride(quizId: string, userId: string, window: { opensAt: Date; closesAt: Date }) {
  await db
    .insertInto('live_mock_overrides')
    .values({
      quiz_id: quizId,
      user_id: userId,
      extra_minutes: 0,
      opens_at: window.opensAt.toISOString(),
      closes_at: window.closesAt.toISOString(),
      set_by: null,
      set_at: new Date().toISOString(),
    })
    .execute()
}
