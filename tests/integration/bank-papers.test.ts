// Building papers from the bank (app/models/bank/papers.server.ts): by chosen ids and by blueprint, through the
// model, the staff page (app/routes/admin/quiz-from-bank.tsx) and the admin API; refusals add nothing; the quiz
// editor then shows the added questions and keeps them as the same bank questions; a learner takes the paper.
import { beforeAll, describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { BANK_QUIZ_ID, type BankTags } from '~/lib/bank/bank'
import { MARKS_UNIT } from '~/lib/quiz/marks'
import { addBankQuestions, addBlueprint } from '~/models/bank/papers.server'
import { defaultMarks, insertBankQuestion, renderVersion, setExams } from '~/models/bank/versions.server'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { attemptQuestions, getQuiz } from '~/models/quiz/catalog.server'
import { getResult } from '~/models/quiz/result.server'
import * as adminApi from '~/routes/api/admin'
import * as fromBankPage from '~/routes/admin/quiz-from-bank'
import * as editQuizPage from '~/routes/admin/edit-quiz'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInUser } from '../support/harness'
import { toastOf } from '../support/catalogue'

let staff: { id: string; cookie: string }
let learner: { id: string; cookie: string }
beforeAll(async () => {
  staff = await signedInUser('instructor')
  learner = await signedInUser('user')
})

const units = (marks: number) => marks * MARKS_UNIT

let made = 0
/** A bank question as the bank pages write it: its first version rendered, its tags, its exams. */
async function bankQuestion(tags: Partial<BankTags> & { topic: string }, type: 'mcq' | 'nat' = 'mcq') {
  const text = `${tags.topic} question ${++made}`
  const rendered = await renderVersion(
    {
      question_text: text,
      options: JSON.stringify(type === 'nat' ? [] : ['Alpha', 'Beta', 'Gamma', 'Delta']),
      correct_option: type === 'nat' ? 0 : 1,
      explanation: 'Because it is Beta.',
      type,
      correct_options: null,
      answer_min: type === 'nat' ? '2.5' : null,
      answer_max: type === 'nat' ? '2.7' : null,
    },
    new Map(),
  )
  if (!rendered.ok) throw new Error('fixture markup')
  const now = new Date().toISOString()
  return db.transaction().execute(async (trx) => {
    const id = await insertBankQuestion(trx, {
      content: rendered.content,
      tags: {
        subject: 'Biology',
        subtopic: null,
        exams: [],
        year: null,
        difficulty: 'medium',
        source: null,
        ...tags,
      },
      placement: { ...defaultMarks(type), section: null, topic: tags.topic },
      now,
    })
    if (tags.exams?.length) await setExams(trx, id, tags.exams)
    return id
  })
}

const many = (n: number, tags: Partial<BankTags> & { topic: string }) =>
  Promise.all(Array.from({ length: n }, () => bankQuestion(tags)))

/** A paper's current rows, in order. */
const paperRows = (quizId: string) =>
  db
    .selectFrom('questions')
    .select([
      'id',
      'position',
      'bank_question_id',
      'question_text',
      'marks',
      'negative_marks',
      'section',
      'topic',
      'type',
    ])
    .where('quiz_id', '=', quizId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .execute()

const audits = (quizId: string) =>
  db
    .selectFrom('audit_log')
    .select(['action', 'details'])
    .where('target_id', '=', quizId)
    .where('action', '=', 'quiz.add-from-bank')
    .execute()

const apiAdd = (quizId: string, json: unknown, cookie = staff.cookie) =>
  callApi(adminApi, 'POST', `/api/v1/admin/quiz/${quizId}/questions`, { json, cookie })

describe('a blueprint draw', () => {
  test('keeps its counts, never repeats a question across overlapping lines, copies the head at the paper marks', async () => {
    const medium = await many(4, { topic: 'Genetics A', difficulty: 'medium' })
    const hard = await many(5, { topic: 'Genetics A', difficulty: 'hard' })
    const nat = await bankQuestion({ topic: 'Genetics A', difficulty: 'hard' }, 'nat')
    const { id: quizId } = await createQuiz(db)
    // The paper's own defaults: MCQ +4 / -1; NAT has none, so the scheme's (+1 / 0).
    await db
      .updateTable('quizzes')
      .set({
        marking_defaults: JSON.stringify({ mcq: { marks: units(4), negativeMarks: units(1) } }),
      })
      .where('id', '=', quizId)
      .execute()
    const before = await paperRows(quizId)
    const startedAt = new Date().toISOString()
    const added = await addBlueprint({
      actorId: staff.id,
      quizId,
      lines: [
        { count: 4, topic: 'Genetics A', difficulty: 'medium' },
        { count: 6, topic: 'Genetics A' },
      ],
    })
    if (!added.ok) throw new Error(JSON.stringify(added))
    expect(added.added).toBe(10)
    expect(new Set(added.questionIds).size).toBe(10)
    // The narrow line took exactly the 4 medium ones; the wide line the other 6 (every one left).
    expect([...added.questionIds.slice(0, 4)].sort()).toEqual([...medium].sort())
    expect([...added.questionIds.slice(4)].sort()).toEqual([...hard, nat].sort())

    const rows = await paperRows(quizId)
    expect(rows.slice(0, 2).map((r) => r.id)).toEqual(before.map((r) => r.id))
    const newRows = rows.slice(2)
    expect(newRows.map((r) => Number(r.position))).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(newRows.map((r) => r.bank_question_id)).toEqual(added.questionIds)
    for (const r of newRows) {
      expect(r.section).toBeNull()
      expect(r.topic).toBe('Genetics A')
      const head = await db
        .selectFrom('questions')
        .select('question_text')
        .where('quiz_id', '=', BANK_QUIZ_ID)
        .where('bank_question_id', '=', r.bank_question_id)
        .where('archived_at', 'is', null)
        .executeTakeFirstOrThrow()
      expect(r.question_text).toBe(head.question_text)
      const want = r.type === 'nat' ? [1, 0] : [4, 1]
      expect([Number(r.marks), Number(r.negative_marks)]).toEqual(want.map(units))
    }
    const [audit] = await audits(quizId)
    expect(JSON.parse(audit.details!)).toMatchObject({ added: 10, by: 'blueprint', bankQuestionIds: added.questionIds })
    const quiz = await db.selectFrom('quizzes').select('updated_at').where('id', '=', quizId).executeTakeFirstOrThrow()
    expect(quiz.updated_at >= startedAt).toBe(true)
  })

  test('never adds what the paper already holds or a retired question', async () => {
    const ecology = await many(6, { topic: 'Ecology B', exams: ['GATE XL'], year: 2022 })
    const { id: quizId } = await createQuiz(db)
    expect(await addBankQuestions({ actorId: staff.id, quizId, questionIds: ecology.slice(0, 2) })).toMatchObject({
      ok: true,
      added: 2,
    })
    await db
      .updateTable('bank_questions')
      .set({ retired_at: new Date().toISOString() })
      .where('id', 'in', ecology.slice(2, 4))
      .execute()
    const line = { topic: 'Ecology B', exam: 'GATE XL', year: 2022 }
    for (let i = 0; i < 10; i++) {
      const again = await addBlueprint({ actorId: staff.id, quizId, lines: [{ count: 1, ...line }] })
      if (i < 2) {
        if (!again.ok) throw new Error(JSON.stringify(again))
        expect(ecology.slice(4)).toContain(again.questionIds[0])
      } else {
        expect(again).toMatchObject({
          ok: false,
          field: 'blueprint[0].count',
          message: 'Line 1 asks for 1 but the bank has 0 matching questions not already in this paper',
        })
      }
    }
    const held = (await paperRows(quizId)).map((r) => r.bank_question_id)
    expect(held.filter((id) => ecology.includes(id!)).sort()).toEqual(
      [...ecology.slice(0, 2), ...ecology.slice(4)].sort(),
    )
  })

  test('a short line refuses the whole blueprint and adds nothing: model, page and API name the line', async () => {
    await many(3, { topic: 'Cell C' })
    await many(5, { topic: 'Plants C' })
    const { id: quizId } = await createQuiz(db)
    const before = await paperRows(quizId)
    const lines = [
      { count: 2, topic: 'Cell C' },
      { count: 8, topic: 'Plants C' },
    ]
    const message = 'Line 2 asks for 8 but the bank has 5 matching questions not already in this paper'
    expect(await addBlueprint({ actorId: staff.id, quizId, lines })).toMatchObject({
      ok: false,
      field: 'blueprint[1].count',
      message,
      short: { line: 1, count: 8, available: 5, matching: 5 },
    })

    const api = await apiAdd(quizId, { blueprint: lines })
    expect(api.status).toBe(400)
    expect(api.body).toMatchObject({
      success: false,
      message: `blueprint[1].count: ${message}`,
      field: 'blueprint[1].count',
    })

    // The page: row 1 left blank, so the short line is the form's row 3; what was typed comes back.
    const page = await callRoute(fromBankPage.action, `/admin/quiz-from-bank/${quizId}`, {
      form: {
        intent: 'blueprint',
        'blueprint[0].count': '',
        'blueprint[1].count': '2',
        'blueprint[1].topic': 'Cell C',
        'blueprint[2].count': '8',
        'blueprint[2].topic': 'Plants C',
      },
      cookie: staff.cookie,
      params: { quizId },
    })
    expect(page.status).toBe(400)
    const result = page.data.result
    expect(result.error['']).toEqual([
      'Nothing was added: Line 3 asks for 8 but the bank has 5 matching questions not already in this paper.',
    ])
    expect(result.error['blueprint[2].count']).toEqual(['Only 5 available'])
    // Every row comes back, the blank ones after the last typed in too, so the page shows all five again.
    expect(result.initialValue.blueprint).toHaveLength(5)
    expect(result.initialValue.blueprint[2]).toMatchObject({ count: '8', topic: 'Plants C' })

    // A post the form could not show again (a bare `blueprint`, a sixth row) is read without those fields.
    const odd = await callRoute(fromBankPage.action, `/admin/quiz-from-bank/${quizId}`, {
      form: { intent: 'blueprint', blueprint: 'x', 'blueprint[5].count': '1' },
      cookie: staff.cookie,
      params: { quizId },
    })
    expect(odd.status).toBe(400)
    expect(odd.data.result.error['']).toEqual(['Fill in at least one line of the blueprint'])
    expect(odd.data.result.initialValue.blueprint).toEqual([{}, {}, {}, {}, {}])

    expect(await paperRows(quizId)).toEqual(before)
    expect(await audits(quizId)).toEqual([])
  })

  test('lines the bank can fill only together are drawn narrow first; bad lines are refused naming the field', async () => {
    await many(4, { topic: 'Evolution D', difficulty: 'hard' })
    await many(2, { topic: 'Evolution D', difficulty: 'easy' })
    const { id: quizId } = await createQuiz(db)
    // The wide line comes first and could take the hard ones the second line needs.
    for (let i = 0; i < 3; i++) {
      const { id } = await createQuiz(db)
      const drawn = await addBlueprint({
        actorId: staff.id,
        quizId: id,
        lines: [
          { count: 2, topic: 'Evolution D' },
          { count: 4, topic: 'Evolution D', difficulty: 'hard' },
        ],
      })
      expect(drawn).toMatchObject({ ok: true, added: 6 })
    }
    for (const [body, message] of [
      [{ blueprint: [{ count: 0 }] }, 'blueprint[0].count: Line 1: how many questions, a whole number from 1'],
      [{ blueprint: [{ count: 1, exam: 'NEET' }] }, "blueprint[0].exam: Line 1: unknown exam 'NEET'"],
      [
        { blueprint: [{ count: 1, difficulty: 'tricky' }] },
        'blueprint[0].difficulty: Line 1: difficulty must be easy, medium or hard',
      ],
      [{ blueprint: Array.from({ length: 21 }, () => ({ count: 1 })) }, 'blueprint: A blueprint has at most 20 lines'],
      [{ blueprint: [{ count: 301 }] }, 'blueprint: A blueprint draws at most 300 questions (this one asks for 301)'],
      [{ blueprint: [] }, 'blueprint: Fill in at least one line of the blueprint'],
      [{}, 'questionIds: Send either questionIds (bank question ids) or blueprint'],
      [{ questionIds: [], blueprint: [] }, 'questionIds: Send either questionIds (bank question ids) or blueprint'],
    ] as const) {
      const res = await apiAdd(quizId, body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.body.message).toBe(message)
    }
    expect(await audits(quizId)).toEqual([])
  })
})

describe('adding by ids', () => {
  test('the API adds them in order and answers the bank ids; each refusal names questionIds and adds nothing', async () => {
    const ids = await many(4, { topic: 'Ids E' })
    const [retired] = await many(1, { topic: 'Ids E' })
    await db
      .updateTable('bank_questions')
      .set({ retired_at: new Date().toISOString() })
      .where('id', '=', retired)
      .execute()
    const { id: quizId } = await createQuiz(db)
    const res = await apiAdd(quizId, { questionIds: [ids[2], ids[0]] })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, added: 2, questionIds: [ids[2], ids[0]] })
    const after = await paperRows(quizId)
    expect(after.slice(2).map((r) => r.bank_question_id)).toEqual([ids[2], ids[0]])

    const unknown = 'f'.repeat(24)
    for (const [questionIds, message] of [
      [[ids[1], ids[0]], `questionIds: Question ${ids[0]} is already in this paper`],
      [[ids[1], retired], `questionIds: Question ${retired} is retired: it is never added to a paper`],
      [[unknown], `questionIds: Question ${unknown} is not in the bank`],
      [['not-an-id'], 'questionIds: Question not-an-id is not in the bank'],
      [[], 'questionIds: Choose at least one question'],
      ['abc', 'questionIds: A list of bank question ids'],
    ] as const) {
      const refused = await apiAdd(quizId, { questionIds })
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ success: false, message, field: 'questionIds' })
    }
    expect(await paperRows(quizId)).toEqual(after)
  })

  test('the page adds the checked questions and goes to the editor with the toast; a refusal keeps the checks', async () => {
    const ids = await many(3, { topic: 'Page F' })
    const { id: quizId } = await createQuiz(db)
    const list = await callRoute(fromBankPage.loader, `/admin/quiz-from-bank/${quizId}?topic=Page+F`, {
      cookie: staff.cookie,
      params: { quizId },
    })
    expect(list.status).toBe(200)
    expect(list.data.total).toBe(3)
    expect(list.data.questions.map((q: { id: string }) => q.id).sort()).toEqual([...ids].sort())
    expect(list.data.questions[0]).toMatchObject({ topic: 'Page F', subject: 'Biology', inPaper: false })
    expect(list.data.questions[0].html).toContain('Page F question')

    const added = await callRoute(fromBankPage.action, `/admin/quiz-from-bank/${quizId}?topic=Page+F`, {
      form: { intent: 'pick', questionIds: [ids[0], ids[1]] },
      cookie: staff.cookie,
      params: { quizId },
    })
    expect(added.location).toBe(`/admin/edit-quiz/${quizId}#quiz-form`)
    expect(await toastOf(added)).toMatchObject({ type: 'success', message: 'Added 2 questions from the bank' })

    const again = await callRoute(fromBankPage.loader, `/admin/quiz-from-bank/${quizId}?topic=Page+F`, {
      cookie: staff.cookie,
      params: { quizId },
    })
    const inPaper = Object.fromEntries(
      again.data.questions.map((q: { id: string; inPaper: boolean }) => [q.id, q.inPaper]),
    )
    expect(inPaper).toEqual({ [ids[0]]: true, [ids[1]]: true, [ids[2]]: false })

    const refused = await callRoute(fromBankPage.action, `/admin/quiz-from-bank/${quizId}`, {
      form: { intent: 'pick', questionIds: [ids[2], ids[1]] },
      cookie: staff.cookie,
      params: { quizId },
    })
    expect(refused.status).toBe(400)
    expect(refused.data.result.error['']).toEqual([`Question ${ids[1]} is already in this paper`])
    expect(refused.data.picked).toEqual([ids[2], ids[1]])
    const one = await callRoute(fromBankPage.action, `/admin/quiz-from-bank/${quizId}`, {
      form: { intent: 'pick', questionIds: ids[2] },
      cookie: staff.cookie,
      params: { quizId },
    })
    expect(await toastOf(one)).toMatchObject({ message: 'Added 1 question from the bank' })
    const none = await callRoute(fromBankPage.action, `/admin/quiz-from-bank/${quizId}`, {
      form: { intent: 'pick' },
      cookie: staff.cookie,
      params: { quizId },
    })
    expect(none.status).toBe(400)
    expect(JSON.stringify(none.data.result.error)).toContain('Choose at least one question')
  })
})

describe('who and which quiz', () => {
  test('staff only (learner 403, signed out 401); the bank quiz and unknown quizzes are not found', async () => {
    const [id] = await many(1, { topic: 'Guard G' })
    const { id: quizId } = await createQuiz(db)
    expect((await apiAdd(quizId, { questionIds: [id] }, learner.cookie)).status).toBe(403)
    expect((await apiAdd(quizId, { questionIds: [id] }, '')).status).toBe(401)
    for (const other of [BANK_QUIZ_ID, 'a'.repeat(24)]) {
      const res = await apiAdd(other, { questionIds: [id] })
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Quiz not found')
      expect(await addBlueprint({ actorId: staff.id, quizId: other, lines: [{ count: 1 }] })).toEqual({
        ok: false,
        problem: 'quiz',
      })
      const page = await callRoute(fromBankPage.loader, `/admin/quiz-from-bank/${other}`, {
        cookie: staff.cookie,
        params: { quizId: other },
      })
      expect(page.status).toBe(404)
    }
    const asLearner = await callRoute(fromBankPage.action, `/admin/quiz-from-bank/${quizId}`, {
      form: { intent: 'pick', questionIds: id },
      cookie: learner.cookie,
      params: { quizId },
    })
    expect(asLearner.location).toBe('/')
    expect((await paperRows(quizId)).map((r) => r.bank_question_id)).not.toContain(id)
  })
})

/** The quiz editor's form as the browser sends it back: the loader's values, flattened to field names. */
function editorForm(values: Record<string, unknown>) {
  const form: Record<string, string> = {}
  const walk = (value: unknown, name: string) => {
    if (value === undefined || value === null) return
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${name}[${i}]`))
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, name ? `${name}.${k}` : k)
    else form[name] = String(value)
  }
  walk(values, '')
  return form
}

describe('after adding', () => {
  test('the editor shows the added questions, and saving it keeps them as the same bank questions', async () => {
    const ids = await many(2, { topic: 'Editor H' })
    const { id: quizId } = await createQuiz(db)
    await addBankQuestions({ actorId: staff.id, quizId, questionIds: ids })
    const rowsBefore = await paperRows(quizId)
    const editor = await callRoute(editQuizPage.loader, `/admin/edit-quiz/${quizId}`, {
      cookie: staff.cookie,
      params: { quizId },
    })
    const questions = editor.data.values.questions as { questionText: string; bankId?: string }[]
    expect(questions).toHaveLength(4)
    expect(questions.slice(2).map((q) => q.bankId)).toEqual(ids)
    expect(questions[2].questionText).toMatch(/^Editor H question/)

    // Saved unchanged: every row kept as it was.
    const form = editorForm(editor.data.values)
    const saved = await callRoute(editQuizPage.action, `/admin/edit-quiz/${quizId}`, {
      form,
      cookie: staff.cookie,
      params: { quizId },
    })
    expect(saved.location, JSON.stringify(saved.data)).toBe('/admin/quizzes')
    expect(await paperRows(quizId)).toEqual(rowsBefore)

    // Saved with the third question reworded: a new row, still that bank question, and the bank's new version.
    const reworded = await callRoute(editQuizPage.action, `/admin/edit-quiz/${quizId}`, {
      form: { ...form, 'questions[2].questionText': 'Editor H reworded' },
      cookie: staff.cookie,
      params: { quizId },
    })
    expect(reworded.location).toBe('/admin/quizzes')
    const rows = await paperRows(quizId)
    expect(rows.map((r) => r.bank_question_id)).toEqual(rowsBefore.map((r) => r.bank_question_id))
    expect(rows[2]).toMatchObject({ question_text: 'Editor H reworded', bank_question_id: ids[0] })
    expect(rows[2].id).not.toBe(rowsBefore[2].id)
    const head = await db
      .selectFrom('questions')
      .select('question_text')
      .where('quiz_id', '=', BANK_QUIZ_ID)
      .where('bank_question_id', '=', ids[0])
      .where('archived_at', 'is', null)
      .executeTakeFirstOrThrow()
    expect(head.question_text).toBe('Editor H reworded')
    expect(await db.selectFrom('bank_questions').select('id').where('id', 'in', ids).execute()).toHaveLength(2)
  })

  test('a learner takes the paper and is scored by the one scorer, old attempts untouched by a later add', async () => {
    const ids = await many(3, { topic: 'Attempt I' })
    const { id: quizId } = await createQuiz(db, { timeLimit: 0 })
    // The factory's own questions date from before the add, as a paper written earlier.
    await db
      .updateTable('questions')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('quiz_id', '=', quizId)
      .execute()
    const first = await createUser(db)
    const quiz = (await getQuiz(quizId))!
    const early = await startAttempt({ userId: first.id, quiz })
    expect(early.attempt.total).toBe(2)
    await new Promise((r) => setTimeout(r, 5))

    const res = await apiAdd(quizId, { blueprint: [{ count: 3, topic: 'Attempt I' }] })
    expect(res.body).toMatchObject({ success: true, added: 3 })
    expect([...res.body.questionIds].sort()).toEqual([...ids].sort())
    await new Promise((r) => setTimeout(r, 5))

    const taker = await createUser(db)
    const { attempt } = await startAttempt({ userId: taker.id, quiz: (await getQuiz(quizId))! })
    expect(attempt.total).toBe(5)
    const shown = await attemptQuestions(quizId, attempt.started_at)
    expect(shown).toHaveLength(5)
    // Factory questions: right (option 1) and wrong; bank questions (key Beta = 1): two right, one wrong.
    const answers = shown.map((q, i) => ({ questionId: q.id, selectedOption: [1, 0, 1, 1, 3][i] }))
    const submitted = await submitAttempt({ attemptId: attempt.id, answers })
    expect(submitted.status).toBe('submitted')
    const result = (await getResult({ userId: taker.id, quizId }))!
    expect(result.score).toBe(3 - 0.25 - 0.25)
    expect(result.details.map((d) => d.verdict)).toEqual(['correct', 'incorrect', 'correct', 'correct', 'incorrect'])

    // The attempt started before the add still has its two questions.
    await submitAttempt({ attemptId: early.attempt.id, answers: [] })
    const earlyResult = (await getResult({ userId: first.id, quizId }))!
    expect(earlyResult.details).toHaveLength(2)
  })
})
