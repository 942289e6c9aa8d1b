import { describe, expect, test } from 'vitest'
import { createBankQuestion, createQuiz, createUser } from '../../db/factories'
import { callRoute, signedInUser } from '../support/harness'
import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { quizImageUrl } from '~/lib/quiz/images'
import {
  drawBankPractice,
  practiceLearner,
  pyqPapers,
  startPyqPractice,
  buildBankPractice,
} from '~/models/bank/practice.server'
import { saveAnswers, startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { recordVisit } from '~/models/quiz/answers.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { canSeeAnswerImage } from '~/models/quiz/image-use.server'
import { getPracticeSet } from '~/models/quiz/practice-set.server'
import { learnerTests } from '~/models/quiz/progress.server'
import { mistakeList, revisableQuestionIds } from '~/models/quiz/revision.server'
import { getLeaderboard } from '~/models/quiz/standing.server'
import { getAttemptedQuizIds } from '~/models/accounts/user.server'
import { db } from '~/utils/db.server'

// Practice from the question bank on SQLite and PostgreSQL (app/models/bank/practice.server.ts): the key rule (never
// a question of a paper the learner can still take and has not submitted; a learner without paid quiz access only
// questions of free papers), not-seen-first, the builder's bounds and refusals, timed sets, previous year papers,
// keys only after submission, topic accuracy and answer images.

type Viewer = { id: string; role: 'user' }

async function freeLearner(): Promise<Viewer> {
  return { id: (await createUser(db, { role: 'user' })).id, role: 'user' }
}
async function paidLearner(): Promise<Viewer> {
  return { id: (await createUser(db, { role: 'user', hasAccessToQuizzes: true })).id, role: 'user' }
}

/** A paper with no questions of its own (bank questions are placed in it with createBankQuestion's `papers`). */
async function paper(category: 'free' | 'paid') {
  const quiz = await createQuiz(db, { category, questions: [] })
  return quiz.id
}

/** Takes and submits the paper's ranked attempt, answering nothing. */
async function submitPaper(userId: string, quizId: string) {
  const quiz = (await getQuiz(quizId))!
  const { attempt } = await startAttempt({ userId, quiz })
  expect((await submitAttempt({ attemptId: attempt.id })).status).toBe('submitted')
}

const draw = async (user: Viewer, topic: string, count = 100, unseenFirst = true) => {
  const rowIds = await drawBankPractice({
    learner: await practiceLearner(user),
    filters: { topics: [topic] },
    count,
    unseenFirst,
  })
  const rows = rowIds.length
    ? await db.selectFrom('questions').select(['id', 'bank_question_id', 'quiz_id']).where('id', 'in', rowIds).execute()
    : []
  expect(rows.every((r) => r.quiz_id === BANK_QUIZ_ID)).toBe(true)
  return new Set(rows.map((r) => r.bank_question_id!))
}

/** Answers every question of a practice set (option 0, the factories' key; null: only visits each) and submits it. */
async function answerSet(userId: string, setId: string, option: number | null = 0) {
  const set = (await getPracticeSet(userId, setId))!
  const rows = await db
    .selectFrom('practice_set_questions')
    .select('question_id')
    .where('set_id', '=', setId)
    .orderBy('seq')
    .execute()
  if (option === null) for (const r of rows) await recordVisit({ attempt: set.attempt, questionId: r.question_id })
  else
    expect(
      await saveAnswers({
        attempt: set.attempt,
        answers: rows.map((r) => ({ questionId: r.question_id, selectedOption: option })),
      }),
    ).toBe('saved')
  expect((await submitAttempt({ attemptId: set.attempt.id })).status).toBe('submitted')
  return rows.map((r) => r.question_id)
}

describe('the key rule', () => {
  test('a question of a free paper the learner has not submitted opens for practice only after they submit it', async () => {
    const free = await paper('free')
    const other = await paper('free')
    const me = await freeLearner()
    const inFree = await createBankQuestion(db, { topic: 'Open paper', papers: [free] })
    const inBoth = await createBankQuestion(db, { topic: 'Open paper', papers: [other, free] })
    const inOther = await createBankQuestion(db, { topic: 'Open paper', papers: [other] })
    await submitPaper(me.id, other)

    // `free` is still to take: its questions stay out, even one also in a paper already submitted.
    expect(await draw(me, 'Open paper')).toEqual(new Set([inOther.id]))
    const pyqFilters = { topics: ['Open paper'] }
    expect(
      await buildBankPractice({ user: me, filters: pyqFilters, count: 20, unseenFirst: true, timed: false }),
    ).toMatchObject({ ok: true, drawn: 1 })

    await submitPaper(me.id, free)
    expect(await draw(me, 'Open paper')).toEqual(new Set([inFree.id, inBoth.id, inOther.id]))
    // Another learner who has not submitted either paper gets none of them.
    expect(await draw(await freeLearner(), 'Open paper')).toEqual(new Set())
  })

  test('a free learner practises only questions of free papers; a paid learner the whole bank, minus papers to take', async () => {
    const free = await paper('free')
    const paid = await paper('paid')
    const inFree = await createBankQuestion(db, { topic: 'Reach', papers: [free] })
    const inPaid = await createBankQuestion(db, { topic: 'Reach', papers: [paid] })
    const bankOnly = await createBankQuestion(db, { topic: 'Reach' })
    await createBankQuestion(db, { topic: 'Reach', retired: true })
    await createBankQuestion(db, { topic: 'Reach', retired: true, papers: [free] })

    const freeMe = await freeLearner()
    await submitPaper(freeMe.id, free)
    // Never the paid paper's question (they cannot take it, so it does not wait for them either) nor a bank-only one.
    expect(await draw(freeMe, 'Reach')).toEqual(new Set([inFree.id]))

    const paidMe = await paidLearner()
    // They can take both papers and have submitted neither: only the bank's own question.
    expect(await draw(paidMe, 'Reach')).toEqual(new Set([bankOnly.id]))
    await submitPaper(paidMe.id, paid)
    await submitPaper(paidMe.id, free)
    expect(await draw(paidMe, 'Reach')).toEqual(new Set([inFree.id, inPaid.id, bankOnly.id]))

    // Staff read every paper and its keys anyway (app/lib/quiz/visibility.ts): the whole bank, nothing held back.
    const staff = { id: (await createUser(db, { role: 'instructor' })).id, role: 'instructor' as const }
    expect(
      await drawBankPractice({
        learner: await practiceLearner(staff),
        filters: { topics: ['Reach'] },
        count: 10,
        unseenFirst: false,
      }),
    ).toHaveLength(3)
  })

  test('an archived paper row does not hold a question back', async () => {
    const free = await paper('free')
    const me = await freeLearner()
    const q = await createBankQuestion(db, { topic: 'Archived', papers: [free] })
    const other = await paper('free')
    await createBankQuestion(db, { topic: 'Other', papers: [other] })
    await submitPaper(me.id, other)
    // Copy the question into `other` too (submitted), then archive its row in `free`: nothing open holds it now.
    const row = await db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', q.paperRowIds[0])
      .executeTakeFirstOrThrow()
    await db
      .insertInto('questions')
      .values({ ...row, id: 'c0ffee0000000000000000aa', quiz_id: other, position: 5 })
      .execute()
    expect(await draw(me, 'Archived')).toEqual(new Set())
    await db.updateTable('questions').set({ archived_at: new Date().toISOString() }).where('id', '=', row.id).execute()
    expect(await draw(me, 'Archived')).toEqual(new Set([q.id]))
  })
})

describe('the draw', () => {
  test('not seen first: questions never shown (on any version, answered or only visited) come before seen ones', async () => {
    const me = await paidLearner()
    const ids: string[] = []
    for (let i = 0; i < 10; i++) ids.push((await createBankQuestion(db, { topic: 'Seen' })).id)

    const first = await buildBankPractice({
      user: me,
      filters: { topics: ['Seen'] },
      count: 5,
      unseenFirst: true,
      timed: false,
    })
    if (!first.ok) throw new Error('no draw')
    await answerSet(me.id, first.setId)
    const answered = await draw(me, 'Seen', 5)
    const firstBank = new Set(
      (
        await db
          .selectFrom('practice_set_questions as p')
          .innerJoin('questions as q', 'q.id', 'p.question_id')
          .select('q.bank_question_id')
          .where('p.set_id', '=', first.setId)
          .execute()
      ).map((r) => r.bank_question_id!),
    )
    expect(firstBank.size).toBe(5)
    // The next five are exactly the five never answered.
    expect([...answered].some((id) => firstBank.has(id))).toBe(false)

    // A question only shown (visited, no answer) is seen too: the second five are visited and left unanswered.
    const second = await buildBankPractice({
      user: me,
      filters: { topics: ['Seen'] },
      count: 5,
      unseenFirst: true,
      timed: false,
    })
    if (!second.ok) throw new Error('no draw')
    await answerSet(me.id, second.setId, null)
    // So is one answered on a paper's version of it (once that paper is submitted it may be practised).
    const free = await paper('free')
    const viaPaper = await createBankQuestion(db, { topic: 'Seen', papers: [free] })
    const quiz = (await getQuiz(free))!
    const { attempt } = await startAttempt({ userId: me.id, quiz })
    await saveAnswers({ attempt, answers: [{ questionId: viaPaper.paperRowIds[0], selectedOption: 2 }] })
    await submitAttempt({ attemptId: attempt.id })
    // Eleven seen, one not: a draw of one is that one every time (were one of the eleven read as unseen, some draw
    // of the twenty would miss it, but for a chance of 1 in 2^20).
    const fresh = await createBankQuestion(db, { topic: 'Seen' })
    for (let i = 0; i < 20; i++) expect([...(await draw(me, 'Seen', 1))]).toEqual([fresh.id])
    // ...and the rest follow it, seen ones at random.
    const all = await draw(me, 'Seen', 20)
    expect(all.size).toBe(12)

    // Off: random over all, so answered ones turn up in a draw of 5 out of 12 (never in 30 tries: ~1 in 10^70).
    let mixed = false
    for (let i = 0; i < 30 && !mixed; i++)
      mixed = [...(await draw(me, 'Seen', 5, false))].some((id) => firstBank.has(id))
    expect(mixed).toBe(true)
  })

  test('timed sets a deadline of a minute and a half a question, rounded up; untimed none; the attempt is of the bank', async () => {
    const me = await paidLearner()
    for (let i = 0; i < 7; i++) await createBankQuestion(db, { topic: 'Clock' })
    const now = new Date()
    const timed = await buildBankPractice({
      user: me,
      filters: { topics: ['Clock'] },
      count: 20,
      unseenFirst: true,
      timed: true,
      now,
    })
    if (!timed.ok) throw new Error('no draw')
    expect(timed.drawn).toBe(7)
    const set = (await getPracticeSet(me.id, timed.setId, now))!
    expect(set.attempt.quiz_id).toBe(BANK_QUIZ_ID)
    expect(set.attempt.mode).toBe('practice')
    expect(set.title).toBe('Clock (7)')
    expect(new Date(set.attempt.deadline_at!).getTime() - now.getTime()).toBe(11 * 60_000)

    // The server keeps the clock: past deadline + grace nothing is saved and the set reads as submitted.
    const late = new Date(now.getTime() + 60 * 60_000)
    const [row] = await db
      .selectFrom('practice_set_questions')
      .select('question_id')
      .where('set_id', '=', timed.setId)
      .execute()
    expect(
      await saveAnswers({
        attempt: set.attempt,
        answers: [{ questionId: row.question_id, selectedOption: 0 }],
        now: late,
      }),
    ).toBe('closed')
    expect((await getPracticeSet(me.id, timed.setId, late))!.attempt.submitted_at).toBe(set.attempt.deadline_at)

    const untimed = await buildBankPractice({
      user: me,
      filters: { topics: ['Clock'] },
      count: 5,
      unseenFirst: false,
      timed: false,
    })
    if (!untimed.ok) throw new Error('no draw')
    expect((await getPracticeSet(me.id, untimed.setId))!.attempt.deadline_at).toBeNull()

    // Never a paper: no leaderboard, not an attempted quiz.
    expect(await getLeaderboard({ quizId: BANK_QUIZ_ID })).toBeNull()
    expect(await getAttemptedQuizIds(me.id)).not.toContain(BANK_QUIZ_ID)
  })
})

describe('/practice: Build a practice test', () => {
  test('count bounds, nothing matching and fewer matching, with what was chosen kept', async () => {
    const { action } = await import('~/routes/practice/index')
    const me = await signedInUser('user', { hasAccessToQuizzes: true })
    for (let i = 0; i < 3; i++)
      await createBankQuestion(db, { subject: 'Zoology', topic: 'Form', year: 2023, exams: ['GATE XL'] })
    const post = (fields: Record<string, string | string[]>) =>
      callRoute(action, '/practice', { cookie: me.cookie, form: { intent: 'build', ...fields } })

    for (const count of ['4', '101', '2.5', 'many']) {
      const r = await post({ subject: 'Zoology', topic: ['Form'], count, timed: 'on' })
      expect(r.status).toBe(400)
      expect(r.data.build.error.count).toEqual(['Choose from 5 to 100 questions'])
      expect(r.data.build.initialValue).toMatchObject({ subject: 'Zoology', topic: 'Form', count, timed: 'on' })
    }
    expect(await db.selectFrom('practice_sets').select('id').where('user_id', '=', me.id).execute()).toEqual([])

    const none = await post({ topic: ['Form'], year: '2019', count: '20' })
    expect(none.status).toBe(400)
    expect(none.data.build.error['']).toEqual(['No questions match: widen the filters.'])
    expect(none.data.hint).toMatch(/No question in the bank has all these tags/)
    expect(none.data.build.initialValue).toMatchObject({ topic: 'Form', year: '2019' })

    // Matching questions held back by a paper still to take: the hint says why.
    const free = await paper('free')
    await createBankQuestion(db, { topic: 'Held', papers: [free] })
    const held = await post({ topic: ['Held'], count: '20' })
    expect(held.data.hint).toMatch(/1 question matches these filters, but none you can practise now/)

    const few = await post({ subject: 'Zoology', exam: 'GATE XL', year: '2023', difficulty: 'medium', count: '20' })
    expect(few.status).toBe(302)
    expect(few.location).toMatch(/^\/practice\/sets\/[0-9a-f]{24}\?q=1$/)
    expect(few.headers.get('Set-Cookie')).toMatch(/toast-session=/)
    // The count defaults to 20 when left empty.
    const blank = await post({ subject: 'Zoology', count: '' })
    expect(blank.status).toBe(302)
  })

  test('keys and explanations are not in the test page before submitting, and are on the result after', async () => {
    const setRoute = await import('~/routes/practice/set')
    const resultRoute = await import('~/routes/practice/set-result')
    const { action } = await import('~/routes/practice/index')
    const me = await signedInUser('user', { hasAccessToQuizzes: true })
    await createBankQuestion(db, {
      topic: 'Keys',
      question: {
        questionText: 'Which base pairs with adenine in DNA?',
        options: ['Thymine', 'Uracil', 'Guanine', 'Cytosine'],
        correctOption: 0,
        explanation: 'SECRET-EXPLANATION: two hydrogen bonds',
      },
    })
    const built = await callRoute(action, '/practice', {
      cookie: me.cookie,
      form: { intent: 'build', topic: 'Keys', count: '5', unseenFirst: 'on' },
    })
    const setId = built.location!.match(/sets\/([0-9a-f]{24})/)![1]
    const page = await callRoute(setRoute.loader, `/practice/sets/${setId}?q=1`, {
      cookie: me.cookie,
      params: { setId },
    })
    expect(page.status).toBe(200)
    expect(page.data.title).toBe('Practice: Keys (1)')
    const sent = JSON.stringify(page.data)
    expect(sent).toContain('Which base pairs with adenine')
    expect(sent).not.toMatch(/SECRET-EXPLANATION|correct_?[oO]ption|answer_?[mM]in/)
    const early = await callRoute(resultRoute.loader, `/practice/sets/${setId}/result`, {
      cookie: me.cookie,
      params: { setId },
    })
    expect(early.status).toBe(404)

    await answerSet(me.id, setId, 1)
    const result = await callRoute(resultRoute.loader, `/practice/sets/${setId}/result`, {
      cookie: me.cookie,
      params: { setId },
    })
    expect(result.status).toBe(200)
    expect(JSON.stringify(result.data)).toContain('SECRET-EXPLANATION')
    expect(result.data.questions[0].question.correctOptions).toEqual([0])
    // Another learner cannot open it.
    const other = await signedInUser('user')
    expect(
      (await callRoute(setRoute.loader, `/practice/sets/${setId}`, { cookie: other.cookie, params: { setId } })).status,
    ).toBe(404)
  })
})

describe('previous year papers', () => {
  test('one entry per exam and year, counting what the learner may practise; opens an untimed set', async () => {
    const free = await paper('free')
    const tag = { subject: 'Biotech', exams: ['CUET PG'], year: 2021 }
    const inFree = await createBankQuestion(db, { ...tag, topic: 'PYQ', papers: [free] })
    await createBankQuestion(db, { ...tag, topic: 'PYQ' })
    await createBankQuestion(db, { ...tag, topic: 'PYQ' })
    await createBankQuestion(db, { ...tag, topic: 'PYQ', retired: true })
    await createBankQuestion(db, { subject: 'Biotech', exams: ['CUET PG'], year: 2022, topic: 'PYQ', papers: [free] })
    const entry = (list: Awaited<ReturnType<typeof pyqPapers>>, year: number) =>
      list.find((p) => p.exam === 'CUET PG' && p.year === year)

    const paidMe = await paidLearner()
    const before = await pyqPapers(await practiceLearner(paidMe))
    expect(entry(before, 2021)).toEqual({ exam: 'CUET PG', year: 2021, questions: 2, total: 3 })
    expect(entry(before, 2022)).toEqual({ exam: 'CUET PG', year: 2022, questions: 0, total: 1 })
    // Newest year first within an exam.
    expect(before.findIndex((p) => p.year === 2022)).toBeLessThan(before.findIndex((p) => p.year === 2021))
    await submitPaper(paidMe.id, free)
    const after = await pyqPapers(await practiceLearner(paidMe))
    expect(entry(after, 2021)!.questions).toBe(3)
    expect(entry(after, 2022)!.questions).toBe(1)

    // A free learner who submitted the free paper: only its question, never the bank-only ones.
    const freeMe = await freeLearner()
    await submitPaper(freeMe.id, free)
    expect(entry(await pyqPapers(await practiceLearner(freeMe)), 2021)!.questions).toBe(1)
    const opened = await startPyqPractice({ user: freeMe, exam: 'CUET PG', year: 2021 })
    if (!opened.ok) throw new Error('not opened')
    const set = (await getPracticeSet(freeMe.id, opened.setId))!
    expect(set.attempt.deadline_at).toBeNull()
    expect(set.title).toBe('CUET PG 2021 (1)')
    const rows = await db
      .selectFrom('practice_set_questions as p')
      .innerJoin('questions as q', 'q.id', 'p.question_id')
      .select(['q.bank_question_id', 'q.quiz_id'])
      .where('p.set_id', '=', opened.setId)
      .execute()
    expect(rows).toEqual([{ bank_question_id: inFree.id, quiz_id: BANK_QUIZ_ID }])
    expect(await startPyqPractice({ user: await freeLearner(), exam: 'CUET PG', year: 2021 })).toEqual({ ok: false })

    // The page: the same list, and the button's post opens the test.
    const pyq = await import('~/routes/practice/pyq')
    const me = await signedInUser('user')
    await submitPaper(me.id, free)
    const page = await callRoute(pyq.loader, '/practice/pyq', { cookie: me.cookie })
    expect(entry(page.data.papers, 2021)).toEqual({ exam: 'CUET PG', year: 2021, questions: 1, total: 3 })
    const post = await callRoute(pyq.action, '/practice/pyq', {
      cookie: me.cookie,
      form: { intent: 'pyq', exam: 'CUET PG', year: '2021' },
    })
    expect(post.location).toMatch(/^\/practice\/sets\/[0-9a-f]{24}\?q=1$/)
    const bad = await callRoute(pyq.action, '/practice/pyq', { cookie: me.cookie, form: { intent: 'pyq', exam: '' } })
    expect(bad.status).toBe(400)
  })
})

describe('after a bank practice test', () => {
  test('topic accuracy counts it, its mistakes are revisable under Practice, its explanation images open', async () => {
    const me = await paidLearner()
    const imageId = 'abcdef0123456789abcdef01'
    const images = new Map([['cell.png', { url: quizImageUrl({ id: imageId, name: 'cell.png' }) }]])
    const right = await createBankQuestion(db, {
      topic: 'Accuracy',
      question: { questionText: 'R', options: ['a', 'b', 'c', 'd'], correctOption: 0 },
    })
    const wrong = await createBankQuestion(db, {
      topic: 'Accuracy',
      question: {
        questionText: 'W',
        options: ['a', 'b', 'c', 'd'],
        correctOption: 1,
        explanation: '![cell](cell.png)',
      },
      images,
    })
    const built = await buildBankPractice({
      user: me,
      filters: { topics: ['Accuracy'] },
      count: 5,
      unseenFirst: true,
      timed: false,
    })
    if (!built.ok) throw new Error('no draw')
    // Before submitting: the explanation's image is not theirs.
    expect(await canSeeAnswerImage(me, 'aaaaaaaaaaaaaaaaaaaaaaaa', imageId)).toBe(false)
    await answerSet(me.id, built.setId, 0)

    const progress = await learnerTests(me)
    expect(progress.tests).toEqual([])
    expect(progress.topics.find((t) => t.topic === 'Accuracy')).toMatchObject({ questions: 2, correct: 1, wrong: 1 })

    const { items, options } = await mistakeList(me)
    expect(items.map((i) => [i.question.questionId, i.quiz.title, i.setId])).toEqual([
      [wrong.bankRowId, 'Practice', built.setId],
    ])
    expect(options.quizzes).toEqual([{ id: BANK_QUIZ_ID, title: 'Practice' }])
    expect(await revisableQuestionIds(me, [wrong.bankRowId, right.bankRowId])).toEqual(
      new Set([wrong.bankRowId, right.bankRowId]),
    )
    expect(await revisableQuestionIds(await paidLearner(), [wrong.bankRowId])).toEqual(new Set())

    expect(await canSeeAnswerImage(me, 'aaaaaaaaaaaaaaaaaaaaaaaa', imageId)).toBe(true)
    expect(await canSeeAnswerImage(await paidLearner(), 'aaaaaaaaaaaaaaaaaaaaaaaa', imageId)).toBe(false)
  })
})
