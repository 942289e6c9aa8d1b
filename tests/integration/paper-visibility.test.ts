import { describe, expect, test } from 'vitest'
import { createBankQuestion, createQuiz, createUser } from '../../db/factories'
import { paperReach, resultsPublic } from '~/lib/quiz/visibility'
import { drawBankPractice, practiceLearner, pyqPapers, startPyqPractice } from '~/models/bank/practice.server'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { getPracticeSet } from '~/models/quiz/practice-set.server'
import { practiceOpenSql, resultsPublicSql } from '~/models/quiz/visibility.server'
import { db } from '~/utils/db.server'

// What of a paper reaches whom (app/lib/quiz/visibility.ts): the SQL twins agree with the pure rule on every kind of
// paper and viewer, and a live mock's questions stay out of bank practice and the previous year papers until its
// results are published, for everyone, whether they submitted it early or not, whether staff hold the results or not.
// Runs on SQLite and, in the PostgreSQL run, on PostgreSQL.

const OPENS = new Date('2031-05-04T04:30:00.000Z')
const CLOSES = new Date('2031-05-04T07:30:00.000Z')
const PUBLISHED = '2031-05-04T08:00:00.000Z'
const inWindow = new Date(OPENS.getTime() + 10 * 60_000)

type Kind = { label: string; category: 'free' | 'paid'; live: boolean; published?: boolean; held?: boolean }
const kinds: Kind[] = [
  { label: 'free anytime', category: 'free', live: false },
  { label: 'paid anytime', category: 'paid', live: false },
  { label: 'free live, unpublished', category: 'free', live: true },
  { label: 'free live, held', category: 'free', live: true, held: true },
  { label: 'paid live, unpublished', category: 'paid', live: true },
  { label: 'free live, published', category: 'free', live: true, published: true },
  { label: 'paid live, published', category: 'paid', live: true, published: true },
]

async function paperOf(kind: Kind, questions = 1) {
  const quiz = await createQuiz(db, {
    category: kind.category,
    questions: Array.from({ length: questions }, (_, i) => ({
      questionText: `Q${i}`,
      options: ['a', 'b', 'c', 'd'],
      correctOption: 0,
    })),
  })
  await db
    .updateTable('questions')
    .set({ created_at: '2031-01-01T00:00:00.000Z' })
    .where('quiz_id', '=', quiz.id)
    .execute()
  if (kind.live)
    await db
      .updateTable('quizzes')
      .set({
        opens_at: OPENS.toISOString(),
        closes_at: CLOSES.toISOString(),
        results_published_at: kind.published ? PUBLISHED : null,
        results_held: kind.held ? 1 : 0,
      })
      .where('id', '=', quiz.id)
      .execute()
  return quiz.id
}

/** Sits and submits the ranked attempt (a live mock's inside its window). */
async function submitRanked(userId: string, quizId: string) {
  const quiz = (await getQuiz(quizId))!
  const now = quiz.opens_at ? inWindow : new Date()
  const { attempt } = await startAttempt({ userId, quiz, now })
  expect((await submitAttempt({ attemptId: attempt.id, now })).status).toBe('submitted')
}

describe('the SQL twins agree with the rule', () => {
  test('practice and public results, on every kind of paper, for learners with and without access, and staff', async () => {
    const papers = new Map<string, Kind>()
    for (const kind of kinds) papers.set(await paperOf(kind), kind)
    const viewers = [
      { label: 'free learner', user: await createUser(db, { role: 'user' }), staff: false, opensPaid: false },
      {
        label: 'paid learner',
        user: await createUser(db, { role: 'user', hasAccessToQuizzes: true }),
        staff: false,
        opensPaid: true,
      },
      { label: 'staff', user: await createUser(db, { role: 'instructor' }), staff: true, opensPaid: true },
    ]
    for (const viewer of viewers)
      for (const submitted of [false, true]) {
        if (submitted)
          // Each paper it may sit: anytime ones now, the unpublished live ones inside the window.
          for (const [id, kind] of papers)
            if ((kind.category === 'free' || viewer.opensPaid) && !kind.published)
              await submitRanked(viewer.user.id, id)
        const rows = await db
          .selectFrom('quizzes as z')
          .select(['z.id', 'z.category', 'z.opens_at', 'z.closes_at', 'z.results_published_at'])
          .select((eb) => [
            eb
              .val(practiceOpenSql('z', { id: viewer.user.id, staff: viewer.staff, opensPaid: viewer.opensPaid }))
              .as('practice'),
            eb.val(resultsPublicSql('z')).as('public'),
          ])
          .where('z.id', 'in', [...papers.keys()])
          .execute()
        for (const row of rows) {
          const kind = papers.get(row.id)!
          const sat = submitted && (kind.category === 'free' || viewer.opensPaid) && !kind.published
          const reach = paperReach(row, {
            staff: viewer.staff,
            opensPaid: viewer.opensPaid,
            phase: null,
            submitted: sat,
          })
          const label = `${viewer.label}, ${submitted ? 'submitted' : 'not submitted'}, ${kind.label}`
          expect(Boolean(Number(row.practice)), label).toBe(reach.practice)
          expect(Boolean(Number(row.public)), label).toBe(resultsPublic(row))
        }
      }
  })
})

describe('a live mock keeps its questions out of practice until its results are published', () => {
  test('submitted early or not, held or not: no draw, no previous year paper, no count; drawable once published', async () => {
    const mock = await paperOf({ label: 'live', category: 'free', live: true })
    const anytime = await paperOf({ label: 'anytime', category: 'free', live: false })
    const tags = { topic: 'Enzyme kinetics', subject: 'Biochemistry', exams: ['GATE XL'], year: 2024 }
    const inMock = await createBankQuestion(db, { ...tags, papers: [mock] })
    const inBoth = await createBankQuestion(db, { ...tags, papers: [anytime, mock] })
    const inAnytime = await createBankQuestion(db, { ...tags, papers: [anytime] })

    const early = { ...(await createUser(db, { role: 'user' })), role: 'user' as const }
    const never = { ...(await createUser(db, { role: 'user', hasAccessToQuizzes: true })), role: 'user' as const }
    await submitRanked(early.id, mock)
    await submitRanked(early.id, anytime)
    await submitRanked(never.id, anytime)

    const drawn = async (user: typeof early) => {
      const ids = await drawBankPractice({
        learner: await practiceLearner(user),
        filters: { topics: ['Enzyme kinetics'] },
        count: 50,
        unseenFirst: false,
      })
      const rows = ids.length
        ? await db.selectFrom('questions').select('bank_question_id').where('id', 'in', ids).execute()
        : []
      return new Set(rows.map((r) => r.bank_question_id))
    }
    const pyq = async (user: typeof early) =>
      (await pyqPapers(await practiceLearner(user))).find((p) => p.exam === 'GATE XL' && p.year === 2024)

    for (const held of [0, 1]) {
      await db.updateTable('quizzes').set({ results_held: held }).where('id', '=', mock).execute()
      for (const user of [early, never]) {
        expect(await drawn(user)).toEqual(new Set([inAnytime.id]))
        expect(await pyq(user)).toMatchObject({ questions: 1, total: 3 })
      }
      const set = await startPyqPractice({ user: early, exam: 'GATE XL', year: 2024 })
      if (!set.ok) throw new Error('the previous year paper did not open')
      // One question: the anytime paper's, not the live mock's two.
      expect((await getPracticeSet(early.id, set.setId))?.title).toBe('GATE XL 2024 (1)')
    }

    await db
      .updateTable('quizzes')
      .set({ results_published_at: PUBLISHED, results_held: 0 })
      .where('id', '=', mock)
      .execute()
    expect(await drawn(early)).toEqual(new Set([inMock.id, inBoth.id, inAnytime.id]))
    expect(await drawn(never)).toEqual(new Set([inMock.id, inBoth.id, inAnytime.id]))
    expect(await pyq(never)).toMatchObject({ questions: 3, total: 3 })
  })
})
