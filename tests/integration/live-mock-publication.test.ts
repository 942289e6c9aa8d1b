import { describe, expect, test } from 'vitest'
import { callApi, callRoute, signedInCookie } from '../support/harness'
import { learner, seedLiveMock, sit, storeOverride } from '../support/live-mock'
import { createUser } from '../../db/factories'
import { VISIBILITY_MESSAGES } from '~/lib/quiz/visibility'
import { QuizError } from '~/models/quiz/access.server'
import { getAttempt, startAttempt } from '~/models/quiz/attempt.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { canSeeAnswerImage } from '~/models/quiz/image-use.server'
import { questionDoubtAccess } from '~/models/doubts/access.server'
import { loader as resultPage } from '~/routes/quiz/result'
import { loader as leaderboardPage } from '~/routes/quiz/leaderboard'
import { action as staffAction } from '~/routes/admin/quiz-result'
import { loader as quizApiGet } from '~/routes/api/quiz'
import { action as adminApiPost } from '~/routes/api/admin'
import { db } from '~/utils/db.server'

// A live mock around its publication, by the paper visibility rule (app/lib/quiz/visibility.ts): an override after
// publication is refused (API and form), and no ranked attempt starts against a public key whatever window a learner
// has; while staff hold the results the pages say they are delayed, not 'Results at' a time already past; an early
// submitter reaches no explanation image and no question doubt before publication.

const HOUR = 3600_000

async function closedMock() {
  const now = Date.now()
  const opensAt = new Date(now - 4 * HOUR)
  const quiz = await seedLiveMock({ opensAt, closesAt: new Date(now - 2 * HOUR) })
  const sat = await sit(quiz, [0, 1, 2, 3], { startAt: opensAt, submitAt: new Date(opensAt.getTime() + 20 * 60_000) })
  return { quiz, sat }
}

const publish = (quizId: string) =>
  db
    .updateTable('quizzes')
    .set({ results_published_at: new Date().toISOString(), results_held: 0 })
    .where('id', '=', quizId)
    .execute()

describe('after publication', () => {
  test('an override is refused, by the API and by the staff form, and nothing is stored', async () => {
    const { quiz } = await closedMock()
    await publish(quiz.id)
    const staff = await signedInCookie((await createUser(db, { role: 'admin' })).id)
    const who = await learner()
    const api = await callApi(
      { loader: quizApiGet, action: adminApiPost },
      'POST',
      `/api/v1/admin/quiz/${quiz.id}/overrides`,
      {
        cookie: staff,
        json: {
          userId: who.id,
          opensAt: new Date().toISOString(),
          closesAt: new Date(Date.now() + HOUR).toISOString(),
        },
      },
    )
    expect(api.status).toBe(400)
    expect(api.body).toMatchObject({ success: false, message: VISIBILITY_MESSAGES.noOverrideAfterPublication })
    const form = await callRoute(staffAction, `/admin/quiz-result/${quiz.id}`, {
      cookie: staff,
      params: { quizId: quiz.id },
      method: 'POST',
      form: { intent: 'override', userId: who.id, extraMinutes: '30', opensAt: '', closesAt: '' },
    })
    expect(form.status).toBe(400)
    expect(form.data).toMatchObject({ message: VISIBILITY_MESSAGES.noOverrideAfterPublication })
    expect(await db.selectFrom('live_mock_overrides').selectAll().where('quiz_id', '=', quiz.id).execute()).toEqual([])
  })

  test('a window that is open after publication (an override stored before) starts no ranked attempt', async () => {
    const { quiz } = await closedMock()
    const who = await learner()
    await storeOverride(quiz.id, who.id, {
      opensAt: new Date(Date.now() - HOUR),
      closesAt: new Date(Date.now() + HOUR),
    })
    await publish(quiz.id)
    const refused = await startAttempt({ userId: who.id, quiz: (await getQuiz(quiz.id))! }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(QuizError)
    expect((refused as QuizError).message).toBe(VISIBILITY_MESSAGES.noRankedStart)
    expect(await getAttempt(who.id, quiz.id)).toBeUndefined()
  })
})

describe('before publication', () => {
  test('held: the result page and the leaderboard say the results are delayed, with no time and no score', async () => {
    const { quiz, sat } = await closedMock()
    await db.updateTable('quizzes').set({ results_held: 1 }).where('id', '=', quiz.id).execute()
    const opts = { cookie: await signedInCookie(sat.user.id), params: { quizId: quiz.id } }
    const page = await callRoute(resultPage, `/quiz/result/${quiz.id}`, opts)
    expect(page.data).toMatchObject({
      result: null,
      resultsAt: 'Submitted. The results are delayed: they will be published once staff have checked the paper.',
    })
    const board = await callRoute(leaderboardPage, `/quiz/leaderboard/${quiz.id}`, opts)
    expect(board.data).toMatchObject({ board: null, resultsAt: expect.stringContaining('delayed') })
    // Not held: the time they come.
    await db.updateTable('quizzes').set({ results_held: 0 }).where('id', '=', quiz.id).execute()
    const due = await callRoute(resultPage, `/quiz/result/${quiz.id}`, opts)
    expect((due.data as { resultsAt: string }).resultsAt).toMatch(/^Submitted\. Results at .* IST\.$/)
  })

  test('an early submitter reaches no explanation image and no question doubt until publication', async () => {
    const { quiz, sat } = await closedMock()
    const viewer = { id: sat.user.id, role: 'user' as const }
    const imageId = 'abcdefabcdefabcdefabcdef'
    expect(await canSeeAnswerImage(viewer, quiz.id, imageId)).toBe(false)
    expect((await questionDoubtAccess(viewer, quiz.id, quiz.questionIds[0])).ok).toBe(false)
    await publish(quiz.id)
    expect(await canSeeAnswerImage(viewer, quiz.id, imageId)).toBe(true)
    expect((await questionDoubtAccess(viewer, quiz.id, quiz.questionIds[0])).ok).toBe(true)
  })
})
