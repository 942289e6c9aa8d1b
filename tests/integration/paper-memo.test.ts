import { describe, expect, test } from 'vitest'
import { createUser } from '../../db/factories'
import { startAttempt } from '~/models/quiz/attempt.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { createQuiz, updateQuiz } from '~/models/quiz/editing.server'
import { attemptPaper, attemptTypes, paperVersion } from '~/models/quiz/paper-memo.server'
import { db } from '~/utils/db.server'

// The paper built once per version (app/models/quiz/paper-memo.server.ts): learners of one version share one
// build, a staff edit is seen by the next request (the content version the triggers bump), and an attempt that
// started before the edit keeps the questions it was shown.

const opts = (p: string) => [`${p}1`, `${p}2`, `${p}3`, `${p}4`]
const paper = (texts: string[]) => ({
  title: 'Memo paper',
  description: 'Built once per version',
  category: 'free' as const,
  timeLimit: 30,
  questions: texts.map((questionText) => ({ questionText, options: opts(questionText[0]!), correctOption: 0 })),
})

describe('the paper memo', () => {
  test('learners arriving together share one build; a staff edit is seen by the next start, not by older attempts', async () => {
    const staff = await createUser(db, { role: 'admin' })
    const saved = await createQuiz({ actorId: staff.id, input: paper(['Alpha question', 'Beta question']) })
    if (!saved.ok) throw new Error('save refused')
    const quizId = saved.quiz.id

    // Twenty requests at once: one build, the same object for all.
    const builds = await Promise.all(Array.from({ length: 20 }, () => paperVersion(quizId)))
    expect(new Set(builds).size).toBe(1)
    expect(builds[0]!.questions.map((q) => q.questionHtml)).toEqual([
      expect.stringContaining('Alpha question'),
      expect.stringContaining('Beta question'),
    ])
    expect(builds[0]!.total).toBe(2)
    // No key in what the memo holds for the test view.
    expect(JSON.stringify(builds[0])).not.toMatch(/correct|explanation/i)

    const early = await createUser(db, { role: 'user' })
    const { attempt: before, created } = await startAttempt({ userId: early.id, quiz: (await getQuiz(quizId))! })
    expect(created).toBe(true)
    expect(before.total).toBe(2)
    // The attempt sees the current paper: served from the memo itself.
    expect(await attemptPaper(before)).toBe((await paperVersion(quizId))!.questions)

    // A second press returns the same attempt.
    const again = await startAttempt({ userId: early.id, quiz: (await getQuiz(quizId))! })
    expect(again).toMatchObject({ created: false, attempt: { id: before.id } })

    // Staff replace the second question (a clock tick later, so the new row is newer than the start).
    await new Promise((r) => setTimeout(r, 5))
    const edited = await updateQuiz({
      actorId: staff.id,
      quizId,
      input: paper(['Alpha question', 'Gamma question', 'Delta question']),
    })
    if (!edited?.ok) throw new Error('edit refused')
    const rebuilt = (await paperVersion(quizId))!
    expect(rebuilt).not.toBe(builds[0])
    expect(rebuilt.questions.map((q) => q.questionHtml).join(' ')).toMatch(/Gamma question[\s\S]*Delta question/)

    // The earlier attempt keeps what it was shown, for the page and for the saves' checks.
    const shown = await attemptPaper(before)
    expect(shown.map((q) => q.questionHtml).join(' ')).toMatch(/Alpha question[\s\S]*Beta question/)
    expect(shown.map((q) => q.questionHtml).join(' ')).not.toMatch(/Gamma/)
    expect((await attemptTypes(before)).map((q) => q.id)).toEqual(shown.map((q) => q.id))

    // A learner starting now gets the new paper and its total.
    const late = await createUser(db, { role: 'user' })
    const { attempt: after } = await startAttempt({ userId: late.id, quiz: (await getQuiz(quizId))! })
    expect(after.total).toBe(3)
    expect(await attemptPaper(after)).toBe(rebuilt.questions)
  })

  test('a quiz that does not exist, or has no question, starts nothing', async () => {
    expect(await paperVersion('0123456789abcdef01234567')).toBeUndefined()
    const staff = await createUser(db, { role: 'admin' })
    const saved = await createQuiz({ actorId: staff.id, input: paper(['Only question']) })
    if (!saved.ok) throw new Error('save refused')
    await db.deleteFrom('questions').where('quiz_id', '=', saved.quiz.id).execute()
    const learner = await createUser(db, { role: 'user' })
    await expect(startAttempt({ userId: learner.id, quiz: (await getQuiz(saved.quiz.id))! })).rejects.toThrow(
      'This quiz has no questions yet.',
    )
  })
})

describe("a practice set's paper", () => {
  test('is the set’s chosen questions, never the bank quiz’s whole current paper', async () => {
    const { createBankQuestion } = await import('../../db/factories')
    const { buildBankPractice } = await import('~/models/bank/practice.server')
    const { getPracticeSet } = await import('~/models/quiz/practice-set.server')
    const topic = `Memo set ${Date.now()}`
    for (let i = 0; i < 6; i++) await createBankQuestion(db, { topic })
    await createBankQuestion(db, { topic: 'Some other topic' })
    const user = { id: (await createUser(db, { role: 'admin' })).id, role: 'admin' as const }
    const built = await buildBankPractice({
      user,
      filters: { topics: [topic] },
      count: 5,
      unseenFirst: false,
      timed: false,
    })
    if (!built.ok) throw new Error('no set')
    const set = (await getPracticeSet(user.id, built.setId))!
    const chosen = await db
      .selectFrom('practice_set_questions')
      .select('question_id')
      .where('set_id', '=', set.id)
      .execute()
    const shown = await attemptPaper(set.attempt)
    expect(shown.map((q) => q.id).sort()).toEqual(chosen.map((r) => r.question_id).sort())
    expect(shown).toHaveLength(5)
  })
})
