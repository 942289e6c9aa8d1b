import { describe, expect, test } from 'vitest'
import {
  createCourse,
  createLecture,
  createQuiz,
  createSection,
  createUser,
  enrol,
  setQuizPrice,
} from '../../db/factories'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { contentVersion } from '~/models/catalogue/content-version.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { createSessionRow } from '~/models/accounts/session.server'
import { db } from '~/utils/db.server'

// The anonymous page cache's content version (migrations/0009_content_version.ts). Database
// triggers bump it on every committed write to a table the public pages read, whoever writes; learner activity
// leaves it alone. Runs on SQLite and, in the PostgreSQL run, on PostgreSQL (bumps deferred to commit there).

/** The version goes up across `write` (per changed row on SQLite, once per transaction on PostgreSQL). */
async function bumps(write: () => Promise<unknown>) {
  const before = await contentVersion()
  await write()
  const after = await contentVersion()
  expect(after).toBeGreaterThan(before)
}

async function keeps(write: () => Promise<unknown>) {
  const before = await contentVersion()
  await write()
  expect(await contentVersion()).toBe(before)
}

const Q = (text: string) => ({ questionText: text, options: ['A', 'B', 'C', 'D'], correctOption: 0 })

describe('content version', () => {
  test('reads what the migrations left before anything else was written, and reading bumps nothing', async () => {
    // This file's database is fresh (tests/support/vitest-setup.ts); the only write so far is migrations/0018's
    // insert of the question bank's own quiz, which the trigger counts like any other.
    const fresh = await contentVersion()
    expect(fresh).toBeGreaterThanOrEqual(0)
    expect(await contentVersion()).toBe(fresh)
  })

  test('every staff write to what public pages show bumps it: insert, update, delete, cascades', async () => {
    let course = { id: '', linkAddress: '' }
    await bumps(async () => (course = await createCourse(db)))
    await bumps(() => db.updateTable('courses').set({ card_title: 'Renamed' }).where('id', '=', course.id).execute())
    let section = { id: '' }
    await bumps(async () => (section = await createSection(db, { courseId: course.id, title: 'Unit 1' })))
    await bumps(() =>
      createLecture(db, { sectionId: section.id, title: 'Cells', videoURL: 'https://youtu.be/dQw4w9WgXcQ' }),
    )
    await bumps(() => db.updateTable('sections').set({ title: 'Unit one' }).where('id', '=', section.id).execute())
    // Deleting the course takes its sections and lectures with it (a cascade the model never sees).
    await bumps(() => db.deleteFrom('courses').where('id', '=', course.id).execute())

    let quiz = { id: '', questionIds: [] as string[] }
    await bumps(async () => (quiz = await createQuiz(db, { questions: [Q('one'), Q('two')] })))
    await bumps(() => db.updateTable('quizzes').set({ title: 'Renamed quiz' }).where('id', '=', quiz.id).execute())
    await bumps(() =>
      db.updateTable('questions').set({ question_text: 'One?' }).where('id', '=', quiz.questionIds[0]).execute(),
    )
    await bumps(() => setQuizPrice(db, { actualPrice: 499, discountedPrice: 199 }))
    await bumps(() => setQuizPrice(db, { actualPrice: 399, discountedPrice: 99 }))
  })

  test('a rolled-back write leaves it as it was', async () => {
    const before = await contentVersion()
    await expect(
      db.transaction().execute(async (trx) => {
        await createCourse(trx)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await contentVersion()).toBe(before)
  })

  test('learner activity the pages do not show leaves it alone: accounts, sessions, enrolments, attempts', async () => {
    const course = await createCourse(db)
    const quiz = (await getQuiz((await createQuiz(db, { questions: [Q('a'), Q('b')] })).id))!
    await keeps(async () => {
      const user = await createUser(db)
      await createSessionRow(user.id)
      await enrol(db, { userId: user.id, courseId: course.id })
      const { attempt } = await startAttempt({ userId: user.id, quiz })
      expect((await submitAttempt({ attemptId: attempt.id })).status).toBe('submitted')
      await db.updateTable('users').set({ name: 'Renamed learner' }).where('id', '=', user.id).execute()
    })
  })
})
