import { describe, expect, test } from 'vitest'
import {
  createCourse,
  createLecture,
  createQuiz,
  createSection,
  createUser,
  enrol,
  type QuestionInput,
} from '../../db/factories'
import { deleteLecture } from '~/models/catalogue/lecture-edits.server'
import {
  doneLectureIds,
  lastOpenedLectures,
  progressByCourse,
  recordLectureOpened,
  setLectureDone,
} from '~/models/enrolment/lecture-progress.server'
import { saveAnswers, startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { getQuizForEdit, updateQuiz } from '~/models/quiz/editing.server'
import { quizResultCsvRows } from '~/models/quiz/export.server'
import { getPracticeSet, practiceSetResult, startPracticeSet } from '~/models/quiz/practice-set.server'
import { learnerTests } from '~/models/quiz/progress.server'
import { mistakeList, revisableQuestionIds, saveQuestion, savedList } from '~/models/quiz/revision.server'
import { getQuizResults } from '~/models/quiz/staff-results.server'
import { getLeaderboard, scoreCounts } from '~/models/quiz/standing.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { formatMarks } from '~/lib/quiz/marks'
import { db } from '~/utils/db.server'

// The learning loop on SQLite and PostgreSQL: lecture progress and resume, the mistake list (the version the learner
// saw, after staff edit the quiz), saved questions, practice sets (scored by the one scorer, never ranked), topic
// accuracy against figures worked out by hand, and that a learner's ids are theirs alone.

const OPTS = ['A', 'B', 'C', 'D']
const U = 30000
// Times in the past: a staff edit made now must come after the attempts it must not change.
const T0 = new Date(Date.now() - 86_400_000)
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000)

async function learner() {
  const u = await createUser(db, { role: 'user' })
  return { id: u.id, role: 'user' as const, has_access_to_quizzes: 0 }
}

/** A quiz whose questions were written before T0, so attempts started at T0 see them all. */
async function quizOf(questions: QuestionInput[], title?: string) {
  const quiz = await createQuiz(db, { title, questions })
  await db
    .updateTable('questions')
    .set({ created_at: at(-60).toISOString() })
    .where('quiz_id', '=', quiz.id)
    .execute()
  return quiz
}

type Given = { selectedOption?: number; selectedOptions?: number[]; numericAnswer?: string } | null

/** Takes the quiz as a learner through the attempt model: start at `start`, answer, submit a minute later. */
async function take(userId: string, quizId: string, given: Given[], start = 0) {
  const quiz = (await getQuiz(quizId))!
  const { attempt } = await startAttempt({ userId, quiz, now: at(start) })
  const ids = (
    await db.selectFrom('questions').select('id').where('quiz_id', '=', quizId).orderBy('position').execute()
  ).map((r) => r.id)
  const answers = given.flatMap((g, i) =>
    g
      ? [
          {
            questionId: ids[i],
            selectedOption: g.selectedOption ?? null,
            selectedOptions: g.selectedOptions,
            numericAnswer: g.numericAnswer,
          },
        ]
      : [],
  )
  if (answers.length) expect(await saveAnswers({ attempt, answers, now: at(start + 1) })).toBe('saved')
  const outcome = await submitAttempt({ attemptId: attempt.id, now: at(start + 2) })
  expect(outcome.status).toBe('submitted')
  return { attempt: outcome.attempt, questionIds: ids }
}

describe('lecture progress', () => {
  test('marks count against the course’s current lectures; resume follows the last opened; refusals', async () => {
    const course = await createCourse(db)
    const other = await createCourse(db)
    const s1 = await createSection(db, { courseId: course.id, title: 'S1' })
    const lectures = []
    for (const title of ['L1', 'L2', 'L3', 'L4'])
      lectures.push(await createLecture(db, { sectionId: s1.id, title, videoURL: 'https://www.youtube.com/embed/x' }))
    const foreign = await createLecture(db, {
      sectionId: (await createSection(db, { courseId: other.id, title: 'O' })).id,
      title: 'Other',
      videoURL: 'https://www.youtube.com/embed/y',
    })
    const me = await learner()
    const stranger = await learner()
    await enrol(db, { userId: me.id, courseId: course.id })

    // Not enrolled: refused, nothing stored. A lecture of another course: refused.
    expect(
      await setLectureDone({ user: stranger, courseId: course.id, lectureId: lectures[0].id, done: true }),
    ).toEqual({ ok: false, reason: 'no-access' })
    expect(await setLectureDone({ user: me, courseId: course.id, lectureId: foreign.id, done: true })).toEqual({
      ok: false,
      reason: 'no-lecture',
    })
    for (const l of [lectures[0], lectures[1], lectures[0]])
      expect(await setLectureDone({ user: me, courseId: course.id, lectureId: l.id, done: true })).toEqual({ ok: true })
    expect((await doneLectureIds(me.id, course.id)).sort()).toEqual([lectures[0].id, lectures[1].id].sort())
    expect((await progressByCourse(me.id, [course.id])).get(course.id)).toEqual({ done: 2, total: 4, percent: 50 })
    expect((await progressByCourse(stranger.id, [course.id])).get(course.id)).toEqual({ done: 0, total: 4, percent: 0 })

    // Staff open every course to look at it, but keep no progress.
    const instructor = { id: (await createUser(db, { role: 'instructor' })).id, role: 'instructor' as const }
    expect(
      await setLectureDone({ user: instructor, courseId: course.id, lectureId: lectures[0].id, done: true }),
    ).toEqual({ ok: false, reason: 'no-access' })

    // Staff delete a done lecture: it leaves the count; a new one joins it.
    await deleteLecture({ actorId: (await createUser(db, { role: 'admin' })).id, lectureId: lectures[1].id })
    await createLecture(db, { sectionId: s1.id, title: 'L5', videoURL: 'https://www.youtube.com/embed/z' })
    expect((await progressByCourse(me.id, [course.id])).get(course.id)).toEqual({ done: 1, total: 4, percent: 25 })
    expect(await setLectureDone({ user: me, courseId: course.id, lectureId: lectures[0].id, done: false })).toEqual({
      ok: true,
    })
    expect(await doneLectureIds(me.id, course.id)).toEqual([])

    // Resume: the last lecture opened; reopening the same one writes nothing new; a deleted one is forgotten.
    await recordLectureOpened({ userId: me.id, courseId: course.id, lectureId: lectures[2].id, now: at(1) })
    await recordLectureOpened({ userId: me.id, courseId: course.id, lectureId: lectures[3].id, now: at(2) })
    await recordLectureOpened({ userId: me.id, courseId: course.id, lectureId: lectures[3].id, now: at(3) })
    expect((await lastOpenedLectures(me.id, [course.id])).get(course.id)).toBe(lectures[3].id)
    const visit = await db
      .selectFrom('lecture_visits')
      .select('opened_at')
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow()
    expect(visit.opened_at).toBe(at(2).toISOString())
    await deleteLecture({ actorId: (await createUser(db, { role: 'admin' })).id, lectureId: lectures[3].id })
    expect((await lastOpenedLectures(me.id, [course.id])).has(course.id)).toBe(false)
  })
})

describe('mistakes, saved questions and practice sets', () => {
  test('the mistake list shows the version the learner saw after staff edit the quiz', async () => {
    const quiz = await quizOf([
      { questionText: 'Q1 right', options: OPTS, correctOption: 0, topic: 'Cell' },
      { questionText: 'Q2 as first written', options: OPTS, correctOption: 1, topic: 'Genetics', explanation: 'E2' },
      { questionText: 'Q3 left blank', options: OPTS, correctOption: 2, topic: 'Cell' },
    ])
    const me = await learner()
    const { questionIds } = await take(me.id, quiz.id, [{ selectedOption: 0 }, { selectedOption: 3 }, null])

    // Staff rewrite Q2 (text and key) and add a Q4: the old Q2 is archived, a new version takes its place.
    const edit = (await getQuizForEdit(quiz.id))!
    const admin = await createUser(db, { role: 'admin' })
    await updateQuiz({
      actorId: admin.id,
      quizId: quiz.id,
      input: {
        title: edit.title,
        description: edit.description,
        category: edit.category,
        timeLimit: edit.timeLimit,
        questions: [
          edit.questions[0],
          { ...edit.questions[1], questionText: 'Q2 rewritten', correctOption: 2 },
          edit.questions[2],
          { questionText: 'Q4 added later', options: OPTS, correctOption: 3, topic: 'Cell' },
        ],
      },
    })
    const current = await db
      .selectFrom('questions')
      .select(['id', 'question_text'])
      .where('quiz_id', '=', quiz.id)
      .where('archived_at', 'is', null)
      .orderBy('position')
      .execute()
    expect(current.map((q) => q.question_text)).toEqual(['Q1 right', 'Q2 rewritten', 'Q3 left blank', 'Q4 added later'])
    expect(current[1].id).not.toBe(questionIds[1])

    const { items, options } = await mistakeList(me)
    expect(items.map((i) => [i.question.questionId, i.question.question, i.question.outcome])).toEqual([
      [questionIds[1], 'Q2 as first written', 'wrong'],
      [questionIds[2], 'Q3 left blank', 'unattempted'],
    ])
    expect(items[0].question.correctOptions).toEqual([1])
    expect(items[0].question.selectedOption).toBe(3)
    expect(items[0].question.explanation).toBe('E2')
    expect(options).toEqual({ quizzes: [{ id: quiz.id, title: edit.title }], topics: ['Cell', 'Genetics'] })
    expect((await mistakeList(me, { topic: 'Genetics' })).items.map((i) => i.question.questionId)).toEqual([
      questionIds[1],
    ])
    expect((await mistakeList(me, { quizId: 'aaaaaaaaaaaaaaaaaaaaaaaa' })).items).toEqual([])

    // The versions the learner saw are revisable; the rewritten and the added ones (never shown to them) are not.
    const revisable = await revisableQuestionIds(me, [...questionIds, current[1].id, current[3].id])
    expect([...revisable].sort()).toEqual([...questionIds].sort())
    expect(await saveQuestion({ user: me, questionId: current[3].id })).toEqual({ ok: false, reason: 'not-revisable' })
    expect(await saveQuestion({ user: me, questionId: questionIds[1] })).toEqual({ ok: true })
    expect(await saveQuestion({ user: me, questionId: questionIds[1] })).toEqual({ ok: true })
    const saved = await savedList(me)
    expect(saved.items.map((i) => [i.question.question, i.question.selectedOption])).toEqual([
      ['Q2 as first written', 3],
    ])
  })

  test('a learner who has not submitted the ranked attempt sees and may revise nothing of that quiz', async () => {
    const quiz = await quizOf([{ questionText: 'secret', options: OPTS, correctOption: 1 }])
    const taker = await learner()
    await take(taker.id, quiz.id, [{ selectedOption: 0 }])
    const other = await learner()
    // An open (unsubmitted) ranked attempt is not a submitted one either.
    await startAttempt({ userId: other.id, quiz: (await getQuiz(quiz.id))!, now: new Date() })
    expect((await mistakeList(other)).items).toEqual([])
    expect((await mistakeList(other)).options).toEqual({ quizzes: [], topics: [] })
    expect(await revisableQuestionIds(other, quiz.questionIds)).toEqual(new Set())
    expect(await saveQuestion({ user: other, questionId: quiz.questionIds[0] })).toEqual({
      ok: false,
      reason: 'not-revisable',
    })
    expect(await startPracticeSet({ user: other, questionIds: quiz.questionIds, title: 'x' })).toEqual({
      ok: false,
      reason: 'not-revisable',
    })
    const taken = await startPracticeSet({ user: taker, questionIds: quiz.questionIds, title: 'Mine' })
    expect(taken.ok).toBe(true)
    if (taken.ok) expect(await getPracticeSet(other.id, taken.setId)).toBeUndefined()
    expect(await db.selectFrom('saved_questions').select('user_id').where('user_id', '=', other.id).execute()).toEqual(
      [],
    )
  })

  test('a practice set is scored by the one scorer and never enters the board, the counts or the staff results', async () => {
    const a = await quizOf(
      [
        { questionText: 'A1', options: OPTS, correctOption: 0, marks: 2 * U, negativeMarks: U / 3, topic: 'Cell' },
        { questionText: 'A2', options: OPTS, correctOption: 1, topic: 'Cell' },
        { questionText: 'A3', options: OPTS, correctOption: 2, topic: 'Cell' },
      ],
      'Quiz A',
    )
    const b = await quizOf(
      [
        {
          questionText: 'B1',
          options: OPTS,
          type: 'msq',
          correctOptions: [0, 2],
          marks: 2 * U,
          negativeMarks: 0,
          topic: 'Genetics',
        },
        {
          questionText: 'B2',
          options: [],
          type: 'nat',
          answerMin: '2.5',
          answerMax: '2.6',
          marks: U,
          negativeMarks: 0,
        },
      ],
      'Quiz B',
    )
    const me = await learner()
    await take(me.id, a.id, [{ selectedOption: 3 }, null, { selectedOption: 2 }], 0)
    await take(me.id, b.id, [{ selectedOptions: [0] }, { numericAnswer: '3' }], 10)
    const before = {
      counts: [await scoreCounts(a.id), await scoreCounts(b.id)],
      board: (await getLeaderboard({ quizId: a.id, viewerId: me.id }))!.participants,
      results: (await getQuizResults(a.id))!.total,
    }

    const mistakes = (await mistakeList(me)).items
    expect(mistakes.map((i) => i.question.question)).toEqual(['B1', 'B2', 'A1', 'A2'])
    const started = await startPracticeSet({
      user: me,
      questionIds: mistakes.map((i) => i.question.questionId),
      title: 'Mistakes',
      now: at(30),
    })
    if (!started.ok) throw new Error('refused')
    const set = (await getPracticeSet(me.id, started.setId))!
    expect(set.attempt).toMatchObject({ mode: 'practice', deadline_at: null, practice_set_id: set.id, total: 6 })
    expect(set.attempt.quiz_id).toBe(b.id)
    // All right but A2 wrong: 2 + 1 + 2 - 0.25 = 4.75.
    const ids = mistakes.map((i) => i.question.questionId)
    await saveAnswers({
      attempt: set.attempt,
      answers: [
        { questionId: ids[0], selectedOption: null, selectedOptions: [2, 0] },
        { questionId: ids[1], selectedOption: null, numericAnswer: '2.55' },
        { questionId: ids[2], selectedOption: 0 },
        { questionId: ids[3], selectedOption: 2 },
      ],
      now: at(31),
    })
    // An answer to a question outside the set (A3, answered right in the test) is refused like one outside a quiz.
    await expect(
      saveAnswers({
        attempt: set.attempt,
        answers: [{ questionId: a.questionIds[2], selectedOption: 2 }],
        now: at(31),
      }),
    ).rejects.toThrow(/does not belong/)
    const done = await submitAttempt({ attemptId: set.attempt.id, now: at(32) })
    expect(done.status).toBe('submitted')
    expect(formatMarks({ num: Number(done.attempt.score_units), den: U })).toBe('4.75')
    const result = (await practiceSetResult(me.id, set.id))!
    expect(formatMarks(result.score)).toBe('4.75')
    expect(formatMarks(result.maxScore)).toBe('6.00')
    expect(result.questions.map((q) => q.outcome)).toEqual(['correct', 'correct', 'correct', 'wrong'])
    expect(await practiceSetResult((await learner()).id, set.id)).toBeUndefined()

    expect({
      counts: [await scoreCounts(a.id), await scoreCounts(b.id)],
      board: (await getLeaderboard({ quizId: a.id, viewerId: me.id }))!.participants,
      results: (await getQuizResults(a.id))!.total,
    }).toEqual(before)
    const csv = []
    for await (const row of quizResultCsvRows(a.id)) csv.push(row)
    expect(csv).toHaveLength(1)
    // The progress page reads ranked attempts only: the set changes none of its figures.
    expect((await learnerTests(me)).tests.map((t) => t.quiz.title)).toEqual(['Quiz A', 'Quiz B'])
  })
})

describe('accuracy per topic', () => {
  test('across ranked attempts only, matching figures worked out by hand, weakest first', async () => {
    const p = await quizOf(
      [
        { questionText: 'p1', options: OPTS, correctOption: 0, topic: 'Cell' },
        { questionText: 'p2', options: OPTS, correctOption: 1, topic: ' Cell ' },
        { questionText: 'p3', options: OPTS, correctOption: 0, topic: 'Genetics' },
        { questionText: 'p4', options: OPTS, type: 'msq', correctOptions: [0, 1] },
      ],
      'Paper P',
    )
    const r = await quizOf(
      [
        { questionText: 'r1', options: [], type: 'nat', answerMin: '1', answerMax: '1', topic: 'Cell' },
        { questionText: 'r2', options: OPTS, correctOption: 3, topic: 'Genetics' },
        { questionText: 'r3', options: OPTS, correctOption: 0, topic: 'Genetics' },
        { questionText: 'r4', options: OPTS, correctOption: 0, topic: 'Ecology' },
      ],
      'Paper R',
    )
    const me = await learner()
    // P: +1, -0.25, 0, +1 (msq +1/0) = 1.75 of 4.  R: +1, +1, -0.25, -0.25 = 1.5 of 4.
    await take(me.id, p.id, [{ selectedOption: 0 }, { selectedOption: 2 }, null, { selectedOptions: [1, 0] }], 0)
    await take(
      me.id,
      r.id,
      [{ numericAnswer: '1' }, { selectedOption: 3 }, { selectedOption: 1 }, { selectedOption: 1 }],
      10,
    )
    // A perfect practice re-take of P and a practice set change nothing here.
    const { startPractice } = await import('~/models/quiz/attempt.server')
    const again = await startPractice({ userId: me.id, quiz: (await getQuiz(p.id))!, timed: false, now: at(20) })
    await saveAnswers({
      attempt: again.attempt,
      answers: [
        { questionId: p.questionIds[1], selectedOption: 1 },
        { questionId: p.questionIds[2], selectedOption: 0 },
      ],
      now: at(21),
    })
    await submitAttempt({ attemptId: again.attempt.id, now: at(22) })
    const set = await startPracticeSet({ user: me, questionIds: [p.questionIds[1]], title: 'x', now: at(23) })
    if (set.ok) {
      const s = (await getPracticeSet(me.id, set.setId))!
      await submitAttempt({
        attemptId: s.attempt.id,
        answers: [{ questionId: p.questionIds[1], selectedOption: 1 }],
        now: at(24),
      })
    }

    const { tests, topics } = await learnerTests(me)
    expect(tests.map((t) => [t.quiz.title, formatMarks(t.score), formatMarks(t.maxScore)])).toEqual([
      ['Paper P', '1.75', '4.00'],
      ['Paper R', '1.50', '4.00'],
    ])
    // By hand: Ecology 0 of 1 attempted; Genetics 1 of 2 (p3 blank, r2 right, r3 wrong); Cell 2 of 3 (p1, p2 wrong,
    // r1); Other (p4, no topic) 1 of 1.
    expect(topics).toEqual([
      { topic: 'Ecology', questions: 1, correct: 0, wrong: 1, unattempted: 0, attempted: 1, accuracy: 0 },
      { topic: 'Genetics', questions: 3, correct: 1, wrong: 1, unattempted: 1, attempted: 2, accuracy: 0.5 },
      { topic: 'Cell', questions: 3, correct: 2, wrong: 1, unattempted: 0, attempted: 3, accuracy: 2 / 3 },
      { topic: 'Other', questions: 1, correct: 1, wrong: 0, unattempted: 0, attempted: 1, accuracy: 1 },
    ])
  })
})

describe('ownership: posting another learner’s ids through the pages changes nothing', () => {
  test('saving, removing and practising another learner’s questions, and opening their set, are refused', async () => {
    const { signedInUser, callRoute } = await import('../support/harness')
    const result = await import('~/routes/quiz/result')
    const practice = await import('~/routes/practice/index')
    const setPage = await import('~/routes/practice/set')
    const setResult = await import('~/routes/practice/set-result')
    const quiz = await quizOf([
      { questionText: 'owned q1', options: OPTS, correctOption: 0 },
      { questionText: 'owned q2', options: OPTS, correctOption: 1 },
    ])
    const owner = await signedInUser('user')
    const ownerRow = { id: owner.id, role: 'user' as const, has_access_to_quizzes: 0 }
    await take(owner.id, quiz.id, [{ selectedOption: 0 }, null])
    expect(await saveQuestion({ user: ownerRow, questionId: quiz.questionIds[0] })).toEqual({ ok: true })
    const set = await startPracticeSet({ user: ownerRow, questionIds: quiz.questionIds, title: 'Owner' })
    if (!set.ok) throw new Error('refused')

    const other = await signedInUser('user')
    const as = { cookie: other.cookie }
    // Save a question of a quiz they never took: 403 with the message, nothing stored.
    const saved = await callRoute(result.action, `/quiz/result/${quiz.id}`, {
      ...as,
      params: { quizId: quiz.id },
      form: { intent: 'save-question', questionId: quiz.questionIds[1] },
    })
    expect(saved.status).toBe(403)
    expect(saved.data.error).toMatch(/not one of yours/)
    // Remove the owner's saved question: the owner's row stays.
    const removed = await callRoute(practice.action, '/practice', {
      ...as,
      form: { intent: 'remove-question', questionId: quiz.questionIds[0] },
    })
    expect(removed.status).toBe(302)
    // Start practice with the owner's question ids: 403, no set made.
    const started = await callRoute(practice.action, '/practice', {
      ...as,
      form: { intent: 'start-practice', from: 'mistakes', questionId: quiz.questionIds },
    })
    expect(started.status).toBe(403)
    // The owner's set, its page, its posts and its result: not found.
    const base = `/practice/sets/${set.setId}`
    expect((await callRoute(setPage.loader, base, { ...as, params: { setId: set.setId } })).status).toBe(404)
    const posted = await callRoute(setPage.action, base, {
      ...as,
      params: { setId: set.setId },
      form: { intent: 'submit', questionId: quiz.questionIds[0], selectedOption: '0' },
    })
    expect(posted.status).toBe(404)
    expect((await callRoute(setResult.loader, `${base}/result`, { ...as, params: { setId: set.setId } })).status).toBe(
      404,
    )
    // Their own /practice shows nothing of the quiz.
    const page = await callRoute(practice.loader, '/practice', as)
    expect(JSON.stringify(page.data)).not.toContain('owned q')

    expect(
      await db
        .selectFrom('saved_questions')
        .select(['user_id', 'question_id'])
        .where('question_id', 'in', quiz.questionIds)
        .execute(),
    ).toEqual([{ user_id: owner.id, question_id: quiz.questionIds[0] }])
    expect(await db.selectFrom('practice_sets').select('user_id').where('user_id', '=', other.id).execute()).toEqual([])
    const ownerSet = (await getPracticeSet(owner.id, set.setId))!
    expect(ownerSet.attempt.submitted_at).toBeNull()
    expect(
      await db
        .selectFrom('attempt_answers')
        .select('question_id')
        .where('attempt_id', '=', ownerSet.attempt.id)
        .execute(),
    ).toEqual([])
    // The owner's own page lists what is theirs.
    const mine = await callRoute(practice.loader, '/practice', { cookie: owner.cookie })
    expect(mine.data.mistakes.map((m: { question: { id: string } }) => m.question.id)).toEqual([quiz.questionIds[1]])
    expect(mine.data.saved.map((m: { question: { id: string } }) => m.question.id)).toEqual([quiz.questionIds[0]])
  })
})
