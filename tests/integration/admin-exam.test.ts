// Exam questions on the admin side: question types, exact marks, MSQ/NAT keys, sections, topics and quiz marking
// defaults through the admin API and the editor's page action; decision 002 applies to the new fields. SQLite and PG.
import { beforeAll, describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { db } from '~/utils/db.server'
import * as adminApi from '~/routes/api/admin'
import * as createQuizPage from '~/routes/admin/create-quiz'
import * as editQuizPage from '~/routes/admin/edit-quiz'
import * as quizResultPage from '~/routes/admin/quiz-result'
import { callApi, callRoute, signedInUser } from '../support/harness'

let staff = { id: '', cookie: '' }
beforeAll(async () => {
  staff = await signedInUser('instructor')
})

const opts = (p: string) => [`${p} A`, `${p} B`, `${p} C`, `${p} D`]
const paper = () => ({
  title: 'JAM mock',
  description: 'IIT JAM style',
  category: 'free',
  timeLimit: 30,
  markingDefaults: { mcq: { marks: 1, negativeMarks: '1/3' } },
  questions: [
    { questionText: 'M1', options: opts('M1'), correctOption: 1, section: 'Section A', topic: 'Cell' },
    { questionText: 'M2', options: opts('M2'), correctOption: 0, marks: 2, negativeMarks: '2/3', section: 'Section A' },
    { questionText: 'S1', type: 'msq', options: opts('S1'), correctOptions: [3, 0], marks: 2, section: 'Section B' },
    { questionText: 'N1', type: 'nat', answerMin: '2.50', answerMax: 2.6, section: 'Section C', topic: 'Genetics' },
    { questionText: 'P1', options: opts('P1'), correctOption: 2 },
  ],
})

async function rows(quizId: string) {
  return db
    .selectFrom('questions')
    .selectAll()
    .where('quiz_id', '=', quizId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .execute()
}

describe('admin API: exam fields', () => {
  test('create stores types, exact marks, keys, sections; GET answers them; defaults apply', async () => {
    const created = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: paper(),
      cookie: staff.cookie,
    })
    expect(created.status).toBe(201)
    const id = created.body.quiz._id
    const stored = await rows(id)
    expect(stored.map((r) => [r.type, Number(r.marks), Number(r.negative_marks)])).toEqual([
      ['mcq', 30000, 10000], // the quiz's MCQ default: +1 / -1/3
      ['mcq', 60000, 20000],
      ['msq', 60000, 0],
      ['nat', 30000, 0],
      ['mcq', 30000, 10000],
    ])
    expect(stored[2].correct_options).toBe('[0,3]')
    expect(stored[2].correct_option).toBe(0)
    expect([stored[3].answer_min, stored[3].answer_max, stored[3].options, stored[3].correct_option]).toEqual([
      '2.5',
      '2.6',
      '[]',
      0,
    ])
    expect(stored[0].section).toBe('Section A')
    expect(stored[4].section).toBeNull()
    const quiz = await db.selectFrom('quizzes').select('marking_defaults').where('id', '=', id).executeTakeFirst()
    expect(JSON.parse(quiz!.marking_defaults!)).toEqual({ mcq: { marks: 30000, negativeMarks: 10000 } })

    const one = await callApi(adminApi, 'GET', `/api/v1/admin/quiz/${id}`, { cookie: staff.cookie })
    expect(one.status).toBe(200)
    expect(one.body.data.markingDefaults).toEqual({ mcq: { marks: 1, negativeMarks: 1 / 3 } })
    const [m1, m2, s1, n1] = one.body.data.questions
    expect(m1).toMatchObject({ type: 'mcq', marks: 1, marksText: '1', negativeMarksText: '1/3', topic: 'Cell' })
    expect(m2).toMatchObject({ marksText: '2', negativeMarksText: '2/3', section: 'Section A' })
    expect(s1).toMatchObject({ type: 'msq', correctOptions: [0, 3], marks: 2, negativeMarks: 0 })
    expect(n1).toMatchObject({ type: 'nat', answerMin: '2.5', answerMax: '2.6', options: [], topic: 'Genetics' })
    expect(n1.correctOptions).toBeUndefined()
  })

  test('a plain quiz is stored as before: mcq +1 / -0.25, no defaults', async () => {
    const created = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: {
        title: 'Plain',
        description: 'd',
        category: 'free',
        questions: [{ questionText: 'Q', options: opts('Q'), correctOption: 3 }],
      },
      cookie: staff.cookie,
    })
    const stored = await rows(created.body.quiz._id)
    expect(stored.map((r) => [r.type, Number(r.marks), Number(r.negative_marks), r.correct_options])).toEqual([
      ['mcq', 30000, 7500, null],
    ])
    const one = await callApi(adminApi, 'GET', `/api/v1/admin/quiz/${created.body.quiz._id}`, { cookie: staff.cookie })
    expect(one.body.data.markingDefaults).toBeNull()
    expect(one.body.data.questions[0]).toMatchObject({ type: 'mcq', marks: 1, negativeMarks: 0.25 })
  })

  // Each refusal names the question (counted from 1) and its field, in the old client's { message } shape.
  test.each([
    [
      'msq without a key',
      { questionText: 'x', type: 'msq', options: opts('x'), correctOptions: [] },
      'tick at least one correct option',
    ],
    [
      'msq repeated key',
      { questionText: 'x', type: 'msq', options: opts('x'), correctOptions: [1, 1] },
      'each correct option once',
    ],
    [
      'msq key out of range',
      { questionText: 'x', type: 'msq', options: opts('x'), correctOptions: [4] },
      'correct options must be 0 to 3',
    ],
    [
      'nat min above max',
      { questionText: 'x', type: 'nat', answerMin: '3', answerMax: '2.9' },
      'the highest accepted answer must not be below the lowest',
    ],
    [
      'nat bound not a number',
      { questionText: 'x', type: 'nat', answerMin: '1e3', answerMax: '2' },
      'lowest accepted answer must be a plain number, like 2.5',
    ],
    ['nat without a range', { questionText: 'x', type: 'nat' }, 'lowest accepted answer is required'],
    ['mcq without a key', { questionText: 'x', options: opts('x') }, 'correct option is required'],
    ['zero marks', { questionText: 'x', options: opts('x'), correctOption: 0, marks: 0 }, 'marks must be more than 0.'],
    [
      'negative negative marks',
      { questionText: 'x', options: opts('x'), correctOption: 0, negativeMarks: -1 },
      'negative marks can’t be negative. Enter negative marking as the amount taken off, like 0.25 or 1/3.',
    ],
    [
      'marks in sevenths',
      { questionText: 'x', options: opts('x'), correctOption: 0, marks: '1/7' },
      'marks: 1/7 can’t be kept exactly. Use a decimal with at most 4 places, or a fraction over 2, 3, 4, 6, 8 or 12 (like 1/3 or 5/6).',
    ],
    [
      'a seventh as a float',
      { questionText: 'x', options: opts('x'), correctOption: 0, negativeMarks: 1 / 7 },
      'negative marks: use at most 4 decimal places, or a fraction like 1/3.',
    ],
    [
      'unknown type',
      { questionText: 'x', type: 'essay', options: opts('x'), correctOption: 0 },
      'type must be mcq, msq or nat',
    ],
    ['three options', { questionText: 'x', options: ['a', 'b', 'c'], correctOption: 0 }, 'four options are required'],
    ['key out of range', { questionText: 'x', options: opts('x'), correctOption: 4 }, 'correct option must be 0 to 3'],
  ])('refused: %s', async (_, question, message) => {
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: {
        title: 'Bad',
        description: 'd',
        category: 'free',
        questions: [{ questionText: 'fine', options: opts('fine'), correctOption: 0 }, question],
      },
      cookie: staff.cookie,
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ success: false, message: `Question 2: ${message}` })
  })

  test('a JSON number within floating-point error of a whole number of units is that exact value', async () => {
    // What any program computes for 2/3 and 1/3: stored as exactly 2/3 and 1/3 of a mark (20000 and 10000 units).
    const created = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: {
        title: 'Thirds',
        description: 'd',
        category: 'free',
        questions: [
          { questionText: 'two', options: opts('two'), correctOption: 0, marks: 2, negativeMarks: 2 / 3 },
          { questionText: 'one', options: opts('one'), correctOption: 1, marks: 1, negativeMarks: 0.3333333333333333 },
        ],
        markingDefaults: { mcq: { negativeMarks: 0.6666666666666666 } },
      },
      cookie: staff.cookie,
    })
    expect(created.status).toBe(201)
    const quizId = created.body.quiz._id
    const rows = async () =>
      (
        await db
          .selectFrom('questions')
          .select(['question_text', 'marks', 'negative_marks'])
          .where('quiz_id', '=', quizId)
          .where('archived_at', 'is', null)
          .orderBy('position')
          .execute()
      ).map((r) => [r.question_text, Number(r.marks), Number(r.negative_marks)])
    expect(await rows()).toEqual([
      ['two', 60000, 20000],
      ['one', 30000, 10000],
    ])
    const one = await callApi(adminApi, 'GET', `/api/v1/admin/quiz/${quizId}`, { cookie: staff.cookie })
    expect(one.body.data.questions.map((q: { negativeMarksText: string }) => q.negativeMarksText)).toEqual([
      '2/3',
      '1/3',
    ])
    expect(one.body.data.markingDefaults).toEqual({ mcq: { negativeMarks: 2 / 3 } })
    // The same through PUT.
    const updated = await callApi(adminApi, 'PUT', `/api/v1/admin/quiz/${quizId}`, {
      json: {
        title: 'Thirds',
        description: 'd',
        category: 'free',
        timeLimit: 0,
        questions: [
          { questionText: 'two', options: opts('two'), correctOption: 0, marks: 2, negativeMarks: 0.6666666666666666 },
        ],
      },
      cookie: staff.cookie,
    })
    expect(updated.status).toBe(200)
    expect(await rows()).toEqual([['two', 60000, 20000]])
    // Text keeps the strict rules.
    const text = await callApi(adminApi, 'PUT', `/api/v1/admin/quiz/${quizId}`, {
      json: {
        title: 'Thirds',
        description: 'd',
        category: 'free',
        questions: [
          { questionText: 'two', options: opts('two'), correctOption: 0, negativeMarks: '0.6666666666666666' },
        ],
      },
      cookie: staff.cookie,
    })
    expect(text.body.message).toBe('Question 1: negative marks: use at most 4 decimal places, or a fraction like 1/3.')
  })

  test('bad quiz defaults are refused', async () => {
    const res = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: { ...paper(), markingDefaults: { msq: { marks: '1/9' } } },
      cookie: staff.cookie,
    })
    expect(res.status).toBe(400)
  })

  test('decision 002: a changed key, marks, type or section makes a new version once seen', async () => {
    const { id: quizId, questionIds } = await createQuiz(db, {
      questions: [
        { questionText: 'Keep', options: opts('K'), correctOption: 0 },
        { questionText: 'Marks', options: opts('M'), correctOption: 0 },
        { questionText: 'Key', type: 'msq', options: opts('S'), correctOptions: [0, 1] },
        { questionText: 'Range', type: 'nat', options: [], answerMin: '1', answerMax: '2' },
      ],
    })
    // An attempt was shown every question (started after they were written).
    const learner = await createUser(db)
    await db
      .insertInto('attempts')
      .values({
        id: `att${quizId.slice(0, 20)}`,
        user_id: learner.id,
        quiz_id: quizId,
        started_at: new Date(Date.now() + 1000).toISOString(),
        total: 4,
      } as never)
      .execute()
    const put = await callApi(adminApi, 'PUT', `/api/v1/admin/quiz/${quizId}`, {
      json: {
        title: 't',
        description: 'd',
        category: 'free',
        questions: [
          { questionText: 'Keep', options: opts('K'), correctOption: 0, marks: '1', negativeMarks: 0.25 },
          { questionText: 'Marks', options: opts('M'), correctOption: 0, marks: 2 },
          { questionText: 'Key', type: 'msq', options: opts('S'), correctOptions: [0, 2] },
          { questionText: 'Range', type: 'nat', answerMin: '1', answerMax: '2', section: 'C' },
        ],
      },
      cookie: staff.cookie,
    })
    expect(put.status).toBe(200)
    const current = await rows(quizId)
    expect(current[0].id).toBe(questionIds[0])
    expect(current.slice(1).map((r) => questionIds.includes(r.id))).toEqual([false, false, false])
    const archived = await db
      .selectFrom('questions')
      .select(['id', 'archived_at'])
      .where('quiz_id', '=', quizId)
      .where('archived_at', 'is not', null)
      .execute()
    expect(archived.map((r) => r.id).sort()).toEqual(questionIds.slice(1).sort())
    expect(Number(current[1].marks)).toBe(60000)
    expect(current[2].correct_options).toBe('[0,2]')
    expect(current[3].section).toBe('C')
  })
})

describe('admin editor page: exam fields', () => {
  const base = {
    title: 'Form JAM',
    description: 'd',
    category: 'free',
    timeLimit: '10',
    'markingDefaults.mcq.negativeMarks': '1/3',
  }
  const fields = (i: number, f: Record<string, string>) =>
    Object.fromEntries(Object.entries(f).map(([k, v]) => [`questions[${i}].${k}`, v]))
  const optionFields = (i: number, p: string) =>
    Object.fromEntries([0, 1, 2, 3].map((j) => [`questions[${i}].options[${j}]`, `${p}${j}`]))

  test('saves mcq/msq/nat; fields of other types are ignored; errors name the field', async () => {
    const form: Record<string, string | string[]> = {
      ...base,
      ...fields(0, { questionText: 'MCQ', type: 'mcq', correctOption: '2', marks: '2', negativeMarks: '2/3' }),
      ...optionFields(0, 'm'),
      ...fields(0, { answerMin: '', answerMax: '', section: 'Section A', topic: 'Cells' }),
      ...fields(1, { questionText: 'MSQ', type: 'msq', correctOption: '1', marks: '', negativeMarks: '' }),
      ...optionFields(1, 's'),
      ...fields(2, { questionText: 'NAT', type: 'nat', correctOption: '', answerMin: '0.5', answerMax: '0.75' }),
      ...fields(2, { 'options[0]': '', 'options[1]': '', 'options[2]': '', 'options[3]': '' }),
    }
    form['questions[1].correctOptions'] = ['4', '2']
    const saved = await callRoute(createQuizPage.action, '/admin/create-quiz', { form, cookie: staff.cookie })
    expect(saved.location).toBe('/admin/quizzes')
    const quiz = await db.selectFrom('quizzes').select('id').where('title', '=', 'Form JAM').executeTakeFirstOrThrow()
    const stored = await rows(quiz.id)
    expect(
      stored.map((r) => [r.type, Number(r.marks), Number(r.negative_marks), r.correct_option, r.correct_options]),
    ).toEqual([
      ['mcq', 60000, 20000, 1, null],
      ['msq', 30000, 0, 1, '[1,3]'],
      ['nat', 30000, 0, 0, null],
    ])
    expect([stored[2].answer_min, stored[2].answer_max, stored[2].options]).toEqual(['0.5', '0.75', '[]'])
    expect([stored[0].section, stored[0].topic]).toEqual(['Section A', 'Cells'])

    // The edit page shows it back: exact marks text, MSQ key 1-4, NAT range.
    const edit = (
      await callRoute(editQuizPage.loader, `/admin/edit-quiz/${quiz.id}`, {
        cookie: staff.cookie,
        params: { quizId: quiz.id },
      })
    ).data as { values: { questions: Array<Record<string, unknown>>; markingDefaults: unknown } }
    expect(edit.values.questions[0]).toMatchObject({ marks: '2', negativeMarks: '2/3', correctOption: '2' })
    expect(edit.values.questions[1]).toMatchObject({ type: 'msq', correctOptions: ['2', '4'] })
    expect(edit.values.questions[2]).toMatchObject({ type: 'nat', answerMin: '0.5', answerMax: '0.75' })
    expect(edit.values.markingDefaults).toMatchObject({ mcq: { negativeMarks: '1/3' } })
  })

  test('errors next to the fields, values kept', async () => {
    const form: Record<string, string | string[]> = {
      ...base,
      ...fields(0, { questionText: 'MSQ', type: 'msq', marks: '1/7' }),
      ...optionFields(0, 's'),
      ...fields(1, { questionText: 'NAT', type: 'nat', answerMin: '3', answerMax: '2,5' }),
    }
    const res = await callRoute(createQuizPage.action, '/admin/create-quiz', { form, cookie: staff.cookie })
    expect(res.status).toBe(400)
    const result = (res.data as { result: { error: Record<string, string[]>; initialValue: unknown } }).result
    expect(Object.keys(result.error).sort()).toEqual(
      ['questions[0].correctOptions', 'questions[0].marks', 'questions[1].answerMax'].sort(),
    )
    expect(result.error['questions[0].correctOptions']).toEqual(['Tick at least one correct option'])
    // Each message names its field (shown in that question's card, under the field).
    expect(result.error['questions[0].marks']).toEqual([
      'Marks: 1/7 can’t be kept exactly. Use a decimal with at most 4 places, or a fraction over 2, 3, 4, 6, 8 or 12 (like 1/3 or 5/6).',
    ])
    expect(result.error['questions[1].answerMax']).toEqual(['Highest accepted answer must be a plain number, like 2.6'])
    expect(JSON.stringify(result.initialValue)).toContain('2,5')
  })
})

describe('admin quiz results: per-section totals', () => {
  test('sections scored from the stored answers; ranked attempts only; exact total from score_units', async () => {
    const { id: quizId, questionIds } = await createQuiz(db, {
      questions: [
        { questionText: 'A1', options: opts('A1'), correctOption: 0, negativeMarks: 10000, section: 'Section A' },
        { questionText: 'A2', options: opts('A2'), correctOption: 1, negativeMarks: 10000, section: 'Section A' },
        { questionText: 'B1', type: 'msq', options: opts('B1'), correctOptions: [0, 2], marks: 60000, section: 'B' },
        { questionText: 'C1', type: 'nat', options: [], answerMin: '1.5', answerMax: '1.6', section: 'C' },
      ],
    })
    const started = new Date(Date.now() + 1000).toISOString()
    const submitted = new Date(Date.now() + 2000).toISOString()
    const addAttempt = async (name: string, mode: 'ranked' | 'practice', units: number) => {
      const user = await createUser(db, { name })
      const id = `${mode}${user.id}`.slice(0, 36)
      await db
        .insertInto('attempts')
        .values({
          id,
          user_id: user.id,
          quiz_id: quizId,
          started_at: started,
          submitted_at: submitted,
          score: units / 30000,
          score_units: units,
          total: 4,
          mode,
        } as never)
        .execute()
      return id
    }
    // A1 right (+1), A2 wrong (-1/3), B1 right (+2), C1 wrong (0): 8/3.
    const ranked = await addAttempt('Ranked Rita', 'ranked', 80000)
    await addAttempt('Practice Pat', 'practice', 0)
    const answer = (question: number, a: Record<string, unknown>) => ({
      attempt_id: ranked,
      question_id: questionIds[question],
      saved_at: submitted,
      ...a,
    })
    await db
      .insertInto('attempt_answers')
      .values([
        answer(0, { selected_option: 0 }),
        answer(1, { selected_option: 0 }),
        answer(2, { selected_options: '[0,2]' }),
        answer(3, { numeric_answer: '1.7' }),
      ] as never)
      .execute()
    const page = await callRoute(quizResultPage.loader, `/admin/quiz-result/${quizId}`, {
      cookie: staff.cookie,
      params: { quizId },
    })
    const students = (page.data as { students: Array<{ name: string; sections: unknown; scoreText: string }> }).students
    expect(students.map((s) => s.name)).toEqual(['Ranked Rita'])
    const list = await callApi(adminApi, 'GET', '/api/v1/admin/quizzes', { cookie: staff.cookie })
    expect(list.body.data.find((x: { _id: string }) => x._id === quizId).attemptedBy).toBe(1)
    expect(students[0].scoreText).toBe('2.67')
    expect(students[0].sections).toEqual([
      { name: 'Section A', earned: '0.67', max: '2.00', attempted: 2, questions: 2 },
      { name: 'B', earned: '2.00', max: '2.00', attempted: 1, questions: 1 },
      { name: 'C', earned: '0.00', max: '1.00', attempted: 1, questions: 1 },
    ])
  })
})
